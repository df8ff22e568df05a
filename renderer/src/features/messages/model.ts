import {
  isKnownWhatsAppErrorCode,
  isWhatsAppFailureReason,
  whatsAppDelivery,
  type WhatsAppDelivery,
} from '@contracts/whatsapp-messages.ts';
import { Intent } from '@blueprintjs/core';

/** What the console says about a reply that could not be sent: an i18n key (messages ns) and values. */
export interface FailureText {
  key: string;
  params: Record<string, string>;
}

/**
 * Why a message failed, in the owner's words: our own refusal first (outside the window without a
 * template, monthly limit…), then Twilio's error code (63016…) explained when known, else shown as
 * it is. Null when the message did not fail.
 */
export function failureText(message: {
  direction: string;
  status: string | null;
  errorCode: string | null;
  errorReason: string | null;
}): FailureText | null {
  if (whatsAppDelivery(message) !== 'failed') return null;
  const code = message.errorCode ?? '';
  if (isWhatsAppFailureReason(message.errorReason)) {
    return { key: `messages:reason.${message.errorReason}`, params: { code } };
  }
  if (message.errorReason) return { key: 'messages:reason.other', params: { reason: message.errorReason, code } };
  if (isKnownWhatsAppErrorCode(code)) return { key: `messages:twilioError.${code}`, params: { code } };
  if (code) return { key: 'messages:twilioError.unknown', params: { code } };
  return { key: 'messages:twilioError.none', params: { code } };
}

export const deliveryIntent: Record<WhatsAppDelivery, Intent> = {
  received: Intent.NONE,
  pending: Intent.NONE,
  sent: Intent.PRIMARY,
  delivered: Intent.PRIMARY,
  read: Intent.SUCCESS,
  failed: Intent.DANGER,
};

/** The ?thread= value: the thread key the SQL function returns ("{agent id}|{number}"). */
export function parseThreadKey(key: string | null): { agentId: string | null; contact: string } | null {
  if (!key) return null;
  const bar = key.indexOf('|');
  if (bar < 0) return null;
  const contact = key.slice(bar + 1);
  if (!contact) return null;
  return { agentId: key.slice(0, bar) || null, contact };
}
