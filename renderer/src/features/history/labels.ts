import type { CallKind, CallPeriod, ConversationChannel, RatingFilter } from '@contracts/history.ts';
import type { CallStatus } from '@contracts/phone.ts';
import type { ConsoleKey } from '../../i18n/keys.ts';
import type { AudioErrorKind } from './audioErrors.ts';

/** The message key of each value the history screens show as a word; every key is type-checked. */
export const CHANNEL_LABEL = {
  web_chat: 'history:channels.web_chat',
  web_voice: 'history:channels.web_voice',
  phone: 'history:channels.phone',
  whatsapp: 'history:channels.whatsapp',
  sandbox: 'history:channels.sandbox',
} as const satisfies Record<ConversationChannel, ConsoleKey>;

export const ROLE_LABEL = {
  user: 'history:roles.user',
  assistant: 'history:roles.assistant',
  owner: 'history:roles.owner',
  system: 'history:roles.system',
} as const satisfies Record<'user' | 'assistant' | 'owner' | 'system', ConsoleKey>;

export const RATING_LABEL = {
  rated: 'history:inbox.ratings.rated',
  unrated: 'history:inbox.ratings.unrated',
  positive: 'history:inbox.ratings.positive',
  negative: 'history:inbox.ratings.negative',
} as const satisfies Record<RatingFilter, ConsoleKey>;

export const CALL_STATUS_LABEL = {
  queued: 'history:calls.status.queued',
  ringing: 'history:calls.status.ringing',
  in_progress: 'history:calls.status.in_progress',
  completed: 'history:calls.status.completed',
  failed: 'history:calls.status.failed',
  canceled: 'history:calls.status.canceled',
  busy: 'history:calls.status.busy',
  'no-answer': 'history:calls.status.no-answer',
} as const satisfies Record<CallStatus, ConsoleKey>;

export const CALL_KIND_LABEL = {
  gsm: 'history:calls.kind.gsm',
  voice: 'history:calls.kind.voice',
} as const satisfies Record<CallKind, ConsoleKey>;

export const CALL_PERIOD_LABEL = {
  '24h': 'history:calls.period.24h',
  '7d': 'history:calls.period.7d',
  '30d': 'history:calls.period.30d',
} as const satisfies Record<CallPeriod, ConsoleKey>;

export const AUDIO_ERROR_LABEL = {
  load: 'history:calls.player.errors.load',
  cors: 'history:calls.player.errors.cors',
  notFound: 'history:calls.player.errors.notFound',
  forbidden: 'history:calls.player.errors.forbidden',
  network: 'history:calls.player.errors.network',
  unknown: 'history:calls.player.errors.unknown',
  visualisation: 'history:calls.player.errors.visualisation',
} as const satisfies Record<AudioErrorKind, ConsoleKey>;
