import { useQuery } from '@tanstack/react-query';
import {
  DASHBOARD_CACHE_MS,
  dashboardAggregateSchema,
  insightsAggregateSchema,
  type DashboardAggregate,
  type InsightsAggregate,
  type InsightsPeriod,
} from '@contracts/insights.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { insightsKeys, ownerTimeZone } from './keys.ts';

/** The main dashboard's aggregate, computed by `insights_dashboard` (never rows in the browser). */
export async function fetchDashboard(period: InsightsPeriod, timeZone: string): Promise<DashboardAggregate> {
  const { data, error } = await getSupabase().rpc('insights_dashboard', { period, time_zone: timeZone });
  if (error) throw toAppError(error, 'generic');
  return dashboardAggregateSchema.parse(data);
}

/** Cached per user (the session's cache) and period for 60 s. */
export function useDashboardQuery(userId: string, period: InsightsPeriod) {
  const timeZone = ownerTimeZone();
  return useQuery({
    queryKey: insightsKeys.dashboard(userId, period, timeZone),
    queryFn: () => fetchDashboard(period, timeZone),
    enabled: userId !== '',
    staleTime: DASHBOARD_CACHE_MS,
  });
}

export async function fetchAgentStatistics(
  agentId: string,
  period: InsightsPeriod,
  timeZone: string,
): Promise<InsightsAggregate> {
  const { data, error } = await getSupabase().rpc('insights_agent_statistics', {
    agent_id: agentId,
    period,
    time_zone: timeZone,
  });
  if (error) throw toAppError(error, 'generic');
  return insightsAggregateSchema.parse(data);
}

/** Cached per user, agent and period for 60 s like the main dashboard; never asked without an agent. */
export function useAgentStatisticsQuery(userId: string, agentId: string, period: InsightsPeriod) {
  const timeZone = ownerTimeZone();
  return useQuery({
    queryKey: insightsKeys.agent(userId, agentId, period, timeZone),
    queryFn: () => fetchAgentStatistics(agentId, period, timeZone),
    enabled: userId !== '' && agentId !== '',
    staleTime: DASHBOARD_CACHE_MS,
  });
}
