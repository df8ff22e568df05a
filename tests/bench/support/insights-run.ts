/**
 * The dashboards, history and contacts benchmark, measured the way the console asks: seed one owner once (calls,
 * messages, contacts; insights-seed.ts), then time each read through supabase-js → /rest/v1/rpc
 * as that signed-in owner and report p50/p95 against their budgets. `npm run
 * bench:insights` prints it at full size; an integration test runs it small to keep it working.
 */
import { performance } from 'node:perf_hooks';
import { createAgent, createOwner } from '../../integration/agent-chat/support.ts';
import type { TestStack } from '../../integration/support/stack.ts';
import { seedInsightsHistory } from './insights-seed.ts';

/** The acceptance's budgets, p95 in milliseconds. */
export const INSIGHTS_BUDGETS = {
  dashboard: 250,
  agent: 150,
  historyFirst: 50,
  historyDeep: 50,
  contacts: 100,
} as const;

export type MeasureGroup = 'dashboards' | 'history' | 'contacts';

export interface Measure {
  label: string;
  group: MeasureGroup;
  p50: number;
  p95: number;
  budget: number;
}

export interface InsightsBenchOptions {
  calls: number;
  messages: number;
  contacts: number;
  /** Timed requests per measure (after one warm-up). */
  runs: number;
  /** Only these groups are timed (the seed is always the whole one). */
  only?: readonly MeasureGroup[];
  /** How far in the deep history page starts (default: half of the calls). */
  deepOffset?: number;
  /** Overrides the budgets (tests). */
  budgets?: Partial<Record<keyof typeof INSIGHTS_BUDGETS, number>>;
  onProgress?: (what: string, done: number) => void;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? NaN;
}

export const isOver = (m: Measure) => !(m.p95 <= m.budget);

/** One line per measure: p50, p95 and its budget, 'ok' or 'OVER'. */
export function formatMeasures(measures: Measure[]): string {
  const lines = ['| measure | p50 (ms) | p95 (ms) | p95 budget (ms) | |', '|---|---|---|---|---|'];
  for (const m of measures)
    lines.push(
      `| ${m.label} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.budget} | ${isOver(m) ? 'OVER' : 'ok'} |`,
    );
  return lines.join('\n');
}

type Rpc = PromiseLike<{ data: unknown; error: unknown }>;

export async function runInsightsBench(
  stack: TestStack,
  options: InsightsBenchOptions,
): Promise<{ seedSeconds: number; measures: Measure[] }> {
  const budgets = { ...INSIGHTS_BUDGETS, ...options.budgets };
  const owner = await createOwner(stack, 'insights-bench');
  const agents: string[] = [];
  for (let i = 0; i < 10; i++) agents.push((await createAgent(stack, owner, { name: `Agent ${i}` })).id);
  const seedSeconds = await seedInsightsHistory(stack.db, {
    ownerId: owner.id,
    agentIds: agents,
    calls: options.calls,
    messages: options.messages,
    voiceCalls: Math.round(options.calls / 20),
    contacts: options.contacts,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  // The deep page starts where the console would be after paging that far: a keyset cursor.
  const { rows: deep } = await stack.db.query<{ at: string; id: string }>(
    `select "timestamp" as at, id from public.calls
      where user_id = $1 and status = 'completed' and source <> 'sandbox'
      order by "timestamp" desc, id desc offset $2 limit 1`,
    [owner.id, options.deepOffset ?? Math.floor(options.calls / 2)],
  );
  const cursor = deep[0];
  if (!cursor) throw new Error('no call that deep: seed more calls');

  async function measure(label: string, group: MeasureGroup, budget: number, call: (i: number) => Rpc) {
    // The warm-up may meet a keep-alive socket the server closed during the long seeding: one retry.
    let first = await call(0);
    if (first.error) first = await call(0);
    if (first.error) throw new Error(`${label}: ${JSON.stringify(first.error)}`);
    const samples: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const started = performance.now();
      const { data, error } = await call(i);
      samples.push(performance.now() - started);
      if (error) throw new Error(`${label}: ${JSON.stringify(error)}`);
      // An empty answer would time nothing: the figure would mean nothing.
      if (data === null || (Array.isArray(data) && data.length === 0)) throw new Error(`${label}: no rows`);
    }
    return { label, group, budget, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
  }

  const zone = 'Europe/Paris';
  const searches = ['dubois-4', 'marie', 'léa petit', '+33 70 00 12', 'robert-99'];
  const plan: [string, MeasureGroup, number, (i: number) => Rpc][] = [
    [
      'main dashboard 30d',
      'dashboards',
      budgets.dashboard,
      () => owner.client.rpc('insights_dashboard', { period: '30d', time_zone: zone }),
    ],
    [
      'per-agent dashboard 30d',
      'dashboards',
      budgets.agent,
      (i) =>
        owner.client.rpc('insights_agent_statistics', { agent_id: agents[i % 10]!, period: '30d', time_zone: zone }),
    ],
    [
      'call history, first page',
      'history',
      budgets.historyFirst,
      () => owner.client.rpc('call_history', { page_size: 20 }),
    ],
    [
      `call history, deep page (${(options.deepOffset ?? Math.floor(options.calls / 2)).toLocaleString('en')} in)`,
      'history',
      budgets.historyDeep,
      () => owner.client.rpc('call_history', { before_at: cursor.at, before_id: cursor.id, page_size: 20 }),
    ],
    [
      `contacts search (${options.contacts.toLocaleString('en')} contacts)`,
      'contacts',
      budgets.contacts,
      (i) => owner.client.rpc('contact_cards', { search: searches[i % searches.length]!, page_size: 24 }),
    ],
  ];
  const measures: Measure[] = [];
  for (const [label, group, budget, call] of plan)
    if (!options.only || options.only.includes(group)) measures.push(await measure(label, group, budget, call));
  return { seedSeconds, measures };
}
