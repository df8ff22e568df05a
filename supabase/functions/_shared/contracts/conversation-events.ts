/**
 * The conversation event stream (`agent-chat`), both ends, one definition: the server encodes
 * turn events as Server-Sent Events and the browser (public site, console sandbox) parses them
 * back, each event's data checked by its zod schema. Web-standard plus zod (contract module rules).
 *
 * Wire format: `event: <name>\ndata: <json>\n\n`, one event per turn step:
 *   meta  {conversationId, language, citations:[{documentId, name, snippet}], offline}
 *   delta {text}
 *   tool  {name, status: running|succeeded|failed, step?}  (several per turn: multi-step tool use)
 *   done  {messageId, usage}
 *   error {code, message}
 * Lines starting with ':' are keep-alive comments.
 */

import { z } from 'zod';
import { retryAfterHeaderSeconds } from './limit-refusal.ts';

export const citationSchema = z.object({ documentId: z.string(), name: z.string(), snippet: z.string() });
export type Citation = z.infer<typeof citationSchema>;

export const turnUsageSchema = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
  /** Model calls made for this turn (chat completions only; the query embedding is not one). */
  modelCalls: z.number(),
});
export type TurnUsage = z.infer<typeof turnUsageSchema>;

export const TOOL_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

/** The data of each event, by name. Unknown fields are kept (a newer server may add some). */
export const conversationEventSchemas = {
  meta: z.looseObject({
    conversationId: z.string(),
    language: z.string(),
    citations: z.array(citationSchema),
    offline: z.boolean(),
  }),
  delta: z.looseObject({ text: z.string() }),
  /**
   * A tool call of the turn. `step` is the model round it belongs to (1 = the first answer): the
   * model may call several tools in a row in one turn, e.g. check availability, then book.
   */
  tool: z.looseObject({ name: z.string(), status: z.enum(TOOL_STATUSES), step: z.number().int().min(1).optional() }),
  done: z.looseObject({ messageId: z.string(), usage: turnUsageSchema.nullable() }),
  error: z.looseObject({ code: z.string(), message: z.string() }),
} as const;

export type AgentChatEventName = keyof typeof conversationEventSchemas;

type EventOf<K extends AgentChatEventName> = { event: K; data: z.infer<(typeof conversationEventSchemas)[K]> };
/** One event of a conversation turn as the browser receives it. */
export type AgentChatEvent = { [K in AgentChatEventName]: EventOf<K> }[AgentChatEventName];

export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // Proxies (nginx) buffer responses unless told otherwise, which would hold back every token.
  'x-accel-buffering': 'no',
};

/** One event on the wire. JSON never contains a raw newline, so one `data:` line suffices. */
export function encodeSseEvent(event: AgentChatEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * A response body that writes each event as it comes. Cancelling the body (the visitor closed the
 * tab) stops the producer through its iterator's `return()`, so the turn can abort its model call.
 */
export function sseBody(
  events: AsyncIterable<AgentChatEvent>,
  options: { keepAliveMs?: number } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (options.keepAliveMs && options.keepAliveMs > 0) {
        keepAlive = setInterval(() => {
          try {
            controller.enqueue(encoder.encode(': keep-alive\n\n'));
          } catch {
            clearInterval(keepAlive);
          }
        }, options.keepAliveMs);
      }
    },
    async pull(controller) {
      try {
        const step = await iterator.next();
        if (step.done) {
          clearInterval(keepAlive);
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(encodeSseEvent(step.value)));
      } catch (error) {
        clearInterval(keepAlive);
        // The turn is expected to turn its own failures into `error` events; this is the last net.
        const message = error instanceof Error ? error.message : String(error);
        controller.enqueue(
          encoder.encode(encodeSseEvent({ event: 'error', data: { code: 'internal_error', message } })),
        );
        controller.close();
      }
    },
    async cancel() {
      clearInterval(keepAlive);
      await iterator.return?.();
    },
  });
}

/** A raw SSE message: the event name (default `message`) and its data lines joined by '\n'. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * Parses any SSE byte stream per the HTML spec's rules that matter here: CRLF/CR/LF line ends,
 * `field: value` with one optional space, comments, multi-line data, dispatch on a blank line.
 */
export async function* parseSseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];
  const takeLine = (line: string): SseMessage | null => {
    if (line === '') {
      if (dataLines.length === 0) {
        eventName = '';
        return null;
      }
      const message = { event: eventName || 'message', data: dataLines.join('\n') };
      eventName = '';
      dataLines = [];
      return message;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
    return null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // Keep a trailing '\r' in the buffer: it may be the first half of a CRLF.
      const lines = buffer.split(/\r\n|\n|\r(?!$)/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const message = takeLine(line);
        if (message) yield message;
      }
      if (done) {
        if (buffer !== '') {
          const message = takeLine(buffer.replace(/\r$/, ''));
          if (message) yield message;
        }
        // A stream that ends without the final blank line still delivers its last event.
        const last = takeLine('');
        if (last) yield last;
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export class AgentChatProtocolError extends Error {
  override readonly name = 'AgentChatProtocolError';
}

function isEventName(name: string): name is AgentChatEventName {
  return Object.prototype.hasOwnProperty.call(conversationEventSchemas, name);
}

/** Checks one event's data against its schema; throws AgentChatProtocolError when it does not fit. */
export function parseConversationEvent(event: string, data: unknown): AgentChatEvent | null {
  if (!isEventName(event)) return null;
  const parsed = conversationEventSchemas[event].safeParse(data);
  if (!parsed.success) throw new AgentChatProtocolError(`"${event}" event data does not match its schema`);
  return { event, data: parsed.data } as AgentChatEvent;
}

/** Typed `agent-chat` events from a response body; unknown event names are skipped (forward compatible). */
export async function* parseAgentChatEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AgentChatEvent> {
  for await (const message of parseSseMessages(body)) {
    if (!isEventName(message.event)) continue;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      throw new AgentChatProtocolError(`Invalid JSON in "${message.event}" event`);
    }
    const event = parseConversationEvent(message.event, data);
    if (event) yield event;
  }
}

/**
 * A non-streamed `agent-chat` answer: `{ error: { code, message, details? } }` with a 4xx/5xx
 * status. `details.limit` names a limit that refused the turn (limit-refusal.ts); `retryAfterSeconds`
 * is the Retry-After header's wait, when there is one.
 */
export class AgentChatHttpError extends Error {
  override readonly name = 'AgentChatHttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = undefined,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Reads a fetch Response from `agent-chat`: the event stream when it is one, otherwise throws
 * AgentChatHttpError built from the JSON error body (validation, rate limit, not found).
 */
export async function* readAgentChatResponse(response: Response): AsyncGenerator<AgentChatEvent> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    let code = 'http_error';
    let message = `HTTP ${response.status}`;
    let details: unknown;
    try {
      const body = (await response.json()) as { error?: { code?: unknown; message?: unknown; details?: unknown } };
      if (typeof body.error?.code === 'string') code = body.error.code;
      if (typeof body.error?.message === 'string') message = body.error.message;
      details = body.error?.details;
    } catch {
      // Not JSON: keep the generic message.
    }
    const retryAfter = retryAfterHeaderSeconds(response.headers.get('retry-after'));
    throw new AgentChatHttpError(response.status, code, message, details, retryAfter);
  }
  yield* parseAgentChatEvents(response.body);
}
