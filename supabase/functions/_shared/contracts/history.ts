/**
 * Call history, contacts and the conversations inbox: the figures and naming rules the console, the
 * Electron recordings library and the tests share. The lists themselves are SQL functions
 * (call_history, contact_cards, contact_timeline, conversation_inbox); LIST_MAX_PAGE_SIZE and
 * INBOX_MAX_PAGE_SIZE restate their page caps.
 */
import { z } from 'zod';

/** Call list page size 20 and a 5-minute cache keyed by user, search and range. */
export const CALL_HISTORY_PAGE_SIZE = 20;
export const CALL_LIST_CACHE_MS = 300_000;
/** Search debounce. */
export const HISTORY_SEARCH_DEBOUNCE_MS = 300;

/** Period filter, 7d by default. */
export const CALL_PERIODS = ['24h', '7d', '30d'] as const;
export type CallPeriod = (typeof CALL_PERIODS)[number];
export const DEFAULT_CALL_PERIOD: CallPeriod = '7d';
const periodMs: Record<CallPeriod, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

/** The start of a period ending at `now`. */
export function periodStart(period: CallPeriod, now: Date): Date {
  return new Date(now.getTime() - periodMs[period]);
}

/**
 * The statuses of the calls the history lists: every finished call, answered or not (a missed,
 * busy or failed call is one to call back). Live ones (queued, ringing, in progress) are not
 * history yet. SQL twin: call_history's status list and private.call_history_statuses()
 * (tests/integration/history proves both agree). A browser call is only completed or failed.
 */
export const CALL_HISTORY_STATUSES = ['completed', 'no-answer', 'busy', 'failed', 'canceled'] as const;
export type CallHistoryStatus = (typeof CALL_HISTORY_STATUSES)[number];
export const callHistoryStatusSchema = z.enum(CALL_HISTORY_STATUSES);

/**
 * The search parameter of a link to one call in the history (`/calls?call={id}`): the page opens
 * that call's details. Notifications and alert emails link there (SQL: private.call_route).
 */
export const CALL_LINK_PARAM = 'call';

/** 'gsm': a phone call through the telephony provider; 'voice': a browser voice call. */
export const CALL_KINDS = ['gsm', 'voice'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The recording's file extension: the file's own (from its storage name, else its MIME type),
 * falling back to mp3 for a phone call and mp4 for a browser call.
 */
export function recordingExtension(kind: CallKind, path: string | null, mime: string | null = null): string {
  const fromPath = /\.([a-z0-9]{2,5})$/i.exec(path ?? '')?.[1];
  if (fromPath) return fromPath.toLowerCase();
  const fromMime = /^audio\/(?:x-)?([a-z0-9]+)/i.exec(mime ?? '')?.[1]?.toLowerCase();
  if (fromMime) return fromMime === 'mpeg' ? 'mp3' : fromMime;
  return kind === 'gsm' ? 'mp3' : 'mp4';
}

/** `{type}-call-{yyyy-MM-dd-HH-mm-ss}.{ext}`, the call's start in local time. */
export function recordingDownloadName(
  kind: CallKind,
  startedAt: Date,
  path: string | null,
  mime: string | null = null,
): string {
  const d = startedAt;
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}-${pad(
    d.getMinutes(),
  )}-${pad(d.getSeconds())}`;
  return `${kind}-call-${stamp}.${recordingExtension(kind, path, mime)}`;
}

/** Durations in history read m:ss. */
export function formatCallDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${pad(whole % 60)}`;
}

/** Channels of a conversation (conversations.channel). */
export const CONVERSATION_CHANNELS = ['web_chat', 'web_voice', 'phone', 'whatsapp', 'sandbox'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];
export const conversationChannelSchema = z.enum(CONVERSATION_CHANNELS);
/**
 * The inbox's channels (conversation_inbox.filter_channel): visitors' channels only. The owner's
 * sandbox tests stay out of the inbox, as out of every dashboard and the call history.
 */
export const INBOX_CHANNELS = ['web_chat', 'web_voice', 'phone', 'whatsapp'] as const;
export type InboxChannel = (typeof INBOX_CHANNELS)[number];

/** The inbox's rating filter (conversation_inbox.filter_rating); positive = satisfaction ≥ 0.5. */
export const RATING_FILTERS = ['rated', 'unrated', 'positive', 'negative'] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];

export const INBOX_PAGE_SIZE = 20;
export const CONTACTS_PAGE_SIZE = 24;

/** The most rows call_history and contact_cards serve in one page (their SQL `least(…, 100)`). */
export const LIST_MAX_PAGE_SIZE = 100;
/** The most rows conversation_inbox serves in one page (its SQL `least(…, 1000)`). */
export const INBOX_MAX_PAGE_SIZE = 1000;
/**
 * An export walks a filtered list's keyset pages until they run out, up to this many rows: the
 * file is built in the browser's memory, so a bigger history is exported a date range at a time.
 */
export const EXPORT_ROW_CAP = 10_000;

/**
 * The messages.metadata key that marks a message the owner wrote to the visitor themselves (a
 * WhatsApp reply typed in /messages), as opposed to the agent's answers: transcripts label it as
 * the owner's. Written by the whatsapp-webhook function, read by the console's transcripts.
 */
export const OWNER_MESSAGE_FLAG = 'sentByOwner';

/** Whether a message's metadata says the owner wrote it. */
export function isOwnerMessage(metadata: unknown): boolean {
  return (
    typeof metadata === 'object' &&
    metadata !== null &&
    (metadata as Record<string, unknown>)[OWNER_MESSAGE_FLAG] === true
  );
}
