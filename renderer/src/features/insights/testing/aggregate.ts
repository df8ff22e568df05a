import type { DashboardAggregate } from '@contracts/insights.ts';

/** An `insights_dashboard` answer for component tests (the per-agent one is its subset). */
export function dashboardAggregate(overrides: Partial<DashboardAggregate> = {}): DashboardAggregate {
  const days = ['2026-11-23', '2026-11-24', '2026-11-25'];
  const series = (counts: number[]) => days.map((date, i) => ({ date, count: counts[i] ?? 0 }));
  return {
    period: '7d',
    from: '2026-11-18T10:00:00Z',
    to: '2026-11-25T10:00:00Z',
    conversations: { total: 9, trend: 12.5, byDay: series([3, 3, 3]) },
    calls: {
      total: 6,
      gsm: 4,
      voice: 2,
      uniqueUsers: 5,
      totalDuration: 600,
      averageDuration: 100,
      trend: -20,
      durationTrend: 50,
      byDay: series([1, 2, 3]),
      gsmByDay: series([1, 1, 2]),
      voiceByDay: series([0, 1, 1]),
    },
    messages: { total: 30, web: 20, whatsapp: 10, uniqueUsers: 7, trend: 100, byDay: series([10, 10, 10]) },
    uniqueUsers: 10,
    satisfaction: { average: 0.75, ratings: 4, trend: -3.3, distribution: { '2': 1, '5': 3 } },
    peakHour: 14,
    toolUsage: [],
    topQuestions: [],
    ...overrides,
  };
}
