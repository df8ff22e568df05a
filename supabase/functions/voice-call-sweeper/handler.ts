/**
 * `POST /functions/v1/voice-call-sweeper` (service role only: a scheduler, see README "Connectors").
 * Settles browser voice calls that were never ended (the page crashed, lost its network, or chose
 * not to say goodbye) and hangs their provider calls up: a call whose liveness lease expired (no
 * heartbeat for `VOICE_LEASE_SECONDS`) is charged up to its last heartbeat, a call still open
 * `graceSeconds` after the maximum it was granted at start is charged its maximum; both by the same
 * SQL core as `end` (`sweep_calls` → `settle_call`), on the database clock, once. Then
 * every settled call whose provider call is not hung up yet (including hang-ups that failed
 * earlier) is hung up. Safe to run concurrently: runs skip each other's rows, a call is claimed by
 * one settler only, and hanging up twice is harmless.
 * Phone calls too, in the same `sweep_calls`: calls whose relay lease expired (or that
 * ended) and that Twilio's final status callback never reached within PHONE_GRACE_SECONDS, at their
 * last sign of life, once; they count in `settled` and `creditsCharged`. A swept Twilio call may
 * still be up at Twilio (its relay died, not the call): it is hung up there (`status: completed`;
 * already over = Twilio's 20404, fine) and counts in `hungUp`.
 * Body (all optional): {graceSeconds, maxCalls}. Answer: {settled, creditsCharged, hungUp}.
 */
import { z } from 'zod';
import { hangUpCall } from '../_shared/voice/hang-up.ts';
import { VOICE_LEASE_SECONDS } from '../_shared/contracts/voice-lease.ts';
import { createOpenAiRealtime } from '../_shared/voice/openai-realtime.ts';
import { createFunctionApp, jsonResponse, parseOptionalJsonBody, type FunctionEnv } from '../_shared/platform/index.ts';
import { createTwilioClient } from '../_shared/twilio/client.ts';
import { isTwilioNotFound } from '../_shared/twilio/errors.ts';
import { twilioConfig, twilioConfigured } from '../_shared/twilio/config.ts';

export type { FunctionEnv };

/**
 * After its maximum, a call gets this long to end by itself (the page ends it at its maximum, with
 * its transcript); it is charged the maximum either way, so this only bounds the provider's time.
 */
export const DEFAULT_GRACE_SECONDS = 20;

/** How long a phone call waits for Twilio's final callback (its real duration) before the sweeper bills it. */
export const PHONE_GRACE_SECONDS = 120;

const HANGUP_BATCH = 10;
const HANGUP_TIMEOUT_MS = 5_000;

const input = z
  .object({
    graceSeconds: z.number().int().min(0).max(86_400).optional(),
    maxCalls: z.number().int().min(1).max(1000).optional(),
  })
  .strict();

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('voice-call-sweeper', env);
  // Service role: a scheduler settling every owner's calls through service-role-only RPCs.
  const service = fn.service();
  const apiKey = env.get('OPENAI_API_KEY');
  // The provider voice-session created the calls with (no key: no browser calls to hang up).
  const provider = apiKey
    ? createOpenAiRealtime({
        apiKey,
        timeoutMs: HANGUP_TIMEOUT_MS,
        ...(env.get('OPENAI_BASE_URL') ? { baseUrl: env.get('OPENAI_BASE_URL') } : {}),
      })
    : null;

  fn.post('/', async (c) => {
    fn.auth.requireServiceRole(c.req.raw, 'the voice call sweeper');
    const options = await parseOptionalJsonBody(c.req.raw, input);
    const maxCalls = options.maxCalls ?? 100;
    const { data, error } = await service.rpc('sweep_calls', {
      lease_seconds: VOICE_LEASE_SECONDS,
      browser_grace_seconds: options.graceSeconds ?? DEFAULT_GRACE_SECONDS,
      phone_grace_seconds: PHONE_GRACE_SECONDS,
      max_calls: maxCalls,
    });
    if (error) throw new Error(`sweeping calls failed: ${error.message}`);
    const settled = data ?? [];
    const swept = settled.filter((call) => call.kind === 'phone');
    const twilioCalls = swept.filter((call) => call.source === 'twilio').map((call) => call.call_sid);
    return jsonResponse({
      settled: settled.length,
      creditsCharged: settled.reduce((sum, call) => sum + call.credits_charged, 0),
      hungUp: (await hangUpDue(maxCalls)) + (await hangUpTwilio(twilioCalls)),
    });
  });

  /** Ends swept phone calls at Twilio: settled here, they must not run on unbilled. */
  async function hangUpTwilio(callSids: string[]): Promise<number> {
    const config = twilioConfig(env);
    if (callSids.length === 0 || !twilioConfigured(config)) return 0;
    let hungUp = 0;
    for (let i = 0; i < callSids.length; i += HANGUP_BATCH) {
      // A few at a time with a short deadline, like the browser calls' hang-ups.
      const client = createTwilioClient(config, fetch, { signal: AbortSignal.timeout(HANGUP_TIMEOUT_MS) });
      const done = await Promise.all(
        callSids.slice(i, i + HANGUP_BATCH).map(async (sid) => {
          try {
            await client.calls(sid).update({ status: 'completed' });
            return true;
          } catch (error) {
            // Twilio's "not found": the call is already over there.
            if (isTwilioNotFound(error)) return false;
            console.warn('[voice-call-sweeper] twilio_hangup_failed', { callSid: sid, error: String(error) });
            return false;
          }
        }),
      );
      hungUp += done.filter(Boolean).length;
    }
    return hungUp;
  }

  /** Hangs up the provider calls of settled calls (new ones and earlier failures). */
  async function hangUpDue(maxCalls: number): Promise<number> {
    if (!provider) return 0;
    const { data, error } = await service.rpc('voice_hangups_due', { max_calls: maxCalls });
    if (error) throw new Error(`listing voice hang-ups failed: ${error.message}`);
    const deps = {
      provider,
      record: async (callId: string, hungUp: boolean) => {
        const recorded = await service.rpc('voice_record_hangup', { call_id: callId, hung_up: hungUp });
        if (recorded.error) throw new Error(recorded.error.message);
      },
      log: (event: string, details: Record<string, unknown>) => console.warn(`[voice-call-sweeper] ${event}`, details),
    };
    const due = (data ?? []) as { call_id: string; provider_call_id: string }[];
    let hungUp = 0;
    // A few at a time, each with a short timeout: a provider outage must not outlast the run.
    for (let i = 0; i < due.length; i += HANGUP_BATCH) {
      const batch = due.slice(i, i + HANGUP_BATCH);
      const done = await Promise.all(batch.map((call) => hangUpCall(deps, call.call_id, call.provider_call_id)));
      hungUp += done.filter(Boolean).length;
    }
    return hungUp;
  }

  return fn.handler();
}
