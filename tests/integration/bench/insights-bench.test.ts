/**
 * `npm run bench:insights` stays a working benchmark: run small here (the full run
 * seeds a million calls and messages), it must seed calls, messages and contacts in one pass,
 * time all five of its reads against their budgets, and flag a figure over budget
 * (which makes the script exit 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMeasures,
  INSIGHTS_BUDGETS,
  isOver,
  runInsightsBench,
  type Measure,
} from '../../bench/support/insights-run.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let measures: Measure[];

beforeAll(async () => {
  stack = await startTestStack({ log: () => {} });
  ({ measures } = await runInsightsBench(stack, {
    calls: 4_000,
    messages: 2_000,
    contacts: 500,
    runs: 3,
    deepOffset: 1_500,
    // An impossible budget for one figure, to see it flagged.
    budgets: { contacts: 0 },
  }));
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the insights benchmark', () => {
  it('times the five reads of the acceptance, each against its budget', () => {
    expect(measures.map((m) => [m.group, m.budget])).toEqual([
      ['dashboards', INSIGHTS_BUDGETS.dashboard],
      ['dashboards', INSIGHTS_BUDGETS.agent],
      ['history', INSIGHTS_BUDGETS.historyFirst],
      ['history', INSIGHTS_BUDGETS.historyDeep],
      ['contacts', 0],
    ]);
    expect(measures.map((m) => m.label)).toEqual([
      'main dashboard 30d',
      'per-agent dashboard 30d',
      'call history, first page',
      'call history, deep page (1,500 in)',
      'contacts search (500 contacts)',
    ]);
    for (const m of measures) expect(m.p95).toBeGreaterThan(0);
  });

  it('seeded the contacts searched: the WhatsApp senders plus named people, 500 in all', async () => {
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.contacts');
    expect(rows[0]!.n).toBe(500);
  });

  it('flags a figure over its budget in the printed table', () => {
    const over = measures.filter(isOver).map((m) => m.label);
    expect(over).toContain('contacts search (500 contacts)');
    const table = formatMeasures(measures).split('\n');
    expect(table).toHaveLength(2 + measures.length);
    expect(table.at(-1)).toMatch(/^\| contacts search \(500 contacts\) \| [\d.]+ \| [\d.]+ \| 0 \| OVER \|$/);
  });
});
