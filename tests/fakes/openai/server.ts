/**
 * A loopback HTTP server that speaks the OpenAI REST protocol (chat completions with SSE, tool
 * calls and image content parts, embeddings, transcriptions, speech, and the realtime calls API's SDP exchange and hang-up) and the
 * realtime sideband WebSocket (`realtime.ts`) for tests and benchmarks. Scripted replies (one
 * script answers chat and voice), configurable latency, fault injection and a request log; every
 * queue, body and delay is bounded.
 *
 * Usage:
 *   const fake = await startFakeOpenAI();
 *   new OpenAI({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0 });
 *   fake.queueChat({ toolCalls: [{ name: 'get_time', arguments: {} }] }, { text: 'It is noon.' });
 *   fake.failNext('chat', { kind: 'status', status: 429, retryAfterMs: 10 });
 *   // voice: after our server created call `id` and attached its sideband
 *   await fake.waitForSideband(id, { sessionUpdates: 1 });
 *   const turn = await fake.userSays(id, 'Is Friday free?'); // resolves once the model answered without a tool
 *   fake.endCall(id); // the browser left: the sideband closes with 1000
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { hashedEmbedding } from '../../../supabase/functions/_shared/text/lexical.ts';
import {
  defaultErrorType,
  defaultReply,
  errorBody,
  estimateTokens,
  fakeSpeech,
  fragments,
  invalidContentPart,
  messageText,
  streamTokens,
  toolCallId,
  wireMessages,
  type ChatRequestBody,
  type ChatScript,
  type FakeChatReply,
  type FakeEndpoint,
  type FakeFault,
} from './protocol.ts';
import { createFakeSideband, type FakeRealtimeTurn, type SidebandClientEvent } from './realtime.ts';
import { createFakeRealtimeAudio, type FakeRealtimeAudio } from './realtime-audio.ts';

export type { FakeRealtimeTurn, SidebandClientEvent } from './realtime.ts';
export type { FakeAudioSession, FakeRealtimeAudio } from './realtime-audio.ts';
export type { ChatRequestBody, ChatScript, FakeChatReply, FakeEndpoint, FakeFault } from './protocol.ts';
export { imageUrls } from './protocol.ts';

export interface FakeOpenAIOptions {
  /** Bearer token the fake accepts (default `test-key`). */
  apiKey?: string;
  firstTokenDelayMs?: number;
  tokenDelayMs?: number;
  /** Default transcript for /audio/transcriptions. */
  transcript?: string | ((file: { name: string; size: number; type: string }) => string);
  maxBodyBytes?: number;
  maxLoggedRequests?: number;
}

/** A call created on `POST /v1/realtime/calls` (the WebRTC media itself is not faked). */
export interface FakeRealtimeCall {
  /** The provider call id, as in the create answer's `Location: /v1/realtime/calls/{id}`. */
  id: string;
  sdp: string;
  session: Record<string, unknown>;
  /** Set by `POST /v1/realtime/calls/{id}/hangup`. */
  hungUpAt: number | null;
  /** Set when the call ended on the provider's side: a hang-up, or `endCall` (the browser left). */
  endedAt: number | null;
  /** The `session` of every `session.update` the sideband sent, in order. */
  sessionUpdates: Record<string, unknown>[];
}

export interface LoggedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON for JSON endpoints; for multipart, the non-file fields plus a file summary. */
  body: unknown;
  at: number;
}

const MAX_DELAY_MS = 30_000;
const MAX_QUEUE = 1_000;
const MAX_REPLY_CHARS = 200_000;
const MAX_EMBEDDING_INPUTS = 2048;

export interface FakeOpenAI {
  readonly baseURL: string;
  readonly apiKey: string;
  readonly requests: readonly LoggedRequest[];
  /** Requests to one endpoint, oldest first. */
  requestsTo(endpoint: FakeEndpoint): LoggedRequest[];
  /** Scripted chat replies, consumed one per chat request, before the default responder. */
  queueChat(...scripts: ChatScript[]): void;
  /** Replaces the default (echo) responder used when the queue is empty. */
  setChatResponder(responder: ((request: ChatRequestBody) => FakeChatReply) | null): void;
  /** Faults applied to the next requests of an endpoint, one per request. */
  failNext(endpoint: FakeEndpoint, ...faults: FakeFault[]): void;
  setDelays(delays: { firstTokenDelayMs?: number; tokenDelayMs?: number }): void;
  setTranscript(transcript: NonNullable<FakeOpenAIOptions['transcript']>): void;
  /** Realtime calls created so far, oldest first (bounded like the log). */
  readonly realtimeCalls: readonly FakeRealtimeCall[];
  /** Ids hung up, in order (a second hang-up of the same call answers 404 and is not listed). */
  readonly hangups: readonly string[];
  /**
   * Realtime sideband driver. The caller says `text` on call `callId`: VAD, the committed item and
   * its transcription, then responses decided by the chat script (queueChat / setChatResponder).
   * A response with function calls waits for the sideband's outputs and `response.create`; the
   * promise resolves at the first response without a function call (rejects on timeout, default
   * 10 s, or when the call ends).
   */
  userSays(callId: string, text: string, options?: { timeoutMs?: number }): Promise<FakeRealtimeTurn>;
  /** The call ends on the provider's side (the browser left): its sideband closes with 1000. */
  endCall(callId: string): void;
  /** Resolves once a sideband is attached to the call and has sent `sessionUpdates` updates (default 0). */
  waitForSideband(callId: string, options?: { sessionUpdates?: number; timeoutMs?: number }): Promise<void>;
  /** The call's session: as created, with every `session.update` merged over it (shallow). */
  realtimeSession(callId: string): Record<string, unknown> | null;
  /** Client events received on sideband sockets, oldest first (bounded like the log). */
  readonly sidebandEvents: readonly SidebandClientEvent[];
  /**
   * The realtime model's own socket (`/v1/realtime?model=…`, audio in and out, energy VAD,
   * scripted transcripts with `expectSpeech`): see realtime-audio.ts.
   */
  readonly realtimeAudio: FakeRealtimeAudio;
  clearLog(): void;
  close(): Promise<void>;
}

function boundedDelay(ms: number | undefined): number {
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return 0;
  return Math.min(ms, MAX_DELAY_MS);
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

class BodyTooLarge extends Error {}

const HANGUP_PATH = /^\/v1\/realtime\/calls\/([A-Za-z0-9_-]{1,200})\/hangup$/;

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': `req_fake_${Date.now().toString(36)}`,
    ...headers,
  });
  res.end(text);
}

function sendFault(res: ServerResponse, fault: Extract<FakeFault, { kind: 'status' }>): void {
  const headers: Record<string, string> = {};
  if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
  if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
  const code = fault.code ?? (fault.status === 429 ? 'rate_limit_exceeded' : null);
  sendJson(
    res,
    fault.status,
    errorBody(fault.message ?? `Fake fault ${fault.status}`, fault.type ?? defaultErrorType(fault.status), code),
    headers,
  );
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const apiKey = options.apiKey ?? 'test-key';
  const maxBodyBytes = options.maxBodyBytes ?? 26 * 1024 * 1024;
  const maxLogged = options.maxLoggedRequests ?? 500;
  let firstTokenDelayMs = boundedDelay(options.firstTokenDelayMs);
  let tokenDelayMs = boundedDelay(options.tokenDelayMs);
  let transcript = options.transcript ?? 'fake transcript';
  let responder: ((request: ChatRequestBody) => FakeChatReply) | null = null;
  const chatQueue: ChatScript[] = [];
  const faults: Record<FakeEndpoint, FakeFault[]> = {
    chat: [],
    embeddings: [],
    transcriptions: [],
    speech: [],
    realtime_calls: [],
    realtime_hangup: [],
  };
  const realtimeCalls: FakeRealtimeCall[] = [];
  const hangups: string[] = [];
  const instanceTag = randomBytes(4).toString('hex');
  let realtimeCount = 0;
  const log: LoggedRequest[] = [];
  const sockets = new Set<Socket>();
  let chatCount = 0;

  function record(req: IncomingMessage, path: string, body: unknown): void {
    log.push({ method: req.method ?? 'GET', path, headers: { ...req.headers }, body, at: Date.now() });
    if (log.length > maxLogged) log.splice(0, log.length - maxLogged);
  }

  function endpointOf(path: string): FakeEndpoint | null {
    if (path === '/v1/chat/completions') return 'chat';
    if (path === '/v1/embeddings') return 'embeddings';
    if (path === '/v1/audio/transcriptions') return 'transcriptions';
    if (path === '/v1/audio/speech') return 'speech';
    if (path === '/v1/realtime/calls') return 'realtime_calls';
    if (HANGUP_PATH.test(path)) return 'realtime_hangup';
    return null;
  }

  /** The scripted model, shared by chat requests and realtime responses. */
  function nextReply(body: ChatRequestBody): FakeChatReply {
    const script = chatQueue.shift();
    return script === undefined
      ? (responder ?? defaultReply)(body)
      : typeof script === 'function'
        ? script(body)
        : script;
  }

  const sideband = createFakeSideband({
    apiKey,
    maxLogged,
    findCall: (id) => realtimeCalls.find((call) => call.id === id),
    decide: (body) => ({ reply: nextReply(body), requestNumber: ++chatCount }),
  });

  const realtimeAudio = createFakeRealtimeAudio({
    apiKey,
    decide: (body) => ({ reply: nextReply(body), requestNumber: ++chatCount }),
  });

  async function handleChat(req: IncomingMessage, res: ServerResponse, body: ChatRequestBody, fault?: FakeFault) {
    chatCount++;
    const requestNumber = chatCount;
    if (typeof body.model !== 'string' || body.model === '') {
      sendJson(res, 400, errorBody('you must provide a model parameter', 'invalid_request_error', null, 'model'));
      return;
    }
    if (wireMessages(body).length === 0) {
      sendJson(res, 400, errorBody("'messages' must be a non-empty array", 'invalid_request_error', null, 'messages'));
      return;
    }
    const invalidPart = invalidContentPart(body);
    if (invalidPart) {
      sendJson(res, 400, errorBody(invalidPart, 'invalid_request_error', 'invalid_value', 'messages'));
      return;
    }
    const reply = nextReply(body);
    const text = (reply.text ?? '').slice(0, MAX_REPLY_CHARS);
    const calls = (reply.toolCalls ?? []).map((call, index) => ({
      id: call.id ?? toolCallId(call.name, index, requestNumber),
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    }));
    const finishReason = reply.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
    const promptText = wireMessages(body).map(messageText).join('\n');
    const completionText = text + calls.map((call) => call.name + call.arguments).join('');
    const usage = {
      prompt_tokens: estimateTokens(promptText),
      completion_tokens: estimateTokens(completionText),
      total_tokens: estimateTokens(promptText) + estimateTokens(completionText),
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    };
    const id = `chatcmpl-fake${requestNumber}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model;

    if (body.stream !== true) {
      await wait(firstTokenDelayMs);
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        system_fingerprint: 'fp_fake',
        service_tier: 'default',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: calls.length > 0 && text === '' ? null : text,
              refusal: null,
              ...(calls.length > 0
                ? {
                    tool_calls: calls.map((call) => ({
                      id: call.id,
                      type: 'function',
                      function: { name: call.name, arguments: call.arguments },
                    })),
                  }
                : {}),
            },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage,
      });
      return;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': `req_fake_${requestNumber}`,
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    const includeUsage = body.stream_options?.include_usage === true;
    const chunk = (choices: unknown[], usagePart: unknown = null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        system_fingerprint: 'fp_fake',
        choices,
        ...(includeUsage ? { usage: usagePart } : {}),
      })}\n\n`;

    // Content chunks (after the role chunk), then tool-call fragments: what faults count.
    const pieces: string[] = [];
    for (const token of streamTokens(text)) {
      pieces.push(chunk([{ index: 0, delta: { content: token }, logprobs: null, finish_reason: null }]));
    }
    calls.forEach((call, index) => {
      pieces.push(
        chunk([
          {
            index: 0,
            delta: {
              tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
            },
            logprobs: null,
            finish_reason: null,
          },
        ]),
      );
      for (const fragment of fragments(call.arguments, 3)) {
        pieces.push(
          chunk([
            {
              index: 0,
              delta: { tool_calls: [{ index, function: { arguments: fragment } }] },
              logprobs: null,
              finish_reason: null,
            },
          ]),
        );
      }
    });

    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    // Each write resolves once handed to the socket, so a later destroy() cannot swallow it.
    const write = (data: string) =>
      new Promise<void>((resolve) => {
        if (closed) resolve();
        else res.write(data, () => resolve());
      });
    await write(
      chunk([
        { index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null },
      ]),
    );
    for (let i = 0; i < pieces.length; i++) {
      if (closed) return;
      if (fault?.kind === 'drop' && i >= fault.afterChunks) {
        req.socket.destroy();
        return;
      }
      if (fault?.kind === 'stream-error' && i >= fault.afterChunks) {
        await write(
          `data: ${JSON.stringify(errorBody(fault.message ?? 'The server had an error', 'server_error', null))}\n\n`,
        );
        res.end();
        return;
      }
      await wait(i === 0 ? firstTokenDelayMs : tokenDelayMs);
      await write(pieces[i]!);
    }
    if (fault?.kind === 'drop' || fault?.kind === 'stream-error') {
      // Fault placed after the last chunk: break before the finish chunk.
      if (fault.kind === 'drop') req.socket.destroy();
      else {
        await write(
          `data: ${JSON.stringify(errorBody(fault.message ?? 'The server had an error', 'server_error', null))}\n\n`,
        );
        res.end();
      }
      return;
    }
    if (pieces.length === 0) await wait(firstTokenDelayMs);
    await write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]));
    if (includeUsage) await write(chunk([], usage));
    await write('data: [DONE]\n\n');
    res.end();
  }

  function handleEmbeddings(res: ServerResponse, body: Record<string, unknown>): void {
    const raw = body.input;
    const inputs = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : null;
    if (typeof body.model !== 'string' || body.model === '') {
      sendJson(res, 400, errorBody('you must provide a model parameter', 'invalid_request_error', null, 'model'));
      return;
    }
    if (!inputs || inputs.length === 0 || inputs.some((item) => typeof item !== 'string')) {
      sendJson(
        res,
        400,
        errorBody("'input' must be a string or an array of strings", 'invalid_request_error', null, 'input'),
      );
      return;
    }
    if (inputs.length > MAX_EMBEDDING_INPUTS) {
      sendJson(
        res,
        400,
        errorBody(
          `'input' array must have at most ${MAX_EMBEDDING_INPUTS} items`,
          'invalid_request_error',
          null,
          'input',
        ),
      );
      return;
    }
    if ((inputs as string[]).some((item) => item === '')) {
      sendJson(res, 400, errorBody("'input' cannot contain an empty string", 'invalid_request_error', null, 'input'));
      return;
    }
    const dimensions =
      typeof body.dimensions === 'number' && body.dimensions > 0 ? Math.min(body.dimensions, 3072) : 1536;
    const base64 = body.encoding_format === 'base64';
    const texts = inputs as string[];
    const tokens = texts.reduce((sum, text) => sum + estimateTokens(text), 0);
    sendJson(res, 200, {
      object: 'list',
      data: texts.map((text, index) => {
        const vector = hashedEmbedding(text, dimensions);
        return {
          object: 'embedding',
          index,
          embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
        };
      }),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  /** Text to speech (`/v1/audio/speech`): JSON in, audio bytes out. */
  function handleSpeech(res: ServerResponse, body: Record<string, unknown>): void {
    if (typeof body.model !== 'string' || body.model === '') {
      sendJson(res, 400, errorBody('you must provide a model parameter', 'invalid_request_error', null, 'model'));
      return;
    }
    if (typeof body.input !== 'string' || body.input === '' || body.input.length > 4096) {
      sendJson(res, 400, errorBody("'input' must be 1 to 4096 characters", 'invalid_request_error', null, 'input'));
      return;
    }
    if (typeof body.voice !== 'string' || body.voice === '') {
      sendJson(res, 400, errorBody("'voice' is required", 'invalid_request_error', null, 'voice'));
      return;
    }
    const format = typeof body.response_format === 'string' ? body.response_format : 'mp3';
    if (!['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'].includes(format)) {
      sendJson(
        res,
        400,
        errorBody(`Invalid response_format ${format}`, 'invalid_request_error', null, 'response_format'),
      );
      return;
    }
    const audio = fakeSpeech(body.input, format);
    res.writeHead(200, { 'content-type': audio.contentType, 'content-length': audio.bytes.length });
    res.end(Buffer.from(audio.bytes));
  }

  async function handleTranscription(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    const contentType = req.headers['content-type'] ?? '';
    if (!contentType.startsWith('multipart/form-data')) {
      sendJson(res, 400, errorBody('Expected multipart/form-data', 'invalid_request_error', null));
      return;
    }
    // undici's Request parses multipart for us (the same parser fetch uses).
    const form = await new Request('http://fake.local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Blob([new Uint8Array(raw)]),
    }).formData();
    const file = form.get('file');
    const model = form.get('model');
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      fields[key] = typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type };
    }
    log[log.length - 1]!.body = fields;
    if (!(file instanceof File) || file.size === 0) {
      sendJson(res, 400, errorBody("'file' is required", 'invalid_request_error', null, 'file'));
      return;
    }
    if (typeof model !== 'string' || model === '') {
      sendJson(res, 400, errorBody('you must provide a model parameter', 'invalid_request_error', null, 'model'));
      return;
    }
    const text =
      typeof transcript === 'function' ? transcript({ name: file.name, size: file.size, type: file.type }) : transcript;
    const format = form.get('response_format');
    if (format === 'text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(text);
      return;
    }
    if (format === 'verbose_json') {
      sendJson(res, 200, {
        task: 'transcribe',
        language: form.get('language') ?? 'english',
        duration: 1,
        text,
        segments: [],
      });
      return;
    }
    sendJson(res, 200, { text });
  }

  async function formOf(req: IncomingMessage, raw: Buffer): Promise<FormData | null> {
    const contentType = req.headers['content-type'] ?? '';
    if (!contentType.startsWith('multipart/form-data')) return null;
    return await new Request('http://fake.local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Blob([new Uint8Array(raw)]),
    }).formData();
  }

  /** The GA unified interface: multipart {sdp, session} → 201 application/sdp with the call's Location. */
  async function handleRealtimeCall(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    const form = await formOf(req, raw);
    const sdp = form?.get('sdp');
    const session = form?.get('session');
    if (typeof sdp !== 'string' || !sdp.startsWith('v=0') || typeof session !== 'string') {
      sendJson(res, 400, errorBody('Expected multipart sdp and session', 'invalid_request_error', null));
      return;
    }
    log[log.length - 1]!.body = { sdp, session: JSON.parse(session) as unknown };
    realtimeCount++;
    // Unique across fake servers, as OpenAI's call ids are: tests share one database, and a second
    // fake counting from 1 again would give two voice calls the same provider call id.
    const id = `rtc_fake${instanceTag}${realtimeCount.toString().padStart(6, '0')}`;
    realtimeCalls.push({
      id,
      sdp,
      session: JSON.parse(session) as Record<string, unknown>,
      hungUpAt: null,
      endedAt: null,
      sessionUpdates: [],
    });
    if (realtimeCalls.length > maxLogged) realtimeCalls.splice(0, realtimeCalls.length - maxLogged);
    const answer = `v=0\r\no=- ${realtimeCount} 2 IN IP4 127.0.0.1\r\ns=fake-answer\r\n`;
    res.writeHead(201, {
      'content-type': 'application/sdp',
      location: `/v1/realtime/calls/${id}`,
      // A browser creating the call directly reads the id too.
      'access-control-expose-headers': 'Location',
    });
    res.end(answer);
  }

  /** Ends a live call once; an unknown or already ended call is a 404, as the real API answers. */
  function handleHangup(res: ServerResponse, path: string): void {
    const id = HANGUP_PATH.exec(path)?.[1] ?? '';
    const call = realtimeCalls.find((c) => c.id === id);
    if (!call || call.hungUpAt !== null || call.endedAt !== null) {
      sendJson(res, 404, errorBody(`Call ${id} not found`, 'invalid_request_error', 'call_not_found'));
      return;
    }
    call.hungUpAt = Date.now();
    sideband.endCall(id);
    hangups.push(id);
    if (hangups.length > maxLogged) hangups.splice(0, hangups.length - maxLogged);
    sendJson(res, 200, {});
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake.local').pathname;
    let raw: Buffer;
    try {
      raw = await readBody(req, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        sendJson(res, 413, errorBody('Request body too large', 'invalid_request_error', null), { connection: 'close' });
        return;
      }
      throw error;
    }
    const isJson = (req.headers['content-type'] ?? '').includes('application/json');
    let body: unknown = null;
    if (isJson && raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        record(req, path, raw.toString('utf8').slice(0, 1000));
        sendJson(
          res,
          400,
          errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null),
        );
        return;
      }
    }
    record(req, path, body);
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      sendJson(res, 401, errorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'));
      return;
    }
    const endpoint = req.method === 'POST' ? endpointOf(path) : null;
    if (!endpoint) {
      sendJson(
        res,
        404,
        errorBody(`Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url'),
      );
      return;
    }
    const fault = faults[endpoint].shift();
    if (fault?.kind === 'slow') await wait(boundedDelay(fault.delayMs));
    if (fault?.kind === 'status') {
      sendFault(res, fault);
      return;
    }
    const streaming = endpoint === 'chat' && (body as ChatRequestBody | null)?.stream === true;
    if (!streaming && (fault?.kind === 'drop' || fault?.kind === 'stream-error')) {
      // Without a stream there is no "middle": the connection just dies before any answer.
      req.socket.destroy();
      return;
    }
    if (endpoint === 'chat') {
      if (!body || typeof body !== 'object') {
        sendJson(res, 400, errorBody('Expected a JSON body', 'invalid_request_error', null));
        return;
      }
      await handleChat(req, res, body as ChatRequestBody, fault);
    } else if (endpoint === 'realtime_calls') {
      await handleRealtimeCall(req, res, raw);
    } else if (endpoint === 'realtime_hangup') {
      handleHangup(res, path);
    } else if (endpoint === 'speech') {
      if (!body || typeof body !== 'object') {
        sendJson(res, 400, errorBody('Expected a JSON body', 'invalid_request_error', null));
        return;
      }
      handleSpeech(res, body as Record<string, unknown>);
    } else if (endpoint === 'embeddings') {
      if (!body || typeof body !== 'object') {
        sendJson(res, 400, errorBody('Expected a JSON body', 'invalid_request_error', null));
        return;
      }
      handleEmbeddings(res, body as Record<string, unknown>);
    } else {
      await handleTranscription(req, res, raw);
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        sendJson(res, 500, errorBody(`Fake server error: ${String(error)}`, 'server_error', null));
      } else {
        res.destroy();
      }
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    // A model session (`?model=`) carries audio; a sideband (`?call_id=`) controls a WebRTC call.
    const params = new URL(req.url ?? '/', 'http://fake.local').searchParams;
    if (params.has('model') && !params.has('call_id')) realtimeAudio.handleUpgrade(req, socket, head);
    else sideband.handleUpgrade(req, socket, head);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('Fake OpenAI server has no TCP address');
  const baseURL = `http://127.0.0.1:${address.port}/v1`;

  const boundedPush = <T>(queue: T[], items: T[]) => {
    if (queue.length + items.length > MAX_QUEUE) throw new Error(`Fake OpenAI queue limit (${MAX_QUEUE}) exceeded`);
    queue.push(...items);
  };

  return {
    baseURL,
    apiKey,
    get requests() {
      return log;
    },
    requestsTo(endpoint) {
      return log.filter((entry) => endpointOf(entry.path) === endpoint);
    },
    queueChat(...scripts) {
      boundedPush(chatQueue, scripts);
    },
    setChatResponder(next) {
      responder = next;
    },
    failNext(endpoint, ...items) {
      boundedPush(faults[endpoint], items);
    },
    setDelays(delays) {
      if (delays.firstTokenDelayMs !== undefined) firstTokenDelayMs = boundedDelay(delays.firstTokenDelayMs);
      if (delays.tokenDelayMs !== undefined) tokenDelayMs = boundedDelay(delays.tokenDelayMs);
    },
    setTranscript(next) {
      transcript = next;
    },
    get realtimeCalls() {
      return realtimeCalls;
    },
    get hangups() {
      return hangups;
    },
    userSays: (callId, text, options) => sideband.userSays(callId, text, options),
    endCall: (callId) => sideband.endCall(callId),
    waitForSideband: (callId, options) => sideband.waitForSideband(callId, options),
    realtimeSession: (callId) => sideband.effectiveSession(callId),
    get sidebandEvents() {
      return sideband.clientEvents;
    },
    realtimeAudio,
    clearLog() {
      log.length = 0;
    },
    close() {
      sideband.close();
      realtimeAudio.close();
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
