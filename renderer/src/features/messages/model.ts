import { Intent } from '@blueprintjs/core';
import { messagesEn } from './locales/en.ts';

/** The fields of a message that say how its delivery went (columns of the inbound part). */
export interface DeliveryFacts {
  direction: string;
  status: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  notSentReason: string | null;
}

/** Delivery states as the console groups Twilio's statuses (and our own `not_sent`). */
export type Delivery = 'received' | 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

export function deliveryOf(message: DeliveryFacts): Delivery {
  const status = (message.status ?? '').toLowerCase();
  if (message.notSentReason || ['failed', 'undelivered', 'not_sent'].includes(status)) return 'failed';
  if (message.direction === 'inbound') return 'received';
  if (status === 'read' || status === 'delivered' || status === 'sent') return status;
  // An error code before a terminal status still means the message is not getting through.
  if (message.errorCode !== null) return 'failed';
  return 'pending';
}

export const deliveryIntent: Record<Delivery, Intent> = {
  received: Intent.NONE,
  pending: Intent.NONE,
  sent: Intent.PRIMARY,
  delivered: Intent.PRIMARY,
  read: Intent.SUCCESS,
  failed: Intent.DANGER,
};

/** What the console says about a message that did not get through: a key (messages ns) and values. */
export interface FailureText {
  key: `messages:reason.${WordedReason}` | `messages:twilioError.${WordedCode}`;
  params: Record<string, string>;
}

// The reasons and Twilio codes the console words itself are the keys of its English locale.
type WordedReason = keyof typeof messagesEn.reason;
type WordedCode = keyof typeof messagesEn.twilioError;
const isWordedReason = (reason: string): reason is WordedReason => Object.hasOwn(messagesEn.reason, reason);
const isWordedCode = (code: string): code is WordedCode => Object.hasOwn(messagesEn.twilioError, code);

/**
 * Why a message did not get through, in the owner's words: our own refusal (monthly limit, outside
 * the window without a template…), else Twilio's error code (63016…) explained when the console
 * knows it, else the code and Twilio's message as they are. Never silent: null only when the
 * message did not fail.
 */
export function failureText(message: DeliveryFacts): FailureText | null {
  if (deliveryOf(message) !== 'failed') return null;
  const code = message.errorCode === null ? '' : String(message.errorCode);
  const params = { code, message: message.errorMessage ?? '' };
  // send_failed is Twilio refusing the request: its code says more than our reason does.
  if (message.notSentReason && message.notSentReason !== 'send_failed' && isWordedReason(message.notSentReason)) {
    return { key: `messages:reason.${message.notSentReason}`, params };
  }
  if (code && isWordedCode(code)) return { key: `messages:twilioError.${code}`, params };
  if (code && message.errorMessage) return { key: 'messages:twilioError.unknownWithMessage', params };
  if (code) return { key: 'messages:twilioError.unknown', params };
  if (message.notSentReason === 'send_failed') return { key: 'messages:reason.send_failed', params };
  return { key: 'messages:twilioError.none', params };
}

/** The ?thread= value: the thread key the SQL function returns ("{agent id}|{number}"). */
export function parseThreadKey(key: string | null): { agentId: string | null; contact: string } | null {
  if (!key) return null;
  const bar = key.indexOf('|');
  if (bar < 0) return null;
  const contact = key.slice(bar + 1);
  if (!contact) return null;
  return { agentId: key.slice(0, bar) || null, contact };
}
