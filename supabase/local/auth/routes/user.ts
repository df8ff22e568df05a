import type { Email } from '../../core/contracts.ts';
import { AuthError, unprocessable, validationFailed } from '../errors.ts';
import { json, optObject, optString, readJson } from '../http.ts';
import { composeMail, issueToken, sendAll } from '../otp.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../password.ts';
import { readPkce, createFlowState } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { requireUser } from '../sessions.ts';
import type { AuthEnv } from '../settings.ts';
import {
  adoptEmail,
  audit,
  findUserByEmail,
  findUserById,
  identitiesOf,
  isValidEmail,
  loadUserJson,
  mergeMetadata,
  normalizeEmail,
  userJson,
} from '../users.ts';

export async function getUser(env: AuthEnv, request: Request): Promise<Response> {
  const { user } = await requireUser(env, env.ctx.db, request);
  return json(request, userJson(user, await identitiesOf(env.ctx.db, user.id)));
}

/**
 * PUT /user: metadata merge, password change (same_password / weak_password), e-mail change
 * (direct with autoconfirm, else one or two confirmation mails as double_confirm_changes says).
 */
export async function updateUser(env: AuthEnv, request: Request): Promise<Response> {
  const body = await readJson(request);
  const { user } = await requireUser(env, env.ctx.db, request);
  const data = optObject(body, 'data');
  const password = optString(body, 'password');
  const rawEmail = optString(body, 'email');
  const phone = optString(body, 'phone');
  if (phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const pkce = readPkce(body);
  const redirectTo = resolveRedirect(env, new URL(request.url).searchParams.get('redirect_to'));

  let encrypted: string | undefined;
  if (password !== undefined) {
    if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    assertStrongPassword(password, env.config);
    encrypted = await hashPassword(password);
  }
  const email = rawEmail !== undefined ? normalizeEmail(rawEmail) : undefined;
  if (email !== undefined && !isValidEmail(email))
    throw validationFailed('Unable to validate email address: invalid format');

  const mails: Email[] = [];
  const result = await env.ctx.db.transaction(async (tx) => {
    if (data) {
      const current = await findUserById(tx, user.id);
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        mergeMetadata(current?.raw_user_meta_data ?? null, data),
      ]);
    }
    if (encrypted) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        encrypted,
      ]);
    }
    if (email !== undefined && email !== user.email) {
      const taken = await findUserByEmail(tx, email);
      if (taken && taken.id !== user.id)
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      if (env.autoconfirm) {
        await adoptEmail(tx, user.id, email);
      } else {
        const fresh = (await findUserById(tx, user.id))!;
        await tx.query('update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1', [
          user.id,
          email,
        ]);
        if (pkce) await createFlowState(tx, pkce, { userId: user.id, providerType: 'email', method: 'email_change' });
        const toNew = await issueToken(env, tx, fresh, 'email_change_new', { pkce: !!pkce, relatesTo: email });
        mails.push(composeMail(env, 'email_change_new', email, toNew, redirectTo, email, fresh.raw_user_meta_data));
        if (env.config.email.double_confirm_changes && fresh.email) {
          const toCurrent = await issueToken(env, tx, fresh, 'email_change_current', {
            pkce: !!pkce,
            skipRateLimit: true,
          });
          mails.push(
            composeMail(
              env,
              'email_change_current',
              fresh.email,
              toCurrent,
              redirectTo,
              email,
              fresh.raw_user_meta_data,
            ),
          );
        } else {
          await tx.query(`update auth.users set email_change_token_current = '' where id = $1`, [user.id]);
        }
      }
    }
    return loadUserJson(tx, user.id);
  });
  await sendAll(env, mails);
  return json(request, result);
}

export async function logout(env: AuthEnv, request: Request): Promise<Response> {
  const scope = new URL(request.url).searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  await env.ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(env, tx, request);
    if (scope === 'local' && sessionId) {
      await tx.query('delete from auth.sessions where id = $1', [sessionId]);
    } else if (scope === 'others') {
      await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId]);
    } else {
      await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
    await audit(tx, 'logout', user, { scope });
    // Tokens issued without a session row (none here, but seeds may add some) go too.
    if (scope === 'global')
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where user_id = $1', [user.id]);
  });
  return new Response(null, { status: 204 });
}
