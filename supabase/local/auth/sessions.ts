import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../core/db.ts';
import { effectiveBearer } from '../core/gateway.ts';
import { signJwt, verifyJwt, type JwtClaims } from '../core/jwt.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import type { Json } from './http.ts';
import type { AuthEnv } from './settings.ts';
import { audit, findUserById, identitiesOf, isUuid, userJson, type UserRow } from './users.ts';

/** GoTrue's refresh tokens: 12 random lower-case alphanumerics (crypto.SecureAlphanumeric). */
function newRefreshToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
}

export interface SessionExtras {
  provider_token?: string;
  provider_refresh_token?: string;
  weak_password?: Json;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  updated_at: Date;
}

async function amrOf(q: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await q.query<{ authentication_method: string; created_at: Date }>(
    'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc',
    [sessionId],
  );
  return rows.map((r) => ({
    method: r.authentication_method,
    timestamp: Math.floor(new Date(r.created_at).getTime() / 1000),
  }));
}

/** Builds the session JSON (tokens.AccessTokenResponse) for a session and its current refresh token. */
async function sessionResponse(
  env: AuthEnv,
  q: Queryable,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  extras: SessionExtras = {},
): Promise<Json> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = env.config.jwt_expiry;
  const claims: JwtClaims = {
    iss: env.externalUrl(),
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp: now + expiresIn,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr: await amrOf(q, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const accessToken = await signJwt(claims, env.ctx.config.jwtSecret);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(q, user.id)),
    ...extras,
  };
}

/**
 * Signs the user in: a new auth.sessions row, its first refresh token and an amr claim, and
 * `last_sign_in_at` updated (on the user and, when given, the identity used).
 */
export async function issueSession(
  env: AuthEnv,
  q: Queryable,
  userId: string,
  method: string,
  options: { request?: Request; provider?: string; extras?: SessionExtras } = {},
): Promise<Json> {
  const sessionId = randomUUID();
  const userAgent = options.request?.headers.get('user-agent') ?? null;
  await q.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  if (options.provider) {
    await q.query(
      `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = $2`,
      [userId, options.provider],
    );
  }
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, refreshed_at)
     values ($1, $2, now(), now(), 'aal1', $3, null)`,
    [sessionId, userId, userAgent],
  );
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id) values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  const token = newRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [token, userId, sessionId],
  );
  const user = (await findUserById(q, userId))!;
  await audit(q, 'login', user, { provider: options.provider ?? method, method });
  return sessionResponse(env, q, user, sessionId, token, options.extras);
}

const tokenNotFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * grant_type=refresh_token with GoTrue's rotation rules: the presented token is revoked and a child
 * issued; a revoked token presented again within refresh_token_reuse_interval gets the session's
 * current token back (concurrent tabs); later, it is reuse of a stolen token: the whole family is
 * revoked and the answer is refresh_token_already_used (returned so the caller commits first).
 */
export async function refreshSession(env: AuthEnv, q: Queryable, presented: string): Promise<Json | AuthError> {
  const { rows } = await q.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1', [presented]);
  const token = rows[0];
  if (!token || !token.session_id) throw tokenNotFound();
  const user = isUuid(token.user_id) ? await findUserById(q, token.user_id) : undefined;
  if (!user || user.deleted_at) throw tokenNotFound();
  if (user.banned_until && new Date(user.banned_until) > new Date()) throw badRequest('user_banned', 'User is banned');
  const session = (
    await q.query<{ id: string; not_after: Date | null }>('select id, not_after from auth.sessions where id = $1', [
      token.session_id,
    ])
  ).rows[0];
  if (!session) throw tokenNotFound();
  if (session.not_after && new Date(session.not_after) < new Date())
    throw forbidden('session_expired', 'Session Expired');

  if (token.revoked) {
    const reuseUntil = new Date(token.updated_at).getTime() + env.config.refresh_token_reuse_interval * 1000;
    if (env.config.enable_refresh_token_rotation && Date.now() > reuseUntil) {
      await q.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
        [session.id],
      );
      // Returned, not thrown: the family's revocation must commit.
      return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    const active = (
      await q.query<RefreshTokenRow>(
        'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
        [session.id],
      )
    ).rows[0];
    if (!active) throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    await q.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
    return sessionResponse(env, q, user, session.id, active.token);
  }

  let current = token.token;
  if (env.config.enable_refresh_token_rotation) {
    await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
    current = newRefreshToken();
    await q.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [current, user.id, token.token, session.id],
    );
  }
  await q.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
  await audit(q, 'token_refreshed', user);
  return sessionResponse(env, q, user, session.id, current);
}

/** Verified bearer claims, or GoTrue's 401/403 answers. */
export async function requireClaims(env: AuthEnv, request: Request): Promise<JwtClaims> {
  const bearer = effectiveBearer(request.headers, env.ctx.config);
  if (!bearer) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await verifyJwt(bearer, env.ctx.config.jwtSecret);
  if (!verified.ok) {
    const reason =
      verified.kind === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'token is malformed or signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  return verified.claims;
}

export interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  sessionId: string | null;
}

/** GoTrue's requireAuthentication + loadUser: the JWT's sub and session_id must still exist. */
export async function requireUser(env: AuthEnv, q: Queryable, request: Request): Promise<Authenticated> {
  const claims = await requireClaims(env, request);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(q, sub);
  if (!user || user.deleted_at) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : null;
  if (sessionId) {
    const found =
      isUuid(sessionId) && (await q.query('select 1 from auth.sessions where id = $1', [sessionId])).rows.length > 0;
    if (!found) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, user, sessionId };
}

/** Admin endpoints: a JWT whose role is service_role (GOTRUE_JWT_ADMIN_ROLES). */
export async function requireAdmin(env: AuthEnv, request: Request): Promise<JwtClaims> {
  const claims = await requireClaims(env, request);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin')
    throw forbidden('not_admin', 'User not allowed');
  return claims;
}
