import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CACHE_MS, seriesRowSchema, type InsightsChannel, type SeriesRow } from '@contracts/insights.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { insightsKeys, ownerTimeZone } from './keys.ts';

export interface SeriesFilter {
  /** yyyy-MM-dd, the owner's calendar. */
  from: string;
  to: string;
  agentId: string | null;
  channel: InsightsChannel | null;
}

/** /analytics: per day, agent and channel, from `insights_series`. */
export async function fetchSeries(filter: SeriesFilter, timeZone: string): Promise<SeriesRow[]> {
  const { data, error } = await getSupabase().rpc('insights_series', {
    from_date: filter.from,
    to_date: filter.to,
    time_zone: timeZone,
    ...(filter.agentId ? { for_agent: filter.agentId } : {}),
    ...(filter.channel ? { for_channel: filter.channel } : {}),
  });
  if (error) throw toAppError(error, 'generic');
  return seriesRowSchema.array().parse(data);
}

export function useSeriesQuery(filter: SeriesFilter) {
  const timeZone = ownerTimeZone();
  return useQuery({
    queryKey: insightsKeys.series(filter.from, filter.to, timeZone, filter.agentId, filter.channel),
    queryFn: () => fetchSeries(filter, timeZone),
    staleTime: DASHBOARD_CACHE_MS,
  });
}
