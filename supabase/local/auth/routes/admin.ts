import type { Email } from '../../core/contracts.ts';
import type { Transaction } from '../../core/db.ts';
import { AuthError, notFound, unprocessable, validationFailed } from '../errors.ts';
import { json, optBool, optObject, optString, readJson, type Json } from '../http.ts';
import { composeMail, issueToken, sendAll, verifyLink, type IssuedToken } from '../otp.ts';
import { assertStrongPassword, hashPassword } from '../password.ts';
import { resolveRedirect } from '../redirect.ts';
import { requireAdmin } from '../sessions.ts';
import { parseGoDuration, type AuthEnv } from '../settings.ts';
import {
  adoptEmail,
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertUser,
  isUuid,
  isValidEmail,
  loadUserJson,
  mergeMetadata,
  normalizeEmail,
  userJson,
  type UserRow,
} from '../users.ts';
import { databaseError } from './signup.ts';

const userNotFound = () => notFound('user_not_found', 'User not found');
const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

function bannedUntil(duration: string | undefined): Date | null | undefined {
  if (duration === undefined) return undefined;
  if (duration === 'none') return null;
  let ms: number;
  try {
    ms = parseGoDuration(duration);
  } catch {
    throw validationFailed('invalid format for ban duration');
  }
  return new Date(Date.now() + ms);
}

function validEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email;
}

/** Routes `/admin/...` for a service-role caller. */
export async function admin(env: AuthEnv, request: Request, path: string): Promise<Response> {
  await requireAdmin(env, request);
  const method = request.method;
  if (path === '/admin/users' && method === 'GET') return listUsers(env, request);
  if (path === '/admin/users' && method === 'POST') return createUser(env, request);
  if (path === '/admin/generate_link' && method === 'POST') return generateLink(env, request);
  const match = /^\/admin\/users\/([^/]+)$/.exec(path);
  if (match) {
    const id = decodeURIComponent(match[1]!);
    if (!isUuid(id)) throw notFound('user_not_found', 'User not found');
    if (method === 'GET') return json(request, await getUserJson(env, id));
    if (method === 'PUT') return updateUser(env, request, id);
    if (method === 'DELETE') return deleteUser(env, request, id);
  }
  throw notFound('not_found', 'Not Found');
}

async function getUserJson(env: AuthEnv, id: string): Promise<Json> {
  const user = await findUserById(env.ctx.db, id);
  if (!user) throw userNotFound();
  return userJson(user, await identitiesOf(env.ctx.db, id));
}

async function listUsers(env: AuthEnv, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(params.get('per_page') ?? '50', 10) || 50));
  const db = env.ctx.db;
  const total = Number(
    (await db.query<{ n: number }>('select count(*)::int n from auth.users where deleted_at is null')).rows[0]!.n,
  );
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where deleted_at is null order by created_at desc nulls last, id limit $1 offset $2',
    [perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const row of rows) users.push(userJson(row, await identitiesOf(db, row.id)));
  const last = Math.max(1, Math.ceil(total / perPage));
  const base = `${env.externalUrl()}/admin/users`;
  const links: string[] = [];
  if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
  return json(request, { users, aud: 'authenticated' }, 200, {
    'X-Total-Count': String(total),
    Link: links.join(', '),
  });
}

async function createUser(env: AuthEnv, request: Request): Promise<Response> {
  const body = await readJson(request);
  const rawEmail = optString(body, 'email');
  if (optString(body, 'phone')) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!rawEmail) throw validationFailed('Unable to validate email address: invalid format');
  const email = validEmail(rawEmail);
  const password = optString(body, 'password');
  const passwordHash = optString(body, 'password_hash');
  if (password !== undefined) assertStrongPassword(password, env.config);
  if (passwordHash !== undefined && !/^\$2[abxy]\$\d\d\$/.test(passwordHash))
    throw validationFailed('Invalid password hash format');
  const id = optString(body, 'id');
  if (id !== undefined && !isUuid(id)) throw validationFailed('id must be a UUID');
  const encrypted = password !== undefined ? await hashPassword(password) : (passwordHash ?? null);
  const ban = bannedUntil(optString(body, 'ban_duration'));
  const result = await env.ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw emailExists();
    if (id && (await findUserById(tx, id))) throw unprocessable('user_already_exists', 'User already registered');
    let user: UserRow | undefined;
    try {
      user = await insertUser(tx, {
        id,
        email,
        encryptedPassword: encrypted,
        confirmed: optBool(body, 'email_confirm') ?? false,
        provider: 'email',
        userMetadata: optObject(body, 'user_metadata') ?? {},
        appMetadata: optObject(body, 'app_metadata'),
        role: optString(body, 'role'),
        bannedUntil: ban ?? null,
      });
    } catch (error) {
      databaseError(env, error);
    }
    return loadUserJson(tx, user.id);
  });
  return json(request, result);
}

async function updateUser(env: AuthEnv, request: Request, id: string): Promise<Response> {
  const body = await readJson(request);
  const password = optString(body, 'password');
  if (password !== undefined) assertStrongPassword(password, env.config);
  const encrypted = password !== undefined ? await hashPassword(password) : undefined;
  const rawEmail = optString(body, 'email');
  const email = rawEmail !== undefined ? validEmail(rawEmail) : undefined;
  const ban = bannedUntil(optString(body, 'ban_duration'));
  const result = await env.ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    const sets: string[] = [];
    const values: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (email !== undefined && email !== user.email) {
      const other = await findUserByEmail(tx, email);
      if (other && other.id !== id) throw emailExists();
    }
    if (encrypted !== undefined) set('encrypted_password', encrypted);
    const userMetadata = optObject(body, 'user_metadata');
    if (userMetadata) set('raw_user_meta_data', mergeMetadata(user.raw_user_meta_data, userMetadata));
    const appMetadata = optObject(body, 'app_metadata');
    if (appMetadata) set('raw_app_meta_data', mergeMetadata(user.raw_app_meta_data, appMetadata));
    const role = optString(body, 'role');
    if (role !== undefined) set('role', role);
    if (ban !== undefined) set('banned_until', ban);
    const emailConfirm = optBool(body, 'email_confirm');
    if (emailConfirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
    if (emailConfirm === false) sets.push('email_confirmed_at = null');
    if (sets.length) {
      try {
        await tx.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`, values);
      } catch (error) {
        databaseError(env, error);
      }
    }
    if (email !== undefined && email !== user.email) await adoptEmail(tx, id, email);
    if (ban) await tx.query('delete from auth.sessions where user_id = $1', [id]);
    return loadUserJson(tx, id);
  });
  return json(request, result);
}

async function deleteUser(env: AuthEnv, request: Request, id: string): Promise<Response> {
  const body = await readJson(request);
  const soft = optBool(body, 'should_soft_delete') ?? false;
  await env.ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    if (soft) {
      // GoTrue's soft delete: keeps the row for FKs, frees the e-mail and ends every session.
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
           raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
        [id],
      );
      await tx.query('delete from auth.identities where user_id = $1', [id]);
      await tx.query('delete from auth.sessions where user_id = $1', [id]);
    } else {
      try {
        await tx.query('delete from auth.users where id = $1', [id]);
      } catch (error) {
        // e.g. an app table references auth.users without on delete cascade
        env.ctx.log(`auth: deleting user ${id} failed: ${(error as Error).message}`);
        throw new AuthError(500, 'unexpected_failure', 'Database error deleting user');
      }
    }
  });
  return json(request, {});
}

const LINK_KINDS = ['signup', 'magiclink', 'recovery', 'invite', 'email_change_current', 'email_change_new'] as const;
type LinkKind = (typeof LINK_KINDS)[number];

/** POST /admin/generate_link: the link and OTP an e-mail would carry, without sending it. */
async function generateLink(env: AuthEnv, request: Request): Promise<Response> {
  const body = await readJson(request);
  const type = optString(body, 'type') ?? '';
  if (!(LINK_KINDS as readonly string[]).includes(type)) throw validationFailed(`Invalid type: ${type}`);
  const kind = type as LinkKind;
  const email = validEmail(optString(body, 'email') ?? '');
  const password = optString(body, 'password');
  if (kind === 'signup' && password === undefined) throw validationFailed('Signup requires a valid password');
  if (password !== undefined) assertStrongPassword(password, env.config);
  const encrypted = password !== undefined ? await hashPassword(password) : null;
  const rawNewEmail = optString(body, 'new_email');
  const newEmail = rawNewEmail !== undefined ? validEmail(rawNewEmail) : undefined;
  const data = optObject(body, 'data') ?? {};
  const redirectTo = resolveRedirect(
    env,
    optString(body, 'redirect_to') ?? new URL(request.url).searchParams.get('redirect_to'),
  );

  const result = await env.ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    let token: IssuedToken;
    let verificationType: string;
    if (kind === 'signup' || kind === 'invite') {
      if (user?.email_confirmed_at) throw emailExists();
      if (!user) user = await createForLink(env, tx, email, encrypted, data, kind === 'invite');
      if (kind === 'invite')
        await tx.query('update auth.users set invited_at = coalesce(invited_at, now()) where id = $1', [user.id]);
      token = await issueToken(env, tx, user, 'confirmation', { skipRateLimit: true });
      verificationType = kind;
    } else if (kind === 'magiclink' || kind === 'recovery') {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      token = await issueToken(env, tx, user, 'recovery', { skipRateLimit: true });
      verificationType = kind;
    } else {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      if (!newEmail) throw validationFailed('The new email address provided is invalid');
      const other = await findUserByEmail(tx, newEmail);
      if (other && other.id !== user.id) throw emailExists();
      await tx.query(`update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`, [
        user.id,
        newEmail,
      ]);
      const slot = kind === 'email_change_new' ? 'email_change_new' : 'email_change_current';
      token = await issueToken(env, tx, user, slot, {
        skipRateLimit: true,
        relatesTo: slot === 'email_change_new' ? newEmail : undefined,
      });
      verificationType = 'email_change';
    }
    return {
      ...(await loadUserJson(tx, user.id)),
      action_link: verifyLink(env, token.hash, kind, redirectTo),
      email_otp: token.otp,
      hashed_token: token.hash,
      redirect_to: redirectTo,
      verification_type: verificationType,
    };
  });
  return json(request, result);
}

async function createForLink(
  env: AuthEnv,
  tx: Transaction,
  email: string,
  encrypted: string | null,
  data: Json,
  invited: boolean,
): Promise<UserRow> {
  try {
    return await insertUser(tx, {
      email,
      encryptedPassword: encrypted,
      confirmed: false,
      provider: 'email',
      userMetadata: data,
      invited,
    });
  } catch (error) {
    databaseError(env, error);
  }
}

/** POST /invite (admin): creates the user (or reuses an unconfirmed one) and mails an invite link. */
export async function invite(env: AuthEnv, request: Request): Promise<Response> {
  await requireAdmin(env, request);
  const body = await readJson(request);
  const email = validEmail(optString(body, 'email') ?? '');
  const data = optObject(body, 'data') ?? {};
  const redirectTo = resolveRedirect(
    env,
    new URL(request.url).searchParams.get('redirect_to') ?? optString(body, 'redirect_to'),
  );
  const mails: Email[] = [];
  const result = await env.ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user?.email_confirmed_at) throw emailExists();
    if (!user) user = await createForLink(env, tx, email, null, data, true);
    await tx.query('update auth.users set invited_at = coalesce(invited_at, now()) where id = $1', [user.id]);
    const fresh = (await findUserById(tx, user.id))!;
    const token = await issueToken(env, tx, fresh, 'confirmation');
    mails.push(composeMail(env, 'invite', email, token, redirectTo, undefined, fresh.raw_user_meta_data));
    return loadUserJson(tx, user.id);
  });
  await sendAll(env, mails);
  return json(request, result);
}
