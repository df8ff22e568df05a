/**
 * The load side of `tests/bench/phone-media-streams.bench.ts`, in its own process so the callers and
 * the fake model do not share the relay's thread: the fake OpenAI server (zero-delay model, stamped
 * output frames) and N fake Media Streams callers (stamped input frames) that each hear the
 * greeting, ask one question in real speech, hear the answer and hang up.
 *
 * Protocol on stdio (JSON lines): prints `{"baseURL","apiKey"}`; reads `{"relayUrl","publicBase",
 * "secret","authToken","calls"}`; prints the result (frame counts and order checks).
 */
import { createInterface } from 'node:readline';
import { signPhoneCallToken } from '../../supabase/functions/_shared/phone/call-token.ts';
import { readStamp } from '../fakes/audio/mulaw.ts';
import { startFakeOpenAI } from '../fakes/openai/server.ts';
import { callMediaStream, speechMulaw } from '../fakes/twilio/media-streams.ts';

const QUESTION = 'When do you open in the morning?';

const fake = await startFakeOpenAI();
fake.realtimeAudio.stampOutput = true;
fake.setChatResponder((request) => {
  const messages = (request.messages as { role: string; content?: unknown }[]) ?? [];
  const last = messages[messages.length - 1];
  return { text: last?.role === 'system' ? 'Hello, Clara here.' : 'We open at seven, every day.' };
});
process.stdout.write(`${JSON.stringify({ baseURL: fake.baseURL, apiKey: fake.apiKey })}\n`);

const lines = createInterface({ input: process.stdin });
const plan = JSON.parse((await lines[Symbol.asyncIterator]().next()).value as string) as {
  relayUrl: string;
  publicBase: string;
  secret: string;
  authToken: string;
  calls: number;
};
await speechMulaw(QUESTION);

/** Stamps from 0 without a gap or a swap: nothing lost or reordered. */
const contiguous = (stamps: (number | null)[]) => stamps.every((stamp, i) => stamp === (i & 0xffff));

const path = '/media-stream';
const results = await Promise.all(
  Array.from({ length: plan.calls }, async (_, i) => {
    const callSid = `CA${i.toString(16).padStart(32, '0')}`;
    const callId = `c0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    const call = await callMediaStream({
      url: `${plan.relayUrl}${path}`,
      publicUrl: `${plan.publicBase}${path}`,
      authToken: plan.authToken,
      callSid,
      callToken: await signPhoneCallToken({ callId, callSid, source: 'twilio' }, plan.secret),
      stampFrames: true,
    });
    await call.waitForAgentQuiet({ timeoutMs: 30_000 });
    fake.realtimeAudio.expectSpeech(QUESTION);
    const heardBefore = call.agentAudioMs;
    await call.say(QUESTION);
    await call.waitForAgentAudio(heardBefore + 100, 30_000);
    await call.waitForAgentQuiet({ timeoutMs: 30_000 });
    // Let the last inbound frames reach the model before hanging up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await call.hangUp();
    return {
      sent: call.sentPayloads.length,
      received: call.agentPayloads.length,
      receivedInOrder: contiguous(call.agentStamps()),
    };
  }),
);
await new Promise((resolve) => setTimeout(resolve, 300));
const sessions = fake.realtimeAudio.sessions;
const appendedInOrder = sessions.every((s) =>
  contiguous(s.appended.map((p) => readStamp(new Uint8Array(Buffer.from(p, 'base64'))))),
);
process.stdout.write(
  `${JSON.stringify({
    calls: results.length,
    sessions: sessions.length,
    callerFramesSent: results.reduce((n, r) => n + r.sent, 0),
    modelFramesReceived: sessions.reduce((n, s) => n + s.appended.length, 0),
    modelFramesSent: sessions.reduce((n, s) => n + s.deltas.length, 0),
    callerFramesReceived: results.reduce((n, r) => n + r.received, 0),
    inboundInOrder: appendedInOrder,
    outboundInOrder: results.every((r) => r.receivedInOrder),
  })}\n`,
);
lines.close();
await fake.close();
process.exit(0);
