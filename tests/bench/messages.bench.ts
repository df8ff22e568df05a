/**
 * `npm run bench:messages`: how long the owner's /messages page waits for its data while phone
 * calls are being processed on the same backend. The local stack holds an owner with 200 WhatsApp
 * threads of 10 messages each; meanwhile 4 callers ring the agent's number back to back through
 * the signed twilio-voice webhooks (the fake Twilio plays Twilio's side: the incoming call, then
 * its completed status, which settles and bills it). Each sample is what the page does on
 * opening, as the owner (supabase-js, RLS on): the first page of threads, then the newest
 * messages of the first thread. Budget: every sample (max) ≤ 2,000 ms. Exit code 1 when a sample
 * is over budget, a query failed or no call was processed.
 * MESSAGES_BENCH_SAMPLES / MESSAGES_BENCH_CALLERS size a run.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startFakeTwilio } from '../fakes/twilio/index.ts';
import { startCast } from '../integration/security/support/actors.ts';
import { callSid } from '../integration/phone/support.ts';
import { givePack, whatsappAgent } from '../integration/whatsapp/support.ts';

const THREADS = 200;
const MESSAGES_PER_THREAD = 10;
const SAMPLES = Number(process.env.MESSAGES_BENCH_SAMPLES ?? 40);
const CALLERS = Number(process.env.MESSAGES_BENCH_CALLERS ?? 4);
const BUDGET_MS = 2_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

const twilio = await startFakeTwilio();
const cast = await startCast({ functionEnv: { ...twilio.env, PHONE_CALL_TOKEN_SECRET: 'bench-phone-token-secret' } });
twilio.calls.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
twilio.messages.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
await givePack(cast.service, cast.owner.id, -1);
const granted = await cast.admin.client.rpc('admin_grant_credits', {
  user_id: cast.owner.id,
  amount: 100_000,
  description: 'bench',
});
if (granted.error) throw new Error(`credits: ${granted.error.message}`);
const agent = await whatsappAgent(cast.service, cast.owner);

// The owner's WhatsApp history, written as the webhook and the sender write it: each line of text
// in the conversation's transcript (`messages`), its delivery in `whatsapp_messages`.
const start = Date.now() - THREADS * MESSAGES_PER_THREAD * 60_000;
const conversations = [];
const lines = [];
const rows = [];
for (let thread = 0; thread < THREADS; thread++) {
  const contact = `+3362${String(thread).padStart(7, '0')}`;
  const conversationId = randomUUID();
  conversations.push({
    id: conversationId,
    user_id: cast.owner.id,
    agent_id: agent.agentId,
    channel: 'whatsapp',
    visitor_id: contact,
  });
  for (let i = 0; i < MESSAGES_PER_THREAD; i++) {
    const inbound = i % 2 === 0;
    const messageId = randomUUID();
    const timestamp = new Date(start + (thread * MESSAGES_PER_THREAD + i) * 60_000).toISOString();
    lines.push({
      id: messageId,
      conversation_id: conversationId,
      user_id: cast.owner.id,
      agent_id: agent.agentId,
      role: inbound ? 'user' : 'assistant',
      content: inbound ? `Question ${i} from thread ${thread}` : `Answer ${i} for thread ${thread}`,
      metadata: { channel: 'whatsapp' },
      timestamp,
    });
    rows.push({
      user_id: cast.owner.id,
      assigned_agent: agent.agentId,
      conversation_id: conversationId,
      message_id: messageId,
      direction: inbound ? 'inbound' : 'outbound',
      from_number: inbound ? `whatsapp:${contact}` : `whatsapp:${agent.number}`,
      to_number: inbound ? `whatsapp:${agent.number}` : `whatsapp:${contact}`,
      status: inbound ? 'received' : 'delivered',
      timestamp,
    });
  }
}
async function seed(table: string, batch: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < batch.length; i += 500) {
    const { error } = await cast.service.from(table).insert(batch.slice(i, i + 500));
    if (error) throw new Error(`seeding ${table}: ${error.message}`);
  }
}
await seed('conversations', conversations);
await seed('messages', lines);
await seed('whatsapp_messages', rows);

// Phone calls, back to back, until the samples are taken.
let calling = true;
let callsProcessed = 0;
let callErrors = 0;
async function caller(index: number): Promise<void> {
  let n = 0;
  while (calling) {
    const sid = callSid();
    const from = `+3361${String(index).padStart(3, '0')}${String(n++ % 10_000).padStart(4, '0')}`;
    const answered = await twilio.calls.incoming(sid, from, agent.number);
    const ended = await twilio.calls.status(sid, 'completed', 30);
    if (answered.status === 200 && ended.status === 204) callsProcessed++;
    else callErrors++;
  }
}

/** What the page loads on opening: the first threads, then the first thread's newest messages. */
async function openMessagesPage(): Promise<number> {
  const began = performance.now();
  const threads = await cast.owner.client.rpc('whatsapp_threads', { page_size: 20 });
  if (threads.error) throw new Error(`whatsapp_threads: ${threads.error.message}`);
  const first = (threads.data as { agent_id: string; contact_number: string }[])[0];
  if (!first) throw new Error('whatsapp_threads returned no thread');
  const messages = await cast.owner.client.rpc('whatsapp_thread_messages', {
    thread_agent: first.agent_id,
    thread_contact: first.contact_number,
    page_size: 50,
  });
  if (messages.error) throw new Error(`whatsapp_thread_messages: ${messages.error.message}`);
  return performance.now() - began;
}

const quiet: number[] = [];
for (let i = 0; i < 5; i++) quiet.push(await openMessagesPage());

const callers = Array.from({ length: CALLERS }, (_, i) => caller(i));
const loaded: number[] = [];
const loadStarted = performance.now();
for (let i = 0; i < SAMPLES; i++) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  loaded.push(await openMessagesPage());
}
calling = false;
await Promise.all(callers);
const seconds = (performance.now() - loadStarted) / 1000;
await cast.stack.stop();
await twilio.close();

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
console.log(`/messages data with ${THREADS} threads × ${MESSAGES_PER_THREAD} messages`);
console.log(`  idle:             p50 ${fmt(percentile(quiet, 50))}, max ${fmt(Math.max(...quiet))}`);
console.log(
  `  while calls run:  p50 ${fmt(percentile(loaded, 50))}, p95 ${fmt(percentile(loaded, 95))}, ` +
    `max ${fmt(Math.max(...loaded))} (${SAMPLES} samples, budget max ≤ ${fmt(BUDGET_MS)})`,
);
console.log(
  `  calls processed:  ${callsProcessed} in ${seconds.toFixed(1)} s (${(callsProcessed / seconds).toFixed(1)}/s, ` +
    `${CALLERS} callers), ${callErrors} refused or failed`,
);
const over = Math.max(...loaded) > BUDGET_MS;
if (over || callsProcessed === 0 || callErrors > 0) {
  console.error(over ? 'over budget' : 'calls were not processed');
  process.exit(1);
}
