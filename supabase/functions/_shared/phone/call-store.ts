/**
 * What the phone relay needs from Postgres about a call: the relay is stateless
 * between calls, call state lives in Postgres. The voice webhook opens the call row (agent,
 * owner, conversation, first credit reservation) before Twilio connects the socket; the relay then
 * only attaches to it, renews it while the socket lives and marks its end. Settling (one ledger
 * entry per call) happens in SQL from Twilio's final duration (status callback) or, for a call
 * Twilio never reported and for sandbox calls, from the server-timed end.
 *
 * The Postgres implementation is `createPhoneCallStore` (call-store-db.ts); tests pass fakes.
 */
import type { PhoneVoiceMode } from '../contracts/phone.ts';

export interface PhoneCallSession {
  /** calls.id */
  callId: string;
  callSid: string;
  source: 'twilio' | 'sandbox';
  agentId: string;
  ownerId: string;
  /** The call's conversation (channel 'phone'): the transcript of both sides goes there. */
  conversationId: string;
  voiceMode: PhoneVoiceMode;
  /** The agent's default language as stored, e.g. `en_US`. */
  language: string;
  voice: 'male' | 'female';
  /** The caller's number (E.164, or 'sandbox'). */
  fromNumber: string;
  /** Where `transfer_call` hands the caller; null = the tool is not offered. */
  transferNumber: string | null;
  /** Seconds the call may still last on what it holds (its reservation). */
  secondsLeft: number;
}

export interface PhoneCallLease {
  /** false: the call has ended or is past what it may use: say goodbye and hang up now. */
  open: boolean;
  /** true when no more credit can be reserved: the call ends after `secondsLeft`. */
  final: boolean;
  secondsLeft: number;
  /** The agent's idle cut-off: seconds without the caller saying anything before the call ends. */
  idleSeconds?: number;
}

export interface PhoneCallStore {
  /**
   * The call a verified socket speaks for (from its call token), or null when it is unknown,
   * already ended or attached to another socket.
   */
  attach(callId: string, callSid: string): Promise<PhoneCallSession | null>;
  /** Renews the call's lease (server clock) and tops up its reservation; every ~15 s while live. */
  heartbeat(callId: string): Promise<PhoneCallLease>;
  /** The socket closed (caller hung up, the agent ended or transferred): the server-timed end. */
  markEnded(callId: string, reason: 'hangup' | 'agent_ended' | 'transfer' | 'no_credit' | 'error'): Promise<void>;
  /** The caller's 1-5 keypad rating of the call the agent is ending, on its conversation. */
  rate(callId: string, rating: number): Promise<void>;
}
