/**
 * The fake Twilio used by tests: the shared server (server.ts) with every resource module installed.
 * Each module adds its routes and its own state and drivers; see each file.
 */
import { installCalls, type FakeTwilioCalls } from './calls.ts';
import { installConversationRelay } from './conversation-relay.ts';
import { startFakeTwilioServer, type FakeTwilioServer } from './server.ts';

export type FakeTwilio = FakeTwilioServer & {
  calls: FakeTwilioCalls;
  conversationRelay: ReturnType<typeof installConversationRelay>;
};

export async function startFakeTwilio(options: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilio> {
  const server = await startFakeTwilioServer(options);
  // Resource modules install themselves here (numbers.ts, calls.ts, …).
  return { ...server, calls: installCalls(server), conversationRelay: installConversationRelay(server) };
}
