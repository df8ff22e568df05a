/**
 * /analytics: the series `insights_series` answers (per day, agent and channel,
 * computed in SQL) shaped for the chart, the tables and the CSV and JSON exports. Nothing here counts
 * activity: it only lays the SQL's rows out by day and channel and sums them per agent/channel.
 */
import { toCsv } from '../../lib/csv.ts';
import { INSIGHTS_CHANNELS, type InsightsChannel, type SeriesRow } from '@contracts/insights.ts';
import { dayLabel } from './format.ts';

/** The ranges offered, in days ending today (the RPC accepts up to 366). */
export const ANALYTICS_RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;

export const ANALYTICS_METRICS = ['conversations', 'messages', 'calls', 'callMinutes'] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

/** Today (yyyy-MM-dd) on the owner's calendar. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The range's first and last day, today included. */
export function rangeDates(range: AnalyticsRange, today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - ANALYTICS_RANGES[range]), to: today };
}

export interface Totals {
  conversations: number;
  messages: number;
  calls: number;
  /** Call seconds / 60, one decimal. */
  callMinutes: number;
}

const zero = (): Totals & { callSeconds: number } => ({
  conversations: 0,
  messages: 0,
  calls: 0,
  callMinutes: 0,
  callSeconds: 0,
});

function add(into: Totals & { callSeconds: number }, row: SeriesRow): void {
  into.conversations += row.conversations;
  into.messages += row.messages;
  into.calls += row.calls;
  into.callSeconds += row.call_seconds;
  into.callMinutes = minutes(into.callSeconds);
}

const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

function strip({ callSeconds: _seconds, ...totals }: Totals & { callSeconds: number }): Totals {
  return totals;
}

export type DayRow = { date: string; label: string; total: number } & Record<InsightsChannel, number>;

/** Every day of the range (days without activity are zeros), the metric per channel and in total. */
export function dailySeries(
  rows: SeriesRow[],
  from: string,
  to: string,
  metric: AnalyticsMetric,
  lang: string,
): DayRow[] {
  const byDay = new Map<string, Map<InsightsChannel, Totals & { callSeconds: number }>>();
  for (const row of rows) {
    const channels = byDay.get(row.day) ?? new Map<InsightsChannel, Totals & { callSeconds: number }>();
    const totals = channels.get(row.channel) ?? zero();
    add(totals, row);
    channels.set(row.channel, totals);
    byDay.set(row.day, channels);
  }
  const days: DayRow[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const channels = byDay.get(date);
    const day = { date, label: dayLabel(date, lang), total: 0 } as DayRow;
    let seconds = 0;
    for (const channel of INSIGHTS_CHANNELS) {
      const totals = channels?.get(channel);
      day[channel] = totals ? totals[metric] : 0;
      seconds += totals?.callSeconds ?? 0;
      if (metric !== 'callMinutes') day.total += day[channel];
    }
    if (metric === 'callMinutes') day.total = minutes(seconds);
    days.push(day);
  }
  return days;
}

/** All four measures per channel over the range (every channel listed, zeros included). */
export function channelTotals(rows: SeriesRow[]): { channel: InsightsChannel; totals: Totals }[] {
  return INSIGHTS_CHANNELS.map((channel) => {
    const totals = zero();
    for (const row of rows) if (row.channel === channel) add(totals, row);
    return { channel, totals: strip(totals) };
  });
}

/** All four measures per agent over the range, busiest first (rows without an agent under null). */
export function agentTotals(
  rows: SeriesRow[],
  agents: { id: string; name: string }[],
): { agentId: string | null; name: string | null; totals: Totals }[] {
  const names = new Map(agents.map((a) => [a.id, a.name]));
  const byAgent = new Map<string | null, Totals & { callSeconds: number }>();
  for (const row of rows) {
    const totals = byAgent.get(row.agent_id) ?? zero();
    add(totals, row);
    byAgent.set(row.agent_id, totals);
  }
  return [...byAgent.entries()]
    .map(([agentId, totals]) => ({
      agentId,
      name: agentId ? (names.get(agentId) ?? null) : null,
      totals: strip(totals),
    }))
    .sort(
      (a, b) =>
        b.totals.conversations + b.totals.calls - (a.totals.conversations + a.totals.calls) ||
        (a.name ?? '').localeCompare(b.name ?? ''),
    );
}

const csvColumns = [
  'day',
  'agent_id',
  'agent_name',
  'channel',
  'conversations',
  'messages',
  'calls',
  'call_seconds',
  'satisfaction',
] as const;

/** The series as the RPC gave it, one line per day, agent and channel (the one CSV writer, lib/csv.ts). */
export function seriesCsv(rows: SeriesRow[], agents: { id: string; name: string }[]): string {
  const names = new Map(agents.map((a) => [a.id, a.name]));
  return toCsv(
    csvColumns,
    rows.map((r) => [
      r.day,
      r.agent_id ?? '',
      r.agent_id ? (names.get(r.agent_id) ?? '') : '',
      r.channel,
      r.conversations,
      r.messages,
      r.calls,
      r.call_seconds,
      r.satisfaction ?? '',
    ]),
  );
}

/** The series as JSON: the range and filters it answers, then the rows with their agent's name. */
export function seriesJson(
  rows: SeriesRow[],
  agents: { id: string; name: string }[],
  scope: { from: string; to: string; agentId: string | null; channel: InsightsChannel | null },
): string {
  const names = new Map(agents.map((a) => [a.id, a.name]));
  return JSON.stringify(
    {
      from: scope.from,
      to: scope.to,
      agent_id: scope.agentId,
      channel: scope.channel,
      series: rows.map((r) => ({ ...r, agent_name: r.agent_id ? (names.get(r.agent_id) ?? null) : null })),
    },
    null,
    2,
  );
}
