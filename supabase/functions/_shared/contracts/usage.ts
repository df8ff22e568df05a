/**
 * What the usage RPCs answer, one row each, for the signed-in owner: `agent_allowance()` (agents
 * used of the pack's allowance), `minutes_usage()` (voice minutes this period) and
 * `whatsapp_usage()` (this month's WhatsApp conversations, messages and metered cost). The console
 * parses every answer with these before using it.
 */
import { z } from 'zod';

const count = z.number().int().min(0);
/** bigint columns: PostgREST may answer them as strings. */
const bigCount = z.union([count, z.string().regex(/^\d+$/).transform(Number)]);

export const agentAllowanceRow = z.object({
  used_agents: count,
  /** null when the pack allows any number of agents. */
  max_agents: count.nullable(),
  pack_id: z.string(),
  pack_name: z.string(),
});
export type AgentAllowanceRow = z.infer<typeof agentAllowanceRow>;

export const minutesUsageRow = z.object({
  used_minutes: z.number().min(0),
  included_minutes: z.number().min(0),
  pack_id: z.string(),
  pack_name: z.string(),
  subscribed: z.boolean(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
});
export type MinutesUsageRow = z.infer<typeof minutesUsageRow>;

export const whatsappUsageRow = z.object({
  conversations_used: count,
  /** -1 unlimited, 0 none. */
  conversations_included: z.number().int().min(-1),
  messages_sent: count,
  tokens: bigCount,
  speech_characters: bigCount,
  period_start: z.string(),
});
export type WhatsAppUsageRow = z.infer<typeof whatsappUsageRow>;
