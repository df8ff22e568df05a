/**
 * How many voice calls may start, counted in Postgres (`voice_call_admit`) so that every function
 * instance sees the same counters. A start costs a realtime session, and a call can run for
 * minutes on the owner's credits, so these are far tighter than chat's.
 */
export interface VoiceStartLimits {
  /** Starts per visitor key (or signed-in user) per window, whatever the agent. */
  perVisitor: number;
  /** Starts per client address per window (a client rotating visitor keys; leaves room for a shared office address). */
  perAddress: number;
  /** Starts per agent per window, all callers together. */
  perAgent: number;
  windowSeconds: number;
  /**
   * Share (0-1) of the agent's starts kept for newcomers (addresses with no start in the window),
   * so a few addresses starting calls in a loop cannot lock the agent for everyone.
   */
  newcomerReserve: number;
  /** Calls one visitor key may hold at once (a second tab, a call being replaced). */
  concurrentPerVisitor: number;
  /** Calls one client address may hold at once (a shared office address). */
  concurrentPerAddress: number;
}

export const VOICE_START_LIMITS: VoiceStartLimits = {
  perVisitor: 5,
  perAddress: 20,
  perAgent: 60,
  windowSeconds: 10 * 60,
  newcomerReserve: 0.25,
  concurrentPerVisitor: 2,
  concurrentPerAddress: 6,
};
