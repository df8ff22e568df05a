import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { openSandboxPhoneCall } from '../api/phoneSandbox.ts';
import { createCallerListener, recognitionConstructor } from './listener.ts';
import { PhoneCall, type PhoneCallSnapshot, type PhoneSocket } from './phoneCall.ts';
import { browserSpeaker } from './speaker.ts';

export interface PhoneCallAgent {
  id: string;
  /** As stored, e.g. `en_US`. */
  defaultLanguage: string;
  voice: 'male' | 'female';
}

/**
 * The sandbox's phone call, created on the owner's click (not in an effect, so StrictMode's
 * double effects never open two calls). Closing, leaving the page or unmounting hangs it up.
 */
export function useSandboxPhoneCall(agent: PhoneCallAgent, fallbackGreeting: string) {
  const [held, setHeld] = useState<{ call: PhoneCall; voiced: boolean } | null>(null);
  const call = held?.call ?? null;

  const start = useCallback(() => {
    const { speaker, voiced } = browserSpeaker(agent.voice);
    const next = new PhoneCall(
      {
        open: () => openSandboxPhoneCall(agent.id),
        connect: (url) => new WebSocket(url) as PhoneSocket,
        speaker,
      },
      { language: agent.defaultLanguage, fallbackGreeting },
    );
    setHeld({ call: next, voiced });
    void next.start();
  }, [agent.id, agent.voice, agent.defaultLanguage, fallbackGreeting]);

  useEffect(() => {
    if (!call) return undefined;
    const leave = () => call.hangUp();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      call.hangUp();
    };
  }, [call]);

  const close = useCallback(() => setHeld(null), []);
  return { call, voiced: held?.voiced ?? false, start, close };
}

export function usePhoneCallState(call: PhoneCall): PhoneCallSnapshot {
  return useSyncExternalStore(call.subscribe, call.getSnapshot);
}

/** 'listening' | 'unsupported' (no SpeechRecognition) | 'failed' (denied, unavailable) | 'off' (not in a call). */
export type ListeningState = 'listening' | 'unsupported' | 'failed' | 'off';

/** Browser speech recognition as the caller's ears while the call is in progress, in the call's language. */
export function useCallerListening(call: PhoneCall, state: PhoneCallSnapshot): ListeningState {
  const [failed, setFailed] = useState(false);
  const supported = recognitionConstructor() !== null;
  const live = state.status === 'in_progress';
  useEffect(() => {
    const Recognition = recognitionConstructor();
    if (!live || failed || !Recognition) return undefined;
    const listener = createCallerListener(Recognition, {
      onSpeech: (text) => call.callerSpeech(text, false),
      onUtterance: (text) => call.callerSpeech(text, true),
      onFailure: () => setFailed(true),
    });
    listener.start(state.language);
    return () => listener.stop();
  }, [call, live, failed, state.language]);
  if (!supported) return 'unsupported';
  if (failed) return 'failed';
  return live ? 'listening' : 'off';
}

/** Whole seconds since the call connected, ticking while it lasts. */
export function useCallSeconds(state: PhoneCallSnapshot): number {
  const [now, setNow] = useState(() => Date.now());
  const live = state.status === 'in_progress';
  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [live]);
  if (state.connectedAt === null) return 0;
  const end = state.endedAt ?? Math.max(now, state.connectedAt);
  return Math.floor((end - state.connectedAt) / 1_000);
}

export function formatCallTime(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
