import type { Email } from '../../core/contracts.ts';
import type { Transaction } from '../../core/db.ts';
import { AuthError, unprocessable, validationFailed } from '../errors.ts';
import { json, optBool, optObject, optString, readJson } from '../http.ts';
import { composeMail, issueToken, sendAll } from '../otp.ts';
import { createFlowState, readPkce, type PkceParams } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import type { AuthEnv } from '../settings.ts';
import { findUserByEmail, insertUser, isValidEmail, normalizeEmail, type UserRow } from '../users.ts';
import { databaseError } from './signup.ts';

function requireEmail(value: string | undefined, missing: string): string {
  if (!value) throw validationFailed(missing);
  const email = normalizeEmail(value);
  if (!isValidEmail(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email;
}

function redirectOf(env: AuthEnv, request: Request, body: Record<string, unknown>): string {
  const fromQuery = new URL(request.url).searchParams.get('redirect_to');
  return resolveRedirect(env, fromQuery ?? optString(body, 'redirect_to'));
}

/** Confirmation e-mail for an unconfirmed user (signup, resend, OTP for a new address). */
async function sendConfirmation(
  env: AuthEnv,
  tx: Transaction,
  user: UserRow,
  pkce: PkceParams | null,
  redirectTo: string,
): Promise<Email> {
  if (pkce) await createFlowState(tx, pkce, { userId: user.id, providerType: 'email', method: 'email/signup' });
  const token = await issueToken(env, tx, user, 'confirmation', { pkce: !!pkce });
  return composeMail(env, 'signup', user.email ?? '', token, redirectTo, undefined, user.raw_user_meta_data);
}

/** POST /recover: always `{}` (no enumeration); mails a recovery link to existing users. */
export async function recover(env: AuthEnv, request: Request): Promise<Response> {
  const body = await readJson(request);
  const email = requireEmail(optString(body, 'email'), 'Password recovery requires an email');
  const pkce = readPkce(body);
  const redirectTo = redirectOf(env, request, body);
  const mails: Email[] = [];
  await env.ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    if (pkce) await createFlowState(tx, pkce, { userId: user.id, providerType: 'email', method: 'recovery' });
    const token = await issueToken(env, tx, user, 'recovery', { pkce: !!pkce });
    mails.push(composeMail(env, 'recovery', email, token, redirectTo, undefined, user.raw_user_meta_data));
  });
  await sendAll(env, mails);
  return json(request, {});
}

/** POST /otp (signInWithOtp / magic link): link + code; creates the user unless create_user is false. */
export async function otp(env: AuthEnv, request: Request): Promise<Response> {
  const body = await readJson(request);
  if (optString(body, 'phone')) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const email = requireEmail(optString(body, 'email'), 'An email address is required');
  const createUser = optBool(body, 'create_user') ?? true;
  const data = optObject(body, 'data') ?? {};
  const pkce = readPkce(body);
  const redirectTo = redirectOf(env, request, body);
  if (!env.config.email.enable_signup) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const mails: Email[] = [];
  await env.ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (!createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      if (!env.config.enable_signup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      try {
        user = await insertUser(tx, {
          email,
          encryptedPassword: null,
          confirmed: env.autoconfirm,
          provider: 'email',
          userMetadata: data,
        });
      } catch (error) {
        databaseError(env, error);
      }
    }
    if (!user.email_confirmed_at) {
      mails.push(await sendConfirmation(env, tx, user, pkce, redirectTo));
      return;
    }
    if (pkce) await createFlowState(tx, pkce, { userId: user.id, providerType: 'email', method: 'magiclink' });
    const token = await issueToken(env, tx, user, 'recovery', { pkce: !!pkce });
    mails.push(composeMail(env, 'magiclink', email, token, redirectTo, undefined, user.raw_user_meta_data));
  });
  await sendAll(env, mails);
  return json(request, {});
}

/** POST /resend: signup confirmation or pending e-mail change; `{}` even when nothing is sent. */
export async function resend(env: AuthEnv, request: Request): Promise<Response> {
  const body = await readJson(request);
  const type = optString(body, 'type') ?? '';
  if (type === 'sms' || type === 'phone_change')
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = requireEmail(optString(body, 'email'), 'An email address is required');
  const pkce = readPkce(body);
  const redirectTo = redirectOf(env, request, body);
  const mails: Email[] = [];
  await env.ctx.db.transaction(async (tx) => {
    if (type === 'signup') {
      const user = await findUserByEmail(tx, email);
      if (user && !user.email_confirmed_at) mails.push(await sendConfirmation(env, tx, user, pkce, redirectTo));
      return;
    }
    const user = (
      await tx.query<UserRow>(
        `select * from auth.users where (lower(email) = $1 or lower(email_change) = $1) and email_change <> '' and deleted_at is null limit 1`,
        [email],
      )
    ).rows[0];
    if (!user?.email_change) return;
    const toNew = await issueToken(env, tx, user, 'email_change_new', { relatesTo: user.email_change });
    mails.push(
      composeMail(
        env,
        'email_change_new',
        user.email_change,
        toNew,
        redirectTo,
        user.email_change,
        user.raw_user_meta_data,
      ),
    );
    if (env.config.email.double_confirm_changes && user.email && (user.email_change_confirm_status ?? 0) === 0) {
      const toCurrent = await issueToken(env, tx, user, 'email_change_current', { skipRateLimit: true });
      mails.push(
        composeMail(
          env,
          'email_change_current',
          user.email,
          toCurrent,
          redirectTo,
          user.email_change,
          user.raw_user_meta_data,
        ),
      );
    }
  });
  await sendAll(env, mails);
  return json(request, {});
}
