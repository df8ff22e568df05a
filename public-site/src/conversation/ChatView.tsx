import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MAX_MESSAGE_LENGTH } from '@contracts/agent-chat.ts';
import { charLength, keepWithinLimit, limitLevel } from '@contracts/field-limits.ts';
import { readLimitRefusal } from '@contracts/limit-refusal.ts';
import type { AgentChatEvent } from '@contracts/conversation-events.ts';
import { browserStore, type KeyValueStore } from './session.ts';
import { formatCount, limitText } from './limitText.ts';
import { conversationText, type ConversationKey, type ConversationLocale } from './messages.ts';
import type { AgentRef, ChatChannel, ConversationEndpoint } from './api.ts';
import type { ChatMessage, ConversationState } from './state.ts';
import { useConversation } from './useConversation.ts';
import { RatingPrompt } from './rating/RatingPrompt.tsx';
import { sendRating } from './rating/ratingApi.ts';
import { useRating } from './rating/useRating.ts';
import './conversation.css';

export interface ChatViewProps {
  endpoint: ConversationEndpoint;
  agent: AgentRef & { name: string; avatarUrl?: string };
  channel: ChatChannel;
  locale: ConversationLocale;
  onBack?: () => void;
  /** Where the conversation id and visitor key live; localStorage by default. */
  store?: KeyValueStore | null;
  fetchFn?: typeof fetch;
  /** A first assistant bubble shown before any turn (not stored); replaces the empty state. */
  greeting?: string;
  /** Extra composer controls (the sandbox's microphone), given the send function. */
  composerAddon?: (controls: { send: (text: string) => Promise<boolean>; pending: boolean }) => ReactNode;
  /** Disables the input (the sandbox while a voice message is transcribed). */
  inputDisabled?: boolean;
  /** Shown under the input (the sandbox's recording errors). */
  composerNote?: ReactNode;
  onEvent?: (event: AgentChatEvent) => void;
  onStateChange?: (state: ConversationState) => void;
}

function Avatar({ name, url }: { name: string; url?: string | undefined }) {
  return url ? (
    <img className="cv-avatar" src={url} alt="" width={36} height={36} />
  ) : (
    <span className="cv-avatar cv-avatar--initial" aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

function MessageBubble({
  message,
  t,
  timeFormat,
}: {
  message: ChatMessage;
  t: (k: ConversationKey) => string;
  timeFormat: Intl.DateTimeFormat;
}) {
  const at = new Date(message.at);
  return (
    <li
      className={`cv-msg cv-msg--${message.role}${message.status === 'failed' ? ' cv-msg--failed' : ''}`}
      data-testid={`chat-message-${message.role}`}
    >
      <div className="cv-bubble">
        <p className="cv-text">{message.text}</p>
        {message.citations.length > 0 ? (
          <ul className="cv-sources" aria-label={t('sources')}>
            {message.citations.map((c, i) => (
              <li key={`${c.documentId}-${i}`} className="cv-chip" title={c.snippet} data-testid="chat-citation">
                {c.name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="cv-meta">
        {message.offline ? (
          <span className="cv-offline" title={t('offlineHint')} data-testid="chat-offline">
            {t('offline')}
          </span>
        ) : null}
        <time dateTime={message.at}>{Number.isNaN(at.getTime()) ? '' : timeFormat.format(at)}</time>
      </div>
    </li>
  );
}

/**
 * The conversation UI shared by the public page (channel web) and the console sandbox (channel
 * sandbox): header, message list with times, typing indicator, input. Enter sends, Shift+Enter
 * breaks the line, blank text is ignored and sending waits for the pending reply.
 */
export function ChatView({
  endpoint,
  agent,
  channel,
  locale,
  onBack,
  store,
  fetchFn,
  greeting,
  composerAddon,
  inputDisabled = false,
  composerNote,
  onEvent,
  onStateChange,
}: ChatViewProps) {
  const t = (key: ConversationKey, params?: Record<string, string>) => conversationText(locale, key, params);
  const [storeRef] = useState(() => (store === undefined ? browserStore() : store));
  const { state, send, visitorKey } = useConversation({
    endpoint,
    agent,
    channel,
    store: storeRef,
    apology: t('apology'),
    refusalText: (refusal) =>
      limitText(locale, readLimitRefusal(refusal.details), refusal.status === 429 ? refusal.retryAfterSeconds : null),
    ...(fetchFn ? { fetchFn } : {}),
    ...(onEvent ? { onEvent } : {}),
  });
  const [draft, setDraft] = useState('');
  const counterId = useId();
  const draftLength = charLength(draft);
  const draftLevel = limitLevel(draftLength, MAX_MESSAGE_LENGTH);
  const conversationId = state.conversationId;
  const submitRating = useCallback(
    (rating: number) => {
      if (!conversationId) return Promise.reject(new Error('no conversation yet'));
      return sendRating({ endpoint, body: { conversationId, rating }, visitorKey, ...(fetchFn ? { fetchFn } : {}) });
    },
    // The endpoint object may be rebuilt by the parent each render; its fields are what matter
    // (the access token included: a refreshed session must sign the rating, not the expired one).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [conversationId, endpoint.supabaseUrl, endpoint.anonKey, endpoint.accessToken, visitorKey, fetchFn],
  );
  const rating = useRating(submitRating);
  // Visitors rate once the agent has answered; the owner's sandbox never (its conversations are not
  // the visitors' and must not move the owner's satisfaction).
  const rateable =
    channel === 'web' &&
    conversationId !== null &&
    state.messages.some((m) => m.role === 'assistant' && m.status === 'done' && m.text !== '');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [timeFormat] = useState(
    () =>
      new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-US', {
        hour: locale === 'fr' ? '2-digit' : 'numeric',
        minute: '2-digit',
      }),
  );
  const last = state.messages.at(-1);
  const typing = state.pending && last?.role === 'assistant' && last.text === '';

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [state.messages, typing]);

  useEffect(() => inputRef.current?.focus(), []);

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  const submit = () => {
    if (draft.trim() === '' || state.pending || inputDisabled) return;
    void send(draft);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section className="cv" data-testid="chat-view" aria-label={t('messages')}>
      <header className="cv-header">
        {onBack ? (
          <button type="button" className="cv-back" onClick={onBack} aria-label={t('back')} data-testid="chat-back">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        ) : null}
        <Avatar name={agent.name} url={agent.avatarUrl} />
        <h2 className="cv-title">{agent.name}</h2>
      </header>
      <ol className="cv-list" ref={listRef} aria-live="polite">
        {greeting ? (
          <li className="cv-msg cv-msg--assistant" data-testid="chat-greeting">
            <div className="cv-bubble">
              <p className="cv-text">{greeting}</p>
            </div>
          </li>
        ) : state.messages.length === 0 ? (
          <li className="cv-empty">
            <p className="cv-empty__title">{t('emptyTitle')}</p>
            <p>{t('emptyBody', { name: agent.name })}</p>
          </li>
        ) : null}
        {state.messages.map((m) =>
          m.role === 'assistant' && m.text === '' && m.status === 'streaming' ? null : (
            <MessageBubble key={m.id} message={m} t={t} timeFormat={timeFormat} />
          ),
        )}
        {typing ? (
          <li className="cv-typing" data-testid="chat-typing" aria-label={t('typing', { name: agent.name })}>
            <span />
            <span />
            <span />
          </li>
        ) : null}
      </ol>
      {rateable ? <RatingPrompt locale={locale} subject="chat" state={rating.state} onRate={rating.rate} /> : null}
      <form
        className="cv-composer"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={inputRef}
          className="cv-input"
          rows={1}
          value={draft}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          // The server's limit: typing stops there and a paste keeps what fits.
          onChange={(e) => setDraft(keepWithinLimit(draft, e.target.value, MAX_MESSAGE_LENGTH))}
          onKeyDown={onKeyDown}
          disabled={inputDisabled}
          aria-describedby={counterId}
          data-testid="chat-input"
        />
        {composerAddon?.({ send, pending: state.pending })}
        <button
          type="submit"
          className="cv-send"
          disabled={state.pending || inputDisabled || draft.trim() === ''}
          aria-label={t('send')}
          data-testid="chat-send"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 12l16-8-6 16-2.5-6.5z" fill="currentColor" />
          </svg>
        </button>
        <p className="cv-counter" id={counterId} data-level={draftLevel} data-testid="chat-counter">
          <span data-testid="chat-counter-count">
            {t('counter', {
              count: formatCount(locale, draftLength),
              max: formatCount(locale, MAX_MESSAGE_LENGTH),
            })}
          </span>
          {draftLevel === 'full' ? (
            <span role="status" data-testid="chat-counter-full">
              {' '}
              {t('counterFull', { max: formatCount(locale, MAX_MESSAGE_LENGTH) })}
            </span>
          ) : null}
        </p>
      </form>
      {composerNote}
    </section>
  );
}
