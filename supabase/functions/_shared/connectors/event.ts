/**
 * The JSON event a connector (Zapier, Make) receives when a conversation has finished, and how it
 * is signed. The signature scheme is the custom tools' one (platform/signing.ts), so an owner verifies
 * both kinds of calls the same way:
 *   x-concierge-timestamp: <unix seconds>
 *   x-concierge-signature: sha256=<hex HMAC-SHA256(agent's connector secret, `${timestamp}.${body}`)>
 *   x-concierge-event: conversation.finished
 *   x-concierge-delivery: <delivery id> (the same on every retry: receivers de-duplicate with it)
 */
import { signWebhook, verifyWebhookSignature } from '../platform/signing.ts';

export const CONNECTOR_EVENT = 'conversation.finished';

export interface ConnectorEventMessage {
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
}

export interface ConnectorEvent {
  event: typeof CONNECTOR_EVENT;
  deliveryId: string;
  connector: 'zapier' | 'make';
  agent: { id: string; name: string; subdomain: string | null };
  conversation: {
    id: string;
    channel: string;
    language: string | null;
    startedAt: string;
    endedAt: string;
    messageCount: number;
  };
  /** The caller or sender when the channel knows one (phone, WhatsApp), else null. */
  contact: { phone: string | null; firstName: string | null; lastName: string | null } | null;
  messages: ConnectorEventMessage[];
}

/** Events stay well under what Zapier and Make accept in one hook call (≈ 5 MB and 5 MB). */
export const MAX_EVENT_MESSAGES = 500;

export function signConnectorEvent(secret: string, timestamp: number, body: string): Promise<string> {
  return signWebhook(secret, timestamp, body);
}

/** What an owner's receiver (and our tests) run: constant-time compare with a 5-minute window. */
export function verifyConnectorEvent(
  secret: string,
  headers: { timestamp: string | null; signature: string | null },
  body: string,
  options: { now?: Date; toleranceSeconds?: number } = {},
): Promise<boolean> {
  return verifyWebhookSignature(secret, headers, body, options);
}

/** Retry schedule: 30 s, 2 min, 8 min, 32 min, then the delivery is marked failed. */
export const MAX_ATTEMPTS = 5;
export function backoffSeconds(attempt: number, baseSeconds = 30): number {
  return baseSeconds * 4 ** Math.max(0, attempt - 1);
}

/** Which answers are worth retrying: network failures, timeouts, 408, 429 and 5xx. */
export function isRetryable(statusCode: number | null): boolean {
  return statusCode === null || statusCode === 408 || statusCode === 429 || statusCode >= 500;
}
