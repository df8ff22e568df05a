/**
 * `npm run bench:phone` (second part): the natural-voice relay's own cost per
 * 20 ms frame with 50 concurrent calls on loopback and a zero-delay fake model.
 *   - relay time added per frame, p50/p99, both ways: from the relay receiving a Twilio `media`
 *     frame to its `input_audio_buffer.append` being handed to the model socket, and from the relay
 *     receiving a model audio delta to the Twilio `media` frame being handed to the caller's socket
 *     (server time, measured inside the session with performance.now; budget p99 ≤ 5 ms);
 *   - no frame lost or reordered: callers and model stamp each frame with a sequence number; every
 *     stream must arrive complete and in order, and the frame counts must match both ways.
 * The relay (createRelay on the standalone server, node-server.ts) runs in this process; the callers and the fake model run
 * in a child process (phone-media-streams-load.ts) so they do not load the relay's thread. Exit
 * code 1 when a figure is over budget or a frame was lost.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { LoadedAgent } from '../../supabase/functions/_shared/conversation/agents.ts';
import type { PhoneCallStore } from '../../supabase/functions/_shared/phone/call-store.ts';
import { connectRealtimeSocket, realtimeUrl } from '../../supabase/functions/_shared/voice/sideband.ts';
import type { NaturalVoiceDeps } from '../../supabase/functions/phone-relay/media-stream.ts';
import { startRelayServer } from '../../supabase/functions/phone-relay/node-server.ts';
import { createRelay } from '../../supabase/functions/phone-relay/relay.ts';

const CALLS = 50;
const BUDGET_P99_MS = 5;
const SECRET = 'bench-secret';
const AUTH_TOKEN = 'bench-auth-token';
const PUBLIC_BASE = 'wss://relay.bench.test/phone-relay';

const AGENT: LoadedAgent = {
  id: 'a0000000-0000-4000-8000-000000000001',
  ownerId: 'd0000000-0000-4000-8000-000000000001',
  name: 'Clara',
  companyName: 'Le Petit Bistrot',
  systemPrompt: 'You are Clara, the host.',
  defaultLanguage: 'en_US',
  voice: 'female',
  whatsappVoiceReplies: false,
  publicChatEnabled: true,
  hasKnowledge: false,
  timeZone: null,
  interactions: [],
  tools: [],
};

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(3)} ms`;

const child = spawn(
  process.execPath,
  [...process.execArgv, fileURLToPath(new URL('./phone-media-streams-load.ts', import.meta.url))],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const output = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const next = async <T>(): Promise<T> => {
  const line = await output.next();
  if (line.done) throw new Error('the load generator ended early');
  return JSON.parse(line.value as string) as T;
};
const fake = await next<{ baseURL: string; apiKey: string }>();

const times = { caller_to_model: [] as number[], model_to_caller: [] as number[] };
const store: PhoneCallStore = {
  attach: async (callId, callSid) => ({
    callId,
    callSid,
    source: 'twilio',
    agentId: AGENT.id,
    ownerId: AGENT.ownerId,
    conversationId: `conv-${callId}`,
    voiceMode: 'natural_voice',
    language: 'en_US',
    voice: 'female',
    fromNumber: '+14155550100',
    transferNumber: null,
    secondsLeft: 600,
  }),
  heartbeat: async () => ({ open: true, final: false, secondsLeft: 600 }),
  markEnded: async () => {},
  rate: async () => {},
};
const naturalVoice: NaturalVoiceDeps = {
  agentFor: () => async () => AGENT,
  model: 'gpt-realtime',
  connectModel: (model, onFrame) =>
    connectRealtimeSocket(
      realtimeUrl(fake.baseURL, 'model', model),
      { apiKey: fake.apiKey, onFrame, WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket },
      'fake model',
    ),
  control: {
    runTool: async () => ({ ok: true, result: {} }),
    retrieve: async () => ({ passages: [], citations: [] }),
    writeTranscript: async () => ({ messageId: 'm' }),
  },
  onRelayTime: (direction, value) => void times[direction].push(value),
};
// The relay every host runs, on the standalone process's server (node-server.ts); Twilio signs
// the public URL the TwiML would give it.
const env = { get: () => undefined };
const relay = createRelay({
  env,
  store,
  tokenSecret: SECRET,
  twilioAuthToken: AUTH_TOKEN,
  relayUrl: PUBLIC_BASE,
  turnDeps: () => {
    throw new Error('natural voice runs no text turn');
  },
  naturalVoice,
  log: () => {},
});
const server = await startRelayServer({ relay, env });
const started = performance.now();
child.stdin.write(
  `${JSON.stringify({ relayUrl: `ws://127.0.0.1:${server.port}/phone-relay`, publicBase: PUBLIC_BASE, secret: SECRET, authToken: AUTH_TOKEN, calls: CALLS })}\n`,
);
const load = await next<{
  calls: number;
  sessions: number;
  callerFramesSent: number;
  modelFramesReceived: number;
  modelFramesSent: number;
  callerFramesReceived: number;
  inboundInOrder: boolean;
  outboundInOrder: boolean;
}>();
const elapsed = (performance.now() - started) / 1000;
await new Promise<void>((resolve) => child.on('close', () => resolve()));
await server.shutdown(1_000);

let failed = false;
const line = (label: string, value: string, ok: boolean) => {
  if (!ok) failed = true;
  console.log(`${label.padEnd(62)} ${value.padStart(24)}  ${ok ? 'PASS' : 'OVER'}`);
};
console.log(
  `\nphone natural voice (Media Streams ↔ realtime model): ${load.calls} concurrent calls, ${elapsed.toFixed(1)} s\n`,
);
for (const direction of ['caller_to_model', 'model_to_caller'] as const) {
  const samples = times[direction];
  const label = direction === 'caller_to_model' ? 'Twilio media → model append' : 'model audio delta → Twilio media';
  console.log(`${label}: ${samples.length} frames`);
  line(`  relay time per frame p50`, ms(percentile(samples, 50)), true);
  line(
    `  relay time per frame p99 (budget ≤ ${BUDGET_P99_MS} ms)`,
    ms(percentile(samples, 99)),
    percentile(samples, 99) <= BUDGET_P99_MS,
  );
  line(`  max`, ms(Math.max(...samples)), true);
}
line('calls bridged (model sessions)', `${load.sessions}/${CALLS}`, load.sessions === CALLS && load.calls === CALLS);
line(
  'caller frames sent = received by the model',
  `${load.callerFramesSent} / ${load.modelFramesReceived}`,
  load.callerFramesSent === load.modelFramesReceived,
);
line(
  'model frames sent = received by the callers',
  `${load.modelFramesSent} / ${load.callerFramesReceived}`,
  load.modelFramesSent === load.callerFramesReceived,
);
line('inbound frames in order, none missing (sequence stamps)', String(load.inboundInOrder), load.inboundInOrder);
line('outbound frames in order, none missing (sequence stamps)', String(load.outboundInOrder), load.outboundInOrder);
process.exit(failed ? 1 : 0);
