/**
 * The visitors' side of `npm run bench:chat`: streams turns through agent-chat and times the first
 * `delta`. chat.bench.ts runs the concurrent part in a child process (`tsx chat-load.ts <json>`),
 * so the load generator's own work (50 HTTP clients parsing event streams) does not run on the
 * event loop it measures: the embedded stack runs its functions and PGlite on one thread.
 *
 * Two shapes of load, both printed as JSON on stdout:
 *   - `conversations`: each visitor opens a conversation and sends `turns` messages, reading the
 *     whole reply and then pausing `thinkMs` (uniform in [min, max]) before the next one, starting
 *     at a random moment of the first `staggerMs`: concurrent conversations as visitors hold them;
 *   - `burst`: `count` first messages sent at the same instant, `rounds` times: the worst case,
 *     which measures queueing and throughput rather than a visitor's wait.
 * Everything targets the given loopback URL; every loop is bounded by its counts.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

export interface TurnTiming {
  /** Milliseconds from sending the request to the first `delta` event. */
  firstToken: number;
  /** Milliseconds until the stream ended. */
  total: number;
  conversationId: string;
}

export interface Target {
  url: string;
  anonKey: string;
}

/**
 * A stable made-up client address per simulated visitor (10.x.y.z), as the platform's proxy would
 * report distinct visitors; the functions cap new conversations per address.
 */
function addressOf(visitorKey: string): string {
  let hash = 0;
  for (const char of visitorKey) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** One turn through agent-chat as a browser would send it; throws unless the turn completes. */
export async function streamTurn(
  target: Target,
  body: { agentId: string; message: string; conversationId?: string },
  visitorKey: string,
  /** Called once, when the first delta arrives. */
  onFirstToken?: () => void,
): Promise<TurnTiming> {
  const started = performance.now();
  const response = await fetch(`${target.url}/functions/v1/agent-chat`, {
    method: 'POST',
    headers: {
      apikey: target.anonKey,
      authorization: `Bearer ${target.anonKey}`,
      'content-type': 'application/json',
      'x-visitor-key': visitorKey,
      'x-forwarded-for': addressOf(visitorKey),
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`agent-chat answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let firstToken = NaN;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(firstToken) && text.includes('event: delta')) {
      firstToken = performance.now() - started;
      onFirstToken?.();
    }
  }
  if (!text.includes('event: done')) throw new Error(`turn did not finish: ${text.slice(-300)}`);
  const meta = /event: meta\ndata: (.*)\n/.exec(text);
  const conversationId = meta ? (JSON.parse(meta[1]!) as { conversationId: string }).conversationId : '';
  return { firstToken, total: performance.now() - started, conversationId };
}

const range = z.tuple([z.number().nonnegative(), z.number().nonnegative()]);
/** What both shapes need: where to send, to which agents (round robin), which questions. */
const common = {
  target: z.object({ url: z.string().url(), anonKey: z.string() }),
  agentIds: z.array(z.string()).min(1),
  questions: z.array(z.string()).min(1),
};
export const loadPlan = z.discriminatedUnion('shape', [
  z.object({
    shape: z.literal('conversations'),
    ...common,
    conversations: z.number().int().min(1).max(500),
    turns: z.number().int().min(1).max(50),
    thinkMs: range,
    staggerMs: z.number().nonnegative(),
  }),
  z.object({
    shape: z.literal('burst'),
    ...common,
    count: z.number().int().min(1).max(500),
    rounds: z.number().int().min(1).max(20),
  }),
]);
export type LoadPlan = z.infer<typeof loadPlan>;

export interface LoadResult {
  firstTokens: number[];
  /** Per turn, in completion order: its index in the conversation (0 = first message) and agent. */
  samples: { firstToken: number; turn: number; agent: number; startedAt: number }[];
  turns: number;
  seconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const firstTokens: number[] = [];
  const samples: LoadResult['samples'] = [];
  const started = performance.now();
  if (plan.shape === 'burst') {
    for (let round = 0; round < plan.rounds; round++) {
      const results = await Promise.all(
        Array.from({ length: plan.count }, (_, i) =>
          streamTurn(
            plan.target,
            {
              agentId: plan.agentIds[i % plan.agentIds.length]!,
              message: plan.questions[i % plan.questions.length]!,
            },
            `v_${randomUUID().replace(/-/g, '')}`,
          ),
        ),
      );
      firstTokens.push(...results.map((r) => r.firstToken));
      samples.push(
        ...results.map((r, i) => ({
          firstToken: r.firstToken,
          turn: 0,
          agent: i % plan.agentIds.length,
          startedAt: 0,
        })),
      );
    }
  } else {
    const [minThink, maxThink] = plan.thinkMs;
    const visitor = async (index: number) => {
      const visitorKey = `v_${randomUUID().replace(/-/g, '')}`;
      const agentId = plan.agentIds[index % plan.agentIds.length]!;
      let conversationId: string | undefined;
      await sleep(Math.random() * plan.staggerMs);
      for (let t = 0; t < plan.turns; t++) {
        const message = plan.questions[(index + t) % plan.questions.length]!;
        const startedAt = performance.now() - started;
        const result = await streamTurn(
          plan.target,
          { agentId, message, ...(conversationId ? { conversationId } : {}) },
          visitorKey,
        );
        conversationId = result.conversationId;
        firstTokens.push(result.firstToken);
        samples.push({ firstToken: result.firstToken, turn: t, agent: index % plan.agentIds.length, startedAt });
        if (t < plan.turns - 1) await sleep(minThink + Math.random() * (maxThink - minThink));
      }
    };
    await Promise.all(Array.from({ length: plan.conversations }, (_, i) => visitor(i)));
  }
  return { firstTokens, samples, turns: firstTokens.length, seconds: (performance.now() - started) / 1000 };
}

// As a child process: the plan as JSON in argv[2], the result as JSON on the last stdout line.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const plan = loadPlan.parse(JSON.parse(process.argv[2] ?? 'null'));
  runLoad(plan).then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
