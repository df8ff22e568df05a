/**
 * `npm run bench:phone`, ConversationRelay part: 50 concurrent simulated
 * calls through the real relay host (the standalone Node server + ws, on loopback) with a
 * zero-delay model and in-memory call and transcript stores, so the figure is the relay's and the
 * conversation core's own time. Server time from the caller's final prompt to the first text
 * token is measured inside the server (the session's performance.now probe, `onFirstToken`).
 * Budget: p50 ≤ 30 ms, p99 ≤ 100 ms. Callers pause 0.3-1.2 s between prompts, as people do
 * (a turn arrives every ~15 ms on average); every call also checks that each reply arrived whole
 * and in order. Exit code 1 when a figure is over budget or a reply was wrong.
 */
import { FakeRelayCall } from '../fakes/twilio/conversation-relay.ts';
import { fakeRelayDeps, scriptedProvider } from '../support/phone-relay-fakes.ts';
import { startRelayServer } from '../../supabase/functions/phone-relay/node-server.ts';
import { createRelay } from '../../supabase/functions/phone-relay/relay.ts';

const CALLS = 50;
const PROMPTS_PER_CALL = 8;
const BUDGET = { p50: 30, p99: 100 };
const TOKENS = ['We are ', 'open from ', '7am ', 'to 7pm, ', 'Monday ', 'to Saturday.'];
const ANSWER = TOKENS.join('');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const samples: number[] = [];
const fake = fakeRelayDeps(scriptedProvider([{ tokens: TOKENS }]), {
  onFirstToken: (ms) => samples.push(ms),
  timing: { heartbeatMs: 15_000 },
});
const running = await startRelayServer({ relay: createRelay(fake.deps), env: fake.deps.env });
const url = `ws://127.0.0.1:${running.port}/phone-relay/conversation-relay`;

let wrong = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CALLS }, async (_, index) => {
    const { call, token } = await fake.store.open();
    await new Promise((resolve) => setTimeout(resolve, index * 20));
    const socket = await FakeRelayCall.connect({
      url,
      publicUrl: 'wss://relay.example.com/phone-relay/conversation-relay',
      authToken: 'twilio-auth-token',
      callSid: call.callSid,
      customParameters: { callToken: token },
    });
    await socket.waitFor((frame) => frame.type === 'language', { fromStart: true });
    for (let turn = 0; turn < PROMPTS_PER_CALL; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 900));
      const reply = await socket.ask(`What are your opening hours on day ${turn + 1}?`);
      if (reply !== ANSWER) wrong++;
    }
    await socket.hangup();
  }),
);
const seconds = (performance.now() - started) / 1000;
await running.shutdown(0);

const p50 = percentile(samples, 50);
const p99 = percentile(samples, 99);
const verdict = (value: number, budget: number) => (value <= budget ? 'PASS' : 'OVER');
console.log(
  `phone relay, ConversationRelay: ${CALLS} concurrent calls, ${samples.length} turns in ${seconds.toFixed(1)} s`,
);
console.log(
  `  prompt → first text token (server) p50 ${p50.toFixed(2)} ms (budget ${BUDGET.p50}) ${verdict(p50, BUDGET.p50)}`,
);
console.log(
  `  prompt → first text token (server) p99 ${p99.toFixed(2)} ms (budget ${BUDGET.p99}) ${verdict(p99, BUDGET.p99)}`,
);
console.log(`  replies whole and in order: ${samples.length - wrong}/${samples.length}${wrong ? ' FAIL' : ' PASS'}`);
const ok = p50 <= BUDGET.p50 && p99 <= BUDGET.p99 && wrong === 0 && samples.length === CALLS * PROMPTS_PER_CALL;
process.exit(ok ? 0 : 1);
