import { phoneVoiceModeSchema } from '@contracts/phone.ts';
import { z } from 'zod';

/**
 * `POST twilio-voice/sandbox` (owner JWT): opens a sandbox phone call on the owner's own agent, as
 * Twilio's incoming webhook opens a real one (call row, conversation, credit reservation), and
 * answers what Twilio would get from the TwiML: where the relay is and the call's token.
 */
export const sandboxPhoneCallSchema = z.object({
  callId: z.string().uuid(),
  callSid: z.string().min(1),
  callToken: z.string().min(1),
  /** The relay's public base (wss://…, ws:// locally). */
  relayUrl: z.string().regex(/^(wss?|https?):\/\//i),
  voiceMode: phoneVoiceModeSchema,
  /** The TwiML's welcomeGreeting (Twilio speaks it, not the relay); optional until the server sends it. */
  welcomeGreeting: z.string().optional(),
});
export type SandboxPhoneCall = z.infer<typeof sandboxPhoneCallSchema>;

/** The socket a sandbox call speaks on: the relay's ConversationRelay route for browsers (no Twilio signature). */
export function sandboxRelaySocketUrl(relayUrl: string): string {
  const base = relayUrl.replace(/\/+$/, '').replace(/^http(s?):/i, 'ws$1:');
  return `${base}/sandbox/conversation-relay`;
}
