/**
 * The two per-agent bounds on a voice call (browser voice and phone alike), stated once for the
 * console form and the functions. Postgres restates them as CHECK constraints and defaults on
 * agents.voice_max_call_seconds and agents.voice_idle_seconds; the table-driven test
 * tests/integration/security/voice-call-bounds.test.ts proves both agree (each bound passes, one
 * second outside it is refused, a new agent gets the default).
 */

/** The longest a call may last before the agent says goodbye and ends it. */
export const VOICE_MAX_CALL_SECONDS = { min: 5 * 60, max: 4 * 60 * 60, default: 60 * 60 } as const;

/** How long a caller may stay silent before the agent says goodbye and ends the call. */
export const VOICE_IDLE_SECONDS = { min: 15, max: 10 * 60, default: 60 } as const;

export interface VoiceCallBounds {
  maxCallSeconds: number;
  idleSeconds: number;
}

/** The bounds by their agents column, for the form's save and the agreement test. */
export const VOICE_CALL_BOUND_COLUMNS = {
  voice_max_call_seconds: VOICE_MAX_CALL_SECONDS,
  voice_idle_seconds: VOICE_IDLE_SECONDS,
} as const;

/** Whether a value is a whole number of seconds inside a bound. */
export function withinBound(value: number, bound: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= bound.min && value <= bound.max;
}
