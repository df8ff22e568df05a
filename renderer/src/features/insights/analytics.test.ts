import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { SeriesRow } from '@contracts/insights.ts';
import { agentTotals, channelTotals, dailySeries, rangeDates, seriesCsv, seriesJson, todayIn } from './analytics.ts';

const row = (
  day: string,
  agent: string | null,
  channel: SeriesRow['channel'],
  n: Partial<SeriesRow> = {},
): SeriesRow => ({
  day,
  agent_id: agent,
  channel,
  conversations: 0,
  messages: 0,
  calls: 0,
  call_seconds: 0,
  satisfaction: null,
  ...n,
});

const rows: SeriesRow[] = [
  row('2026-11-20', 'a1', 'web_chat', { conversations: 2, messages: 6, satisfaction: 0.75 }),
  row('2026-11-20', 'a2', 'web_chat', { conversations: 1, messages: 2 }),
  row('2026-11-20', 'a1', 'phone', { calls: 2, call_seconds: 125 }),
  row('2026-11-22', 'a2', 'web_voice', { calls: 1, call_seconds: 50, conversations: 1 }),
  row('2026-11-22', null, 'whatsapp', { conversations: 1, messages: 3 }),
];

describe('analytics layout of the SQL series', () => {
  it('ranges end today on the owner’s calendar and include it', () => {
    expect(rangeDates('7d', '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(rangeDates('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(rangeDates('90d', '2026-11-25').from).toBe('2026-08-28');
    // 23:30 UTC is already the next day in Paris.
    expect(todayIn('Europe/Paris', new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(todayIn('UTC', new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-25');
  });

  it('lays every day out, zeros included, with the measure per channel and the total', () => {
    const days = dailySeries(rows, '2026-11-19', '2026-11-22', 'conversations', 'fr');
    expect(days.map((d) => [d.date, d.web_chat, d.web_voice, d.phone, d.whatsapp, d.total])).toEqual([
      ['2026-11-19', 0, 0, 0, 0, 0],
      ['2026-11-20', 3, 0, 0, 0, 3],
      ['2026-11-21', 0, 0, 0, 0, 0],
      ['2026-11-22', 0, 1, 0, 1, 2],
    ]);
    expect(days[1]?.label).toBe('20 nov.');
    const minutes = dailySeries(rows, '2026-11-20', '2026-11-22', 'callMinutes', 'en');
    expect(minutes.map((d) => [d.phone, d.web_voice, d.total])).toEqual([
      [2.1, 0, 2.1],
      [0, 0, 0],
      [0, 0.8, 0.8],
    ]);
  });

  it('sums every measure per channel and per agent (busiest first, no agent kept apart)', () => {
    expect(channelTotals(rows)).toEqual([
      { channel: 'web_chat', totals: { conversations: 3, messages: 8, calls: 0, callMinutes: 0 } },
      { channel: 'web_voice', totals: { conversations: 1, messages: 0, calls: 1, callMinutes: 0.8 } },
      { channel: 'phone', totals: { conversations: 0, messages: 0, calls: 2, callMinutes: 2.1 } },
      { channel: 'whatsapp', totals: { conversations: 1, messages: 3, calls: 0, callMinutes: 0 } },
    ]);
    expect(
      agentTotals(rows, [
        { id: 'a1', name: 'Clara' },
        { id: 'a2', name: 'Max' },
      ]),
    ).toEqual([
      { agentId: 'a1', name: 'Clara', totals: { conversations: 2, messages: 6, calls: 2, callMinutes: 2.1 } },
      { agentId: 'a2', name: 'Max', totals: { conversations: 2, messages: 2, calls: 1, callMinutes: 0.8 } },
      { agentId: null, name: null, totals: { conversations: 1, messages: 3, calls: 0, callMinutes: 0 } },
    ]);
  });

  it('exports the series as CSV that parses back to the same rows', () => {
    const csv = seriesCsv(rows, [{ id: 'a1', name: 'Clara, "the" agent' }]);
    const parsed = parse(csv, { columns: true }) as Record<string, string>[];
    expect(parsed).toHaveLength(rows.length);
    expect(parsed[0]).toEqual({
      day: '2026-11-20',
      agent_id: 'a1',
      agent_name: 'Clara, "the" agent',
      channel: 'web_chat',
      conversations: '2',
      messages: '6',
      calls: '0',
      call_seconds: '0',
      satisfaction: '0.75',
    });
    expect(parsed[4]).toMatchObject({ agent_id: '', agent_name: '', channel: 'whatsapp', satisfaction: '' });
  });

  it('defuses an agent name a spreadsheet would run as a formula', () => {
    const csv = seriesCsv(rows.slice(0, 1), [{ id: 'a1', name: '=cmd|"/c calc"!A1' }]);
    const [parsed] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(parsed?.agent_name).toBe('\'=cmd|"/c calc"!A1');
  });

  it('exports the series as JSON with its range, filters and agent names', () => {
    const json = JSON.parse(
      seriesJson(rows, [{ id: 'a1', name: 'Clara' }], {
        from: '2026-11-19',
        to: '2026-11-25',
        agentId: null,
        channel: null,
      }),
    ) as { from: string; to: string; series: (SeriesRow & { agent_name: string | null })[] };
    expect(json).toMatchObject({ from: '2026-11-19', to: '2026-11-25', agent_id: null, channel: null });
    expect(json.series).toHaveLength(rows.length);
    expect(json.series[0]).toEqual({ ...rows[0], agent_name: 'Clara' });
    expect(json.series[1]).toMatchObject({ agent_id: 'a2', agent_name: null });
  });
});
