/**
 * Local language detection (no model round trip before a turn) with tinyld: pure JS, no
 * dependencies, ~600 kB of n-gram tables, runs in Deno (npm:tinyld), Node and browsers, and
 * detects the ~60 languages a business chat meets.
 *
 * Short messages ("ok", "merci", "hi") are unreliable for any detector, so they keep the
 * conversation's language, else the agent's default language.
 */
import { detectAll } from 'tinyld';

export interface LanguageDetection {
  /** ISO-639-1 code, e.g. `fr`. */
  language: string;
  /** How the language was chosen: by the detector, or a fallback for a short/unclear message. */
  source: 'detected' | 'conversation' | 'agent_default';
  confidence: number;
}

export interface DetectLanguageOptions {
  /** The agent's default language as stored (`en_US`, `fr_FR`, `fr`). */
  agentDefaultLanguage?: string | null;
  /** The language of the conversation so far, if any. */
  conversationLanguage?: string | null;
  /** Below this many letters the detector is not trusted. */
  minLetters?: number;
  /** Below this detector confidence the fallback wins. */
  minConfidence?: number;
}

/** `en_US` / `fr-FR` / `FR` → `en` / `fr`; anything unusable → null. */
export function baseLanguage(locale: string | null | undefined): string | null {
  if (!locale) return null;
  const base = locale.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(base) ? base : null;
}

function letterCount(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/** Scripts used by few languages identify them in a handful of characters (CJK, Arabic, Thai…). */
function isMostlyNonLatin(text: string): boolean {
  const letters = letterCount(text);
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return letters > 0 && latin / letters < 0.5;
}

export function detectLanguage(text: string, options: DetectLanguageOptions = {}): LanguageDetection {
  const minLetters = options.minLetters ?? 12;
  const minConfidence = options.minConfidence ?? 0.5;
  const fallback = (): LanguageDetection => {
    const conversation = baseLanguage(options.conversationLanguage);
    if (conversation) return { language: conversation, source: 'conversation', confidence: 0 };
    // Detection failure falls back to en when nothing better is known.
    return { language: baseLanguage(options.agentDefaultLanguage) ?? 'en', source: 'agent_default', confidence: 0 };
  };
  const needed = isMostlyNonLatin(text) ? Math.min(minLetters, 4) : minLetters;
  if (letterCount(text) < needed) return fallback();
  let best: { lang: string; accuracy: number } | undefined;
  try {
    best = detectAll(text)[0];
  } catch {
    return fallback();
  }
  if (!best || best.accuracy < minConfidence) return fallback();
  return { language: best.lang, source: 'detected', confidence: best.accuracy };
}
