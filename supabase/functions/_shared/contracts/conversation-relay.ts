/**
 * Twilio ConversationRelay's WebSocket frames (JSON text frames both ways), one definition for
 * every side that speaks them: the relay's session (app side), the owner sandbox's "Call as a
 * phone caller" (which plays Twilio's side from the browser) and the fake ConversationRelay client.
 *
 * Parsing is lenient where Twilio is (unknown fields are ignored, `last` defaults to false,
 * `durationUntilInterruptMs` may arrive as a string); an unknown `type` is not a frame.
 */
import { z } from 'zod';

// ---- Frames Twilio sends (the caller's side) ----

export const setupFrameSchema = z.object({
  type: z.literal('setup'),
  sessionId: z.string(),
  accountSid: z.string(),
  parentCallSid: z.string().optional(),
  callSid: z.string().min(1),
  from: z.string(),
  to: z.string(),
  forwardedFrom: z.string().optional(),
  callType: z.string().optional(),
  callerName: z.string().optional(),
  direction: z.string().optional(),
  callStatus: z.string().optional(),
  /** The TwiML's `<Parameter>`s (string values): the per-call token travels here, never in the URL. */
  customParameters: z.record(z.string(), z.string()).default({}),
});

export const promptFrameSchema = z.object({
  type: z.literal('prompt'),
  voicePrompt: z.string(),
  lang: z.string().optional(),
  /** false only for partial prompts (`partialPrompts="true"`). */
  last: z.boolean().default(false),
});

export const dtmfFrameSchema = z.object({
  type: z.literal('dtmf'),
  digit: z.string().regex(/^[0-9*#]$/),
});

export const interruptFrameSchema = z.object({
  type: z.literal('interrupt'),
  /** What the caller actually heard of the agent's reply: the stored reply is cut to it. */
  utteranceUntilInterrupt: z.string(),
  // An older copy of Twilio's docs shows the string "460"; a community parser met a decimal.
  durationUntilInterruptMs: z.coerce.number().nonnegative().catch(0),
});

export const twilioErrorFrameSchema = z.object({ type: z.literal('error'), description: z.string() });

export const infoFrameSchema = z.object({
  type: z.literal('info'),
  name: z.string(),
  value: z.string(),
  ts: z.number().optional(),
});

export const twilioToAppFrameSchema = z.discriminatedUnion('type', [
  setupFrameSchema,
  promptFrameSchema,
  dtmfFrameSchema,
  interruptFrameSchema,
  twilioErrorFrameSchema,
  infoFrameSchema,
]);
export type TwilioToAppFrame = z.infer<typeof twilioToAppFrameSchema>;
export type SetupFrame = z.infer<typeof setupFrameSchema>;
export type PromptFrame = z.infer<typeof promptFrameSchema>;
export type InterruptFrame = z.infer<typeof interruptFrameSchema>;

// ---- Frames the app sends (the agent's side) ----

export const textFrameSchema = z.object({
  type: z.literal('text'),
  /** Required and never trimmed: the model's spacing is kept. */
  token: z.string(),
  /** true closes the talk cycle (its token may be empty). */
  last: z.boolean().default(false),
  lang: z.string().optional(),
  interruptible: z.boolean().optional(),
  preemptible: z.boolean().optional(),
});

export const playFrameSchema = z.object({
  type: z.literal('play'),
  source: z.string().url(),
  loop: z.number().int().min(0).optional(),
  preemptible: z.boolean().optional(),
  interruptible: z.boolean().optional(),
});

export const sendDigitsFrameSchema = z.object({
  type: z.literal('sendDigits'),
  digits: z.string().regex(/^[0-9w#*]+$/),
});

export const languageFrameSchema = z
  .object({
    type: z.literal('language'),
    ttsLanguage: z.string().optional(),
    transcriptionLanguage: z.string().optional(),
  })
  .refine((f) => f.ttsLanguage !== undefined || f.transcriptionLanguage !== undefined, {
    message: 'A language frame names ttsLanguage, transcriptionLanguage or both.',
  });

export const endFrameSchema = z.object({
  type: z.literal('end'),
  /** A string (JSON by convention), passed verbatim to the `<Connect action>` as HandoffData. */
  handoffData: z.string().optional(),
});

// A union rather than a discriminated union: the language frame is refined.
export const appToTwilioFrameSchema = z.union([
  textFrameSchema,
  playFrameSchema,
  sendDigitsFrameSchema,
  languageFrameSchema,
  endFrameSchema,
]);
export type AppToTwilioFrame = z.infer<typeof appToTwilioFrameSchema>;
export type TextFrame = z.infer<typeof textFrameSchema>;

/** Twilio closes a socket after this many unidentifiable frames in a row (1007, error 64105); so does the relay. */
export const MAX_CONSECUTIVE_MALFORMED = 10;
/** Larger text frames are not frames of this protocol. */
const MAX_FRAME_LENGTH = 64 * 1024;

function parseJson(data: unknown): unknown {
  if (typeof data !== 'string' || data.length > MAX_FRAME_LENGTH) return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** A frame Twilio sent, or null when the data is not one (the relay ignores it, as Twilio tolerates). */
export function parseTwilioFrame(data: unknown): TwilioToAppFrame | null {
  const parsed = twilioToAppFrameSchema.safeParse(parseJson(data));
  return parsed.success ? parsed.data : null;
}

/** A frame the app sent, or null (Twilio drops an invalid frame with error 64107). */
export function parseAppFrame(data: unknown): AppToTwilioFrame | null {
  const parsed = appToTwilioFrameSchema.safeParse(parseJson(data));
  return parsed.success ? parsed.data : null;
}

const APP_TYPES = new Set<string>(['text', 'play', 'sendDigits', 'language', 'end']);

/** Serialises a frame after checking it, so neither side sends what the other would drop. */
export function encodeFrame(frame: TwilioToAppFrame | AppToTwilioFrame): string {
  const schema = APP_TYPES.has(frame.type) ? appToTwilioFrameSchema : twilioToAppFrameSchema;
  return JSON.stringify(schema.parse(frame));
}
