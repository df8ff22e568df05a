import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { AgentRef, ConversationEndpoint } from '../api.ts';
import { limitText } from '../limitText.ts';
import { conversationText, type ConversationKey, type ConversationLocale } from '../messages.ts';
import { browserStore, visitorKey } from '../session.ts';
import { RatingPrompt } from '../rating/RatingPrompt.tsx';
import { useRating } from '../rating/useRating.ts';
import { createStereoRecorder } from './recorder.ts';
import { VoiceCall, type CallEnvironment, type CallSnapshot } from './voiceCall.ts';
import './call.css';

export interface CallOverlayProps {
  endpoint: ConversationEndpoint;
  agent: AgentRef & { name: string; avatarUrl?: string };
  locale: ConversationLocale;
  onClose: () => void;
  /** Browser objects; real WebRTC by default. */
  environment?: CallEnvironment;
  /** Offer the visitor a rating once a connected call ends (public pages; never the owner's sandbox). */
  offerRating?: boolean;
}

function browserEnvironment(): CallEnvironment {
  const audio =
    typeof document === 'undefined' ? null : Object.assign(document.createElement('audio'), { autoplay: true });
  return {
    getUserMedia: () => navigator.mediaDevices.getUserMedia({ audio: true }),
    createPeerConnection: () => new RTCPeerConnection(),
    playRemote: (stream) => {
      if (audio) audio.srcObject = stream;
    },
    createRecorder: createStereoRecorder,
    visitorKey: visitorKey(browserStore()),
  };
}

const ENDED_TEXT: Record<Exclude<CallSnapshot['endReason'], 'limited' | null>, ConversationKey> = {
  no_credits: 'endedNoCredits',
  unavailable: 'endedUnavailable',
  failed: 'endedFailed',
  time_limit: 'endedTimeLimit',
};

/** Why the call ended, in the visitor's language; a start refused by a limit names it. */
function endedText(locale: ConversationLocale, state: CallSnapshot): string {
  if (state.endReason === 'limited') {
    const limit = state.limit;
    return (
      limitText(locale, limit?.refusal ?? null, limit?.retryAfterSeconds ?? null) ??
      conversationText(locale, 'endedFailed')
    );
  }
  return state.endReason ? conversationText(locale, ENDED_TEXT[state.endReason]) : '';
}

/** The call overlay: Start Call, Connecting..., Call in Progress with Recording..., End Call. */
export default function CallOverlay({
  endpoint,
  agent,
  locale,
  onClose,
  environment,
  offerRating = false,
}: CallOverlayProps) {
  const t = (key: ConversationKey, params?: Record<string, string>) => conversationText(locale, key, params);
  // One call per opened overlay. Effects may run twice (StrictMode) before anything starts, so the
  // cleanup only ends a call that has started: an idle call holds nothing to release.
  const [call] = useState(() => new VoiceCall(endpoint, agent, environment ?? browserEnvironment()));
  const state = useSyncExternalStore(call.subscribe, call.getSnapshot);
  const rating = useRating(useCallback((value: number) => call.rate(value), [call]));

  useEffect(() => {
    // Leaving the page (or closing the overlay) ends the call and releases the microphone.
    const leave = () => void call.end();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      if (call.state.status !== 'idle') void call.end();
    };
  }, [call]);

  const title =
    state.status === 'in_progress'
      ? t('inProgress')
      : state.status === 'connecting'
        ? t('connecting')
        : state.status === 'ended'
          ? t('ended')
          : t('startCall');
  const detail =
    state.status === 'in_progress'
      ? t('speaking')
      : state.status === 'ended'
        ? endedText(locale, state)
        : state.status === 'idle'
          ? t('ready')
          : t('microphoneHint');

  return (
    <section
      className={`call call--${state.status}`}
      aria-label={t('callTitle', { name: agent.name })}
      data-testid="call-overlay"
      data-status={state.status}
    >
      <button type="button" className="call__close" onClick={onClose} aria-label={t('close')} data-testid="call-close">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="call__avatar-ring">
        {agent.avatarUrl ? (
          <img className="call__avatar" src={agent.avatarUrl} alt="" width={120} height={120} />
        ) : (
          <span className="call__avatar call__avatar--initial" aria-hidden="true">
            {agent.name.charAt(0).toUpperCase()}
          </span>
        )}
      </div>
      <p className="call__name">{agent.name}</p>
      <h2 className="call__title" data-testid="call-title">
        {title}
      </h2>
      {detail ? (
        <p className="call__detail" data-testid="call-detail">
          {detail}
        </p>
      ) : null}
      {state.status === 'in_progress' && state.secondsLeft !== null ? (
        <p className="call__ends" role="status" data-testid="call-ends">
          {t('endsSoon', { minutes: String(Math.max(1, Math.ceil(state.secondsLeft / 60))) })}
        </p>
      ) : null}
      {state.recording ? (
        <p className="call__recording" data-testid="call-recording">
          <span aria-hidden="true" />
          {t('recording')}
        </p>
      ) : null}
      {offerRating && state.status === 'ended' && state.rateable ? (
        <RatingPrompt locale={locale} subject="call" state={rating.state} onRate={rating.rate} tone="dark" />
      ) : null}
      <div className="call__actions">
        {state.status === 'idle' ? (
          <button
            type="button"
            className="call__button call__button--start"
            onClick={() => void call.start()}
            data-testid="call-start"
          >
            {t('startCall')}
          </button>
        ) : null}
        {state.status === 'connecting' || state.status === 'in_progress' ? (
          <button
            type="button"
            className="call__button call__button--end"
            onClick={() => void call.end()}
            data-testid="call-end"
          >
            {t('endCall')}
          </button>
        ) : null}
        {state.status === 'ended' ? (
          <button type="button" className="call__button call__button--start" onClick={onClose}>
            {t('close')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
