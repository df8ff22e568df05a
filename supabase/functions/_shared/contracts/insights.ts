/**
 * Insights: the dashboards' wire shapes (what the SQL functions `insights_dashboard`,
 * `insights_agent_statistics` and `insights_series` answer), the visitor rating request, and the
 * display rules the console and the tests share. The numbers themselves are computed in SQL
 * (migration 20261125160000, which states the definitions); nothing here recomputes them.
 */
import { z } from 'zod';

/** 24h (last 24 hours), 7d (last 7 days), 30d (last month). */
export const INSIGHTS_PERIODS = ['24h', '7d', '30d'] as const;
export const insightsPeriodSchema = z.enum(INSIGHTS_PERIODS);
export type InsightsPeriod = z.infer<typeof insightsPeriodSchema>;

/** Dashboard results are cached per user and period for 60 s. */
export const DASHBOARD_CACHE_MS = 60_000;

const count = z.number().int().nonnegative();
const dayCountSchema = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count });
export type DayCount = z.infer<typeof dayCountSchema>;

/** Percent change (see the migration): 100 when the previous value is 0 and the current above. */
const trend = z.number();

export const insightsAggregateSchema = z.object({
  period: insightsPeriodSchema,
  from: z.string(),
  to: z.string(),
  conversations: z.object({ total: count, trend, byDay: z.array(dayCountSchema) }),
  calls: z.object({
    total: count,
    gsm: count,
    voice: count,
    uniqueUsers: count,
    /** Seconds. */
    totalDuration: z.number().nonnegative(),
    averageDuration: z.number().nonnegative(),
    trend,
    durationTrend: trend,
    byDay: z.array(dayCountSchema),
    gsmByDay: z.array(dayCountSchema),
    voiceByDay: z.array(dayCountSchema),
  }),
  messages: z.object({
    total: count,
    web: count,
    whatsapp: count,
    uniqueUsers: count,
    trend,
    byDay: z.array(dayCountSchema),
  }),
  uniqueUsers: count,
  satisfaction: z.object({
    /** 0..1, null without any rating in the period. */
    average: z.number().min(0).max(1).nullable(),
    ratings: count,
    trend,
    /** Rating (1-5) → how many conversations got it. */
    distribution: z.record(z.string(), count),
  }),
  /** 0-23 in the owner's time zone; null without activity. */
  peakHour: z.number().int().min(0).max(23).nullable(),
});
export type InsightsAggregate = z.infer<typeof insightsAggregateSchema>;

export const toolUsageSchema = z.object({ tool: z.string(), name: z.string().nullable(), count, failed: count });
export const topQuestionSchema = z.object({ question: z.string(), count });

export const dashboardAggregateSchema = insightsAggregateSchema.extend({
  toolUsage: z.array(toolUsageSchema),
  topQuestions: z.array(topQuestionSchema),
});
export type DashboardAggregate = z.infer<typeof dashboardAggregateSchema>;

export const INSIGHTS_CHANNELS = ['web_chat', 'web_voice', 'phone', 'whatsapp'] as const;
export const insightsChannelSchema = z.enum(INSIGHTS_CHANNELS);
export type InsightsChannel = z.infer<typeof insightsChannelSchema>;

export const seriesRowSchema = z.object({
  day: z.string(),
  agent_id: z.string().nullable(),
  channel: insightsChannelSchema,
  conversations: count,
  messages: count,
  calls: count,
  call_seconds: count,
  satisfaction: z.number().min(0).max(1).nullable(),
});
export type SeriesRow = z.infer<typeof seriesRowSchema>;

/** A visitor's rating: 1 to 5 stars; satisfaction = (rating - 1) / 4 (migration 20261125160000). */
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
const ratingSchema = z.number().int().min(1).max(5);

/** A visitor's rating of their own web conversation (POST agent-chat/rating): the page's visitor key proves it. */
export const conversationRatingRequestSchema = z.object({
  conversationId: z.string().uuid(),
  rating: ratingSchema,
});
/**
 * A browser voice caller's rating of the call just ended (POST agent-chat/rating): the call token
 * voice-session gave the page proves the rater held that call (a voice conversation has no
 * visitor key). The token expires with the call's longest possible end plus a grace.
 */
export const voiceCallRatingRequestSchema = z.object({
  callId: z.string().uuid(),
  callToken: z.string().min(1).max(200),
  rating: ratingSchema,
});
export const ratingRequestSchema = z.union([conversationRatingRequestSchema, voiceCallRatingRequestSchema]);
export type ConversationRatingRequest = z.infer<typeof conversationRatingRequestSchema>;
export type VoiceCallRatingRequest = z.infer<typeof voiceCallRatingRequestSchema>;
export type RatingRequest = z.infer<typeof ratingRequestSchema>;
export const conversationRatingResponseSchema = z.object({ satisfaction: z.number().min(0).max(1) });

/**
 * Durations on dashboards are whole minutes (seconds / 60, rounded); the main
 * dashboard's average shows '<1' under one minute (but 0 stays 0: nothing happened).
 */
export function dashboardMinutes(seconds: number, options: { lessThanOne?: boolean } = {}): string {
  if (options.lessThanOne && seconds > 0 && seconds < 60) return '<1';
  return String(Math.round(seconds / 60));
}

/** Average call duration on the stats panel: 'm:ss' style parts, or null for N/A. */
export function minutesAndSeconds(seconds: number | null): { minutes: number; seconds: number } | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const whole = Math.round(seconds);
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
}

/** Satisfaction is the average times 100 as a whole percent; null without ratings. */
export function satisfactionPercent(average: number | null): number | null {
  return average === null ? null : Math.round(average * 100);
}

/** The peak hour in 12-hour AM/PM format, null (N/A) with no data. */
export function peakHourLabel(hour: number | null): string | null {
  if (hour === null) return null;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Messages per user on the stats panel (one decimal), null (N/A) without users. */
export function messagesPerUser(messages: number, users: number): number | null {
  return users > 0 ? Math.round((messages / users) * 10) / 10 : null;
}
