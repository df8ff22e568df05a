/**
 * The server's control connection to a browser's realtime call: OpenAI's "sideband" WebSocket
 * (its server-side controls). The browser carries the
 * audio over WebRTC; this socket, opened with the standard key on the provider call id from the
 * create answer's `Location`, carries everything else, so the page is never in the path of the
 * session, the tools, the transcript or the end of the call.
 *
 * Protocol subset (GA event names; a sideband sees the same server events as the call's data channel):
 *   connect  `GET {base}/realtime?call_id=rtc_…` upgraded to a WebSocket, `Authorization: Bearer <key>`
 *            (no `model`, no `OpenAI-Beta`). An unknown or ended call is refused (404
 *            `call_id_not_found`), a bad key with 401: both reach us as a failed open.
 *   we send  `session.update {session}` (GA needs `session.type: 'realtime'`, added when missing);
 *            `conversation.item.create {item: {type: 'function_call_output', call_id, output}}`;
 *            `response.create {response?: {instructions}}`. The model never continues after a tool on
 *            its own: send every output of a response, then one `response.create`, after its `response.done`
 *            (a second response while one is active is refused with an `error`).
 *   we read  `input_audio_buffer.speech_started` (the caller's audio reached the call: a person is there);
 *            `conversation.item.input_audio_transcription.completed {item_id, transcript}` (the caller;
 *            asynchronous, it may arrive after the answer has started);
 *            `response.output_audio_transcript.done {response_id, item_id, transcript}` (the agent;
 *            `response.output_text.done {text}` in text mode); a function call, which GA announces up to
 *            three times (`response.function_call_arguments.done`, whose realtime form may lack `name`;
 *            `response.output_item.done {item: function_call}`; `response.done.response.output[]`):
 *            reported once, the first time its name is known; `response.done {response: {id, status,
 *            usage}}`; `error {error: {code, message}}` (the socket stays open). Everything else
 *            (VAD, deltas, rate limits, session.created/updated, …) is ignored.
 *   the end  the provider closes the socket when the call ends (hang-up, the browser leaving): the
 *            `closed` event is the real end of the call, whatever the page says.
 *
 * The socket is the runtime's `WebSocket` (Deno; Node ≥ 22 through undici) or an injected one (the
 * `ws` package on Node 20). All three take the non-standard `new WebSocket(url, { headers })`, which
 * is how the key goes in a header rather than in a subprotocol.
 */
import { z } from 'zod';

export interface RealtimeSocketOptions {
  apiKey: string;
  WebSocketImpl?: typeof WebSocket;
  /** Aborting closes the connection (or fails the connect). */
  signal?: AbortSignal;
  /** How long the opening handshake may take (default 10 s). */
  connectTimeoutMs?: number;
  /** Events held for a slow reader before the connection is given up (default 10 000). */
  maxBufferedEvents?: number;
  /**
   * Sees every parsed server frame first, synchronously; `true` consumes it (not translated nor
   * queued). The phone bridge forwards audio this way without waiting on the event reader.
   */
  onFrame?: (frame: { type: string; [key: string]: unknown }) => boolean;
}

export interface SidebandOptions extends RealtimeSocketOptions {
  /** The configured OpenAI base URL (`OPENAI_BASE_URL`), e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** The provider call id (`rtc_…`). */
  callId: string;
}

export type SidebandEvent =
  | { type: 'function_call'; callId: string; name: string; arguments: string; itemId: string; responseId: string }
  | { type: 'user_transcript'; itemId: string; text: string }
  /** The caller's audio reached the call (speech began): the evidence that a person is there. */
  | { type: 'caller_audio' }
  | { type: 'assistant_transcript'; itemId: string; responseId: string; text: string }
  | { type: 'response_done'; responseId: string; status: string; usage: Record<string, unknown> | null }
  | { type: 'error'; code: string | null; message: string }
  | { type: 'closed'; code: number; reason: string };

export interface SidebandConnection {
  /** `session.update`; ignored once closed, like every send (the `closed` event says so). */
  updateSession(session: Record<string, unknown>): void;
  /** `conversation.item.create` with a `function_call_output` (a non-string output is sent as JSON). */
  sendFunctionOutput(callId: string, output: unknown): void;
  /** `response.create`, with per-response instructions when given. */
  createResponse(options?: { instructions?: string }): void;
  /** The call's events, oldest first, from the moment of connection; one reader; ends after 'closed'. */
  events(): AsyncIterable<SidebandEvent>;
  close(): void;
  readonly closed: Promise<{ code: number; reason: string }>;
}

/** A realtime socket: the control surface plus raw client events (audio, truncate, cancel). */
export interface RealtimeSocketConnection extends SidebandConnection {
  send(event: Record<string, unknown>): void;
  /** Adds an event of our own to the reader's stream, in order (the phone's DTMF as caller words). */
  inject(event: SidebandEvent): void;
}

export class SidebandConnectError extends Error {
  override readonly name = 'SidebandConnectError';
}

/** `http(s)://host/v1` → `ws(s)://host/v1/realtime?{name}={value}`. */
export function realtimeUrl(baseUrl: string, name: 'call_id' | 'model', value: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/realtime`);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new SidebandConnectError('unsupported base URL');
  url.searchParams.set(name, value);
  return url.toString();
}

/** `http(s)://host/v1` → `ws(s)://host/v1/realtime?call_id=…`. */
export function sidebandUrl(baseUrl: string, callId: string): string {
  return realtimeUrl(baseUrl, 'call_id', callId);
}

const functionCallItem = z.object({
  type: z.literal('function_call'),
  id: z.string(),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string(),
});

/** The events we act on; any other `type` is ignored, a known type with a wrong shape is an error. */
const serverEvents = {
  'input_audio_buffer.speech_started': z.object({}),
  'conversation.item.input_audio_transcription.completed': z.object({ item_id: z.string(), transcript: z.string() }),
  'response.output_audio_transcript.done': z.object({
    item_id: z.string(),
    response_id: z.string(),
    transcript: z.string(),
  }),
  'response.output_text.done': z.object({ item_id: z.string(), response_id: z.string(), text: z.string() }),
  'response.function_call_arguments.done': z.object({
    call_id: z.string(),
    item_id: z.string(),
    response_id: z.string(),
    arguments: z.string(),
    name: z.string().optional(),
  }),
  'response.output_item.done': z.object({
    response_id: z.string(),
    item: z.looseObject({ type: z.string() }),
  }),
  'response.done': z.object({
    response: z.object({
      id: z.string(),
      status: z.string(),
      output: z.array(z.looseObject({ type: z.string() })).optional(),
      usage: z.record(z.string(), z.unknown()).nullish(),
    }),
  }),
  error: z.object({
    error: z.object({ code: z.string().nullish(), message: z.string() }),
  }),
} as const;

type KnownType = keyof typeof serverEvents;

const isKnown = (type: string): type is KnownType => Object.hasOwn(serverEvents, type);

/** Turns raw frames into events; remembers which function calls were already reported. */
function createTranslator(maxRemembered = 1_000) {
  const reported = new Set<string>();
  const pending = new Map<string, { arguments: string; itemId: string; responseId: string }>();

  function functionCall(
    callId: string,
    name: string,
    args: string,
    itemId: string,
    responseId: string,
  ): SidebandEvent[] {
    pending.delete(callId);
    if (reported.has(callId)) return [];
    reported.add(callId);
    // Bounded memory on a long call: the oldest ids are long settled.
    if (reported.size > maxRemembered) reported.delete(reported.values().next().value as string);
    return [{ type: 'function_call', callId, name, arguments: args, itemId, responseId }];
  }

  type Handlers = { [K in KnownType]: (event: z.infer<(typeof serverEvents)[K]>) => SidebandEvent[] };
  const handlers: Handlers = {
    'input_audio_buffer.speech_started': () => [{ type: 'caller_audio' }],
    'conversation.item.input_audio_transcription.completed': (e) => [
      { type: 'user_transcript', itemId: e.item_id, text: e.transcript },
    ],
    'response.output_audio_transcript.done': (e) => [
      { type: 'assistant_transcript', itemId: e.item_id, responseId: e.response_id, text: e.transcript },
    ],
    'response.output_text.done': (e) => [
      { type: 'assistant_transcript', itemId: e.item_id, responseId: e.response_id, text: e.text },
    ],
    'response.function_call_arguments.done': (e) => {
      if (e.name !== undefined) return functionCall(e.call_id, e.name, e.arguments, e.item_id, e.response_id);
      // The name comes with the finished item: wait for it.
      if (!reported.has(e.call_id) && pending.size < maxRemembered) {
        pending.set(e.call_id, { arguments: e.arguments, itemId: e.item_id, responseId: e.response_id });
      }
      return [];
    },
    'response.output_item.done': (e) => {
      if (e.item.type !== 'function_call') return [];
      const item = functionCallItem.safeParse(e.item);
      if (!item.success) return [malformed('function call')];
      return functionCall(item.data.call_id, item.data.name, item.data.arguments, item.data.id, e.response_id);
    },
    'response.done': ({ response }) => {
      const out: SidebandEvent[] = [];
      for (const raw of response.output ?? []) {
        if (raw.type !== 'function_call') continue;
        const item = functionCallItem.safeParse(raw);
        if (!item.success) out.push(malformed('function call'));
        else
          out.push(...functionCall(item.data.call_id, item.data.name, item.data.arguments, item.data.id, response.id));
      }
      // A call whose name never came cannot be run: forget it with its response.
      for (const [callId, call] of pending) if (call.responseId === response.id) pending.delete(callId);
      out.push({
        type: 'response_done',
        responseId: response.id,
        status: response.status,
        usage: response.usage ?? null,
      });
      return out;
    },
    error: ({ error }) => [{ type: 'error', code: error.code ?? null, message: error.message }],
  };

  return (frame: { type: string }): SidebandEvent[] => {
    const type = frame.type;
    if (!isKnown(type)) return [];
    const parsed = serverEvents[type].safeParse(frame);
    if (!parsed.success) return [malformed(`${type} event`)];
    // The parse above checked the shape for this very type.
    return (handlers[type] as (event: unknown) => SidebandEvent[])(parsed.data);
  };
}

function malformed(what: string): SidebandEvent {
  return { type: 'error', code: 'malformed_event', message: `The server sent a malformed ${what}.` };
}

/** `new WebSocket(url, { headers })`: accepted by Deno, undici (Node ≥ 22) and `ws`, not by the DOM typing. */
type HeaderWebSocket = new (url: string, init: { headers: Record<string, string> }) => WebSocket;

export function connectSideband(options: SidebandOptions): Promise<SidebandConnection> {
  let url: string;
  try {
    url = sidebandUrl(options.baseUrl, options.callId);
  } catch (error) {
    return Promise.reject(error);
  }
  return connectRealtimeSocket(url, options, `call ${options.callId}`);
}

/** A parsed server frame, or the error event saying why it is not one. */
function parseFrame(
  raw: string,
): { frame: { type: string; [key: string]: unknown } } | { frame: null; error: SidebandEvent } {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return { frame: null, error: malformed('frame (not JSON)') };
  }
  const type = (frame as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return { frame: null, error: malformed('event (no type)') };
  return { frame: frame as { type: string; [key: string]: unknown } };
}

/**
 * Opens a realtime WebSocket (a sideband `?call_id=`, or a model session `?model=` for the phone)
 * with the key in a header, and reads it as above.
 */
export function connectRealtimeSocket(
  url: string,
  options: RealtimeSocketOptions,
  label: string,
): Promise<RealtimeSocketConnection> {
  const Impl = options.WebSocketImpl ?? (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  if (!Impl) {
    return Promise.reject(new SidebandConnectError('No WebSocket implementation: pass WebSocketImpl (ws on Node 20).'));
  }
  if (options.signal?.aborted) return Promise.reject(new SidebandConnectError('aborted before connecting'));
  const maxBuffered = options.maxBufferedEvents ?? 10_000;
  const socket = new (Impl as unknown as HeaderWebSocket)(url, {
    headers: { Authorization: `Bearer ${options.apiKey}` },
  });
  const translate = createTranslator();
  const queue: SidebandEvent[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  let settleClosed!: (value: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (settleClosed = resolve));

  const push = (events: SidebandEvent[]) => {
    if (ended) return;
    for (const event of events) queue.push(event);
    if (queue.length > maxBuffered) {
      // A reader that stopped reading would grow this forever: give the connection up instead.
      queue.length = 0;
      queue.push({ type: 'error', code: 'reader_too_slow', message: 'Too many unread sideband events.' });
      socket.close(1008, 'reader too slow');
    }
    wake?.();
  };

  const send = (event: Record<string, unknown>) => {
    if (socket.readyState === 1) socket.send(JSON.stringify(event));
  };

  const connection: RealtimeSocketConnection = {
    send,
    inject: (event) => push([event]),
    updateSession(session) {
      send({ type: 'session.update', session: { type: 'realtime', ...session } });
    },
    sendFunctionOutput(callId, output) {
      send({
        type: 'conversation.item.create',
        item: {
          type: 'function_call_output',
          call_id: callId,
          output: typeof output === 'string' ? output : JSON.stringify(output),
        },
      });
    },
    createResponse(responseOptions) {
      const response =
        responseOptions?.instructions !== undefined ? { instructions: responseOptions.instructions } : undefined;
      send({ type: 'response.create', ...(response ? { response } : {}) });
    },
    events() {
      return {
        async *[Symbol.asyncIterator]() {
          for (;;) {
            const next = queue.shift();
            if (next) {
              yield next;
              if (next.type === 'closed') return;
              continue;
            }
            if (ended && queue.length === 0) return;
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
          }
        },
      };
    },
    close() {
      if (socket.readyState === 0 || socket.readyState === 1) socket.close(1000, 'closed by server');
    },
    closed,
  };

  return new Promise<RealtimeSocketConnection>((resolve, reject) => {
    let opened = false;
    const timer = setTimeout(() => {
      fail(new SidebandConnectError(`realtime connection to ${label} timed out`));
      socket.close();
    }, options.connectTimeoutMs ?? 10_000);
    const onAbort = () => {
      if (!opened) fail(new SidebandConnectError('aborted while connecting'));
      connection.close();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    function fail(error: Error) {
      clearTimeout(timer);
      if (!opened) reject(error);
    }
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      opened = true;
      resolve(connection);
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      // Realtime events are text frames; a binary one is not ours to read.
      if (typeof event.data !== 'string') {
        push([{ type: 'error', code: 'malformed_event', message: 'The server sent a binary frame.' }]);
        return;
      }
      const parsed = parseFrame(event.data);
      if (parsed.frame === null) return push([parsed.error]);
      if (options.onFrame?.(parsed.frame)) return;
      push(translate(parsed.frame));
    });
    socket.addEventListener('error', () => {
      // A refused handshake (401, 404) surfaces as an error without a status: the close follows.
      fail(new SidebandConnectError(`realtime connection to ${label} failed`));
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      fail(new SidebandConnectError(`realtime connection to ${label} closed (${event.code})`));
      options.signal?.removeEventListener('abort', onAbort);
      const result = { code: event.code, reason: event.reason };
      push([{ type: 'closed', ...result }]);
      ended = true;
      wake?.();
      settleClosed(result);
    });
  });
}
