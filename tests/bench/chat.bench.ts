/**
 * `npm run bench:chat`: the conversation engine's own cost, measured through
 * the local stack (HTTP → agent-chat → PGlite) against a zero-delay fake OpenAI on loopback.
 *   - added latency to first token, p50/p99: time to the first `delta` through agent-chat minus
 *     the time to the first chunk when calling the fake model directly (the model's own share),
 *     for an agent without knowledge and one with 10,000 chunks;
 *   - model round trips per turn (chat completions before the first token + embeddings, from the
 *     fake's request log);
 *   - retrieval p95 (match_knowledge_chunks through PostgREST: the path agent-chat takes, and the
 *     SQL alone) at 10k and 100k chunks (--skip-100k leaves the 100k part out: seeding it takes
 *     minutes on a small machine; --only-100k runs just that part);
 *   - p99 to first token with 50 concurrent conversations: 50 visitors, half of them talking to
 *     the agent with 10,000 chunks, each sending 4 messages and taking 2-8 s to read a reply and
 *     type the next one (people take longer: this is about 10 turns a second). The same 50 first
 *     messages sent at one instant are printed too, without a budget: that measures queueing on
 *     the embedded stack's single thread (functions and PGlite share it) and its throughput. The
 *     visitors run in a child process (chat-load.ts) so their clients do not load that thread.
 * Each figure is printed with its budget and PASS/OVER, then again in a summary; the exit code is
 * 1 when any figure is over budget. Everything stays on 127.0.0.1; every loop is bounded.
 */
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from '../fakes/openai/server.ts';
import { createAgent, createOwner, newVisitorId } from '../integration/agent-chat/support.ts';
import { startTestStack } from '../integration/support/stack.ts';
import { matchKnowledgeChunks, vectorLiteral } from '../../supabase/functions/_shared/conversation/knowledge.ts';
import { hashedEmbedding } from '../../supabase/functions/_shared/text/lexical.ts';
import { textSearchTerms, toOrTsQuery } from '../../supabase/functions/_shared/conversation/retrieval.ts';
import { seedChunks } from './chat-seed.ts';
import { loadPlan, streamTurn, type LoadPlan, type LoadResult } from './chat-load.ts';

const args = new Set(process.argv.slice(2));
/** --skip-100k leaves retrieval at 100k chunks out; --only-100k runs just that part. */
const ONLY_100K = args.has('--only-100k');
const WITH_100K = !args.has('--skip-100k') || ONLY_100K;
const TURNS = 120;
const RETRIEVALS = 100;
const CONCURRENT = 50;
const TURNS_PER_CONVERSATION = 4;
/** A visitor reads the reply and types the next message in 2-8 s (people usually take longer). */
const THINK_MS: [number, number] = [2_000, 8_000];
const QUESTIONS = [
  'Where can I park?',
  'Do you have vegetarian dishes?',
  'What are your opening hours on Sunday?',
  'Can I book the terrace for a family dinner?',
  'Do you sell gift cards?',
  // A word in 1.7% of the chunks and a reference found in one: the full-text half searches these.
  'Do you offer valet service?',
  'What does note 4242 say?',
];

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Every budgeted figure, printed where it is measured and again in the summary. */
const verdicts: { figure: string; value: string; budget: string; pass: boolean }[] = [];
function judge(figure: string, value: number, budgetMs: number): string {
  const pass = value <= budgetMs;
  verdicts.push({ figure, value: ms(value), budget: `≤ ${budgetMs} ms`, pass });
  return `(budget ≤ ${budgetMs} ms: ${pass ? 'PASS' : 'OVER'})`;
}

const fake = await startFakeOpenAI({ firstTokenDelayMs: 0, tokenDelayMs: 0, maxLoggedRequests: 100_000 });
const stack = await startTestStack({
  functionEnv: {
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseURL,
    CHAT_RATE_VISITOR: '1000000/1000000',
    CHAT_RATE_AGENT: '1000000/1000000',
    // Not what is measured: simulated visitors may share an address (see chat-load.ts addressOf).
    CHAT_RATE_ADDRESS: '1000000/1000000',
  },
});

/**
 * PGlite runs on this thread: a long seed blocks the event loop, and keep-alive sockets the
 * server closed meanwhile fail once on reuse. One throwaway request per pooled socket clears them.
 */
const target = { url: stack.url, anonKey: stack.anonKey };

async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++)
    await fetch(`${stack.url}/_local/health`)
      .then((r) => r.text())
      .catch(() => undefined);
}

/** Time to the first chunk of a streamed completion straight from the fake: the model's share. */
async function directFirstToken(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${fake.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: 'hello there' }] }),
  });
  const reader = response.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (new TextDecoder().decode(value).includes('"content"')) break;
  }
  const elapsed = performance.now() - started;
  await reader.cancel();
  return elapsed;
}

/** One turn through agent-chat: time to the first delta, and the fake's requests it caused. */
async function turn(
  agentId: string,
  message: string,
): Promise<{ firstToken: number; chatBeforeFirstToken: number; chat: number; embeddings: number }> {
  const chatBefore = fake.requestsTo('chat').length;
  const embedBefore = fake.requestsTo('embeddings').length;
  // The fake answers at once and logs each request on arrival: by the time the first delta is
  // read, every chat request made before it is logged. Counted right after the turn, the
  // difference between "before the first token" and "in all" is the follow-up after tools.
  let chatBeforeFirstToken = NaN;
  const timing = await streamTurn(target, { agentId, message }, newVisitorId(), () => {
    chatBeforeFirstToken = fake.requestsTo('chat').length - chatBefore;
  });
  return {
    firstToken: timing.firstToken,
    chatBeforeFirstToken,
    chat: fake.requestsTo('chat').length - chatBefore,
    embeddings: fake.requestsTo('embeddings').length - embedBefore,
  };
}

async function series(agentId: string, label: string, hasDocuments: boolean) {
  for (let i = 0; i < 10; i++) await turn(agentId, QUESTIONS[i % QUESTIONS.length]!); // warm-up
  const direct: number[] = [];
  const through: number[] = [];
  const calls = new Map<string, number>();
  let withinBudget = true;
  for (let i = 0; i < TURNS; i++) {
    direct.push(await directFirstToken());
    const result = await turn(agentId, QUESTIONS[i % QUESTIONS.length]!);
    through.push(result.firstToken);
    const key = `${result.chatBeforeFirstToken} chat before the first token (${result.chat} in all) + ${result.embeddings} embedding`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    if (result.chatBeforeFirstToken > 1 || result.embeddings > (hasDocuments ? 1 : 0)) withinBudget = false;
  }
  const added = through.map((value, i) => value - direct[i]!);
  console.log(`\nfirst token, ${label} (${TURNS} turns)`);
  console.log(`  model alone        p50 ${ms(percentile(direct, 50))}  p99 ${ms(percentile(direct, 99))}`);
  console.log(`  through agent-chat p50 ${ms(percentile(through, 50))}  p99 ${ms(percentile(through, 99))}`);
  const p50 = percentile(added, 50);
  const p99 = percentile(added, 99);
  console.log(`  added by server    p50 ${ms(p50)} ${judge(`added latency p50, ${label}`, p50, 30)}`);
  console.log(`                     p99 ${ms(p99)} ${judge(`added latency p99, ${label}`, p99, 100)}`);
  const budget = `≤ 1 chat before the first token + ${hasDocuments ? '1 embedding' : 'no embedding'}`;
  const observed = [...calls].map(([key, count]) => `${key} × ${count}`).join(' | ');
  verdicts.push({ figure: `model round trips per turn, ${label}`, value: observed, budget, pass: withinBudget });
  console.log(`  model round trips per turn: ${observed} (budget ${budget}: ${withinBudget ? 'PASS' : 'OVER'})`);
}

async function retrieval(agentId: string, label: string) {
  const service = stack.serviceClient();
  const viaRest: number[] = [];
  const sqlOnly: number[] = [];
  for (let i = 0; i < RETRIEVALS + 10; i++) {
    const query = QUESTIONS[i % QUESTIONS.length]!;
    const embedding = hashedEmbedding(query);
    let started = performance.now();
    await matchKnowledgeChunks(service, {
      agentId,
      embedding,
      query,
      limit: 4,
      candidates: 20,
      minSimilarity: 0.2,
    });
    if (i >= 10) viaRest.push(performance.now() - started);
    started = performance.now();
    await stack.db.query('select * from public.match_knowledge_chunks($1, $2::extensions.vector, $3, 4, 20, 0.2)', [
      agentId,
      vectorLiteral(embedding),
      toOrTsQuery(textSearchTerms(query)),
    ]);
    if (i >= 10) sqlOnly.push(performance.now() - started);
  }
  console.log(`\nretrieval, ${label} (${RETRIEVALS} queries)`);
  console.log(
    `  SQL (match_knowledge_chunks)   p50 ${ms(percentile(sqlOnly, 50))}  p95 ${ms(percentile(sqlOnly, 95))}`,
  );
  const p95 = percentile(viaRest, 95);
  console.log(
    `  through PostgREST (one RPC)    p50 ${ms(percentile(viaRest, 50))}  p95 ${ms(p95)} ${judge(`retrieval p95, ${label}`, p95, 25)}`,
  );
}

/** Runs a load plan in a child process (chat-load.ts) and returns what it measured. */
async function runChildLoad(plan: LoadPlan): Promise<LoadResult> {
  const script = fileURLToPath(new URL('./chat-load.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script, JSON.stringify(loadPlan.parse(plan))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const last = output.trim().split('\n').pop() ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`load generator exited with ${code}: ${output.slice(-500)}`);
  return JSON.parse(last) as LoadResult;
}

/** Event-loop delay and garbage-collection pauses of this process (the server's) during `run`. */
async function watchServer<T>(run: () => Promise<T>): Promise<{ result: T; loop: string }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  delay.enable();
  try {
    const result = await run();
    const longest = pauses.length > 0 ? Math.max(...pauses) : 0;
    return {
      result,
      loop: `server event loop: delay p99 ${ms(delay.percentile(99) / 1e6)}, max ${ms(delay.max / 1e6)}; ${pauses.length} GC pauses, longest ${ms(longest)}`,
    };
  } finally {
    delay.disable();
    observer.disconnect();
  }
}

async function concurrentConversations(agentIds: [string, string]): Promise<void> {
  const questions = QUESTIONS;
  const { result: held, loop } = await watchServer(() =>
    runChildLoad({
      shape: 'conversations',
      target,
      agentIds,
      questions,
      conversations: CONCURRENT,
      turns: TURNS_PER_CONVERSATION,
      thinkMs: THINK_MS,
      staggerMs: THINK_MS[1],
    }),
  );
  const p99 = percentile(held.firstTokens, 99);
  console.log(
    `\n${CONCURRENT} concurrent conversations (${TURNS_PER_CONVERSATION} messages each, ${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s between a reply and the next message, half with 10k chunks)`,
  );
  console.log(
    `  ${held.turns} turns in ${held.seconds.toFixed(1)} s (${(held.turns / held.seconds).toFixed(1)} turns/s)`,
  );
  console.log(`  first token p50 ${ms(percentile(held.firstTokens, 50))}`);
  console.log(
    `              p99 ${ms(p99)} ${judge(`first token p99, ${CONCURRENT} concurrent conversations`, p99, 100)}`,
  );
  console.log(`  ${loop}`);
  const slowest = [...held.samples].sort((a, b) => b.firstToken - a.firstToken).slice(0, 5);
  console.log(
    `  slowest: ${slowest.map((x) => `${ms(x.firstToken)} (message ${x.turn + 1}, ${x.agent === 1 ? '10k chunks' : 'no knowledge'}, at ${(x.startedAt / 1000).toFixed(1)} s)`).join('; ')}`,
  );

  const burst = await runChildLoad({ shape: 'burst', target, agentIds, questions, count: CONCURRENT, rounds: 3 });
  console.log(`\n${CONCURRENT} first messages sent at the same instant (3 rounds; no budget: queueing and throughput)`);
  console.log(
    `  first token p50 ${ms(percentile(burst.firstTokens, 50))}  p99 ${ms(percentile(burst.firstTokens, 99))}`,
  );
  console.log(`  throughput ${(burst.turns / burst.seconds).toFixed(1)} turns/s`);
}

function summary(): void {
  console.log('\nsummary');
  for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'OVER'}  ${v.figure}: ${v.value} (budget ${v.budget})`);
  if (verdicts.some((v) => !v.pass)) process.exitCode = 1;
}

try {
  const owner = await createOwner(stack, 'bench');
  if (!ONLY_100K) {
    const bare = await createAgent(stack, owner, { name: 'Bare' });
    const rich = await createAgent(stack, owner, { name: 'Rich' });
    console.log('seeding 10,000 chunks …');
    const seed10k = await seedChunks(stack.db, { id: rich.id, ownerId: owner.id }, 10_000);
    console.log(`  seeded and indexed in ${seed10k.toFixed(1)} s`);
    await settle();
    await series(bare.id, 'agent without knowledge', false);
    await series(rich.id, 'agent with 10,000 chunks', true);
    await retrieval(rich.id, '10,000 chunks');
    await concurrentConversations([bare.id, rich.id]);
  }
  if (WITH_100K) {
    const big = await createAgent(stack, owner, { name: 'Big' });
    console.log('\nseeding 100,000 chunks …');
    const seconds = await seedChunks(stack.db, { id: big.id, ownerId: owner.id }, 100_000, (done) => {
      if (done % 20_000 === 0) console.log(`  ${done}`);
    });
    console.log(`  seeded and indexed in ${seconds.toFixed(1)} s`);
    await settle();
    await retrieval(big.id, '100,000 chunks');
  } else {
    console.log('\nretrieval at 100,000 chunks: skipped (--skip-100k)');
  }
  summary();
} finally {
  await stack.stop();
  await fake.close();
}
