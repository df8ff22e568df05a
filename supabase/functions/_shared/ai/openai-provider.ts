/**
 * OpenAI (and OpenAI-compatible servers: Ollama, vLLM, OpenRouter) through the official SDK.
 *
 * The SDK's own retries are switched off (maxRetries: 0): we retry here so that the rule "never
 * retry once the visitor has seen a token" holds, and so that timeouts and Retry-After handling
 * are the same for every call. Retried: 429 (not insufficient_quota), 408/409/5xx, connection
 * failures. Not retried: timeouts (the visitor has already waited the whole budget), 4xx.
 */
import OpenAI, { toFile } from 'openai';
import { ProviderError } from './errors.ts';
import { DEFAULT_RETRY_POLICY, backoffDelayMs, retryAfterMs, sleep, type RetryPolicy } from './retry.ts';
import { completeFromStream } from './complete.ts';
import { validateEmbeddingInputs } from './inputs.ts';
import {
  EMBEDDING_DIMENSIONS,
  type AiProvider,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  type ChatStreamEvent,
  type EmbeddingRequest,
  type EmbeddingResult,
  type FinishReason,
  type ProviderCapabilities,
  type ResultMetadata,
  type SpeechRequest,
  type SpeechResult,
  type TokenUsage,
  type ToolCall,
  type TranscriptionRequest,
  type TranscriptionResult,
} from './types.ts';

export interface OpenAiProviderOptions {
  /** `openai-compatible` servers get text and embeddings only (no audio, no realtime). */
  kind: 'openai' | 'openai-compatible';
  apiKey: string;
  /** Must include `/v1`. Defaults to OpenAI's. */
  baseURL?: string;
  /** Injected for tests or custom transports; defaults to the global fetch. */
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Budget until response headers arrive. */
  requestTimeoutMs?: number;
  /** Longest silence tolerated inside a stream, first token included. */
  idleTimeoutMs?: number;
  random?: () => number;
}

const MAX_EMBEDDING_BATCH = 2048;

type WireMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

function toWireMessage(message: ChatMessage): WireMessage {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      // Chat Completions content parts: the text first, then each image (vision models).
      return message.images && message.images.length > 0
        ? {
            role: 'user',
            content: [
              { type: 'text', text: message.content },
              ...message.images.map((image) => ({ type: 'image_url' as const, image_url: { url: image.url } })),
            ],
          }
        : { role: 'user', content: message.content };
    case 'assistant':
      return message.toolCalls && message.toolCalls.length > 0
        ? {
            role: 'assistant',
            content: message.content,
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: call.arguments },
            })),
          }
        : { role: 'assistant', content: message.content ?? '' };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function toFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'stop':
    case 'length':
    case 'tool_calls':
    case 'content_filter':
      return reason;
    default:
      return 'other';
  }
}

/** Maps anything the SDK or fetch can throw to a ProviderError with a retry verdict. */
export function toProviderError(error: unknown, context: { timedOut: boolean; callerAborted: boolean }): ProviderError {
  if (error instanceof ProviderError) return error;
  if (context.timedOut)
    return new ProviderError('timeout', 'The AI provider did not answer in time.', { cause: error });
  if (context.callerAborted) return new ProviderError('aborted', 'The request was cancelled.', { cause: error });
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError('timeout', 'The AI provider did not answer in time.', { cause: error });
  }
  if (error instanceof OpenAI.APIUserAbortError) {
    return new ProviderError('aborted', 'The request was cancelled.', { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new ProviderError('upstream_unavailable', 'Could not reach the AI provider.', {
      retryable: true,
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    const message = `AI provider error${status ? ` ${status}` : ''}: ${error.message}`;
    if (status === 429) {
      if (error.code === 'insufficient_quota') {
        return new ProviderError('quota_exceeded', message, { status, cause: error });
      }
      return new ProviderError('rate_limited', message, { status, retryable: true, cause: error });
    }
    if (status === 401 || status === 403) return new ProviderError('auth_failed', message, { status, cause: error });
    if (status === 400 || status === 404 || status === 422) {
      return new ProviderError('bad_request', message, { status, cause: error });
    }
    // 408, 409, 5xx, and errors sent inside a stream (no status): worth another try.
    return new ProviderError('upstream_unavailable', message, { status, retryable: true, cause: error });
  }
  // Body read failures (connection dropped mid-stream: undici "terminated"), bad JSON chunks.
  const text = error instanceof Error ? error.message : String(error);
  return new ProviderError('upstream_unavailable', `AI provider connection failed: ${text}`, {
    retryable: true,
    cause: error,
  });
}

function headersOf(error: ProviderError): Headers | undefined {
  const cause = error.details.cause;
  return cause instanceof OpenAI.APIError ? (cause.headers ?? undefined) : undefined;
}

export class OpenAiProvider implements AiProvider {
  readonly kind: 'openai' | 'openai-compatible';
  readonly capabilities: ProviderCapabilities;
  private readonly client: OpenAI;
  private readonly retry: RetryPolicy;
  private readonly requestTimeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly random: () => number;

  constructor(options: OpenAiProviderOptions) {
    this.kind = options.kind;
    const isOpenAi = options.kind === 'openai';
    this.capabilities = {
      chat: true,
      tools: true,
      embeddings: true,
      transcription: isOpenAi,
      realtime: isOpenAi,
      speech: isOpenAi,
      offline: false,
      maxEmbeddingBatch: MAX_EMBEDDING_BATCH,
      embeddingDimensions: EMBEDDING_DIMENSIONS,
    };
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.random = options.random ?? Math.random;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      timeout: this.requestTimeoutMs,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      // Edge functions and tests are not browsers, but jsdom-like globals make the SDK think so.
      dangerouslyAllowBrowser: true,
    });
  }

  private metadata(model: string): ResultMetadata {
    return { provider: this.kind, model, offline: false };
  }

  async *streamChat(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const tools = request.tools && request.tools.length > 0 ? request.tools : undefined;
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming = {
      model: request.model,
      messages: request.messages.map(toWireMessage),
      stream: true,
      stream_options: { include_usage: true },
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxOutputTokens !== undefined
        ? this.kind === 'openai'
          ? { max_completion_tokens: request.maxOutputTokens }
          : { max_tokens: request.maxOutputTokens } // older compatible servers only know max_tokens
        : {}),
      ...(tools
        ? {
            tools: tools.map((tool) => ({
              type: 'function' as const,
              function: { name: tool.name, description: tool.description, parameters: { ...tool.parameters } },
            })),
            tool_choice: 'auto' as const,
          }
        : {}),
    };

    for (let attempt = 0; ; attempt++) {
      const controller = new AbortController();
      const context = { timedOut: false, callerAborted: false };
      const onCallerAbort = () => {
        context.callerAborted = true;
        controller.abort();
      };
      if (request.signal?.aborted) throw new ProviderError('aborted', 'The request was cancelled.');
      request.signal?.addEventListener('abort', onCallerAbort, { once: true });
      let emitted = false;
      try {
        const stream = await this.client.chat.completions.create(body, { signal: controller.signal });
        const iterator = stream[Symbol.asyncIterator]();
        const partialCalls = new Map<number, { id: string; name: string; arguments: string }>();
        let usage: TokenUsage | null = null;
        let finishReason: FinishReason = 'other';
        for (;;) {
          const timer = setTimeout(() => {
            context.timedOut = true;
            controller.abort();
          }, this.idleTimeoutMs);
          let step: IteratorResult<OpenAI.Chat.Completions.ChatCompletionChunk>;
          try {
            step = await iterator.next();
          } finally {
            clearTimeout(timer);
          }
          if (step.done) break;
          const chunk = step.value;
          if (chunk.usage) {
            usage = {
              promptTokens: chunk.usage.prompt_tokens,
              completionTokens: chunk.usage.completion_tokens,
              totalTokens: chunk.usage.total_tokens,
            };
          }
          const choice = chunk.choices[0];
          if (!choice) continue;
          const content = choice.delta?.content;
          if (content) {
            emitted = true;
            yield { type: 'delta', text: content };
          }
          for (const fragment of choice.delta?.tool_calls ?? []) {
            const existing = partialCalls.get(fragment.index);
            if (existing) {
              existing.arguments += fragment.function?.arguments ?? '';
              if (fragment.function?.name && !existing.name) existing.name = fragment.function.name;
            } else {
              partialCalls.set(fragment.index, {
                id: fragment.id ?? `call_${fragment.index}`,
                name: fragment.function?.name ?? '',
                arguments: fragment.function?.arguments ?? '',
              });
            }
          }
          if (choice.finish_reason) finishReason = toFinishReason(choice.finish_reason);
        }
        // The SDK ends iteration quietly when its request is aborted: a timeout or a caller abort
        // must not look like a complete (empty) reply.
        if (context.timedOut || context.callerAborted) throw toProviderError(new Error('aborted'), context);
        const calls: ToolCall[] = [...partialCalls.entries()]
          .sort(([a], [b]) => a - b)
          .map(([, call]) => call)
          .filter((call) => call.name !== '');
        for (const call of calls) {
          emitted = true;
          yield { type: 'tool_call', call };
        }
        yield { type: 'done', finishReason, usage, metadata: this.metadata(request.model) };
        return;
      } catch (error) {
        const failure = toProviderError(error, context);
        if (failure.code === 'aborted') throw failure;
        if (emitted) {
          throw new ProviderError('stream_interrupted', `The reply stream broke: ${failure.message}`, {
            status: failure.details.status,
            cause: failure,
          });
        }
        await this.waitBeforeRetry(failure, attempt, request.signal);
      } finally {
        request.signal?.removeEventListener('abort', onCallerAbort);
        // The consumer may stop early (visitor gone): close the upstream request too. After a
        // complete read this is a no-op.
        controller.abort();
      }
    }
  }

  /** Throws `failure` when no retry is due; otherwise sleeps for the backoff. */
  private async waitBeforeRetry(failure: ProviderError, attempt: number, signal?: AbortSignal): Promise<void> {
    if (!failure.retryable || attempt >= this.retry.maxRetries) throw failure;
    const delay = backoffDelayMs(attempt, this.retry, retryAfterMs(headersOf(failure)), this.random);
    if (delay === null) throw failure;
    try {
      await sleep(delay, signal);
    } catch {
      throw new ProviderError('aborted', 'The request was cancelled.');
    }
  }

  /** Non-streaming calls: same error mapping and retry rule. */
  private async withRetries<T>(signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const controller = new AbortController();
      const context = { timedOut: false, callerAborted: false };
      const onCallerAbort = () => {
        context.callerAborted = true;
        controller.abort();
      };
      if (signal?.aborted) throw new ProviderError('aborted', 'The request was cancelled.');
      signal?.addEventListener('abort', onCallerAbort, { once: true });
      try {
        return await call(controller.signal);
      } catch (error) {
        await this.waitBeforeRetry(toProviderError(error, context), attempt, signal);
      } finally {
        signal?.removeEventListener('abort', onCallerAbort);
      }
    }
  }

  completeChat(request: ChatRequest): Promise<ChatResult> {
    return completeFromStream(this.streamChat(request));
  }

  async embed(request: EmbeddingRequest): Promise<EmbeddingResult> {
    validateEmbeddingInputs(request.inputs, MAX_EMBEDDING_BATCH);
    const wantsDimensions = this.kind === 'openai' && request.model.startsWith('text-embedding-3');
    const response = await this.withRetries(request.signal, (signal) =>
      this.client.embeddings.create(
        {
          model: request.model,
          input: request.inputs,
          ...(wantsDimensions ? { dimensions: EMBEDDING_DIMENSIONS } : {}),
          // Compatible servers often do not implement base64; ask for floats explicitly.
          ...(this.kind === 'openai-compatible' ? { encoding_format: 'float' as const } : {}),
        },
        { signal },
      ),
    );
    const ordered = [...response.data].sort((a, b) => a.index - b.index);
    const vectors = ordered.map((item) => Array.from(item.embedding as ArrayLike<number>));
    if (vectors.length !== request.inputs.length) {
      throw new ProviderError(
        'upstream_unavailable',
        `Expected ${request.inputs.length} embeddings, got ${vectors.length}.`,
      );
    }
    for (const vector of vectors) {
      if (vector.length !== EMBEDDING_DIMENSIONS) {
        throw new ProviderError(
          'bad_request',
          `Embedding model "${request.model}" returns ${vector.length} dimensions; the knowledge store needs ${EMBEDDING_DIMENSIONS}.`,
        );
      }
    }
    return {
      vectors,
      dimensions: EMBEDDING_DIMENSIONS,
      usage: response.usage
        ? { promptTokens: response.usage.prompt_tokens, totalTokens: response.usage.total_tokens }
        : null,
      metadata: this.metadata(request.model),
    };
  }

  async transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
    if (!this.capabilities.transcription) {
      throw new ProviderError('unsupported', 'Transcription is not available with an OpenAI-compatible server.');
    }
    const bytes = new Uint8Array(await request.audio.arrayBuffer());
    const result = await this.withRetries(request.signal, async (signal) =>
      this.client.audio.transcriptions.create(
        {
          // A fresh file per attempt: an upload body cannot be replayed.
          file: await toFile(bytes, request.fileName, { type: request.audio.type || undefined }),
          model: request.model,
          ...(request.language ? { language: request.language } : {}),
        },
        { signal },
      ),
    );
    return { text: result.text, metadata: this.metadata(request.model) };
  }

  async synthesizeSpeech(request: SpeechRequest): Promise<SpeechResult> {
    if (!this.capabilities.speech) {
      throw new ProviderError('unsupported', 'Speech is not available with an OpenAI-compatible server.');
    }
    const response = await this.withRetries(request.signal, (signal) =>
      this.client.audio.speech.create(
        {
          model: request.model,
          voice: request.voice,
          // The API takes at most 4,096 characters; a longer reply is spoken up to there (its text goes too).
          input: request.text.slice(0, 4096),
          response_format: request.format,
          ...(request.instructions ? { instructions: request.instructions } : {}),
        },
        { signal },
      ),
    );
    const contentType = request.format === 'opus' ? 'audio/ogg' : 'audio/mpeg';
    return {
      audio: new Blob([await response.arrayBuffer()], { type: contentType }),
      contentType,
      metadata: this.metadata(request.model),
    };
  }
}
