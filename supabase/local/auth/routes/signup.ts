import { randomUUID } from 'node:crypto';
import type { Email } from '../../core/contracts.ts';
import { AuthError, unprocessable, validationFailed } from '../errors.ts';
import { json, optObject, optString, readJson, type Json } from '../http.ts';
import { composeMail, issueToken, sendAll } from '../otp.ts';
import { assertStrongPassword, hashPassword } from '../password.ts';
import { createFlowState, readPkce } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { issueSession } from '../sessions.ts';
import type { AuthEnv } from '../settings.ts';
import { findUserByEmail, insertUser, isValidEmail, normalizeEmail, userJson, identitiesOf } from '../users.ts';

/** A trigger failing on auth.users aborts the signup the way GoTrue reports it. */
export function databaseError(env: AuthEnv, error: unknown): never {
  if (error instanceof AuthError) throw error;
  env.ctx.log(`auth: database error saving user: ${(error as Error).message}`);
  throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
}

/** What a confirmed address gets when confirmations are on: a plausible user that reveals nothing. */
function obfuscatedUser(email: string, data: Json): Json {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function signup(env: AuthEnv, request: Request): Promise<Response> {
  const { config } = env;
  const body = await readJson(request);
  if (!config.enable_signup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const rawEmail = optString(body, 'email');
  const password = optString(body, 'password');
  const phone = optString(body, 'phone');
  const data = optObject(body, 'data') ?? {};

  if (!rawEmail && !phone) {
    if (password) throw validationFailed('To signup, please provide your email');
    if (!config.enable_anonymous_sign_ins)
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    return anonymousSignup(env, request, data);
  }
  if (!rawEmail) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!config.email.enable_signup) throw unprocessable('email_provider_disabled', 'Email signups are disabled');
  if (!password) throw validationFailed('Signup requires a valid password');
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw validationFailed('Unable to validate email address: invalid format');
  assertStrongPassword(password, config);
  const pkce = readPkce(body);
  const redirectTo = resolveRedirect(env, new URL(request.url).searchParams.get('redirect_to'));
  const encrypted = await hashPassword(password);

  const mails: Email[] = [];
  const result = await env.ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at || (existing && env.autoconfirm)) {
      if (env.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      return obfuscatedUser(email, data);
    }
    // An existing unconfirmed user is not updated (whoever signs up again may not own the
    // address); they only get a new confirmation e-mail, as GoTrue does.
    let user = existing;
    if (!user) {
      try {
        user = await insertUser(tx, {
          email,
          encryptedPassword: encrypted,
          confirmed: env.autoconfirm,
          provider: 'email',
          userMetadata: data,
        });
      } catch (error) {
        databaseError(env, error);
      }
    }
    if (env.autoconfirm) return issueSession(env, tx, user.id, 'password', { request, provider: 'email' });
    if (pkce) await createFlowState(tx, pkce, { userId: user.id, providerType: 'email', method: 'email/signup' });
    const token = await issueToken(env, tx, user, 'confirmation', { pkce: !!pkce });
    mails.push(composeMail(env, 'signup', email, token, redirectTo, undefined, user.raw_user_meta_data));
    const fresh = (await tx.query<typeof user>('select * from auth.users where id = $1', [user.id])).rows[0]!;
    return userJson(fresh, await identitiesOf(tx, user.id));
  });
  await sendAll(env, mails);
  return json(request, result);
}

async function anonymousSignup(env: AuthEnv, request: Request, data: Json): Promise<Response> {
  const session = await env.ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    try {
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_token, recovery_token,
           email_change_token_new, email_change, email_change_token_current, raw_app_meta_data, raw_user_meta_data,
           is_super_admin, created_at, updated_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', null, '', '', '', '', '', '',
           '{}'::jsonb, $2, false, now(), now(), true)`,
        [id, data],
      );
    } catch (error) {
      databaseError(env, error);
    }
    return issueSession(env, tx, id, 'anonymous', { request });
  });
  return json(request, session);
}
