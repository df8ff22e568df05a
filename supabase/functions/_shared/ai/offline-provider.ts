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
import { splitSentences } from '../text/sentences.ts';
import { contentWords, hashedEmbedding, stem } from '../text/lexical.ts';
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
/** Share of the question's content words a sentence must cover to be quoted. */
const MIN_COVERAGE = 0.34;

type Phrase = 'noAnswer' | 'greeting' | 'toolUnavailable';

// Short fixed phrases; the engine's language detector picks the key. English is the fallback.
const PHRASES: Record<string, Record<Phrase, string>> = {
  en: {
    noAnswer: "I'm sorry, I don't have that information.",
    greeting: 'Hello! What would you like to know?',
    toolUnavailable: "I can't do that right now.",
  },
  fr: {
    noAnswer: "Je suis désolé, je n'ai pas cette information.",
    greeting: 'Bonjour ! Que souhaitez-vous savoir ?',
    toolUnavailable: 'Je ne peux pas faire cela pour le moment.',
  },
  es: {
    noAnswer: 'Lo siento, no tengo esa información.',
    greeting: '¡Hola! ¿Qué le gustaría saber?',
    toolUnavailable: 'No puedo hacerlo en este momento.',
  },
  de: {
    noAnswer: 'Es tut mir leid, diese Information habe ich nicht.',
    greeting: 'Hallo! Was möchten Sie wissen?',
    toolUnavailable: 'Das kann ich im Moment nicht tun.',
  },
  it: {
    noAnswer: 'Mi dispiace, non ho questa informazione.',
    greeting: 'Ciao! Cosa desidera sapere?',
    toolUnavailable: 'Non posso farlo in questo momento.',
  },
  pt: {
    noAnswer: 'Desculpe, não tenho essa informação.',
    greeting: 'Olá! O que gostaria de saber?',
    toolUnavailable: 'Não posso fazer isso agora.',
  },
};

export function offlinePhrase(language: string, phrase: Phrase): string {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return (PHRASES[base] ?? PHRASES.en!)[phrase];
}

interface ScoredSentence {
  text: string;
  score: number;
  coverage: number;
  passageIndex: number;
  sentenceIndex: number;
}

/**
 * Picks the sentences that best answer `question`: each sentence scores the IDF-weighted share of
 * the question's (stemmed) content words it contains. Sentences covering too little are dropped;
 * the best few are returned in document order so the answer reads naturally.
 */
export function extractAnswer(question: string, passages: KnowledgePassage[], language = 'en'): string[] {
  const questionStems = [...new Set(contentWords(question).map(stem))];
  if (questionStems.length === 0) return [];
  const sentences = passages.flatMap((passage, passageIndex) =>
    splitSentences(passage.text, language).map((text, sentenceIndex) => ({
      text,
      stems: new Set(contentWords(text).map(stem)),
      passageIndex,
      sentenceIndex,
    })),
  );
  if (sentences.length === 0) return [];
  // Rare words ("parking") tell more than words every sentence has ("hours" in an hours page).
  const idf = new Map<string, number>();
  for (const word of questionStems) {
    const containing = sentences.filter((sentence) => sentence.stems.has(word)).length;
    idf.set(word, Math.log(1 + sentences.length / (1 + containing)));
  }
  const totalWeight = questionStems.reduce((sum, word) => sum + (idf.get(word) ?? 0), 0);
  const scored: ScoredSentence[] = sentences.map((sentence) => {
    let weight = 0;
    let matched = 0;
    for (const word of questionStems) {
      if (sentence.stems.has(word)) {
        weight += idf.get(word) ?? 0;
        matched++;
      }
    }
    return {
      text: sentence.text,
      // Prefer sentences that are about the question, not long ones that mention it in passing.
      score: totalWeight === 0 ? 0 : weight / totalWeight - sentence.stems.size * 0.002,
      coverage: matched / questionStems.length,
      passageIndex: sentence.passageIndex,
      sentenceIndex: sentence.sentenceIndex,
    };
  });
  const best = scored
    .filter((sentence) => sentence.coverage >= MIN_COVERAGE && sentence.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_ANSWER_SENTENCES);
  best.sort((a, b) => a.passageIndex - b.passageIndex || a.sentenceIndex - b.sentenceIndex);
  const seen = new Set<string>();
  return best.map((sentence) => sentence.text).filter((text) => !seen.has(text) && seen.add(text));
}

// Folded greeting words: a message made only of these gets a greeting, not "no information".
const GREETING_WORDS = new Set(
  'hello hi hey good morning afternoon evening bonjour bonsoir salut coucou hola buenos buenas dias tardes hallo guten tag morgen ciao buongiorno buonasera ola bom dia boa tarde'.split(
    ' ',
  ),
);

function isGreeting(text: string): boolean {
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

  /** The whole reply, decided before the first delta (no model, so nothing to wait for). */
  answer(request: ChatRequest): string {
    const language = request.grounding?.language ?? 'en';
    const last = request.messages[request.messages.length - 1];
    // A follow-up after tools: the offline provider never asks for tools, so this only happens
    // if a caller mixes providers; say plainly that nothing was done.
    if (last?.role === 'tool') return offlinePhrase(language, 'toolUnavailable');
    const question = lastUserText(request.messages);
    if (isGreeting(question)) return offlinePhrase(language, 'greeting');
    const sentences = extractAnswer(question, request.grounding?.passages ?? [], language);
    return sentences.length > 0 ? sentences.join(' ') : offlinePhrase(language, 'noAnswer');
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
