import { randomUUID } from 'node:crypto';
import type { Queryable } from '../core/db.ts';
import { isObject, type Json } from './http.ts';

/** One auth.users row as PGlite returns it (timestamptz -> Date, jsonb -> object). */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_sso_user: boolean;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 255 && EMAIL_PATTERN.test(email);
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  return (await q.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0];
}

/** Active (not soft-deleted) non-SSO user by e-mail, case-insensitively, as GoTrue looks them up. */
export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select * from auth.users where lower(email) = lower($1) and is_sso_user = false and deleted_at is null
     order by created_at nulls last limit 1`,
    [email],
  );
  return rows[0];
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  return (
    await q.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at nulls first, id', [
      userId,
    ])
  ).rows;
}

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

export function identityJson(row: IdentityRow): Json {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  };
}

/** GoTrue's models.User JSON: omitempty fields left out when null. */
export function userJson(user: UserRow, identities: IdentityRow[]): Json {
  const out: Json = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

export async function loadUserJson(q: Queryable, userId: string): Promise<Json> {
  const user = await findUserById(q, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  return userJson(user, await identitiesOf(q, userId));
}

/** Merges metadata the way GoTrue's UpdateUserMetaData does: keys set to null are removed. */
export function mergeMetadata(current: Json | null, patch: Json): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export interface NewUser {
  id?: string;
  email: string;
  encryptedPassword: string | null;
  confirmed: boolean;
  provider: string;
  userMetadata: Json;
  appMetadata?: Json;
  role?: string;
  invited?: boolean;
  bannedUntil?: Date | null;
  /** identity_data extras (OAuth claims); email users get {sub, email, email_verified, phone_verified}. */
  identity?: { providerId: string; data: Json };
}

/**
 * Inserts the auth.users row (so app triggers fire) and its identity, then re-reads the row as
 * GoTrue does, so columns changed by triggers show in the answer.
 */
export async function insertUser(q: Queryable, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const email = normalizeEmail(input.email);
  const providerId = input.identity?.providerId ?? id;
  const identityData: Json = input.identity?.data ?? {
    sub: id,
    email,
    email_verified: input.confirmed,
    phone_verified: false,
  };
  const appMetadata: Json = { provider: input.provider, providers: [input.provider], ...(input.appMetadata ?? {}) };
  const userMetadata: Json = { ...input.userMetadata, ...identityData };
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, banned_until, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
       case when $5 then now() end, case when $6 then now() end, '', '', '', '', '',
       $7, $8, false, now(), now(), $9, false)`,
    [
      id,
      input.role ?? 'authenticated',
      email,
      input.encryptedPassword ?? '',
      input.confirmed,
      !!input.invited,
      appMetadata,
      userMetadata,
      input.bannedUntil ?? null,
    ],
  );
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now())`,
    [providerId, id, identityData, input.provider],
  );
  const user = (await findUserById(q, id))!;
  await audit(q, input.invited ? 'user_invited' : 'user_signedup', user, { provider: input.provider });
  return user;
}

/** Marks the e-mail verified on the user and its e-mail identity (GoTrue's User.Confirm). */
export async function confirmEmail(q: Queryable, user: UserRow): Promise<void> {
  const metadata = { ...(isObject(user.raw_user_meta_data) ? user.raw_user_meta_data : {}), email_verified: true };
  await q.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = $2, updated_at = now() where id = $1`,
    [user.id, metadata],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id],
  );
}

/**
 * Makes `email` the user's confirmed address (completed e-mail change, autoconfirm change, or an
 * anonymous user becoming permanent): clears pending change state, updates the e-mail identity or
 * creates one, and lists `email` among the providers.
 */
export async function adoptEmail(q: Queryable, userId: string, email: string): Promise<void> {
  await q.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
       is_anonymous = false,
       raw_app_meta_data = case
         when coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) ? 'email' then raw_app_meta_data
         else coalesce(raw_app_meta_data, '{}'::jsonb)
           || jsonb_build_object('provider', coalesce(raw_app_meta_data ->> 'provider', 'email'),
                                 'providers', coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || '["email"]'::jsonb)
       end,
       updated_at = now()
     where id = $1`,
    [userId, email],
  );
  const updated = await q.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
  if (!updated.affectedRows) {
    await q.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false), 'email', now(), now(), now())`,
      [userId, email],
    );
  }
  await q.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`,
    [userId],
  );
}

export async function audit(q: Queryable, action: string, actor: UserRow | undefined, extra: Json = {}): Promise<void> {
  await q.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, now(), '')`,
    [
      randomUUID(),
      JSON.stringify({ action, actor_id: actor?.id, actor_username: actor?.email, log_type: 'account', traits: extra }),
    ],
  );
}
