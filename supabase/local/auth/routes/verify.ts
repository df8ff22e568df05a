import type { Queryable } from '../../core/db.ts';
import { AuthError, forbidden, validationFailed } from '../errors.ts';
import { encodeForm, json, optString, readJson, redirect, type Json } from '../http.ts';
import { clearToken, tokenHash, type TokenSlot } from '../otp.ts';
import { latestFlowState, markCodeIssued } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { issueSession } from '../sessions.ts';
import type { AuthEnv } from '../settings.ts';
import { adoptEmail, confirmEmail, findUserByEmail, findUserById, normalizeEmail, type UserRow } from '../users.ts';

const LINK_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'] as const;
const OTP_TYPES = [...LINK_TYPES, 'email'] as const;
type VerifyType = (typeof OTP_TYPES)[number];

/** Which token slots a verification type may match, in the order GoTrue tries them. */
const SLOTS_FOR: Record<VerifyType, TokenSlot[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email_change: ['email_change_new', 'email_change_current'],
  email: ['confirmation', 'recovery'],
};

const COLUMN: Record<TokenSlot, { column: keyof UserRow; sentAt: keyof UserRow }> = {
  confirmation: { column: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_new: { column: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { column: 'email_change_token_current', sentAt: 'email_change_sent_at' },
};

/** amr method recorded for each verification (and the flow_state method PKCE looks up). */
const METHOD: Record<VerifyType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
  email: 'otp',
};

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

interface Match {
  user: UserRow;
  slot: TokenSlot;
  pkce: boolean;
}

const isExpired = (env: AuthEnv, sentAt: unknown) =>
  !(sentAt instanceof Date) || sentAt.getTime() + env.config.email.otp_expiry * 1000 < Date.now();

async function findByTokenHash(env: AuthEnv, q: Queryable, type: VerifyType, hash: string): Promise<Match | undefined> {
  // Consumed tokens are stored as '' ; a bare "pkce_" or short value must never match them.
  const bare = hash.replace(/^pkce_/, '');
  if (!/^[0-9a-f]{56}$/i.test(bare)) return undefined;
  for (const slot of SLOTS_FOR[type]) {
    const { column, sentAt } = COLUMN[slot];
    const { rows } = await q.query<UserRow>(
      `select * from auth.users where ${column} in ($1::text, 'pkce_' || $1::text) and deleted_at is null limit 1`,
      [bare],
    );
    const user = rows[0];
    if (user && !isExpired(env, user[sentAt])) return { user, slot, pkce: String(user[column]).startsWith('pkce_') };
  }
  return undefined;
}

async function findByOtp(
  env: AuthEnv,
  q: Queryable,
  type: VerifyType,
  email: string,
  otp: string,
): Promise<Match | undefined> {
  const hash = tokenHash(email, otp);
  const candidates = [await findUserByEmail(q, email)];
  if (type === 'email_change') {
    candidates.push(
      (
        await q.query<UserRow>(
          'select * from auth.users where lower(email_change) = $1 and deleted_at is null limit 1',
          [email],
        )
      ).rows[0],
    );
  }
  for (const user of candidates) {
    if (!user) continue;
    for (const slot of SLOTS_FOR[type]) {
      const { column, sentAt } = COLUMN[slot];
      const stored = String(user[column] ?? '');
      if (stored.replace(/^pkce_/, '') === hash && !isExpired(env, user[sentAt]))
        return { user, slot, pkce: stored.startsWith('pkce_') };
    }
  }
  return undefined;
}

/** Applies a matched token; returns false when an e-mail change still waits for its other link. */
async function applyVerification(env: AuthEnv, q: Queryable, match: Match, type: VerifyType): Promise<boolean> {
  const { user, slot } = match;
  await clearToken(q, user.id, slot);
  if (slot === 'confirmation' || slot === 'recovery') {
    if (!user.email_confirmed_at) await confirmEmail(q, user);
    return true;
  }
  const otherSlot = slot === 'email_change_new' ? 'email_change_token_current' : 'email_change_token_new';
  const otherPending = !!user[otherSlot];
  if (
    type === 'email_change' &&
    env.config.email.double_confirm_changes &&
    otherPending &&
    (user.email_change_confirm_status ?? 0) === 0
  ) {
    await q.query('update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1', [user.id]);
    return false;
  }
  const newEmail = user.email_change ?? '';
  if (await findUserByEmail(q, newEmail).then((u) => u && u.id !== user.id)) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  await adoptEmail(q, user.id, newEmail);
  return true;
}

function withFragment(target: string, values: Record<string, string>): string {
  const url = new URL(target);
  url.hash = encodeForm(values);
  return url.toString();
}

function withQuery(target: string, values: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  return url.toString();
}

function errorRedirect(target: string, code: string, description: string, pkce: boolean): Response {
  const error = { error: 'access_denied', error_code: code, error_description: description };
  const base = pkce ? withQuery(target, error) : target;
  return redirect(withFragment(base, { ...error, sb: '' }));
}

/** GET /verify: the e-mail link. Confirms, then 303s to redirect_to with a session or a PKCE code. */
export async function verifyLink(env: AuthEnv, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  const type = params.get('type') ?? '';
  const target = resolveRedirect(env, params.get('redirect_to'));
  if (!(LINK_TYPES as readonly string[]).includes(type)) throw validationFailed('Verify requires a verification type');
  if (!token) throw validationFailed('Verify requires a token or a token hash');
  const pkce = token.startsWith('pkce_');
  const verifyType = type as VerifyType;

  const outcome = await env.ctx.db.transaction(async (tx) => {
    const match = await findByTokenHash(env, tx, verifyType, token);
    if (!match)
      return { kind: 'error' as const, code: 'otp_expired', description: 'Email link is invalid or has expired' };
    const complete = await applyVerification(env, tx, match, verifyType);
    if (!complete) return { kind: 'message' as const };
    if (match.pkce) {
      const flow = await latestFlowState(tx, match.user.id, METHOD[verifyType]);
      if (!flow)
        return {
          kind: 'error' as const,
          code: 'flow_state_not_found',
          description: 'invalid flow state, no valid flow state found',
        };
      await markCodeIssued(tx, flow.id);
      return { kind: 'code' as const, code: flow.auth_code };
    }
    const session = await issueSession(env, tx, match.user.id, METHOD[verifyType], { request, provider: 'email' });
    return { kind: 'session' as const, session };
  });

  switch (outcome.kind) {
    case 'error':
      return errorRedirect(target, outcome.code, outcome.description, pkce);
    case 'message':
      return redirect(withFragment(target, { message: SINGLE_CONFIRMATION, sb: '' }));
    case 'code':
      return redirect(withQuery(target, { code: outcome.code }));
    case 'session': {
      const s = outcome.session;
      return redirect(
        withFragment(target, {
          access_token: String(s.access_token),
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          refresh_token: String(s.refresh_token),
          sb: '',
          token_type: 'bearer',
          type,
        }),
      );
    }
  }
}

/** POST /verify: token_hash, or e-mail + OTP code; answers the session JSON. */
export async function verifyOtp(env: AuthEnv, request: Request): Promise<Response> {
  const body = await readJson(request);
  const type = optString(body, 'type') ?? '';
  const tokenHashValue = optString(body, 'token_hash');
  const otp = optString(body, 'token');
  const email = optString(body, 'email');
  if (type === 'sms' || type === 'phone_change')
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!(OTP_TYPES as readonly string[]).includes(type)) throw validationFailed('Verify requires a verification type');
  const verifyType = type as VerifyType;
  if (!tokenHashValue && !(otp && email)) throw validationFailed('Verify requires either a token or a token hash');

  const result = await env.ctx.db.transaction(async (tx): Promise<Json> => {
    const match = tokenHashValue
      ? await findByTokenHash(env, tx, verifyType, tokenHashValue)
      : await findByOtp(env, tx, verifyType, normalizeEmail(email!), otp!.trim());
    if (!match) {
      throw forbidden(
        'otp_expired',
        tokenHashValue ? 'Email link is invalid or has expired' : 'Token has expired or is invalid',
      );
    }
    if (match.user.banned_until && new Date(match.user.banned_until) > new Date())
      throw new AuthError(403, 'user_banned', 'User is banned');
    const complete = await applyVerification(env, tx, match, verifyType);
    if (!complete) return { msg: SINGLE_CONFIRMATION, code: 200 };
    const user = (await findUserById(tx, match.user.id))!;
    return issueSession(env, tx, user.id, METHOD[verifyType], { request, provider: 'email' });
  });
  return json(request, result);
}
