import type { InsightsPeriod } from '@contracts/insights.ts';

/** Query keys of the dashboards and analytics (CONVENTIONS §3). */
export const insightsKeys = {
  all: ['insights'] as const,
  dashboard: (period: InsightsPeriod, timeZone: string) =>
    [...insightsKeys.all, 'dashboard', period, timeZone] as const,
  agent: (agentId: string, period: InsightsPeriod, timeZone: string) =>
    [...insightsKeys.all, 'agent', agentId, period, timeZone] as const,
  series: (from: string, to: string, timeZone: string, agentId: string | null, channel: string | null) =>
    [...insightsKeys.all, 'series', from, to, timeZone, agentId, channel] as const,
  reservedNumbers: () => [...insightsKeys.all, 'reserved-numbers'] as const,
};

/** The browser's IANA time zone: days and the peak hour are the owner's, not UTC's. */
export function ownerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
