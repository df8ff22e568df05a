/**
 * Who is calling, decided in one place from the verified JWT claims (jose), never from anything
 * else the client wrote: `requireOwner` (a signed-in user), `requireAdmin` (an owner whose profile
 * says admin, read as that user so RLS answers), `requireServiceRole` (schedulers).
 *
 * Keys, in the order the hosting platform provides them:
 *  - `SUPABASE_JWKS` (JSON Web Key Set: public keys for ES256/RS256 tokens, an `oct` key for HS256;
 *    the Supabase CLI's runtime and the embedded stack set it);
 *  - `SUPABASE_JWT_SECRET` / `JWT_SECRET` (legacy HS256 secret);
 *  - asymmetric tokens without local keys: the project's published set,
 *    `${SUPABASE_URL}/auth/v1/.well-known/jwks.json` (fetched once, cached by jose);
 *  - an HS256 token with no secret configured (hosted projects still on the legacy secret do not
 *    expose it): the Auth server checks it (`GET /auth/v1/user`), as supabase-js' getClaims does.
 */
import type { DbClient } from './env.ts';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { HttpError } from './errors.ts';
import { anonymousKeys, createServiceClient, createUserClient, serviceRoleKeys, type FunctionEnv } from './env.ts';
import { fromBase64url } from './signing.ts';

export interface Caller {
  userId: string;
  /** The verified access token, to act as the caller (`createUserClient`). */
  token: string;
  claims: JWTPayload & { role?: unknown; email?: unknown };
}

export function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

const notSignedIn = () => new HttpError(401, 'not_signed_in', 'Sign in to use this feature.');
const invalidToken = (message = 'Your session is not valid. Sign in again.') =>
  new HttpError(401, 'invalid_token', message);

const ASYMMETRIC = ['ES256', 'RS256'];

export interface CallerAuthOptions {
  /** Whether the caller is an admin; default: their own `profiles.is_admin`, read as them. */
  isAdmin?: (caller: Caller) => Promise<boolean>;
}

export interface CallerAuth {
  /** The verified claims of a token, or 401 `invalid_token`. */
  verifyToken(token: string): Promise<Caller['claims']>;
  /** A signed-in user (role `authenticated`), or 401. */
  requireOwner(request: Request): Promise<Caller>;
  /** A signed-in admin, or 401 / 403 `admin_only`. */
  requireAdmin(request: Request): Promise<Caller>;
  /** The service role (legacy key or a secret key) or 403 `service_role_only`; `runs` names the job. */
  requireServiceRole(request: Request, runs: string): void;
}

export function createCallerAuth(env: FunctionEnv, options: CallerAuthOptions = {}): CallerAuth {
  const jwks = parseJwks(env.get('SUPABASE_JWKS'));
  const secrets = [
    env.get('SUPABASE_JWT_SECRET'),
    env.get('JWT_SECRET'),
    ...jwks.filter((key) => key.kty === 'oct' && typeof key.k === 'string').map((key) => octSecret(key.k!)),
  ]
    .filter((secret): secret is string | Uint8Array => typeof secret !== 'undefined' && secret.length > 0)
    .map((secret) => (typeof secret === 'string' ? new TextEncoder().encode(secret) : secret));
  const publicKeys = jwks.filter((key) => key.kty !== 'oct');
  let remote: JWTVerifyGetKey | null = null;
  const asymmetricKeys = (): JWTVerifyGetKey => {
    if (publicKeys.length > 0) return createLocalJWKSet({ keys: publicKeys });
    remote ??= createRemoteJWKSet(new URL('auth/v1/.well-known/jwks.json', withSlash(env.get('SUPABASE_URL'))), {
      ...(env.fetch ? { [customFetch]: env.fetch } : {}),
    });
    return remote;
  };
  const anonymous = anonymousKeys(env);
  const serviceKeys = serviceRoleKeys(env);
  let service: DbClient | null = null;

  async function verifyWithKeys(token: string, alg: string): Promise<JWTPayload> {
    if (alg === 'HS256') {
      let lastError: unknown = null;
      for (const secret of secrets) {
        try {
          return (await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload;
        } catch (error) {
          lastError = error;
          // Another configured secret may have signed it; an expired token is expired for all.
          if (error instanceof joseErrors.JWTExpired) break;
        }
      }
      throw lastError;
    }
    return (await jwtVerify(token, asymmetricKeys(), { algorithms: ASYMMETRIC })).payload;
  }

  /** The Auth server's word on a token we hold no key for (legacy HS256 projects). */
  async function verifyWithAuthServer(token: string): Promise<JWTPayload> {
    service ??= createServiceClient(env);
    const { data, error } = await service.auth.getUser(token);
    if (error || !data.user) throw invalidToken();
    return { sub: data.user.id, role: data.user.role ?? 'authenticated', email: data.user.email };
  }

  async function verifyToken(token: string): Promise<Caller['claims']> {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw invalidToken();
    }
    if (alg !== 'HS256' && !ASYMMETRIC.includes(alg ?? '')) throw invalidToken();
    try {
      if (alg === 'HS256' && secrets.length === 0) return await verifyWithAuthServer(token);
      return await verifyWithKeys(token, alg!);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw invalidToken('Your session has expired. Sign in again.');
      throw invalidToken();
    }
  }

  async function requireOwner(request: Request): Promise<Caller> {
    const token = bearerOf(request);
    if (!token || anonymous.includes(token)) throw notSignedIn();
    const claims = await verifyToken(token);
    // The anon JWT and the service role JWT verify too; neither is a signed-in person.
    if (claims.role !== 'authenticated') throw notSignedIn();
    if (typeof claims.sub !== 'string' || claims.sub === '') throw invalidToken();
    return { userId: claims.sub, token, claims };
  }

  const isAdmin =
    options.isAdmin ??
    (async (caller: Caller) => {
      const { data, error } = await createUserClient(env, caller.token)
        .from('profiles')
        .select('is_admin')
        .eq('id', caller.userId)
        .maybeSingle<{ is_admin: boolean }>();
      if (error) throw new Error(`reading the caller's profile failed: ${error.message}`);
      return data?.is_admin === true;
    });

  return {
    verifyToken,
    requireOwner,
    async requireAdmin(request) {
      const caller = await requireOwner(request);
      if (!(await isAdmin(caller))) throw new HttpError(403, 'admin_only', 'Only administrators can do this.');
      return caller;
    },
    requireServiceRole(request, runs) {
      const token = bearerOf(request);
      if (!token || !serviceKeys.includes(token)) {
        throw new HttpError(403, 'service_role_only', `Only the scheduler (service role) runs ${runs}.`);
      }
    },
  };
}

function withSlash(url: string | undefined): string {
  if (!url) throw new Error('SUPABASE_URL is not set');
  return url.endsWith('/') ? url : `${url}/`;
}

function parseJwks(text: string | undefined): JWK[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as Partial<JSONWebKeySet>;
    return Array.isArray(parsed.keys) ? parsed.keys.filter((key) => key && typeof key.kty === 'string') : [];
  } catch {
    return [];
  }
}

function octSecret(k: string): Uint8Array {
  return fromBase64url(k) ?? new Uint8Array(0);
}
