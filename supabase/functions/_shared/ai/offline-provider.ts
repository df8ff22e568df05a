/**
 * The provider used when no model key is configured: no model at all.
 *
 * Chat answers are extractive: the sentences of the retrieved knowledge passages that best match
 * the question, or a clear "I don't have that information" in the conversation's language.
 * Embeddings are feature-hashed (lexical) vectors so retrieval still works. Every result carries
 * `offline: true` so the UI can label it.
 */
import { ProviderError } from './errors.ts';
import { completeFromStream } from './complete.ts';
import { validateEmbeddingInputs } from './inputs.ts';
import { isRecordLine, splitSentences } from '../text/sentences.ts';
import { contentWords, hashedEmbedding } from '../text/lexical.ts';
import { matchTerms, matchKeys } from '../text/stemming.ts';
import { serverText, type ServerTextKey } from '../text/catalogue.ts';
import {
  EMBEDDING_DIMENSIONS,
  type AiProvider,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  type ChatStreamEvent,
  type EmbeddingRequest,
  type EmbeddingResult,
  type KnowledgePassage,
  type ProviderCapabilities,
  type ResultMetadata,
  type TranscriptionRequest,
  type TranscriptionResult,
} from './types.ts';

export const OFFLINE_CHAT_MODEL = 'offline-extractive';
export const OFFLINE_EMBEDDING_MODEL = 'offline-hashed-1536';

const MAX_ANSWER_SENTENCES = 3;
/** Share of the question's words a sentence must cover to be quoted. */
const MIN_COVERAGE = 0.34;
/** Share of the question's (inverse-frequency) weight a sentence must hold to be quoted. */
const MIN_SCORE = 0.3;
/** A sentence in the visitor's language is preferred when it scores at least this share of the best. */
const SAME_LANGUAGE_SHARE = 0.6;
/** Further sentences join the best one when they score at least this share of it. */
const SUPPORTING_SHARE = 0.7;
/** A word matched only through its concept ("open" for "closed") counts for this share of it. */
const CONCEPT_MATCH = 0.6;

type Phrase = 'noAnswer' | 'greeting' | 'toolUnavailable';

// Short fixed phrases (the server text catalogue); the engine's language detector picks the language.
const PHRASES = {
  noAnswer: 'offline.noAnswer',
  greeting: 'offline.greeting',
  toolUnavailable: 'offline.toolUnavailable',
} as const satisfies Record<Phrase, ServerTextKey>;

export function offlinePhrase(language: string, phrase: Phrase): string {
  return serverText(PHRASES[phrase], language);
}

interface CandidateSentence {
  text: string;
  keys: Set<string>;
  passageIndex: number;
  sentenceIndex: number;
  language: 'en' | 'fr' | null;
}

interface ScoredSentence extends CandidateSentence {
  /** Share of the question's weight the sentence holds. */
  relevance: number;
  /** Relevance less a small length penalty: the ranking. */
  score: number;
  coverage: number;
}

// Function words that tell English from French; enough to pick a sentence's language.
const ENGLISH_MARKERS = new Set(
  'the and are is we you our your of to in on at for with from do does not can will this that'.split(' '),
);
const FRENCH_MARKERS = new Set(
  'le la les des du et est sont nous vous notre votre nos vos de un une pour avec dans sur au aux ne pas ce cette qui que'.split(
    ' ',
  ),
);

/** English, French or unknown, from function words (short texts; no model). */
export function guessLanguage(text: string): 'en' | 'fr' | null {
  let english = 0;
  let french = 0;
  for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    if (ENGLISH_MARKERS.has(word)) english++;
    if (FRENCH_MARKERS.has(word)) french++;
  }
  if (/[àâçéèêëîïôûùüÿœ]/iu.test(text)) french += 0.5;
  if (english === french) return null;
  return english > french ? 'en' : 'fr';
}

/** A CSV row ("product: Croissant; price: 1.20") reads as a sentence: capitalised, full stop. */
function asSentence(text: string): string {
  if (!isRecordLine(text)) return text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/**
 * Picks the sentences that best answer `question`. Each question word (stemmed in English and
 * French, or a bilingual concept such as opening hours or price) weighs its inverse frequency
 * among the candidate sentences; a sentence scores the share of that weight it holds. A sentence
 * that only restates the question (a FAQ's question line, a heading) gives way to the sentence
 * after it, which holds the answer. Sentences in the visitor's language win when the documents
 * say the same in several. Sentences covering too little are dropped; the best few are returned
 * in document order.
 */
export function extractAnswer(question: string, passages: KnowledgePassage[], language = 'en'): string[] {
  return selectAnswer(question, passages, language).map((sentence) => sentence.text);
}

/** The answer's sentences with the document each comes from. */
export function selectAnswer(
  question: string,
  passages: KnowledgePassage[],
  language = 'en',
): { text: string; documentId: string }[] {
  const terms = matchTerms(question);
  if (terms.length === 0) return [];
  const questionKeys = new Set([...matchKeys(question), ...terms.flatMap((term) => term.keys)]);
  const sentences: CandidateSentence[] = passages.flatMap((passage, passageIndex) =>
    splitSentences(passage.text, language).map((text, sentenceIndex) => ({
      text,
      keys: matchKeys(text),
      passageIndex,
      sentenceIndex,
      language: guessLanguage(text),
    })),
  );
  if (sentences.length === 0) return [];
  // Rare words ("parking") tell more than words every sentence has ("hours" in an hours page).
  const weights = terms.map((term) => {
    const containing = sentences.filter((sentence) => term.keys.some((key) => sentence.keys.has(key))).length;
    return Math.log(1 + sentences.length / (1 + containing));
  });
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const scored: ScoredSentence[] = sentences.map((sentence) => {
    let weight = 0;
    let matched = 0;
    terms.forEach((term, index) => {
      const exact = term.keys.some((key) => !key.startsWith('~') && sentence.keys.has(key));
      if (exact || term.keys.some((key) => sentence.keys.has(key))) {
        weight += weights[index]! * (exact ? 1 : CONCEPT_MATCH);
        matched++;
      }
    });
    return {
      ...sentence,
      // Prefer sentences that are about the question, not long ones that mention it in passing.
      relevance: totalWeight === 0 ? 0 : weight / totalWeight,
      score: totalWeight === 0 ? 0 : weight / totalWeight - sentence.keys.size * 0.002,
      coverage: matched / terms.length,
    };
  });
  const answers: ScoredSentence[] = [];
  for (const sentence of scored) {
    // The length preference ranks sentences; it never decides whether one answers at all.
    if (sentence.coverage < MIN_COVERAGE || sentence.relevance < MIN_SCORE) continue;
    const restatesQuestion =
      sentence.text.endsWith('?') || [...sentence.keys].every((key) => questionKeys.has(key) || /^\d/.test(key));
    if (!restatesQuestion) {
      answers.push(sentence);
      continue;
    }
    const next = sentences.find(
      (other) => other.passageIndex === sentence.passageIndex && other.sentenceIndex === sentence.sentenceIndex + 1,
    );
    if (next && !next.text.endsWith('?'))
      answers.push({ ...next, relevance: sentence.relevance, score: sentence.score, coverage: sentence.coverage });
  }
  if (answers.length === 0) return [];
  answers.sort((a, b) => b.score - a.score);
  const visitor = guessLanguage(question) ?? baseLanguage(language);
  const top = answers[0]!.score;
  const inVisitorLanguage = answers.filter(
    (sentence) => sentence.language === visitor && sentence.score >= top * SAME_LANGUAGE_SHARE,
  );
  const pool = inVisitorLanguage.length > 0 ? inVisitorLanguage : answers;
  const bestScore = pool[0]!.score;
  const seen = new Set<string>();
  const best = pool
    .filter((sentence) => sentence.score >= bestScore * SUPPORTING_SHARE)
    .filter((sentence) => !seen.has(sentence.text) && seen.add(sentence.text))
    .slice(0, MAX_ANSWER_SENTENCES);
  best.sort((a, b) => a.passageIndex - b.passageIndex || a.sentenceIndex - b.sentenceIndex);
  return best.map((sentence) => ({
    text: asSentence(sentence.text),
    documentId: passages[sentence.passageIndex]!.documentId,
  }));
}

function baseLanguage(language: string): string {
  return language.toLowerCase().split(/[-_]/)[0] ?? 'en';
}

// Folded greeting words: a message made only of these gets a greeting, not "no information".
const GREETING_WORDS = new Set(
  'hello hi hey good morning afternoon evening bonjour bonsoir salut coucou hola buenos buenas dias tardes hallo guten tag morgen ciao buongiorno buonasera ola bom dia boa tarde'.split(
    ' ',
  ),
);

function isGreeting(text: string): boolean {
  // "Where are you?" is all function words but asks something: only words that ask nothing count.
  if (matchTerms(text).some((term) => term.keys.some((key) => key.startsWith('~')))) return false;
  const words = contentWords(text);
  return words.length === 0 || words.every((word) => GREETING_WORDS.has(word));
}

function lastUserText(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user') return message.content;
  }
  return '';
}

export class OfflineProvider implements AiProvider {
  readonly kind = 'offline' as const;
  readonly capabilities: ProviderCapabilities = {
    chat: true,
    tools: false,
    embeddings: true,
    transcription: false,
    realtime: false,
    offline: true,
    maxEmbeddingBatch: 2048,
    embeddingDimensions: EMBEDDING_DIMENSIONS,
  };

  private metadata(model: string): ResultMetadata {
    return { provider: 'offline', model, offline: true };
  }

  /** The whole reply and the documents it quotes, decided before the first delta (no model). */
  private reply(request: ChatRequest): { text: string; documentIds: string[] } {
    const turnLanguage = request.grounding?.language ?? 'en';
    const last = request.messages[request.messages.length - 1];
    // A follow-up after tools: the offline provider never asks for tools, so this only happens
    // if a caller mixes providers; say plainly that nothing was done.
    if (last?.role === 'tool') return { text: offlinePhrase(turnLanguage, 'toolUnavailable'), documentIds: [] };
    const question = lastUserText(request.messages);
    // Short questions often defeat language detection; between English and French the question's
    // own function words decide the fixed phrases.
    const guessed = guessLanguage(question);
    const language = guessed && ['en', 'fr'].includes(baseLanguage(turnLanguage)) ? guessed : turnLanguage;
    if (isGreeting(question)) return { text: offlinePhrase(language, 'greeting'), documentIds: [] };
    const sentences = selectAnswer(question, request.grounding?.passages ?? [], turnLanguage);
    if (sentences.length === 0) return { text: offlinePhrase(language, 'noAnswer'), documentIds: [] };
    return {
      text: sentences.map((sentence) => sentence.text).join(' '),
      documentIds: [...new Set(sentences.map((sentence) => sentence.documentId))],
    };
  }

  answer(request: ChatRequest): string {
    return this.reply(request).text;
  }

  quotedDocuments(request: ChatRequest): string[] {
    return this.reply(request).documentIds;
  }

  async *streamChat(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    if (request.signal?.aborted) throw new ProviderError('aborted', 'The request was cancelled.');
    const text = this.answer(request);
    // Word-sized deltas so the client renders it like any other streamed reply.
    for (const piece of text.match(/\S+\s*/g) ?? []) yield { type: 'delta', text: piece };
    yield { type: 'done', finishReason: 'stop', usage: null, metadata: this.metadata(OFFLINE_CHAT_MODEL) };
  }

  completeChat(request: ChatRequest): Promise<ChatResult> {
    return completeFromStream(this.streamChat(request));
  }

  async embed(request: EmbeddingRequest): Promise<EmbeddingResult> {
    validateEmbeddingInputs(request.inputs, this.capabilities.maxEmbeddingBatch);
    return {
      vectors: request.inputs.map((input) => hashedEmbedding(input, EMBEDDING_DIMENSIONS)),
      dimensions: EMBEDDING_DIMENSIONS,
      usage: null,
      metadata: this.metadata(OFFLINE_EMBEDDING_MODEL),
    };
  }

  async transcribe(_request?: TranscriptionRequest): Promise<TranscriptionResult> {
    throw new ProviderError('unsupported', 'Transcription needs an OpenAI API key (offline mode).');
  }
}
