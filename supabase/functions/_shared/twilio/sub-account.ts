/**
 * A Twilio sub-account: each agent's WhatsApp sender lives on one, created
 * by `whatsapp-senders` and closed by the release queue (`phone-numbers`). One definition of its
 * credentials and of the client that acts as it, so both functions speak to Twilio the same way.
 */
import { createTwilioClient, type TwilioClient } from './client.ts';
import type { TwilioConfig } from './config.ts';

/** A sub-account's own SID and auth token (secrets: agent_secrets, then the release queue). */
export interface SubAccount {
  sid: string;
  authToken: string;
}

/** The SDK client acting as the sub-account; the platform's base URL and hosts still apply. */
export function subAccountClient(config: TwilioConfig, sub: SubAccount): TwilioClient {
  return createTwilioClient({ ...config, accountSid: sub.sid, authToken: sub.authToken });
}
