/**
 * ConversationRelay's JSON text frames (reference/twilio.md §9.3, §9.4). Twilio adds fields
 * without notice, so inbound frames are parsed leniently (unknown fields pass); a frame that is
 * not JSON or has no known `type` is "unidentifiable", and 10 in a row close the socket (1007), as
 * Twilio itself treats ours.
 */
import { z } from 'zod';

const setupFrame = z.object({
  type: z.literal('setup'),
  callSid: z.string().min(1).max(64),
  customParameters: z.record(z.string(), z.unknown()).optional(),
});
const promptFrame = z.object({
  type: z.literal('prompt'),
  voicePrompt: z.string(),
  lang: z.string().optional(),
  last: z.boolean().optional(),
});
const interruptFrame = z.object({
  type: z.literal('interrupt'),
  utteranceUntilInterrupt: z.string().optional().default(''),
  // An older copy of the docs shows a string, one parser met a decimal: accept both.
  durationUntilInterruptMs: z.union([z.number(), z.string()]).optional(),
});
const dtmfFrame = z.object({ type: z.literal('dtmf'), digit: z.string().regex(/^[0-9*#A-Da-d]$/) });
const infoFrame = z.object({ type: z.literal('info') });
const errorFrame = z.object({ type: z.literal('error'), description: z.string().optional() });

export const inboundFrameSchema = z.discriminatedUnion('type', [
  setupFrame,
  promptFrame,
  interruptFrame,
  dtmfFrame,
  infoFrame,
  errorFrame,
]);
export type InboundFrame = z.infer<typeof inboundFrameSchema>;

export const MAX_CONSECUTIVE_MALFORMED = 10;

/** The frame, or null when it is unidentifiable. */
export function parseInboundFrame(data: unknown): InboundFrame | null {
  if (typeof data !== 'string' || data.length > 64 * 1024) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = inboundFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export type OutboundFrame =
  | { type: 'text'; token: string; last: boolean }
  | { type: 'language'; ttsLanguage: string; transcriptionLanguage: string }
  | { type: 'end'; handoffData?: string };
