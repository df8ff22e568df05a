import type { InsightsPeriod } from '@contracts/insights.ts';

/** Query keys of the dashboards and analytics (one factory). */
export const insightsKeys = {
  all: ['insights'] as const,
  /** Per user and period (a second account in the same window never sees the first's). */
  dashboard: (userId: string, period: InsightsPeriod, timeZone: string) =>
    [...insightsKeys.all, 'dashboard', userId, period, timeZone] as const,
  /** Per user too: a sign-in change in the same window must not show the previous account's figures. */
  agent: (userId: string, agentId: string, period: InsightsPeriod, timeZone: string) =>
    [...insightsKeys.all, 'agent', userId, agentId, period, timeZone] as const,
  series: (from: string, to: string, timeZone: string, agentId: string | null, channel: string | null) =>
    [...insightsKeys.all, 'series', from, to, timeZone, agentId, channel] as const,
  reservedNumbers: (userId: string) => [...insightsKeys.all, 'reserved-numbers', userId] as const,
  hasAgents: (userId: string) => [...insightsKeys.all, 'has-agents', userId] as const,
};

/** The browser's IANA time zone: days and the peak hour are the owner's, not UTC's. */
export function ownerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
