import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { connectSideband, sidebandUrl, type SidebandEvent } from './sideband.ts';

const Impl = WebSocket as unknown as typeof globalThis.WebSocket;

interface Upgrade {
  url: string;
  authorization: string | undefined;
}

/** A loopback WebSocket server that plays `script` to each client and keeps what it was sent. */
async function realtimeServer(script: (socket: WebSocket) => void, accept = true) {
  const upgrades: Upgrade[] = [];
  const received: Record<string, unknown>[] = [];
  const server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    verifyClient: (info, done) => {
      upgrades.push({ url: info.req.url ?? '', authorization: info.req.headers.authorization });
      if (accept) done(true);
      else done(false, 401, 'Unauthorized');
    },
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as Record<string, unknown>));
    script(socket);
  });
  const { port } = server.address() as { port: number };
  servers.push(server);
  return { baseUrl: `http://127.0.0.1:${port}/v1`, upgrades, received };
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function collect(events: AsyncIterable<SidebandEvent>): Promise<SidebandEvent[]> {
  const all: SidebandEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

const send = (socket: WebSocket, event: unknown) =>
  socket.send(typeof event === 'string' ? event : JSON.stringify(event));

const functionCall = { type: 'function_call', id: 'item_f', call_id: 'call_1', name: 'check_availability' };

describe('sideband client', () => {
  it('builds the sideband URL from the API base URL (http → ws, https → wss)', () => {
    expect(sidebandUrl('https://api.openai.com/v1/', 'rtc_abc')).toBe(
      'wss://api.openai.com/v1/realtime?call_id=rtc_abc',
    );
    expect(sidebandUrl('http://127.0.0.1:9/v1', 'rtc_1')).toBe('ws://127.0.0.1:9/v1/realtime?call_id=rtc_1');
    expect(() => sidebandUrl('ftp://example.com', 'rtc_1')).toThrow(/base URL/);
  });

  it('connects with the key as a bearer header and sends session, tool outputs and responses in GA shapes', async () => {
    const server = await realtimeServer(() => {});
    const sideband = await connectSideband({
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      callId: 'rtc_abc',
      WebSocketImpl: Impl,
    });
    expect(server.upgrades).toEqual([{ url: '/v1/realtime?call_id=rtc_abc', authorization: 'Bearer sk-test' }]);
    sideband.updateSession({ instructions: 'Be brief.', tools: [] });
    sideband.sendFunctionOutput('call_1', { available: true });
    sideband.sendFunctionOutput('call_2', 'plain text');
    sideband.createResponse();
    sideband.createResponse({ instructions: 'Say goodbye.' });
    await expect.poll(() => server.received.length).toBe(5);
    expect(server.received).toEqual([
      { type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.', tools: [] } },
      {
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: 'call_1', output: '{"available":true}' },
      },
      {
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: 'call_2', output: 'plain text' },
      },
      { type: 'response.create' },
      { type: 'response.create', response: { instructions: 'Say goodbye.' } },
    ]);
    sideband.close();
    await expect(sideband.closed).resolves.toMatchObject({ code: 1000 });
    // Sends after the end are dropped (the 'closed' event already said so), never thrown.
    expect(() => sideband.createResponse()).not.toThrow();
  });

  it('reports transcripts, each function call once, response ends and errors; ignores the rest; ends with closed', async () => {
    const server = await realtimeServer((socket) => {
      send(socket, { type: 'session.created', session: {} });
      send(socket, { type: 'input_audio_buffer.speech_started', item_id: 'item_u' });
      send(socket, {
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: 'item_u',
        content_index: 0,
        transcript: 'Is Friday free?',
      });
      // Announced three times: reported once.
      send(socket, {
        type: 'response.function_call_arguments.done',
        response_id: 'resp_1',
        item_id: 'item_f',
        call_id: 'call_1',
        name: 'check_availability',
        arguments: '{"day":"friday"}',
      });
      send(socket, {
        type: 'response.output_item.done',
        response_id: 'resp_1',
        item: { ...functionCall, arguments: '{"day":"friday"}' },
      });
      send(socket, {
        type: 'response.done',
        response: {
          id: 'resp_1',
          status: 'completed',
          output: [{ ...functionCall, arguments: '{"day":"friday"}' }],
          usage: null,
        },
      });
      // The realtime form without a name: reported when the finished item names it.
      send(socket, {
        type: 'response.function_call_arguments.done',
        response_id: 'resp_2',
        item_id: 'item_g',
        call_id: 'call_2',
        arguments: '{}',
      });
      send(socket, {
        type: 'response.output_item.done',
        response_id: 'resp_2',
        item: { type: 'function_call', id: 'item_g', call_id: 'call_2', name: 'book', arguments: '{}' },
      });
      send(socket, {
        type: 'response.output_audio_transcript.delta',
        response_id: 'resp_3',
        item_id: 'i',
        delta: 'Bo',
      });
      send(socket, {
        type: 'response.output_audio_transcript.done',
        response_id: 'resp_3',
        item_id: 'item_a',
        transcript: 'Booked for Friday.',
      });
      send(socket, {
        type: 'response.done',
        response: { id: 'resp_3', status: 'completed', output: [], usage: { total_tokens: 12 } },
      });
      send(socket, { type: 'error', error: { type: 'invalid_request_error', code: 'bad_thing', message: 'Nope.' } });
      send(socket, { type: 'rate_limits.updated', rate_limits: [] });
      send(socket, { type: 'response.done', response: { status: 'completed' } });
      send(socket, 'not json');
      socket.close(1000, 'call ended');
    });
    const sideband = await connectSideband({
      apiKey: 'k',
      baseUrl: server.baseUrl,
      callId: 'rtc_1',
      WebSocketImpl: Impl,
    });
    // Everything since the connection is kept for the reader, even if it starts late.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const events = await collect(sideband.events());
    expect(events).toEqual([
      { type: 'caller_audio' },
      { type: 'user_transcript', itemId: 'item_u', text: 'Is Friday free?' },
      {
        type: 'function_call',
        callId: 'call_1',
        name: 'check_availability',
        arguments: '{"day":"friday"}',
        itemId: 'item_f',
        responseId: 'resp_1',
      },
      { type: 'response_done', responseId: 'resp_1', status: 'completed', usage: null },
      {
        type: 'function_call',
        callId: 'call_2',
        name: 'book',
        arguments: '{}',
        itemId: 'item_g',
        responseId: 'resp_2',
      },
      { type: 'assistant_transcript', itemId: 'item_a', responseId: 'resp_3', text: 'Booked for Friday.' },
      { type: 'response_done', responseId: 'resp_3', status: 'completed', usage: { total_tokens: 12 } },
      { type: 'error', code: 'bad_thing', message: 'Nope.' },
      { type: 'error', code: 'malformed_event', message: 'The server sent a malformed response.done event.' },
      { type: 'error', code: 'malformed_event', message: 'The server sent a malformed frame (not JSON).' },
      { type: 'closed', code: 1000, reason: 'call ended' },
    ]);
    await expect(sideband.closed).resolves.toEqual({ code: 1000, reason: 'call ended' });
  });

  it('fails to connect when the server refuses the handshake (bad key, unknown call)', async () => {
    const server = await realtimeServer(() => {}, false);
    await expect(
      connectSideband({ apiKey: 'wrong', baseUrl: server.baseUrl, callId: 'rtc_1', WebSocketImpl: Impl }),
    ).rejects.toThrow(/rtc_1/);
  });

  it('fails without a WebSocket implementation, and when aborted before connecting', async () => {
    const server = await realtimeServer(() => {});
    const saved = (globalThis as { WebSocket?: unknown }).WebSocket;
    (globalThis as { WebSocket?: unknown }).WebSocket = undefined;
    try {
      await expect(connectSideband({ apiKey: 'k', baseUrl: server.baseUrl, callId: 'rtc_1' })).rejects.toThrow(
        /WebSocketImpl/,
      );
    } finally {
      (globalThis as { WebSocket?: unknown }).WebSocket = saved;
    }
    const aborted = AbortSignal.abort();
    await expect(
      connectSideband({ apiKey: 'k', baseUrl: server.baseUrl, callId: 'rtc_1', WebSocketImpl: Impl, signal: aborted }),
    ).rejects.toThrow(/aborted/);
  });

  it('closes the connection when its signal aborts', async () => {
    const server = await realtimeServer(() => {});
    const controller = new AbortController();
    const sideband = await connectSideband({
      apiKey: 'k',
      baseUrl: server.baseUrl,
      callId: 'rtc_1',
      WebSocketImpl: Impl,
      signal: controller.signal,
    });
    controller.abort();
    await expect(sideband.closed).resolves.toMatchObject({ code: 1000 });
    const events = await collect(sideband.events());
    expect(events.at(-1)).toMatchObject({ type: 'closed', code: 1000 });
  });

  it('gives a connection up when its reader stops reading (bounded buffer)', async () => {
    const server = await realtimeServer((socket) => {
      for (let i = 0; i < 5; i++) send(socket, { type: 'error', error: { code: null, message: `e${i}` } });
    });
    const sideband = await connectSideband({
      apiKey: 'k',
      baseUrl: server.baseUrl,
      callId: 'rtc_1',
      WebSocketImpl: Impl,
      maxBufferedEvents: 3,
    });
    await expect(sideband.closed).resolves.toMatchObject({ code: 1008 });
    const events = await collect(sideband.events());
    expect(events[0]).toEqual({ type: 'error', code: 'reader_too_slow', message: 'Too many unread sideband events.' });
    expect(events.at(-1)).toMatchObject({ type: 'closed', code: 1008 });
  });
});
