/**
 * The per-call token that lets a relay socket speak for one call, so no socket is accepted
 * on its URL alone. The voice webhook (or the sandbox endpoint) mints it after opening the call
 * row and puts it in the TwiML `<Parameter name="callToken">` (Twilio passes it in
 * `setup.customParameters` / `start.customParameters`; never in the URL). The
 * relay accepts a socket's first frame only when the token is valid, unexpired and names the same
 * call SID as the frame. Twilio-originated sockets are also checked for `X-Twilio-Signature`.
 */
import { z } from 'zod';
import { signToken, verifyToken } from '../platform/signing.ts';

export const PHONE_CALL_TOKEN_PURPOSE = 'phone-call';
/** Calls last at most 4 h (private.voice_call_max_seconds); the token a little longer. */
export const PHONE_CALL_TOKEN_TTL_MS = (4 * 3600 + 600) * 1000;

export const phoneCallTokenSchema = z.object({
  /** calls.id */
  callId: z.string().uuid(),
  /** Twilio's CallSid, or the sandbox's own `SB…` id. */
  callSid: z.string().min(1).max(64),
  source: z.enum(['twilio', 'sandbox']),
});
export type PhoneCallTokenPayload = z.infer<typeof phoneCallTokenSchema>;

/** The secret: PHONE_CALL_TOKEN_SECRET, else the service role key (both server-only). */
export function phoneTokenSecret(env: { get(name: string): string | undefined }): string {
  const secret = env.get('PHONE_CALL_TOKEN_SECRET')?.trim() || env.get('SUPABASE_SERVICE_ROLE_KEY')?.trim();
  if (!secret) throw new Error('PHONE_CALL_TOKEN_SECRET or SUPABASE_SERVICE_ROLE_KEY must be set');
  return secret;
}

export function signPhoneCallToken(
  payload: PhoneCallTokenPayload,
  secret: string,
  nowMs = Date.now(),
): Promise<string> {
  return signToken(PHONE_CALL_TOKEN_PURPOSE, payload, secret, nowMs + PHONE_CALL_TOKEN_TTL_MS);
}

export async function verifyPhoneCallToken(
  token: string,
  secret: string,
  nowMs = Date.now(),
): Promise<PhoneCallTokenPayload | null> {
  const check = await verifyToken(PHONE_CALL_TOKEN_PURPOSE, token, secret, nowMs);
  if (!check.ok) return null;
  const parsed = phoneCallTokenSchema.safeParse(check.payload);
  return parsed.success ? parsed.data : null;
}
