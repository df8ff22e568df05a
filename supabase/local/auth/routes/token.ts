import { AuthError, badRequest, validationFailed } from '../errors.ts';
import { passwordVerificationAttempt } from '../hooks.ts';
import { json, optString, readJson } from '../http.ts';
import { passwordTooLong, passwordWeakness, verifyPassword } from '../password.ts';
import { consumeFlowState } from '../pkce.ts';
import { issueSession, refreshSession } from '../sessions.ts';
import type { AuthEnv } from '../settings.ts';
import { findUserByEmail } from '../users.ts';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

export async function token(env: AuthEnv, request: Request): Promise<Response> {
  const grantType = new URL(request.url).searchParams.get('grant_type');
  const body = await readJson(request);
  switch (grantType) {
    case 'password':
      return json(request, await passwordGrant(env, request, body));
    case 'refresh_token': {
      const presented = optString(body, 'refresh_token');
      if (!presented) throw validationFailed('refresh_token required');
      const result = await env.ctx.db.transaction((tx) => refreshSession(env, tx, presented));
      if (result instanceof AuthError) throw result;
      return json(request, result);
    }
    case 'pkce': {
      const authCode = optString(body, 'auth_code');
      const verifier = optString(body, 'code_verifier');
      if (!authCode || !verifier)
        throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
      const session = await env.ctx.db.transaction(async (tx) => {
        const flow = await consumeFlowState(tx, authCode, verifier);
        return issueSession(env, tx, flow.user_id!, flow.authentication_method, {
          request,
          provider: flow.provider_type,
          extras: {
            ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
            ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
          },
        });
      });
      return json(request, session);
    }
    default:
      throw validationFailed('unsupported_grant_type');
  }
}

async function passwordGrant(env: AuthEnv, request: Request, body: Record<string, unknown>) {
  const email = optString(body, 'email');
  const phone = optString(body, 'phone');
  const password = optString(body, 'password') ?? '';
  if (!email && !phone) throw validationFailed('missing email or phone');
  if (!email) throw invalidCredentials();
  if (!env.config.email.enable_signup) throw new AuthError(400, 'email_provider_disabled', 'Email logins are disabled');
  const user = await findUserByEmail(env.ctx.db, email);
  if (!user) throw invalidCredentials();
  // No stored password is longer (they are refused when set): spare the hash.
  const valid = !passwordTooLong(password) && (await verifyPassword(password, user.encrypted_password));
  // The account's password hook decides first, told whether the password matched (it may refuse
  // even a right one); then a wrong password is refused before anything else about the account.
  await passwordVerificationAttempt(env, user.id, valid);
  if (!valid) throw invalidCredentials();
  if (user.banned_until && new Date(user.banned_until) > new Date()) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const weakness = passwordWeakness(password, env.config);
  return env.ctx.db.transaction((tx) =>
    issueSession(env, tx, user.id, 'password', {
      request,
      provider: 'email',
      extras: weakness ? { weak_password: weakness } : {},
    }),
  );
}
