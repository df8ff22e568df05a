/**
 * The realtime sideband of the fake OpenAI server (OpenAI's server-side
 * control of a call): a WebSocket at `/v1/realtime?call_id=rtc_…` on a call created with
 * `POST /v1/realtime/calls`, which sees the call's server events and sends client events, as our
 * server does for a browser call whose page carries only the audio.
 *
 * The WebRTC media is not faked: a test speaks for the caller with `userSays`, which emits what a
 * real call emits for one user turn (VAD, the committed item, its transcription) and then a
 * response decided by the same `ChatScript` as the chat fake. Function calls stop the turn until
 * the sideband sends every `function_call_output` and a `response.create`, as the real model does.
 * `endCall` (the browser leaving) and `POST …/hangup` close the sideband with 1000.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  errorBody,
  estimateTokens,
  fragments,
  messageText,
  streamTokens,
  toolCallId,
  wireMessages,
  type ChatRequestBody,
  type FakeChatReply,
} from './protocol.ts';
import { callsWithoutOutput, chatRequestOf, type RealtimeItem } from './realtime-model.ts';

/** A call as the HTTP side of the fake keeps it (see `FakeRealtimeCall` in server.ts). */
export interface RealtimeCallRecord {
  id: string;
  session: Record<string, unknown>;
  /** Every `session.update` the sideband sent, in order (their `session` objects). */
  sessionUpdates: Record<string, unknown>[];
  hungUpAt: number | null;
  /** Set when the call ended on the provider's side (`endCall`, or a hang-up). */
  endedAt: number | null;
}

export interface SidebandClientEvent {
  callId: string;
  event: Record<string, unknown>;
  at: number;
}

/** What one caller turn gave, once the model answered without calling a tool. */
export interface FakeRealtimeTurn {
  /** The caller's item. */
  userItemId: string;
  /** What the agent said last (the final response's transcript). */
  text: string;
  /** Every response of the turn, in order (one per model step). */
  responseIds: string[];
  /** The function calls of the turn and the outputs the sideband sent for them. */
  toolCalls: { callId: string; name: string; arguments: string; output: string | null }[];
}

export interface FakeSidebandDeps {
  apiKey: string;
  findCall(id: string): RealtimeCallRecord | undefined;
  /** The shared scripted model: the next chat reply for this request, and its request number. */
  decide(body: ChatRequestBody): { reply: FakeChatReply; requestNumber: number };
  maxLogged: number;
}

export interface FakeSideband {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  userSays(callId: string, text: string, options?: { timeoutMs?: number }): Promise<FakeRealtimeTurn>;
  endCall(callId: string): void;
  waitForSideband(callId: string, options?: { sessionUpdates?: number; timeoutMs?: number }): Promise<void>;
  effectiveSession(callId: string): Record<string, unknown> | null;
  readonly clientEvents: readonly SidebandClientEvent[];
  close(): void;
}

const MAX_SOCKETS_PER_CALL = 4;
const MAX_ITEMS_PER_CALL = 1_000;
const MAX_RESPONSES_PER_TURN = 20;
const MAX_TIMEOUT_MS = 60_000;
const MAX_FRAME_BYTES = 1024 * 1024;

interface PendingTurn {
  turn: FakeRealtimeTurn;
  resolve(turn: FakeRealtimeTurn): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

interface CallState {
  sockets: Set<WebSocket>;
  items: RealtimeItem[];
  pending: PendingTurn | null;
  waiters: Set<() => void>;
}

function refuse(socket: Duplex, status: number, reason: string, body: unknown): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

function bounded(ms: number | undefined, fallback: number): number {
  return ms !== undefined && Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_TIMEOUT_MS) : fallback;
}

export function createFakeSideband(deps: FakeSidebandDeps): FakeSideband {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    // The SDK's browser-style auth offers subprotocols; answer `realtime` as OpenAI does.
    handleProtocols: (protocols) => (protocols.has('realtime') ? 'realtime' : false),
  });
  const states = new Map<string, CallState>();
  const clientEvents: SidebandClientEvent[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, '0')}`;

  function stateOf(callId: string): CallState {
    let state = states.get(callId);
    if (!state) {
      state = { sockets: new Set(), items: [], pending: null, waiters: new Set() };
      states.set(callId, state);
      // Bounded like the call list: the oldest calls' conversations go first.
      if (states.size > deps.maxLogged) states.delete(states.keys().next().value as string);
    }
    return state;
  }

  function effectiveSession(call: RealtimeCallRecord): Record<string, unknown> {
    return Object.assign({}, call.session, ...call.sessionUpdates) as Record<string, unknown>;
  }

  function emit(callId: string, event: Record<string, unknown>, only?: WebSocket): void {
    const frame = JSON.stringify({ event_id: nextId('event'), ...event });
    for (const socket of only ? [only] : (states.get(callId)?.sockets ?? [])) {
      if (socket.readyState === socket.OPEN) socket.send(frame);
    }
  }

  function emitError(callId: string, socket: WebSocket, code: string | null, message: string, eventId?: unknown) {
    const { error } = errorBody(message, 'invalid_request_error', code);
    emit(
      callId,
      { type: 'error', error: { ...error, ...(typeof eventId === 'string' ? { event_id: eventId } : {}) } },
      socket,
    );
  }

  function addItem(callId: string, state: CallState, item: RealtimeItem, wire: Record<string, unknown>): void {
    const previous = state.items[state.items.length - 1]?.id ?? null;
    state.items.push(item);
    emit(callId, { type: 'conversation.item.added', previous_item_id: previous, item: wire });
    emit(callId, { type: 'conversation.item.done', previous_item_id: previous, item: wire });
  }

  /** One model step: a response decided by the shared script, streamed with GA event names. */
  function respond(call: RealtimeCallRecord, state: CallState, instructions?: string): void {
    const callId = call.id;
    const responseId = nextId('resp');
    const body = chatRequestOf(effectiveSession(call), state.items, instructions);
    const { reply, requestNumber } = deps.decide(body);
    const base = { object: 'realtime.response', id: responseId, status_details: null, conversation_id: callId };
    emit(callId, { type: 'response.created', response: { ...base, status: 'in_progress', output: [], usage: null } });
    const output: Record<string, unknown>[] = [];
    const text = reply.text ?? '';
    if (text !== '') {
      const itemId = nextId('item');
      const outputIndex = output.length;
      const where = { response_id: responseId, item_id: itemId, output_index: outputIndex, content_index: 0 };
      const started = {
        id: itemId,
        object: 'realtime.item',
        type: 'message',
        role: 'assistant',
        status: 'in_progress',
        content: [],
      };
      emit(callId, {
        type: 'response.output_item.added',
        response_id: responseId,
        output_index: outputIndex,
        item: started,
      });
      emit(callId, { type: 'response.content_part.added', ...where, part: { type: 'output_audio', transcript: '' } });
      for (const token of streamTokens(text))
        emit(callId, { type: 'response.output_audio_transcript.delta', ...where, delta: token });
      emit(callId, { type: 'response.output_audio_transcript.done', ...where, transcript: text });
      emit(callId, { type: 'response.content_part.done', ...where, part: { type: 'output_audio', transcript: text } });
      const done = { ...started, status: 'completed', content: [{ type: 'output_audio', transcript: text }] };
      emit(callId, {
        type: 'response.output_item.done',
        response_id: responseId,
        output_index: outputIndex,
        item: done,
      });
      addItem(callId, state, { type: 'message', id: itemId, role: 'assistant', text }, done);
      output.push(done);
    }
    const calls = (reply.toolCalls ?? []).map((call, index) => ({
      callId: call.id ?? toolCallId(call.name, index, requestNumber),
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    }));
    for (const fn of calls) {
      const itemId = nextId('item');
      const outputIndex = output.length;
      const where = { response_id: responseId, item_id: itemId, output_index: outputIndex, call_id: fn.callId };
      const started = {
        id: itemId,
        object: 'realtime.item',
        type: 'function_call',
        status: 'in_progress',
        call_id: fn.callId,
        name: fn.name,
        arguments: '',
      };
      emit(callId, {
        type: 'response.output_item.added',
        response_id: responseId,
        output_index: outputIndex,
        item: started,
      });
      for (const delta of fragments(fn.arguments, 3))
        emit(callId, { type: 'response.function_call_arguments.delta', ...where, delta });
      emit(callId, { type: 'response.function_call_arguments.done', ...where, name: fn.name, arguments: fn.arguments });
      const done = { ...started, status: 'completed', arguments: fn.arguments };
      emit(callId, {
        type: 'response.output_item.done',
        response_id: responseId,
        output_index: outputIndex,
        item: done,
      });
      addItem(callId, state, { type: 'function_call', id: itemId, ...fn }, done);
      output.push(done);
    }
    const inputTokens = estimateTokens(wireMessages(body).map(messageText).join('\n'));
    const outputTokens = estimateTokens(text + calls.map((fn) => fn.name + fn.arguments).join(''));
    const usage = {
      total_tokens: inputTokens + outputTokens,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      input_token_details: { cached_tokens: 0, text_tokens: inputTokens, audio_tokens: 0, image_tokens: 0 },
      output_token_details: { text_tokens: outputTokens, audio_tokens: 0 },
    };
    const status = reply.finishReason === 'length' ? 'incomplete' : 'completed';
    emit(callId, { type: 'response.done', response: { ...base, status, output, usage } });

    const pending = state.pending;
    if (!pending) return;
    pending.turn.responseIds.push(responseId);
    pending.turn.toolCalls.push(...calls.map((fn) => ({ ...fn, output: null })));
    if (calls.length === 0) {
      pending.turn.text = text;
      settle(state, null);
    } else if (pending.turn.responseIds.length >= MAX_RESPONSES_PER_TURN) {
      settle(state, new Error(`fake realtime: more than ${MAX_RESPONSES_PER_TURN} responses in one turn`));
    }
  }

  function settle(state: CallState, error: Error | null): void {
    const pending = state.pending;
    if (!pending) return;
    state.pending = null;
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve(pending.turn);
  }

  function onClientEvent(call: RealtimeCallRecord, socket: WebSocket, raw: string): void {
    const state = stateOf(call.id);
    let event: Record<string, unknown>;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      event = parsed as Record<string, unknown>;
    } catch {
      emitError(call.id, socket, 'invalid_json', 'The event is not valid JSON.');
      return;
    }
    clientEvents.push({ callId: call.id, event, at: Date.now() });
    if (clientEvents.length > deps.maxLogged) clientEvents.splice(0, clientEvents.length - deps.maxLogged);
    const eventId = event.event_id;
    if (call.endedAt !== null) return;
    if (event.type === 'session.update') {
      const session = event.session as Record<string, unknown> | undefined;
      if (!session || typeof session !== 'object' || session.type !== 'realtime') {
        emitError(
          call.id,
          socket,
          'missing_required_parameter',
          "Missing required parameter: 'session.type'.",
          eventId,
        );
        return;
      }
      call.sessionUpdates.push(session);
      if (call.sessionUpdates.length > deps.maxLogged) call.sessionUpdates.splice(0, 1);
      emit(call.id, {
        type: 'session.updated',
        session: { ...effectiveSession(call), id: `sess_${call.id}`, object: 'realtime.session' },
      });
      for (const wake of state.waiters) wake();
      return;
    }
    if (event.type === 'conversation.item.create') {
      const item = event.item as Record<string, unknown> | undefined;
      if (state.items.length >= MAX_ITEMS_PER_CALL) {
        emitError(call.id, socket, 'conversation_too_long', 'The conversation has too many items.', eventId);
        return;
      }
      if (
        item?.type === 'function_call_output' &&
        typeof item.call_id === 'string' &&
        typeof item.output === 'string'
      ) {
        const known = state.items.some((i) => i.type === 'function_call' && i.callId === item.call_id);
        if (!known) {
          emitError(
            call.id,
            socket,
            'invalid_call_id',
            `Tool call ID '${item.call_id}' not found in conversation.`,
            eventId,
          );
          return;
        }
        const id = nextId('item');
        addItem(
          call.id,
          state,
          { type: 'function_call_output', id, callId: item.call_id, output: item.output },
          {
            id,
            object: 'realtime.item',
            type: 'function_call_output',
            call_id: item.call_id,
            output: item.output,
          },
        );
        const pendingCall = state.pending?.turn.toolCalls.find((c) => c.callId === item.call_id);
        if (pendingCall) pendingCall.output = item.output;
        return;
      }
      const content = Array.isArray(item?.content) ? (item.content as { type?: unknown; text?: unknown }[]) : [];
      const role = item?.role;
      if (item?.type === 'message' && (role === 'user' || role === 'system') && content.length > 0) {
        const text = content.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
        const id = nextId('item');
        addItem(call.id, state, { type: 'message', id, role, text }, { id, object: 'realtime.item', ...item });
        return;
      }
      emitError(call.id, socket, 'invalid_value', 'Unsupported conversation item.', eventId);
      return;
    }
    if (event.type === 'response.create') {
      const missing = callsWithoutOutput(state.items);
      if (missing.length > 0) {
        emitError(
          call.id,
          socket,
          'missing_tool_output',
          `No tool output found for function call ${missing[0]}.`,
          eventId,
        );
        return;
      }
      const response = event.response as { instructions?: unknown } | undefined;
      respond(call, state, typeof response?.instructions === 'string' ? response.instructions : undefined);
      return;
    }
    if (event.type === 'response.cancel') {
      // Responses are emitted at once, so none is ever active when a cancel arrives.
      emitError(
        call.id,
        socket,
        'response_cancel_not_active',
        'Cancellation failed: no active response found.',
        eventId,
      );
      return;
    }
    emitError(call.id, socket, 'invalid_value', `Invalid value: '${String(event.type)}'.`, eventId);
  }

  function authorized(req: IncomingMessage): boolean {
    if (req.headers.authorization === `Bearer ${deps.apiKey}`) return true;
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    return offered.includes(`openai-insecure-api-key.${deps.apiKey}`);
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      if (url.pathname !== '/v1/realtime') {
        refuse(
          socket,
          404,
          'Not Found',
          errorBody(`Unknown URL ${url.pathname}`, 'invalid_request_error', 'unknown_url'),
        );
        return;
      }
      if (!authorized(req)) {
        refuse(
          socket,
          401,
          'Unauthorized',
          errorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
        );
        return;
      }
      const callId = url.searchParams.get('call_id') ?? '';
      const call = deps.findCall(callId);
      if (!call || call.endedAt !== null) {
        refuse(
          socket,
          404,
          'Not Found',
          errorBody('No session found for the provided call_id', 'invalid_request_error', 'call_id_not_found'),
        );
        return;
      }
      const state = stateOf(callId);
      if (state.sockets.size >= MAX_SOCKETS_PER_CALL) {
        refuse(socket, 409, 'Conflict', errorBody('Too many sideband connections', 'invalid_request_error', null));
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        state.sockets.add(ws);
        ws.on('close', () => state.sockets.delete(ws));
        ws.on('message', (data, isBinary) => {
          if (isBinary) emitError(callId, ws, 'invalid_value', 'Binary frames are not supported.');
          else onClientEvent(call, ws, String(data));
        });
        emit(
          callId,
          {
            type: 'session.created',
            session: { ...effectiveSession(call), id: `sess_${callId}`, object: 'realtime.session' },
          },
          ws,
        );
        for (const wake of state.waiters) wake();
      });
    },

    userSays(callId, text, options) {
      const call = deps.findCall(callId);
      if (!call || call.endedAt !== null) return Promise.reject(new Error(`fake realtime: no live call ${callId}`));
      const state = stateOf(callId);
      if (state.pending) return Promise.reject(new Error(`fake realtime: call ${callId} is already in a turn`));
      if (state.items.length >= MAX_ITEMS_PER_CALL)
        return Promise.reject(new Error('fake realtime: conversation too long'));
      const timeoutMs = bounded(options?.timeoutMs, 10_000);
      const userItemId = nextId('item');
      const promise = new Promise<FakeRealtimeTurn>((resolve, reject) => {
        state.pending = {
          turn: { userItemId, text: '', responseIds: [], toolCalls: [] },
          resolve,
          reject,
          timer: setTimeout(
            () =>
              settle(
                state,
                new Error(
                  `fake realtime: the turn "${text}" did not finish within ${timeoutMs} ms (tool outputs and response.create awaited?)`,
                ),
              ),
            timeoutMs,
          ),
        };
      });
      // What a server-VAD turn emits before the answer (the transcription is asynchronous in
      // reality and may come later; here it comes first, to keep the order deterministic).
      const previous = state.items[state.items.length - 1]?.id ?? null;
      emit(callId, { type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: userItemId });
      emit(callId, { type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1000, item_id: userItemId });
      emit(callId, { type: 'input_audio_buffer.committed', previous_item_id: previous, item_id: userItemId });
      const wire = { id: userItemId, object: 'realtime.item', type: 'message', role: 'user', status: 'completed' };
      addItem(
        callId,
        state,
        { type: 'message', id: userItemId, role: 'user', text },
        {
          ...wire,
          content: [{ type: 'input_audio', transcript: null }],
        },
      );
      emit(callId, {
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: userItemId,
        content_index: 0,
        transcript: text,
      });
      respond(call, state);
      return promise;
    },

    endCall(callId) {
      const call = deps.findCall(callId);
      if (call && call.endedAt === null) call.endedAt = Date.now();
      const state = states.get(callId);
      if (!state) return;
      for (const socket of state.sockets) socket.close(1000, 'call ended');
      settle(state, new Error(`fake realtime: call ${callId} ended during a turn`));
    },

    waitForSideband(callId, options) {
      const wanted = options?.sessionUpdates ?? 0;
      const state = stateOf(callId);
      const ready = () => state.sockets.size > 0 && (deps.findCall(callId)?.sessionUpdates.length ?? 0) >= wanted;
      if (ready()) return Promise.resolve();
      const timeoutMs = bounded(options?.timeoutMs, 10_000);
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (!ready()) return;
          state.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          state.waiters.delete(wake);
          reject(
            new Error(
              `fake realtime: no sideband on ${callId} with ${wanted} session update(s) within ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
        state.waiters.add(wake);
      });
    },

    effectiveSession(callId) {
      const call = deps.findCall(callId);
      return call ? effectiveSession(call) : null;
    },

    get clientEvents() {
      return clientEvents;
    },

    close() {
      for (const state of states.values()) {
        for (const socket of state.sockets) socket.terminate();
        settle(state, new Error('fake realtime: server closed'));
      }
      wss.close();
    },
  };
}
