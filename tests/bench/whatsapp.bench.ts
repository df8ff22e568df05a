/**
 * `npm run bench:whatsapp`: signed inbound WhatsApp messages at 20 per second
 * into the local stack's `whatsapp-webhook`, with a zero-delay model (the fake OpenAI) and the fake
 * Twilio recording the Messages API sends. The figure is the server's time from the inbound webhook
 * leaving the fake Twilio to the outbound send request reaching it (loopback both ways, same
 * process: no network in it). Budget: p50 ≤ 50 ms, p99 ≤ 150 ms. 50 WhatsApp users take turns;
 * a warm-up round is not counted. Exit code 1 when a figure is over budget or a reply went missing.
 *
 * Pairing: message i says "Question i: …" and the fake model answers "Answer i: …" (it echoes the
 * index of the latest question it was sent), so each latency is measured to the reply to that very
 * message, never to another turn of the same user that happened to finish first.
 * WA_BENCH_MESSAGES / WA_BENCH_WARMUP / WA_BENCH_RATE size a run (e.g. a smoke run of a few messages).
 */
import { performance } from 'node:perf_hooks';
import { startFakeOpenAI, type ChatRequestBody } from '../fakes/openai/server.ts';
import { startFakeTwilio } from '../fakes/twilio/index.ts';
import { startCast } from '../integration/security/support/actors.ts';
import { givePack, whatsappAgent } from '../integration/whatsapp/support.ts';

const RATE_PER_SECOND = Number(process.env.WA_BENCH_RATE ?? 20);
const MESSAGES = Number(process.env.WA_BENCH_MESSAGES ?? 400);
const WARMUP = Number(process.env.WA_BENCH_WARMUP ?? 40);
const USERS = 50;
const BUDGET = { p50: 50, p99: 150 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

const openai = await startFakeOpenAI({ firstTokenDelayMs: 0, tokenDelayMs: 0, maxLoggedRequests: 100_000 });
/** The index of the latest "Question i:" the model was sent (history holds earlier ones). */
function questionIndex(request: ChatRequestBody): string {
  const messages = Array.isArray(request.messages) ? (request.messages as { role?: unknown; content?: unknown }[]) : [];
  const user = messages.filter((m) => m.role === 'user').at(-1);
  const text = typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? '');
  return /Question (\d+):/.exec(text)?.[1] ?? 'unknown';
}
openai.setChatResponder((request) => ({
  text: `Answer ${questionIndex(request)}: we are open from 9 to 6, Monday to Saturday.`,
}));
const twilio = await startFakeTwilio();
const cast = await startCast({
  functionEnv: { ...twilio.env, AI_PROVIDER: 'openai', OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseURL },
});
twilio.messages.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
await givePack(cast.service, cast.owner.id, -1);
const agent = await whatsappAgent(cast.service, cast.owner);
const users = Array.from({ length: USERS }, (_, i) => `+3361${String(i).padStart(7, '0')}`);

async function one(index: number): Promise<number | null> {
  const from = users[index % USERS]!;
  const started = performance.now();
  const answer = twilio.messages.inbound('text', {
    from,
    to: agent.number,
    body: `Question ${index}: when are you open?`,
  });
  const sent = await twilio.messages
    .waitForSend((m) => m.to === `whatsapp:${from}` && (m.body ?? '').startsWith(`Answer ${index}:`), 15_000)
    .catch(() => null);
  await answer;
  return sent ? sent.at - started : null;
}

async function run(count: number, offset: number): Promise<{ samples: number[]; missing: number }> {
  const samples: number[] = [];
  let missing = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      // Drift-free pacing at RATE_PER_SECOND.
      const due = started + (i * 1000) / RATE_PER_SECOND;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const ms = await one(offset + i);
      if (ms === null) missing++;
      else samples.push(ms);
    }),
  );
  return { samples, missing };
}

await run(WARMUP, 0);
const { samples, missing } = await run(MESSAGES, WARMUP);
const p50 = percentile(samples, 50);
const p99 = percentile(samples, 99);
const verdict = (value: number, budget: number) => `(budget ≤ ${budget} ms: ${value <= budget ? 'PASS' : 'OVER'})`;
console.log(`WhatsApp inbound webhook → outbound send, ${MESSAGES} messages at ${RATE_PER_SECOND}/s, zero-delay model`);
console.log(`  p50 ${p50.toFixed(1)} ms ${verdict(p50, BUDGET.p50)}`);
console.log(`  p99 ${p99.toFixed(1)} ms ${verdict(p99, BUDGET.p99)}`);
console.log(`  max ${Math.max(...samples).toFixed(1)} ms; replies missing: ${missing}`);

await cast.stack.stop();
await twilio.close();
await openai.close();
process.exit(p50 <= BUDGET.p50 && p99 <= BUDGET.p99 && missing === 0 ? 0 : 1);
