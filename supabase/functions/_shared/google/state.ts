/**
 * The OAuth `state` parameter: who started the connection, for which agent, with which redirect
 * URI, until when; a signed token (platform/signing.ts, purpose `google-oauth-state`) so the
 * callback cannot be pointed at another agent or replayed by another user.
 * The key is GOOGLE_OAUTH_STATE_SECRET when set, else the service role key (both server-only; the
 * purpose is mixed into the key, so the token never carries anything made with the raw key).
 */
import { z } from 'zod';
import { signToken, verifyToken } from '../platform/signing.ts';

const PURPOSE = 'google-oauth-state';

const statePayload = z.object({ agentId: z.string(), userId: z.string(), redirectUri: z.string() }).strict();

export type OAuthState = z.infer<typeof statePayload> & {
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
};

export const STATE_TTL_MS = 15 * 60_000;

export function signState(state: OAuthState, secret: string): Promise<string> {
  const { expiresAt, ...payload } = state;
  return signToken(PURPOSE, payload, secret, expiresAt);
}

export type StateCheck = { ok: true; state: OAuthState } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

export async function verifyState(raw: string, secret: string, now: number): Promise<StateCheck> {
  const checked = await verifyToken(PURPOSE, raw, secret, now);
  if (!checked.ok) return checked;
  const payload = statePayload.safeParse(checked.payload);
  if (!payload.success) return { ok: false, reason: 'malformed' };
  return { ok: true, state: { ...payload.data, expiresAt: checked.expiresAt } };
}
