/**
 * The browser voice call token: the page's proof that it holds one call (heartbeats, `end`, and
 * the visitor's end-of-call rating), signed by platform/signing.ts for this purpose only, so a
 * visitor cannot act on another call, nor after the token's expiry. One module because two
 * functions check it: `voice-session` (which issues it) and `agent-chat/rating`.
 */
import { z } from 'zod';
import type { FunctionEnv } from '../platform/env.ts';
import { signToken, verifyToken } from '../platform/signing.ts';

export const VOICE_CALL_TOKEN_PURPOSE = 'voice-call';
const callTokenPayloadSchema = z.object({ callId: z.string() });

/** A dedicated secret may be set; else the service key (never sent out) signs the tokens. */
export function voiceCallTokenSecret(env: Pick<FunctionEnv, 'get'>): string | undefined {
  return env.get('VOICE_CALL_TOKEN_SECRET') || env.get('SUPABASE_SERVICE_ROLE_KEY') || undefined;
}

export function signCallToken(secret: string, callId: string, expiresAtMs: number): Promise<string> {
  return signToken(VOICE_CALL_TOKEN_PURPOSE, { callId }, secret, expiresAtMs);
}

/** True when `token` was signed with `secret` for `callId` and has not expired at `nowMs`. */
export async function isTokenForCall(secret: string, callId: string, token: string, nowMs: number): Promise<boolean> {
  const check = await verifyToken(VOICE_CALL_TOKEN_PURPOSE, token, secret, nowMs);
  return check.ok && callTokenPayloadSchema.safeParse(check.payload).data?.callId === callId;
}
