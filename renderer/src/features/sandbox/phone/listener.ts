/**
 * The caller's ears: the browser's speech recognition stands in for Twilio's speech-to-text. Its
 * interim results mean the caller is talking (barge-in); a final result is the caller's prompt.
 * Browsers without it (Firefox, headless Chromium) get the typed fallback instead.
 */
export interface CallerListener {
  start(language: string): void;
  stop(): void;
}

export interface ListenerEvents {
  /** The caller is talking: an interim result of a few words. */
  onSpeech(text: string): void;
  /** A finished utterance. */
  onUtterance(text: string): void;
  /** Recognition failed for good (microphone denied, service unavailable). */
  onFailure(): void;
}

/** What is used of SpeechRecognition (not in TypeScript's DOM library; injected for tests). */
export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}

type RecognitionConstructor = new () => RecognitionLike;

/** Words heard before the agent is cut off: a cough or one echoed word is not a barge-in. */
const BARGE_IN_WORDS = 2;
// Errors after which restarting cannot help.
const FATAL = new Set(['not-allowed', 'service-not-allowed', 'audio-capture', 'language-not-supported']);

export function recognitionConstructor(scope: unknown = globalThis): RecognitionConstructor | null {
  const s = scope as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return s.SpeechRecognition ?? s.webkitSpeechRecognition ?? null;
}

export function createCallerListener(Recognition: RecognitionConstructor, events: ListenerEvents): CallerListener {
  let recognition: RecognitionLike | null = null;
  let wanted = false;

  const open = (language: string) => {
    const r = new Recognition();
    r.lang = language;
    r.continuous = true;
    r.interimResults = true;
    r.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        if (!result) continue;
        const text = result[0].transcript.trim();
        if (result.isFinal) {
          if (text) events.onUtterance(text);
        } else if (text.split(/\s+/).length >= BARGE_IN_WORDS) {
          events.onSpeech(text);
        }
      }
    };
    r.onerror = (event) => {
      if (!FATAL.has(event.error)) return;
      wanted = false;
      events.onFailure();
    };
    // Browsers stop continuous recognition after a silence: keep listening while the call lasts.
    r.onend = () => {
      if (wanted && recognition === r) {
        try {
          r.start();
        } catch {
          wanted = false;
          events.onFailure();
        }
      }
    };
    recognition = r;
    r.start();
  };

  return {
    start(language) {
      const previous = recognition;
      recognition = null;
      previous?.abort();
      wanted = true;
      try {
        open(language);
      } catch {
        wanted = false;
        events.onFailure();
      }
    },
    stop() {
      wanted = false;
      const r = recognition;
      recognition = null;
      r?.abort();
    },
  };
}
