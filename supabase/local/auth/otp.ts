import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Email } from '../core/contracts.ts';
import type { Queryable } from '../core/db.ts';
import { AuthError } from './errors.ts';
import { renderConfiguredMail, type MailKind } from './mail.ts';
import type { AuthEnv } from './settings.ts';
import type { UserRow } from './users.ts';

/** Where each kind of e-mail token lives on auth.users (and its auth.one_time_tokens type). */
const SLOTS = {
  confirmation: { column: 'confirmation_token', sentAt: 'confirmation_sent_at', type: 'confirmation_token' },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at', type: 'recovery_token' },
  email_change_new: {
    column: 'email_change_token_new',
    sentAt: 'email_change_sent_at',
    type: 'email_change_token_new',
  },
  email_change_current: {
    column: 'email_change_token_current',
    sentAt: 'email_change_sent_at',
    type: 'email_change_token_current',
  },
} as const;

export type TokenSlot = keyof typeof SLOTS;

/** GoTrue's crypto.GenerateTokenHash: sha224 hex of e-mail + OTP. */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

function newOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

/** 429 over_email_send_rate_limit when the last e-mail of this kind is younger than max_frequency. */
export function assertCanSend(env: AuthEnv, sentAt: Date | null): void {
  if (!sentAt || env.maxFrequencyMs <= 0) return;
  const wait = new Date(sentAt).getTime() + env.maxFrequencyMs - Date.now();
  if (wait > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
    );
  }
}

export interface IssuedToken {
  otp: string;
  /** Stored hash, with the `pkce_` prefix for PKCE flows: what the link carries as `token`. */
  hash: string;
}

/** Stores a fresh token for `slot` (column, *_sent_at and auth.one_time_tokens row). */
export async function issueToken(
  env: AuthEnv,
  q: Queryable,
  user: UserRow,
  slot: TokenSlot,
  options: { pkce?: boolean; relatesTo?: string; skipRateLimit?: boolean } = {},
): Promise<IssuedToken> {
  const { column, sentAt, type } = SLOTS[slot];
  if (!options.skipRateLimit) assertCanSend(env, user[sentAt]);
  const relatesTo = options.relatesTo ?? user.email ?? '';
  const otp = newOtp(env.config.email.otp_length);
  const hash = (options.pkce ? 'pkce_' : '') + tokenHash(relatesTo, otp);
  await q.query(`update auth.users set ${column} = $2, ${sentAt} = now(), updated_at = now() where id = $1`, [
    user.id,
    hash,
  ]);
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), user.id, type, hash, relatesTo],
  );
  return { otp, hash };
}

export async function clearToken(q: Queryable, userId: string, slot: TokenSlot): Promise<void> {
  const { column, type } = SLOTS[slot];
  await q.query(`update auth.users set ${column} = '', updated_at = now() where id = $1`, [userId]);
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
}

/** Verify-link type carried in the e-mail for each mail kind. */
const LINK_TYPE: Record<MailKind, string> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_new: 'email_change',
  email_change_current: 'email_change',
};

export function verifyLink(env: AuthEnv, hash: string, kind: MailKind, redirectTo: string): string {
  const params = new URLSearchParams({ token: hash, type: LINK_TYPE[kind], redirect_to: redirectTo });
  return `${env.externalUrl()}/verify?${params.toString()}`;
}

/**
 * The email for `kind`, through config.toml's templates when there are some. `userMetadata` is
 * the templates' `.Data` (the language chosen at sign-up, for instance).
 */
export function composeMail(
  env: AuthEnv,
  kind: MailKind,
  to: string,
  token: IssuedToken,
  redirectTo: string,
  newEmail?: string,
  userMetadata?: unknown,
): Email {
  const link = verifyLink(env, token.hash, kind, redirectTo);
  return renderConfiguredMail(kind, to, link, token.otp, newEmail, {
    templates: env.config.email.template ?? {},
    data: {
      ConfirmationURL: link,
      Token: token.otp,
      TokenHash: token.hash,
      SiteURL: env.config.site_url,
      RedirectTo: redirectTo,
      Email: to,
      NewEmail: newEmail ?? '',
      Data: typeof userMetadata === 'object' && userMetadata !== null ? userMetadata : {},
    },
  });
}

/** Sends after the transaction committed (the inbox writes through the same single connection). */
export async function sendAll(env: AuthEnv, mails: Email[]): Promise<void> {
  for (const mail of mails) await env.ctx.mailer.send(mail);
}
