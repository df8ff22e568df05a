import type { RealtimeProvider } from './openai-realtime.ts';

export interface HangUpDeps {
  provider: RealtimeProvider;
  /** Stores the outcome (`voice_record_hangup`): done, or one more failed attempt for the sweeper to retry. */
  record(callId: string, hungUp: boolean): Promise<void>;
  log?: (event: string, details: Record<string, unknown>) => void;
}

/**
 * Hangs a provider call up and records the outcome. Never throws: the call is already settled, and
 * a failed hang-up is only logged and left for the sweeper to retry.
 */
export async function hangUpCall(deps: HangUpDeps, callId: string, providerCallId: string): Promise<boolean> {
  let hungUp = false;
  try {
    await deps.provider.hangUp(providerCallId);
    hungUp = true;
  } catch (error) {
    deps.log?.('voice_hangup_failed', { callId, providerCallId, error: String(error) });
  }
  try {
    await deps.record(callId, hungUp);
  } catch (error) {
    deps.log?.('voice_hangup_not_recorded', { callId, hungUp, error: String(error) });
  }
  return hungUp;
}
