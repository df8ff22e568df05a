/**
 * The realtime model's own WebSocket in the fake OpenAI server: a
 * session opened at `/v1/realtime?model=…` (header or subprotocol key), as our phone relay opens it
 * to bridge Twilio Media Streams. Unlike the sideband (realtime.ts), the audio goes through this
 * socket, in G.711 μ-law (`audio/pcmu`), so the fake does what a model does with audio:
 *
 *   - `input_audio_buffer.append` is decoded (G.711) and runs an energy VAD: a 20 ms window above
 *     `VAD_RMS_THRESHOLD` starts speech (`speech_started {audio_start_ms}`), `silence_duration_ms`
 *     of quiet windows (session's server_vad setting, default 500) ends it
 *     (`speech_stopped {audio_end_ms}`, `committed`), both on the input clock (bytes appended / 8).
 *   - It cannot recognise speech: the utterance's transcript is the next text the test registered
 *     with `expectSpeech(text)` (empty when none was), emitted as
 *     `conversation.item.input_audio_transcription.completed`. This is honest about what is faked:
 *     detection and timing are real, recognition is scripted.
 *   - The answer is decided by the same `ChatScript` as chat and the sideband (tools included:
 *     function calls wait for every `function_call_output` and a `response.create`), and spoken as
 *     μ-law: `AUDIO_MS_PER_CHARACTER` of a 440 Hz tone per character of the reply, in 20 ms
 *     `response.output_audio.delta` frames interleaved with the transcript deltas, all at once (a
 *     zero-delay model: the relay and Twilio pace the playout).
 *   - `conversation.item.truncate` cuts the item's audio and transcript at `audio_end_ms`
 *     (`conversation.item.truncated`; a position past the audio is an error, as OpenAI answers);
 *     `response.cancel` with no response under way is an error (responses are emitted at once).
 *   - Every client event is recorded, and the appended frames and the sent deltas are kept (bounded)
 *     so tests and the bench can prove no frame was lost or reordered.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { MULAW_FRAME_BYTES, MULAW_FRAME_MS, mulawRms, mulawTone, stampFrame } from '../audio/mulaw.ts';
import {
  errorBody,
  estimateTokens,
  streamTokens,
  toolCallId,
  type ChatRequestBody,
  type FakeChatReply,
} from './protocol.ts';
import { callsWithoutOutput, chatRequestOf, type RealtimeItem } from './realtime-model.ts';

export const VAD_RMS_THRESHOLD = 500;
export const AUDIO_MS_PER_CHARACTER = 40;
/** server_vad's default silence_duration_ms. */
const DEFAULT_SILENCE_MS = 500;
const MAX_KEPT_FRAMES = 50_000;
const MAX_SESSIONS = 500;
const MAX_ITEMS = 1_000;

export interface FakeAudioSession {
  id: string;
  model: string;
  /** The session as every `session.update` left it (shallow merge). */
  session: Record<string, unknown>;
  clientEvents: Record<string, unknown>[];
  /** Appended base64 payloads, in order (bounded). */
  appended: string[];
  /** Input clock: ms of audio appended. */
  inputMs: number;
  /** Utterances the VAD detected, on the input clock, with the transcript given to each. */
  utterances: { startMs: number; endMs: number; transcript: string }[];
  /** Audio deltas sent (base64), in order (bounded). */
  deltas: string[];
  /** Agent lines: item id, full text, audio ms, and where it was truncated (null: not). */
  agentItems: { itemId: string; text: string; audioMs: number; truncatedAtMs: number | null }[];
  items: RealtimeItem[];
  closed: boolean;
}

export interface FakeRealtimeAudio {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The transcript of the next utterance the VAD detects (FIFO, shared by every session). */
  expectSpeech(...texts: string[]): void;
  readonly sessions: readonly FakeAudioSession[];
  waitForSession(options?: { count?: number; timeoutMs?: number }): Promise<FakeAudioSession>;
  /** Stamp every output frame with a sequence number (the bench's loss/order check). */
  stampOutput: boolean;
  close(): void;
}

export interface FakeRealtimeAudioDeps {
  apiKey: string;
  decide(body: ChatRequestBody): { reply: FakeChatReply; requestNumber: number };
}

interface Live {
  state: FakeAudioSession;
  socket: WebSocket;
  speaking: boolean;
  speechStartMs: number;
  quietMs: number;
  userItemId: string | null;
  outputSequence: number;
}

function refuse(socket: Duplex, status: number, reason: string, body: unknown): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

export function createFakeRealtimeAudio(deps: FakeRealtimeAudioDeps): FakeRealtimeAudio {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has('realtime') ? 'realtime' : false),
  });
  const sessions: FakeAudioSession[] = [];
  const speech: string[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<WebSocket>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_audio${(++counter).toString().padStart(6, '0')}`;
  const api = { stampOutput: false };

  function emit(live: Live, event: Record<string, unknown>): void {
    if (live.socket.readyState === live.socket.OPEN)
      live.socket.send(JSON.stringify({ event_id: nextId('event'), ...event }));
  }

  function error(live: Live, code: string, message: string, eventId?: unknown): void {
    const { error: body } = errorBody(message, 'invalid_request_error', code);
    emit(live, { type: 'error', error: { ...body, ...(typeof eventId === 'string' ? { event_id: eventId } : {}) } });
  }

  function addItem(live: Live, item: RealtimeItem, wire: Record<string, unknown>): void {
    const items = live.state.items;
    const previous = items[items.length - 1]?.id ?? null;
    items.push(item);
    if (items.length > MAX_ITEMS) items.splice(0, items.length - MAX_ITEMS);
    emit(live, { type: 'conversation.item.added', previous_item_id: previous, item: wire });
    emit(live, { type: 'conversation.item.done', previous_item_id: previous, item: wire });
  }

  function vadSettings(live: Live): { silence: number; createResponse: boolean } {
    const audio = live.state.session.audio as
      { input?: { turn_detection?: Record<string, unknown> | null } } | undefined;
    const detection = audio?.input?.turn_detection;
    const silence =
      typeof detection?.silence_duration_ms === 'number' ? detection.silence_duration_ms : DEFAULT_SILENCE_MS;
    return { silence, createResponse: detection?.create_response !== false };
  }

  /** One model step, spoken: transcript and μ-law audio deltas, then any function calls. */
  function respond(live: Live, instructions?: string): void {
    const state = live.state;
    const responseId = nextId('resp');
    const body = chatRequestOf(state.session, state.items, instructions);
    const { reply, requestNumber } = deps.decide(body);
    const base = { object: 'realtime.response', id: responseId, status_details: null, conversation_id: state.id };
    emit(live, { type: 'response.created', response: { ...base, status: 'in_progress', output: [], usage: null } });
    const output: Record<string, unknown>[] = [];
    const text = reply.text ?? '';
    if (text !== '') {
      const itemId = nextId('item');
      const where = { response_id: responseId, item_id: itemId, output_index: output.length, content_index: 0 };
      const started = {
        id: itemId,
        object: 'realtime.item',
        type: 'message',
        role: 'assistant',
        status: 'in_progress',
        content: [],
      };
      emit(live, {
        type: 'response.output_item.added',
        response_id: responseId,
        output_index: where.output_index,
        item: started,
      });
      emit(live, { type: 'response.content_part.added', ...where, part: { type: 'output_audio', transcript: '' } });
      let audioMs = 0;
      for (const token of streamTokens(text)) {
        emit(live, { type: 'response.output_audio_transcript.delta', ...where, delta: token });
        const tone = mulawTone(token.length * AUDIO_MS_PER_CHARACTER);
        for (let at = 0; at + MULAW_FRAME_BYTES <= tone.length; at += MULAW_FRAME_BYTES) {
          const frame = tone.slice(at, at + MULAW_FRAME_BYTES);
          if (api.stampOutput) stampFrame(frame, live.outputSequence++ & 0xffff);
          const delta = Buffer.from(frame).toString('base64');
          if (state.deltas.length < MAX_KEPT_FRAMES) state.deltas.push(delta);
          emit(live, { type: 'response.output_audio.delta', ...where, delta });
          audioMs += MULAW_FRAME_MS;
        }
      }
      emit(live, { type: 'response.output_audio.done', ...where });
      emit(live, { type: 'response.output_audio_transcript.done', ...where, transcript: text });
      emit(live, { type: 'response.content_part.done', ...where, part: { type: 'output_audio', transcript: text } });
      const done = { ...started, status: 'completed', content: [{ type: 'output_audio', transcript: text }] };
      emit(live, {
        type: 'response.output_item.done',
        response_id: responseId,
        output_index: where.output_index,
        item: done,
      });
      addItem(live, { type: 'message', id: itemId, role: 'assistant', text }, done);
      state.agentItems.push({ itemId, text, audioMs, truncatedAtMs: null });
      output.push(done);
    }
    const calls = (reply.toolCalls ?? []).map((call, index) => ({
      callId: call.id ?? toolCallId(call.name, index, requestNumber),
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    }));
    for (const fn of calls) {
      const itemId = nextId('item');
      const where = { response_id: responseId, item_id: itemId, output_index: output.length, call_id: fn.callId };
      const item = {
        id: itemId,
        object: 'realtime.item',
        type: 'function_call',
        status: 'completed',
        call_id: fn.callId,
        name: fn.name,
        arguments: fn.arguments,
      };
      emit(live, {
        type: 'response.output_item.added',
        response_id: responseId,
        output_index: where.output_index,
        item: { ...item, status: 'in_progress', arguments: '' },
      });
      emit(live, { type: 'response.function_call_arguments.done', ...where, name: fn.name, arguments: fn.arguments });
      emit(live, {
        type: 'response.output_item.done',
        response_id: responseId,
        output_index: where.output_index,
        item,
      });
      addItem(live, { type: 'function_call', id: itemId, ...fn }, item);
      output.push(item);
    }
    const tokens = estimateTokens(text);
    emit(live, {
      type: 'response.done',
      response: {
        ...base,
        status: 'completed',
        output,
        usage: { total_tokens: tokens, input_tokens: 0, output_tokens: tokens },
      },
    });
  }

  /** The VAD over one appended chunk, window by window, on the input clock. */
  function listen(live: Live, bytes: Uint8Array): void {
    const state = live.state;
    const { silence, createResponse } = vadSettings(live);
    for (let at = 0; at < bytes.length; at += MULAW_FRAME_BYTES) {
      const window = bytes.subarray(at, Math.min(bytes.length, at + MULAW_FRAME_BYTES));
      const windowMs = window.length / 8;
      const loud = mulawRms(window) > VAD_RMS_THRESHOLD;
      if (!live.speaking && loud) {
        live.speaking = true;
        live.quietMs = 0;
        live.speechStartMs = state.inputMs;
        live.userItemId = nextId('item');
        emit(live, {
          type: 'input_audio_buffer.speech_started',
          audio_start_ms: Math.round(state.inputMs),
          item_id: live.userItemId,
        });
      } else if (live.speaking) {
        live.quietMs = loud ? 0 : live.quietMs + windowMs;
        if (live.quietMs >= silence) {
          live.speaking = false;
          const endMs = Math.round(state.inputMs + windowMs);
          const itemId = live.userItemId ?? nextId('item');
          const transcript = speech.shift() ?? '';
          state.utterances.push({ startMs: Math.round(live.speechStartMs), endMs, transcript });
          emit(live, { type: 'input_audio_buffer.speech_stopped', audio_end_ms: endMs, item_id: itemId });
          const previous = state.items[state.items.length - 1]?.id ?? null;
          emit(live, { type: 'input_audio_buffer.committed', previous_item_id: previous, item_id: itemId });
          addItem(
            live,
            { type: 'message', id: itemId, role: 'user', text: transcript },
            {
              id: itemId,
              object: 'realtime.item',
              type: 'message',
              role: 'user',
              status: 'completed',
              content: [{ type: 'input_audio', transcript: null }],
            },
          );
          emit(live, {
            type: 'conversation.item.input_audio_transcription.completed',
            item_id: itemId,
            content_index: 0,
            transcript,
          });
          if (createResponse) respond(live);
        }
      }
      state.inputMs += windowMs;
    }
  }

  function onClientEvent(live: Live, raw: string): void {
    const state = live.state;
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(raw) as Record<string, unknown>;
      if (!event || typeof event !== 'object') throw new Error('not an object');
    } catch {
      error(live, 'invalid_json', 'The event is not valid JSON.');
      return;
    }
    const eventId = event.event_id;
    if (event.type === 'input_audio_buffer.append') {
      // Audio is recorded by payload (not in clientEvents): a call appends 50 frames a second.
      if (typeof event.audio !== 'string') return error(live, 'invalid_value', 'audio must be base64.', eventId);
      if (state.appended.length < MAX_KEPT_FRAMES) state.appended.push(event.audio);
      listen(live, Buffer.from(event.audio, 'base64'));
      return;
    }
    state.clientEvents.push(event);
    if (state.clientEvents.length > MAX_KEPT_FRAMES) state.clientEvents.splice(0, 1);
    switch (event.type) {
      case 'session.update': {
        const session = event.session as Record<string, unknown> | undefined;
        if (!session || session.type !== 'realtime') {
          return error(live, 'missing_required_parameter', "Missing required parameter: 'session.type'.", eventId);
        }
        Object.assign(state.session, session);
        emit(live, {
          type: 'session.updated',
          session: { ...state.session, id: state.id, object: 'realtime.session' },
        });
        return;
      }
      case 'conversation.item.create': {
        const item = event.item as Record<string, unknown> | undefined;
        const id = nextId('item');
        if (
          item?.type === 'function_call_output' &&
          typeof item.call_id === 'string' &&
          typeof item.output === 'string'
        ) {
          if (!state.items.some((i) => i.type === 'function_call' && i.callId === item.call_id)) {
            return error(live, 'invalid_call_id', `Tool call ID '${item.call_id}' not found in conversation.`, eventId);
          }
          addItem(
            live,
            { type: 'function_call_output', id, callId: item.call_id, output: item.output },
            { id, ...item },
          );
          return;
        }
        const content = Array.isArray(item?.content) ? (item.content as { text?: unknown }[]) : [];
        const role = item?.role;
        if (item?.type === 'message' && (role === 'user' || role === 'system') && content.length > 0) {
          const text = content.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
          addItem(live, { type: 'message', id, role, text }, { id, object: 'realtime.item', ...item });
          return;
        }
        return error(live, 'invalid_value', 'Unsupported conversation item.', eventId);
      }
      case 'response.create': {
        const missing = callsWithoutOutput(state.items);
        if (missing.length > 0) {
          return error(live, 'missing_tool_output', `No tool output found for function call ${missing[0]}.`, eventId);
        }
        const response = event.response as { instructions?: unknown } | undefined;
        respond(live, typeof response?.instructions === 'string' ? response.instructions : undefined);
        return;
      }
      case 'conversation.item.truncate': {
        const agentItem = state.agentItems.find((i) => i.itemId === event.item_id);
        const end = event.audio_end_ms;
        if (!agentItem) return error(live, 'item_not_found', `Item ${String(event.item_id)} not found.`, eventId);
        if (typeof end !== 'number' || end < 0 || end > agentItem.audioMs) {
          return error(live, 'invalid_value', 'audio_end_ms is past the end of the audio.', eventId);
        }
        agentItem.truncatedAtMs = end;
        // The unheard part of the transcript is gone from the conversation, as OpenAI drops it.
        const item = state.items.find((i) => i.id === agentItem.itemId);
        if (item?.type === 'message') item.text = item.text.slice(0, Math.round(end / AUDIO_MS_PER_CHARACTER));
        emit(live, {
          type: 'conversation.item.truncated',
          item_id: agentItem.itemId,
          content_index: 0,
          audio_end_ms: end,
        });
        return;
      }
      case 'response.cancel':
        return error(live, 'response_cancel_not_active', 'Cancellation failed: no active response found.', eventId);
      default:
        return error(live, 'invalid_value', `Invalid value: '${String(event.type)}'.`, eventId);
    }
  }

  function authorized(req: IncomingMessage): boolean {
    if (req.headers.authorization === `Bearer ${deps.apiKey}`) return true;
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    return offered.includes(`openai-insecure-api-key.${deps.apiKey}`);
  }

  return {
    get stampOutput() {
      return api.stampOutput;
    },
    set stampOutput(value: boolean) {
      api.stampOutput = value;
    },
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      if (!authorized(req)) {
        refuse(
          socket,
          401,
          'Unauthorized',
          errorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
        );
        return;
      }
      const model = url.searchParams.get('model') ?? '';
      if (model === '') {
        refuse(socket, 400, 'Bad Request', errorBody('Missing model', 'invalid_request_error', 'missing_model'));
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const state: FakeAudioSession = {
          id: nextId('sess'),
          model,
          session: { type: 'realtime', model },
          clientEvents: [],
          appended: [],
          inputMs: 0,
          utterances: [],
          deltas: [],
          agentItems: [],
          items: [],
          closed: false,
        };
        sessions.push(state);
        if (sessions.length > MAX_SESSIONS) sessions.splice(0, sessions.length - MAX_SESSIONS);
        const live: Live = {
          state,
          socket: ws,
          speaking: false,
          speechStartMs: 0,
          quietMs: 0,
          userItemId: null,
          outputSequence: 0,
        };
        sockets.add(ws);
        ws.on('close', () => {
          state.closed = true;
          sockets.delete(ws);
        });
        ws.on('message', (data, isBinary) => {
          if (isBinary) error(live, 'invalid_value', 'Binary frames are not supported.');
          else onClientEvent(live, String(data));
        });
        emit(live, {
          type: 'session.created',
          session: { ...state.session, id: state.id, object: 'realtime.session' },
        });
        for (const wake of waiters) wake();
      });
    },
    expectSpeech(...texts) {
      speech.push(...texts);
    },
    get sessions() {
      return sessions;
    },
    waitForSession(options) {
      const count = options?.count ?? 1;
      const ready = () => (sessions.length >= count ? sessions[count - 1] : undefined);
      const now = ready();
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const session = ready();
          if (!session) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(session);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`fake realtime audio: no session #${count} within ${options?.timeoutMs ?? 10_000} ms`));
        }, options?.timeoutMs ?? 10_000);
        waiters.add(wake);
      });
    },
    close() {
      for (const socket of sockets) socket.terminate();
      wss.close();
    },
  };
}
