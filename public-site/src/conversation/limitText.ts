import { waitOf, windowOf, type LimitRefusal, type Wait } from '@contracts/limit-refusal.ts';
import { conversationText, type ConversationKey, type ConversationLocale } from './messages.ts';

/**
 * A refusal of the conversation UI (chat or call) in the visitor's language, naming the limit
 * the server gave (contracts/limit-refusal.ts) and when to try again; null when the refusal
 * carries no limit (the caller keeps its own text).
 */
const WAIT_KEYS: Record<Wait['unit'], [ConversationKey, ConversationKey]> = {
  seconds: ['waitSecond', 'waitSeconds'],
  minutes: ['waitMinute', 'waitMinutes'],
  hours: ['waitHour', 'waitHours'],
};

export function waitText(locale: ConversationLocale, wait: Wait): string {
  const [one, other] = WAIT_KEYS[wait.unit];
  return conversationText(locale, wait.count === 1 ? one : other, { count: String(wait.count) });
}

export function formatCount(locale: ConversationLocale, value: number): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-US').format(value);
}

export function limitText(
  locale: ConversationLocale,
  limit: LimitRefusal | null,
  retryAfterSeconds: number | null = null,
): string | null {
  const seconds = limit?.retryAfterSeconds ?? retryAfterSeconds;
  const params: Record<string, string> = {
    ...(limit ? { max: formatCount(locale, limit.max) } : {}),
    ...(limit?.perMinute !== undefined ? { perMinute: formatCount(locale, limit.perMinute) } : {}),
    ...(limit?.windowSeconds !== undefined ? { window: waitText(locale, windowOf(limit.windowSeconds)) } : {}),
    ...(seconds !== null && seconds !== undefined ? { wait: waitText(locale, waitOf(seconds)) } : {}),
  };
  const say = (key: ConversationKey) => conversationText(locale, key, params);
  if (!limit) return seconds !== null && seconds !== undefined ? say('limitRetry') : null;
  switch (limit.kind) {
    case 'message_length':
      return say('limitMessageLength');
    case 'chat_messages':
      return say(
        limit.scope === 'agent'
          ? 'limitChatAgent'
          : limit.scope === 'address'
            ? 'limitChatAddress'
            : 'limitChatVisitor',
      );
    case 'new_conversations':
      return say('limitNewConversations');
    case 'conversation_messages':
      return say('limitConversationMessages');
    case 'voice_calls':
      return say(
        limit.concurrent ? 'limitCallsConcurrent' : limit.scope === 'agent' ? 'limitCallsAgent' : 'limitCallsStarted',
      );
    default:
      return seconds !== null && seconds !== undefined ? say('limitRetry') : null;
  }
}
