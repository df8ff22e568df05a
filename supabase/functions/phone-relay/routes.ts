/**
 * The relay's WebSocket routes, by path under the relay base (`…/phone-relay`). Twilio's sockets
 * carry X-Twilio-Signature over the public wss URL; the owner sandbox's come from a browser and
 * are authenticated by their call token alone (source 'sandbox').
 */
import { conversationRelaySession } from './conversation-relay.ts';
import type { RelayContext } from './context.ts';
import type { RelaySessionHandler } from './socket.ts';

export interface RelayRoute {
  /** Twilio signs the upgrade: checked before upgrading (403 otherwise). */
  twilioSigned: boolean;
  start(context: RelayContext): RelaySessionHandler;
}

export const PHONE_ROUTES: Record<string, RelayRoute> = {
  '/conversation-relay': { twilioSigned: true, start: (ctx) => conversationRelaySession(ctx, 'twilio') },
  '/sandbox/conversation-relay': { twilioSigned: false, start: (ctx) => conversationRelaySession(ctx, 'sandbox') },
};
