/**
 * What the relay's sessions get from their host: the call store (Postgres), the secrets that
 * authenticate sockets, the core's turn dependencies for a call, and a registry of live calls so
 * a draining relay can end them politely. Every host builds it with `relayDepsFromEnv` (deps.ts);
 * tests pass fakes.
 */
import type { PhoneCallSession, PhoneCallStore } from '../_shared/phone/call-store.ts';
import type { TurnDeps } from '../_shared/conversation/turn.ts';
import type { FunctionEnv } from '../_shared/platform/env.ts';
import type { NaturalVoiceDeps } from './media-stream.ts';

export interface RelayDeps {
  env: FunctionEnv;
  store: PhoneCallStore;
  /** Verifies per-call tokens (phoneTokenSecret). */
  tokenSecret: string;
  /** Checks X-Twilio-Signature on upgrades; null = Twilio not configured (Twilio routes refuse). */
  twilioAuthToken: string | null;
  /** Public wss base of the relay (twilioConfig.relayUrl), e.g. wss://relay.example.com/phone-relay. */
  relayUrl: string;
  /** The conversation core's dependencies for one call (its conversation, tools, meter). */
  turnDeps(session: PhoneCallSession): TurnDeps | Promise<TurnDeps>;
  log?: (event: string, details: Record<string, unknown>) => void;
  /** Server-side latency probe: ms from a caller's final prompt to the first text token sent. */
  onFirstToken?: (ms: number) => void;
  /** Overrides of the session's timers (tests, bench). */
  timing?: Partial<SessionTiming>;
  /**
   * The natural-voice (Media Streams) session's model side; undefined = from the environment
   * (`naturalVoiceFromEnv`), null = natural voice unavailable on this relay.
   */
  naturalVoice?: NaturalVoiceDeps | null;
}

export interface SessionTiming {
  /** Lease renewal while the socket lives. */
  heartbeatMs: number;
  /** A socket that sends no valid setup frame in this time is closed. */
  setupTimeoutMs: number;
  /** Keypad digits pressed within this gap make one caller turn. */
  dtmfGapMs: number;
  /** Time left for the caller to hear a last line before the session ends. */
  speechMsPerChar: number;
  /** How long the end-of-call rating question waits for a keypad digit before hanging up. */
  ratingWaitMs: number;
}

export const DEFAULT_TIMING: SessionTiming = {
  heartbeatMs: 15_000,
  setupTimeoutMs: 10_000,
  dtmfGapMs: 1_200,
  speechMsPerChar: 65,
  ratingWaitMs: 6_000,
};

/**
 * Drain: at the relay's deadline each live call says a short goodbye and ends itself within this
 * time ('agent_ended'); the relay closes whatever socket is still open a little after it
 * (DRAIN_CLOSE_AFTER_MS), so a call is only cut by the relay when its own end failed.
 */
export const DRAIN_GOODBYE_MS = 10_000;
export const DRAIN_CLOSE_AFTER_MS = DRAIN_GOODBYE_MS + 2_000;

/** A live call the relay can end at its drain deadline. */
export interface LiveCall {
  /** Say a short goodbye and end the call. */
  shutdown(): void;
}

export interface RelayContext extends RelayDeps {
  log: (event: string, details: Record<string, unknown>) => void;
  /** Registers a live call; returns its unregistration. */
  register(call: LiveCall): () => void;
}
