/**
 * The one interface every AI provider implements: OpenAI, an OpenAI-compatible server, offline.
 *
 * Runs in Deno edge functions and in Node (local stack, tests): Web-standard types only.
 * Providers never read the environment themselves; the factory receives it.
 */
import { DEFAULT_CALL_MODEL, DEFAULT_TEXT_MODEL } from '../contracts/ai-models.ts';

/** A tool the model may call, in provider-neutral form (becomes an OpenAI function definition). */
export interface FunctionTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: JsonSchemaObject;
}

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean;
}

export interface ToolCall {
  /** Provider call id, echoed back in the tool result message. */
  id: string;
  name: string;
  /** The raw JSON text the model produced; parse it with care, models emit invalid JSON at times. */
  arguments: string;
}

/**
 * An image shown to the model with a user's turn: a `data:` URL of the bytes, or a short-lived
 * signed URL of a private object (never a URL that needs our provider credentials).
 */
export interface ChatImage {
  url: string;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  /** `images` only reach models that see (contracts/ai-models.ts modelSeesImages); others ignore them. */
  | { role: 'user'; content: string; images?: ChatImage[] }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A knowledge passage the engine retrieved for this turn. */
export interface KnowledgePassage {
  documentId: string;
  name: string;
  text: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: FunctionTool[];
  temperature?: number;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  /**
   * What the engine knows about this turn. Model-backed providers ignore it (the passages are
   * already in the system prompt); the offline provider answers from it.
   */
  grounding?: { passages: KnowledgePassage[]; language: string };
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** Attached to every result so replies can be labelled (offline answers are shown as such). */
export interface ResultMetadata {
  provider: ProviderKind;
  model: string;
  offline: boolean;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'other';

export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  /** Emitted once per call, complete (argument fragments already joined). */
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'done'; finishReason: FinishReason; usage: TokenUsage | null; metadata: ResultMetadata };

export interface ChatResult {
  text: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage: TokenUsage | null;
  metadata: ResultMetadata;
}

export interface EmbeddingRequest {
  model: string;
  /** Non-empty strings; at most `capabilities.maxEmbeddingBatch` of them. */
  inputs: string[];
  signal?: AbortSignal;
}

export interface EmbeddingResult {
  /** One unit-length vector per input, in input order. */
  vectors: number[][];
  dimensions: number;
  usage: { promptTokens: number; totalTokens: number } | null;
  metadata: ResultMetadata;
}

export interface TranscriptionRequest {
  model: string;
  audio: Blob;
  /** The extension tells the provider the audio format (e.g. `message.webm`). */
  fileName: string;
  /** ISO-639-1 hint. */
  language?: string;
  signal?: AbortSignal;
}

export interface TranscriptionResult {
  text: string;
  metadata: ResultMetadata;
}

/** Text to speech (OpenAI `audio.speech`). */
export interface SpeechRequest {
  model: string;
  text: string;
  /** A provider voice name (e.g. `marin`). */
  voice: string;
  /** `opus` is Ogg/Opus: what WhatsApp plays as a voice note. */
  format: 'opus' | 'mp3';
  instructions?: string;
  signal?: AbortSignal;
}

export interface SpeechResult {
  audio: Blob;
  /** The MIME type of `audio` (`audio/ogg` for opus, `audio/mpeg` for mp3). */
  contentType: string;
  metadata: ResultMetadata;
}

export type ProviderKind = 'openai' | 'openai-compatible' | 'offline';

export interface ProviderCapabilities {
  chat: boolean;
  tools: boolean;
  embeddings: boolean;
  transcription: boolean;
  /** Speech-to-speech sessions (browser voice, phone). Only OpenAI itself offers them. */
  realtime: boolean;
  /** True when answers come from extraction, not a model. */
  offline: boolean;
  /** Text to speech (`synthesizeSpeech`); absent means no. Only OpenAI itself offers it. */
  speech?: boolean;
  maxEmbeddingBatch: number;
  embeddingDimensions: number;
}

export interface AiProvider {
  readonly kind: ProviderKind;
  readonly capabilities: ProviderCapabilities;
  /** Streams one completion. Throws ProviderError; never retries once a delta has been yielded. */
  streamChat(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
  /** Convenience: the whole completion at once (built on streamChat). */
  completeChat(request: ChatRequest): Promise<ChatResult>;
  embed(request: EmbeddingRequest): Promise<EmbeddingResult>;
  transcribe(request: TranscriptionRequest): Promise<TranscriptionResult>;
  /** Providers with `capabilities.speech` only. */
  synthesizeSpeech?(request: SpeechRequest): Promise<SpeechResult>;
  /**
   * Extractive providers (offline) only: the ids of the grounding documents the reply to `request`
   * quotes, known before it streams; empty when the reply is a refusal. The turn then cites those
   * documents and no others.
   */
  quotedDocuments?(request: ChatRequest): string[];
}

/** Model names from platform settings (admin "AI models"). */
export interface ModelSettings {
  chatModel: string;
  whatsappModel: string;
  internalCallModel: string;
  gsmCallModel: string;
  embeddingModel: string;
  transcriptionModel: string;
}

/** The models used until an admin picks others in platform settings. */
export const DEFAULT_MODEL_SETTINGS: ModelSettings = {
  chatModel: DEFAULT_TEXT_MODEL,
  whatsappModel: DEFAULT_TEXT_MODEL,
  internalCallModel: DEFAULT_CALL_MODEL,
  gsmCallModel: DEFAULT_CALL_MODEL,
  embeddingModel: 'text-embedding-3-small',
  transcriptionModel: 'whisper-1',
};

/** The text-to-speech model of WhatsApp voice-note replies (it speaks the realtime voices: marin, cedar). */
export const SPEECH_MODEL = 'gpt-4o-mini-tts';

export const EMBEDDING_DIMENSIONS = 1536;
