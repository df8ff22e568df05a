/**
 * The fake realtime model's own socket (`/v1/realtime?model=`), driven with raw `ws` where the
 * bytes and the timing matter: the energy VAD on real speech frames (positions on the input
 * clock), the scripted transcript, μ-law answer frames, truncate and cancel as OpenAI answers them,
 * and the upgrade's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MULAW_FRAME_BYTES, MULAW_SILENCE } from '../../fakes/audio/mulaw.ts';
import { AUDIO_MS_PER_CHARACTER } from '../../fakes/openai/realtime-audio.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { speechMulaw } from '../../fakes/twilio/media-streams.ts';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-fake' });
  fake.setChatResponder(() => ({ text: 'We open at noon.' }));
});
afterAll(async () => {
  await fake.close();
});

const modelUrl = () => `${fake.baseURL.replace('http', 'ws')}/realtime?model=gpt-realtime`;

async function open(headers: Record<string, string> = { authorization: 'Bearer sk-fake' }) {
  const socket = new WebSocket(modelUrl(), { headers });
  const events: Record<string, unknown>[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
  });
  const send = (event: Record<string, unknown>) => socket.send(JSON.stringify(event));
  const waitFor = async (type: string, count = 1) => {
    for (let i = 0; i < 200; i++) {
      const found = events.filter((e) => e.type === type);
      if (found.length >= count) return found[count - 1]!;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${type}`);
  };
  return { socket, events, send, waitFor };
}

const frames = (bytes: Uint8Array) => {
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += MULAW_FRAME_BYTES) {
    const frame = new Uint8Array(MULAW_FRAME_BYTES).fill(MULAW_SILENCE);
    frame.set(bytes.subarray(at, at + MULAW_FRAME_BYTES));
    out.push(Buffer.from(frame).toString('base64'));
  }
  return out;
};
const silence = (ms: number) => frames(new Uint8Array(ms * 8).fill(MULAW_SILENCE));

describe('fake realtime model socket', () => {
  it('detects real speech on the input clock, transcribes from the script and answers in μ-law frames', async () => {
    const speech = await speechMulaw('When do you open?');
    const model = await open();
    expect((await model.waitFor('session.created')).session).toMatchObject({ model: 'gpt-realtime' });
    model.send({
      type: 'session.update',
      session: {
        type: 'realtime',
        audio: { input: { turn_detection: { type: 'server_vad', silence_duration_ms: 400 } } },
      },
    });
    fake.realtimeAudio.expectSpeech('When do you open?');
    for (const audio of [...silence(500), ...frames(speech), ...silence(1_000)])
      model.send({ type: 'input_audio_buffer.append', audio });

    const started = (await model.waitFor('input_audio_buffer.speech_started')) as { audio_start_ms: number };
    const stopped = (await model.waitFor('input_audio_buffer.speech_stopped')) as { audio_end_ms: number };
    const speechMs = speech.length / 8;
    // espeak-ng pads its output with a little silence; the VAD sees the voice inside it.
    expect(started.audio_start_ms).toBeGreaterThanOrEqual(500);
    expect(started.audio_start_ms).toBeLessThan(500 + 300);
    expect(stopped.audio_end_ms).toBeGreaterThan(started.audio_start_ms + 400);
    expect(stopped.audio_end_ms).toBeLessThanOrEqual(500 + Math.ceil(speechMs / 20) * 20 + 400 + 20);
    expect(await model.waitFor('conversation.item.input_audio_transcription.completed')).toMatchObject({
      transcript: 'When do you open?',
    });
    const done = (await model.waitFor('response.output_audio_transcript.done')) as {
      item_id: string;
      transcript: string;
    };
    expect(done.transcript).toBe('We open at noon.');
    const deltas = model.events.filter((e) => e.type === 'response.output_audio.delta') as { delta: string }[];
    expect(deltas.every((d) => Buffer.from(d.delta, 'base64').length === MULAW_FRAME_BYTES)).toBe(true);
    const audioMs = deltas.length * 20;
    expect(audioMs).toBeGreaterThanOrEqual((done.transcript.length - 4) * AUDIO_MS_PER_CHARACTER);

    const session = fake.realtimeAudio.sessions.at(-1)!;
    expect(session.utterances).toEqual([
      { startMs: started.audio_start_ms, endMs: stopped.audio_end_ms, transcript: 'When do you open?' },
    ]);

    // Truncate: past the audio is refused (the socket stays open), within it is confirmed.
    model.send({
      type: 'conversation.item.truncate',
      item_id: done.item_id,
      content_index: 0,
      audio_end_ms: audioMs + 20,
    });
    expect(await model.waitFor('error')).toMatchObject({ error: { code: 'invalid_value' } });
    model.send({ type: 'conversation.item.truncate', item_id: done.item_id, content_index: 0, audio_end_ms: 200 });
    expect(await model.waitFor('conversation.item.truncated')).toMatchObject({
      item_id: done.item_id,
      audio_end_ms: 200,
    });
    expect(session.agentItems.at(-1)?.truncatedAtMs).toBe(200);
    model.send({ type: 'response.cancel' });
    expect(await model.waitFor('error', 2)).toMatchObject({ error: { code: 'response_cancel_not_active' } });
    expect(session.clientEvents.map((e) => e.type)).toEqual([
      'session.update',
      'conversation.item.truncate',
      'conversation.item.truncate',
      'response.cancel',
    ]);
    model.socket.close();
  });

  it('refuses a wrong key', async () => {
    await expect(open({ authorization: 'Bearer wrong' })).rejects.toThrow('401');
  });
});
