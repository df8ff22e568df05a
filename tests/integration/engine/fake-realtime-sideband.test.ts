/**
 * The fake OpenAI realtime sideband, driven through the product's own sideband client (and raw
 * `ws` where the bytes matter): calls created over HTTP, the upgrade's refusals, the GA events of a
 * caller turn, the tool round trip, and the end of the call. One chat script decides for chat and voice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  connectSideband,
  type SidebandConnection,
  type SidebandEvent,
} from '../../../supabase/functions/_shared/voice/sideband.ts';
import type { ChatRequestBody, FakeChatReply } from '../../fakes/openai/protocol.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';

const Impl = WebSocket as unknown as typeof globalThis.WebSocket;
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-fake' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.setChatResponder(null));

async function createCall(session: Record<string, unknown> = { type: 'realtime', model: 'gpt-realtime' }) {
  const form = new FormData();
  form.set('sdp', 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\n');
  form.set('session', JSON.stringify(session));
  const res = await fetch(`${fake.baseURL}/realtime/calls`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-fake' },
    body: form,
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!.split('/').pop()!;
}

const wsUrl = (callId: string) => `${fake.baseURL.replace('http', 'ws')}/realtime?call_id=${callId}`;

/** Opens a raw socket; resolves with it, or with the refused handshake's status and body. */
function rawConnect(url: string, options: WebSocket.ClientOptions & { protocols?: string[] } = {}) {
  return new Promise<{ socket: WebSocket; frames: Record<string, unknown>[] } | { status: number; body: unknown }>(
    (resolve, reject) => {
      const socket = new WebSocket(url, options.protocols ?? [], options);
      const frames: Record<string, unknown>[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
      socket.on('open', () => resolve({ socket, frames }));
      socket.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += String(chunk)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as unknown }));
      });
      socket.on('error', reject);
    },
  );
}

/** What our server does with the sideband: run each tool, answer every call, then ask for the next response. */
function serveTools(sideband: SidebandConnection, run: (name: string, args: string) => unknown) {
  const seen: SidebandEvent[] = [];
  const done = (async () => {
    const waiting: { callId: string; output: unknown }[] = [];
    for await (const event of sideband.events()) {
      seen.push(event);
      if (event.type === 'function_call')
        waiting.push({ callId: event.callId, output: run(event.name, event.arguments) });
      if (event.type === 'response_done' && waiting.length > 0) {
        for (const call of waiting.splice(0)) sideband.sendFunctionOutput(call.callId, call.output);
        sideband.createResponse();
      }
    }
  })();
  return { seen, done };
}

/** A scripted model: check availability, then book, then confirm (the same for chat and voice). */
function bookingModel(bodies: ChatRequestBody[]) {
  return (body: ChatRequestBody): FakeChatReply => {
    bodies.push(body);
    const messages = (body.messages ?? []) as { role: string; content?: unknown }[];
    const tools = messages.filter((m) => m.role === 'tool').length;
    if (tools === 0) return { toolCalls: [{ name: 'check_availability', arguments: { day: 'friday' } }] };
    if (tools === 1)
      return { text: 'Friday is free, booking it.', toolCalls: [{ name: 'book', arguments: { day: 'friday' } }] };
    return { text: 'Booked for Friday at noon.' };
  };
}

describe('fake realtime sideband', () => {
  it('refuses an unknown call (404 call_id_not_found) and a bad key (401); accepts subprotocol auth', async () => {
    const callId = await createCall();
    const unknown = await rawConnect(wsUrl('rtc_nope'), { headers: { authorization: 'Bearer sk-fake' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'call_id_not_found' } } });
    const badKey = await rawConnect(wsUrl(callId), { headers: { authorization: 'Bearer wrong' } });
    expect(badKey).toMatchObject({ status: 401, body: { error: { code: 'invalid_api_key' } } });
    const missing = await rawConnect(wsUrl(callId));
    expect(missing).toMatchObject({ status: 401 });
    const viaProtocol = await rawConnect(wsUrl(callId), { protocols: ['realtime', 'openai-insecure-api-key.sk-fake'] });
    if (!('socket' in viaProtocol)) throw new Error('expected a socket');
    expect(viaProtocol.socket.protocol).toBe('realtime');
    await expect.poll(() => viaProtocol.frames[0]?.type).toBe('session.created');
    viaProtocol.socket.close();
  });

  it('emits the GA events of a caller turn and answers with the chat script (default: echo)', async () => {
    const callId = await createCall({ type: 'realtime', model: 'gpt-realtime', instructions: 'Be brief.' });
    const raw = await rawConnect(wsUrl(callId), { headers: { authorization: 'Bearer sk-fake' } });
    if (!('socket' in raw)) throw new Error('expected a socket');
    await fake.waitForSideband(callId);
    const turn = await fake.userSays(callId, 'Hello there');
    expect(turn).toMatchObject({ text: 'echo: Hello there', toolCalls: [] });
    await expect.poll(() => raw.frames.at(-1)?.type).toBe('response.done');
    expect(raw.frames.map((f) => f.type)).toEqual([
      'session.created',
      'input_audio_buffer.speech_started',
      'input_audio_buffer.speech_stopped',
      'input_audio_buffer.committed',
      'conversation.item.added',
      'conversation.item.done',
      'conversation.item.input_audio_transcription.completed',
      'response.created',
      'response.output_item.added',
      'response.content_part.added',
      // 'echo: ', 'Hello ', 'there': one delta per word
      'response.output_audio_transcript.delta',
      'response.output_audio_transcript.delta',
      'response.output_audio_transcript.delta',
      'response.output_audio_transcript.done',
      'response.content_part.done',
      'response.output_item.done',
      'conversation.item.added',
      'conversation.item.done',
      'response.done',
    ]);
    expect(raw.frames.find((f) => f.type === 'conversation.item.input_audio_transcription.completed')).toMatchObject({
      item_id: turn.userItemId,
      transcript: 'Hello there',
    });
    const done = raw.frames.at(-1) as { response: { id: string; status: string; usage: { total_tokens: number } } };
    expect(done.response).toMatchObject({ id: turn.responseIds[0], status: 'completed' });
    expect(done.response.usage.total_tokens).toBeGreaterThan(0);
    raw.socket.close();
  });

  it('one script drives voice like chat: availability, then booking, then the answer, over the sideband', async () => {
    const callId = await createCall();
    const sideband = await connectSideband({ apiKey: 'sk-fake', baseUrl: fake.baseURL, callId, WebSocketImpl: Impl });
    sideband.updateSession({
      instructions: 'You take bookings.',
      tools: [
        { type: 'function', name: 'check_availability', description: 'Free slots', parameters: { type: 'object' } },
        { type: 'function', name: 'book', parameters: { type: 'object' } },
      ],
    });
    await fake.waitForSideband(callId, { sessionUpdates: 1 });
    const voiceBodies: ChatRequestBody[] = [];
    fake.setChatResponder(bookingModel(voiceBodies));
    const ran: string[] = [];
    const served = serveTools(sideband, (name) => {
      ran.push(name);
      return name === 'book' ? { booked: true } : { free: true };
    });

    const turn = await fake.userSays(callId, 'A table on Friday?');
    expect(ran).toEqual(['check_availability', 'book']);
    expect(turn.text).toBe('Booked for Friday at noon.');
    expect(turn.responseIds).toHaveLength(3);
    expect(turn.toolCalls.map((c) => [c.name, c.output])).toEqual([
      ['check_availability', '{"free":true}'],
      ['book', '{"booked":true}'],
    ]);
    // What the script saw: the session's instructions and tools, the caller, then each tool round.
    expect(voiceBodies[0]).toMatchObject({
      messages: [
        { role: 'system', content: 'You take bookings.' },
        { role: 'user', content: 'A table on Friday?' },
      ],
      tools: [
        { type: 'function', function: { name: 'check_availability', description: 'Free slots' } },
        { type: 'function', function: { name: 'book' } },
      ],
    });
    expect(voiceBodies[2]?.messages).toMatchObject([
      { role: 'system' },
      { role: 'user' },
      { role: 'assistant', tool_calls: [{ function: { name: 'check_availability' } }] },
      { role: 'tool', content: '{"free":true}' },
      { role: 'assistant', content: 'Friday is free, booking it.' },
      { role: 'assistant', tool_calls: [{ function: { name: 'book' } }] },
      { role: 'tool', content: '{"booked":true}' },
    ]);

    // The same script answers a chat request with the same decision.
    const chatBodies: ChatRequestBody[] = [];
    fake.setChatResponder(bookingModel(chatBodies));
    const chat = await fetch(`${fake.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-fake', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: voiceBodies[0]?.messages }),
    });
    const answer = (await chat.json()) as { choices: { message: { tool_calls: { function: { name: string } }[] } }[] };
    expect(answer.choices[0]?.message.tool_calls[0]?.function.name).toBe('check_availability');

    const transcripts = served.seen.filter((e) => e.type === 'user_transcript' || e.type === 'assistant_transcript');
    expect(transcripts.map((e) => ('text' in e ? e.text : ''))).toEqual([
      'A table on Friday?',
      'Friday is free, booking it.',
      'Booked for Friday at noon.',
    ]);
    // Every client event is logged for assertions.
    expect(fake.sidebandEvents.filter((e) => e.callId === callId).map((e) => e.event.type)).toEqual([
      'session.update',
      'conversation.item.create',
      'response.create',
      'conversation.item.create',
      'response.create',
    ]);
    expect(fake.realtimeSession(callId)).toMatchObject({
      type: 'realtime',
      model: 'gpt-realtime',
      instructions: 'You take bookings.',
    });

    fake.endCall(callId);
    await served.done;
    expect(served.seen.at(-1)).toEqual({ type: 'closed', code: 1000, reason: 'call ended' });
  });

  it('refuses what the real API refuses, with error events that keep the socket open', async () => {
    const callId = await createCall();
    const sideband = await connectSideband({ apiKey: 'sk-fake', baseUrl: fake.baseURL, callId, WebSocketImpl: Impl });
    fake.setChatResponder(() => ({ toolCalls: [{ name: 'get_time', arguments: {} }] }));
    const errors: SidebandEvent[] = [];
    const reading = (async () => {
      for await (const event of sideband.events()) if (event.type === 'error') errors.push(event);
    })();
    const turn = fake.userSays(callId, 'What time is it?', { timeoutMs: 300 });
    // The model waits for the tool's output: asking for a response first is an error.
    await expect.poll(() => fake.sidebandEvents.length).toBeGreaterThan(0);
    sideband.createResponse();
    sideband.sendFunctionOutput('call_unknown', {});
    await expect.poll(() => errors.length).toBe(2);
    expect(errors.map((e) => (e.type === 'error' ? e.code : null))).toEqual(['missing_tool_output', 'invalid_call_id']);
    await expect(turn).rejects.toThrow(/did not finish within 300 ms/);

    // A session.update without `type: 'realtime'` (GA requires it) is refused; raw, not via the client.
    const raw = await rawConnect(wsUrl(callId), { headers: { authorization: 'Bearer sk-fake' } });
    if (!('socket' in raw)) throw new Error('expected a socket');
    raw.socket.send(JSON.stringify({ type: 'session.update', event_id: 'evt_1', session: { instructions: 'x' } }));
    raw.socket.send(JSON.stringify({ type: 'input_audio_buffer.fly' }));
    await expect.poll(() => raw.frames.filter((f) => f.type === 'error').length).toBe(2);
    expect(raw.frames.filter((f) => f.type === 'error')).toMatchObject([
      { error: { code: 'missing_required_parameter', event_id: 'evt_1' } },
      { error: { code: 'invalid_value' } },
    ]);
    expect(raw.socket.readyState).toBe(WebSocket.OPEN);
    raw.socket.close();
    sideband.close();
    await reading;
  });

  it('a hang-up closes the sideband (1000) and the call can no longer be attached; so does endCall', async () => {
    const callId = await createCall();
    const sideband = await connectSideband({ apiKey: 'sk-fake', baseUrl: fake.baseURL, callId, WebSocketImpl: Impl });
    const hangup = await fetch(`${fake.baseURL}/realtime/calls/${callId}/hangup`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-fake' },
    });
    expect(hangup.status).toBe(200);
    await expect(sideband.closed).resolves.toEqual({ code: 1000, reason: 'call ended' });
    await expect(
      connectSideband({ apiKey: 'sk-fake', baseUrl: fake.baseURL, callId, WebSocketImpl: Impl }),
    ).rejects.toThrow();
    await expect(fake.userSays(callId, 'hello?')).rejects.toThrow(/no live call/);

    // The browser leaving ends the call at the provider: a later hang-up finds it gone.
    const other = await createCall();
    const second = await connectSideband({
      apiKey: 'sk-fake',
      baseUrl: fake.baseURL,
      callId: other,
      WebSocketImpl: Impl,
    });
    fake.setChatResponder(() => ({ toolCalls: [{ name: 'get_time', arguments: {} }] }));
    const pending = fake.userSays(other, 'Still there?');
    fake.endCall(other);
    await expect(pending).rejects.toThrow(/ended during a turn/);
    await expect(second.closed).resolves.toEqual({ code: 1000, reason: 'call ended' });
    const late = await fetch(`${fake.baseURL}/realtime/calls/${other}/hangup`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-fake' },
    });
    expect(late.status).toBe(404);
  });
});
