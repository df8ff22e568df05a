/**
 * Wire shapes of the fake OpenAI server (chat completions, embeddings, audio): request bodies it reads,
 * scripted replies, and the chunks/bodies it writes, shaped exactly like OpenAI's.
 */

export interface ChatRequestBody {
  model?: unknown;
  messages?: unknown;
  stream?: unknown;
  stream_options?: { include_usage?: unknown } | null;
  tools?: unknown;
  temperature?: unknown;
  [key: string]: unknown;
}

export interface WireMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** What the fake model says. `text` is streamed one word per chunk. */
export interface FakeChatReply {
  text?: string;
  toolCalls?: { name: string; arguments: string | Record<string, unknown>; id?: string }[];
  finishReason?: 'stop' | 'length' | 'tool_calls' | 'content_filter';
}

export type ChatScript = FakeChatReply | ((request: ChatRequestBody) => FakeChatReply);

export type FakeFault =
  /** An HTTP error with OpenAI's error body (429 may carry Retry-After). */
  | {
      kind: 'status';
      status: number;
      code?: string;
      type?: string;
      message?: string;
      retryAfterSeconds?: number;
      retryAfterMs?: number;
    }
  /** Headers and `afterChunks` content chunks are sent, then the socket is destroyed. */
  | { kind: 'drop'; afterChunks: number }
  /** A `data: {"error":…}` event inside a 200 stream after `afterChunks` chunks. */
  | { kind: 'stream-error'; afterChunks: number; message?: string }
  /** The whole response is held back for `delayMs` before the headers. */
  | { kind: 'slow'; delayMs: number };

/**
 * `realtime_calls`: `POST /v1/realtime/calls`; `realtime_hangup`: `POST /v1/realtime/calls/{id}/hangup`;
 * `speech`: `POST /v1/audio/speech`.
 */
export type FakeEndpoint = 'chat' | 'embeddings' | 'transcriptions' | 'speech' | 'realtime_calls' | 'realtime_hangup';

/** The audio `/v1/audio/speech` answers: an Ogg page header then bytes whose count grows with the input. */
export function fakeSpeech(input: string, format: string): { bytes: Uint8Array; contentType: string } {
  const magic = format === 'opus' ? 'OggS' : format === 'wav' ? 'RIFF' : 'ID3\u0004';
  const body = new TextEncoder().encode(`${magic}fake-speech:${input}`);
  const contentType =
    format === 'opus' ? 'audio/ogg' : format === 'wav' ? 'audio/wav' : format === 'aac' ? 'audio/aac' : 'audio/mpeg';
  return { bytes: body, contentType };
}

export function errorBody(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

export function defaultErrorType(status: number): string {
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** OpenAI-style usage estimate: about 4 characters per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function messageText(message: WireMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) {
    return message.content
      .map((part: unknown) =>
        part && typeof part === 'object' && 'text' in part && typeof part.text === 'string' ? part.text : '',
      )
      .join('');
  }
  return '';
}

/** The `image_url` URLs of the request's user messages, oldest first (what a vision model was shown). */
export function imageUrls(body: ChatRequestBody): string[] {
  return wireMessages(body).flatMap((message) =>
    message.role === 'user' && Array.isArray(message.content)
      ? message.content.flatMap((part: unknown) => {
          const url = (part as { type?: unknown; image_url?: { url?: unknown } }).image_url?.url;
          return (part as { type?: unknown }).type === 'image_url' && typeof url === 'string' ? [url] : [];
        })
      : [],
  );
}

const IMAGE_URL = /^(data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+=*|https:\/\/\S+)$/;

/**
 * Why OpenAI would refuse the request's content parts, or null: a user message's parts must be
 * `{type:'text', text}` or `{type:'image_url', image_url:{url}}` with an https or base64 image data URL.
 */
export function invalidContentPart(body: ChatRequestBody): string | null {
  for (const [index, message] of wireMessages(body).entries()) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as unknown[]) {
      const typed = part as { type?: unknown; text?: unknown; image_url?: { url?: unknown } };
      if (typed.type === 'text' && typeof typed.text === 'string') continue;
      if (typed.type === 'image_url' && message.role === 'user') {
        const url = typed.image_url?.url;
        if (typeof url === 'string' && IMAGE_URL.test(url)) continue;
        return `Invalid image URL in messages[${index}]: expected an https URL or a base64 data URL of a PNG, JPEG, WEBP or GIF image.`;
      }
      return `Invalid content part in messages[${index}] (type ${String(typed.type)}).`;
    }
  }
  return null;
}

export function wireMessages(body: ChatRequestBody): WireMessage[] {
  return Array.isArray(body.messages) ? (body.messages as WireMessage[]) : [];
}

/** The fake's default reply, deterministic: echo the user, or repeat what the tool said after a tool round. */
export function defaultReply(body: ChatRequestBody): FakeChatReply {
  // Trailing system/developer instructions do not change who spoke last.
  const messages = wireMessages(body).filter((message) => message.role !== 'system' && message.role !== 'developer');
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') return { text: `tool said: ${messageText(last)}` };
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  return { text: `echo: ${lastUser ? messageText(lastUser) : ''}` };
}

/** Splits text into word-sized tokens that keep their trailing space, as models stream them. */
export function streamTokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export function toolCallId(name: string, index: number, requestNumber: number): string {
  let hash = 0x811c9dc5;
  for (const char of `${name}:${index}:${requestNumber}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return `call_${(hash >>> 0).toString(36)}${index}`;
}

/** Splits a string into `parts` non-empty-ish fragments (OpenAI sends arguments in pieces). */
export function fragments(text: string, parts: number): string[] {
  if (text.length === 0) return [''];
  const size = Math.ceil(text.length / parts);
  const result: string[] = [];
  for (let i = 0; i < text.length; i += size) result.push(text.slice(i, i + size));
  return result;
}
