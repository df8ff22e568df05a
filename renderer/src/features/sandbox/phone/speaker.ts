/**
 * The agent's voice in the sandbox phone call: Twilio's text-to-speech stands in for the browser's
 * speechSynthesis. What matters to the protocol is what the caller actually heard when they cut
 * the agent off (`utteranceUntilInterrupt`), so a speaker reports it.
 */
export interface AgentSpeaker {
  /** A new reply (the welcome line or a talk cycle) starts, in this language. */
  begin(language: string): void;
  /** More of the reply, as the tokens arrive. */
  push(text: string): void;
  /** The reply is complete: voice what is still buffered. */
  end(): void;
  /** Silences it at once; the part of the current reply that was heard. */
  stop(): string;
  /** Audio is queued or playing. */
  busy(): boolean;
  /** Called when the speaker falls silent by itself. */
  onIdle(listener: () => void): void;
}

/** No voice (a browser without speech synthesis): the caller "hears" what is shown, at once. */
export function createTextOnlySpeaker(): AgentSpeaker {
  let text = '';
  return {
    begin: () => void (text = ''),
    push: (more) => void (text += more),
    end: () => {},
    stop: () => text,
    busy: () => false,
    onIdle: () => {},
  };
}

/** What the speaker needs of `window.speechSynthesis` and its utterances (injected for tests). */
export interface SynthesisLike {
  speak(utterance: UtteranceLike): void;
  cancel(): void;
  getVoices(): VoiceLike[];
}
export interface VoiceLike {
  name: string;
  lang: string;
}
export interface UtteranceLike {
  text: string;
  lang: string;
  voice: VoiceLike | null;
  onstart: (() => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  onboundary: ((event: { charIndex: number; charLength?: number }) => void) | null;
}

export interface SynthesisSpeakerOptions {
  synthesis: SynthesisLike;
  createUtterance: (text: string) => UtteranceLike;
  gender: 'male' | 'female';
  /** An utterance that has not started by then counts as heard (a browser whose TTS never plays). */
  startTimeoutMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

// A sentence ends at . ! ? … or a line break followed by white space: at the end of what has come
// so far it may not have ended ("3." then "5 euros"); end() voices the rest.
const SENTENCE_END = /[.!?…\n](?=\s)/g;

/** The index just past the last sentence end in `text` from `from`, or -1. */
export function lastSentenceEnd(text: string, from: number): number {
  let end = -1;
  SENTENCE_END.lastIndex = from;
  for (let m = SENTENCE_END.exec(text); m; m = SENTENCE_END.exec(text)) end = m.index + 1;
  return end;
}

const FEMALE =
  /female|woman|zira|samantha|victoria|karen|moira|tessa|fiona|susan|amelie|audrey|aurelie|hortense|julie|denise|marie|virginie/i;
const MALE = /\bmale\b|\bman\b|david|mark|alex|daniel|thomas|fred|george|henri|claude|paul|guy|nicolas|arthur/i;

/**
 * The voice for a language and the agent's gender, as Twilio's voice attribute picks one per
 * language: the exact language first, then the same language in any region; a voice whose name
 * says the gender is preferred. Null: let the browser choose for `lang`.
 */
export function pickVoice(voices: readonly VoiceLike[], language: string, gender: 'male' | 'female'): VoiceLike | null {
  const lang = language.toLowerCase().replace('_', '-');
  const family = lang.split('-')[0] ?? lang;
  const norm = (v: VoiceLike) => v.lang.toLowerCase().replace('_', '-');
  const exact = voices.filter((v) => norm(v) === lang);
  const same = voices.filter((v) => (norm(v).split('-')[0] ?? '') === family);
  const candidates = exact.length > 0 ? exact : same;
  const wanted = gender === 'female' ? FEMALE : MALE;
  // "Female" contains "male": a male match must not also say female.
  const matches = (v: VoiceLike) => wanted.test(v.name) && (gender === 'female' || !FEMALE.test(v.name));
  return candidates.find(matches) ?? candidates[0] ?? null;
}

/**
 * speechSynthesis as the agent's voice. Tokens are voiced a sentence at a time (as Twilio's TTS
 * buffers sentences); word boundary events say how far the caller has heard.
 */
export function createSynthesisSpeaker(options: SynthesisSpeakerOptions): AgentSpeaker {
  const { synthesis } = options;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let text = '';
  let language = 'en-US';
  let queuedTo = 0;
  let heard = 0;
  let pending = 0;
  // Cancelling fires the handlers of queued utterances: they belong to an older generation.
  let generation = 0;
  const idle = new Set<() => void>();

  const settle = (gen: number, to: number) => {
    if (gen !== generation) return;
    heard = Math.max(heard, to);
    pending -= 1;
    if (pending === 0) for (const listener of idle) listener();
  };

  const speak = (from: number, to: number) => {
    const chunk = text.slice(from, to);
    queuedTo = to;
    if (chunk.trim() === '') {
      heard = Math.max(heard, to);
      return;
    }
    const gen = generation;
    const utterance = options.createUtterance(chunk);
    utterance.lang = language;
    utterance.voice = pickVoice(synthesis.getVoices(), language, options.gender);
    const watchdog = setTimer(() => settle(gen, to), options.startTimeoutMs ?? 3_000);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimer(watchdog);
      settle(gen, to);
    };
    utterance.onstart = () => clearTimer(watchdog);
    utterance.onboundary = (event) => {
      if (gen !== generation) return;
      // The word being spoken counts as heard.
      const word = event.charLength ?? /^\S*/.exec(chunk.slice(event.charIndex))?.[0].length ?? 0;
      heard = Math.max(heard, Math.min(to, from + event.charIndex + word));
    };
    utterance.onend = finish;
    utterance.onerror = finish;
    pending += 1;
    synthesis.speak(utterance);
  };

  const silence = () => {
    generation += 1;
    pending = 0;
    synthesis.cancel();
  };

  return {
    begin(lang) {
      silence();
      language = lang;
      text = '';
      queuedTo = 0;
      heard = 0;
    },
    push(more) {
      text += more;
      const end = lastSentenceEnd(text, queuedTo);
      if (end > queuedTo) speak(queuedTo, end);
    },
    end() {
      if (text.length > queuedTo) speak(queuedTo, text.length);
    },
    stop() {
      const wasHeard = text.slice(0, heard).trimEnd();
      silence();
      return wasHeard;
    },
    busy: () => pending > 0,
    onIdle: (listener) => void idle.add(listener),
  };
}

/** The browser's voice when it has one (headless browsers have no voices), else text only. */
export function browserSpeaker(gender: 'male' | 'female'): { speaker: AgentSpeaker; voiced: boolean } {
  const synthesis = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synthesis || typeof SpeechSynthesisUtterance === 'undefined' || synthesis.getVoices().length === 0) {
    return { speaker: createTextOnlySpeaker(), voiced: false };
  }
  const speaker = createSynthesisSpeaker({
    synthesis: synthesis as unknown as SynthesisLike,
    createUtterance: (text) => new SpeechSynthesisUtterance(text) as unknown as UtteranceLike,
    gender,
  });
  return { speaker, voiced: true };
}
