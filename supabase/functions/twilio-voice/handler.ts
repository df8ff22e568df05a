/**
 * `/functions/v1/twilio-voice` (verify_jwt = false: Twilio signs its webhooks instead).
 *
 *   POST /incoming      the number's VoiceUrl: opens the call (phone_open_call) and answers TwiML:
 *                       no agent / no credit → a polite line and <Hangup/>; otherwise dual-channel
 *                       recording + the relay (ConversationRelay or Media Streams, by voice mode)
 *                       with the per-call token. A replay gets the same call (idempotent on CallSid).
 *   POST /status        the number's StatusCallback: keeps the calls row, settles on a final state.
 *   POST /recording     recordingStatusCallback: copies the file to Storage, links it, deletes it at Twilio.
 *   POST /relay-action  the ConversationRelay <Connect action>: <Dial> the transfer the agent
 *                       recorded for this CallSid (never HandoffData's word), else <Hangup/>.
 *   POST /sandbox       the owner (JWT): opens a sandbox call for "Call as a phone caller".
 *
 * Every webhook is verified against its public URL (webhook.ts); status and recording callbacks
 * are processed once (receipts keyed by their natural key and I-Twilio-Idempotency-Token).
 */
import { z } from 'zod';
import {
  callStatusFromTwilio,
  defaultPhoneVoiceMode,
  phoneVoiceModeSchema,
  type PhoneVoiceMode,
} from '../_shared/contracts/phone.ts';
import { agentGreeting } from '../_shared/contracts/greeting.ts';
import { VOICE_LEASE_SECONDS } from '../_shared/contracts/voice-lease.ts';
import {
  createFunctionApp,
  HttpError,
  jsonResponse,
  parseJsonBody,
  type FunctionEnv,
} from '../_shared/platform/index.ts';
import { phoneTokenSecret, signPhoneCallToken } from '../_shared/phone/call-token.ts';
import { afterRelay, connectCall, sayAndHangUp } from '../_shared/phone/twiml.ts';
import { createTwilioClient, type TwilioClient } from '../_shared/twilio/client.ts';
import { twilioConfig, twilioConfigured } from '../_shared/twilio/config.ts';
import { copyRecording } from './recording.ts';
import {
  fields,
  incomingSchema,
  readTwilioWebhook,
  recordingSchema,
  relayActionSchema,
  statusSchema,
  type TwilioWebhook,
} from './webhook.ts';

export type { FunctionEnv };

const xml = (body: string) => new Response(body, { headers: { 'content-type': 'text/xml; charset=utf-8' } });
const done = () => new Response(null, { status: 204 });

const openedSchema = z.object({
  outcome: z.enum(['ok', 'no_agent', 'no_credits']),
  call_id: z.string().nullable(),
  call_sid_out: z.string().nullable(),
  voice_mode: phoneVoiceModeSchema.nullable(),
  language: z.string().nullable(),
  voice: z.enum(['male', 'female']).nullable(),
  agent_name: z.string().nullable(),
});

const sandboxBody = z.object({ agentId: z.guid({ error: 'agentId must be a UUID.' }) }).strict();

export function makeHandler(
  env: FunctionEnv,
  wiring: { fetch?: typeof fetch } = {},
): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('twilio-voice', env, { browser: true });
  const config = twilioConfig(env);
  const webhookUrl = `${config.webhookBaseUrl}/twilio-voice`;
  const twilioFetch = wiring.fetch ?? fetch;
  // Natural voice needs the realtime model, i.e. an OpenAI key (contracts/phone.ts).
  const defaultMode: PhoneVoiceMode = defaultPhoneVoiceMode(Boolean(env.get('OPENAI_API_KEY')?.trim()));
  const log = (event: string, details: Record<string, unknown>) => console.warn(`[twilio-voice] ${event}`, details);
  let client: TwilioClient | null = null;
  const twilioClient = () => (client ??= createTwilioClient(config, twilioFetch));

  async function webhook(request: Request, route: string): Promise<TwilioWebhook> {
    if (!twilioConfigured(config)) {
      throw new HttpError(503, 'twilio_not_configured', 'Twilio is not configured on this server.');
    }
    return readTwilioWebhook(request, route, { authToken: config.authToken, webhookBaseUrl: config.webhookBaseUrl });
  }

  /** Runs `work` for the first delivery of a callback only; a failure lets Twilio's retry through. */
  async function once(kind: string, key: string, token: string | null, work: () => Promise<void>): Promise<void> {
    const service = fn.service();
    const claim = await service.rpc('twilio_claim_webhook', {
      kind,
      natural_key: key,
      idempotency_token: token ?? undefined,
    });
    if (claim.error) throw new Error(`claiming a ${kind} webhook failed: ${claim.error.message}`);
    if (claim.data !== true) return;
    try {
      await work();
    } catch (error) {
      await service.rpc('twilio_release_webhook', { kind, natural_key: key });
      throw error;
    }
  }

  fn.post('/incoming', async (c) => {
    const call = fields(await webhook(c.req.raw, 'incoming'), incomingSchema);
    // Service role: the caller is Twilio, not a user; the RPC derives the owner from the number.
    const { data, error } = await fn.service().rpc('phone_open_call', {
      call_sid: call.CallSid,
      to_number: call.To,
      from_number: call.From,
      default_voice_mode: defaultMode,
    });
    if (error) throw new Error(`phone_open_call failed: ${error.message}`);
    const opened = openedSchema.parse((data as unknown[])[0]);
    const language = opened.language ?? 'en_US';
    if (opened.outcome === 'no_agent') return xml(sayAndHangUp('noAgent', language));
    if (opened.outcome === 'no_credits') return xml(sayAndHangUp('noCredits', language, opened.agent_name ?? ''));
    const callToken = await signPhoneCallToken(
      { callId: opened.call_id!, callSid: opened.call_sid_out!, source: 'twilio' },
      phoneTokenSecret(env),
    );
    return xml(
      connectCall({
        mode: opened.voice_mode ?? defaultMode,
        relayUrl: config.relayUrl,
        webhookUrl,
        callToken,
        language,
        voice: opened.voice ?? 'male',
        welcomeGreeting: agentGreeting(opened.agent_name ?? '', language),
      }),
    );
  });

  fn.post('/status', async (c) => {
    const received = await webhook(c.req.raw, 'status');
    const update = fields(received, statusSchema);
    const status = callStatusFromTwilio(update.CallStatus);
    // A status this platform does not track is acknowledged, not an error Twilio would retry.
    if (!status) return done();
    await once('status', `${update.CallSid}:${status}`, received.idempotencyToken, async () => {
      const { error } = await fn.service().rpc('phone_call_status', {
        call_sid: update.CallSid,
        status,
        duration: update.CallDuration ?? undefined,
        lease_seconds: VOICE_LEASE_SECONDS,
      });
      if (error) throw new Error(`phone_call_status failed: ${error.message}`);
    });
    return done();
  });

  fn.post('/recording', async (c) => {
    const received = await webhook(c.req.raw, 'recording');
    const recording = fields(received, recordingSchema);
    if (recording.RecordingStatus !== 'completed') return done();
    const service = fn.service();
    const { data, error } = await service.rpc('phone_recording_target', {
      call_sid: recording.CallSid,
      recording_sid: recording.RecordingSid,
    });
    if (error) throw new Error(`phone_recording_target failed: ${error.message}`);
    const target = (
      data as { call_id: string; owner_id: string; agent_id: string | null; already_linked: boolean }[] | null
    )?.[0];
    // A replay of a recording already copied has nothing to do (a second recording is refused
    // by phone_link_recording: one per call).
    if (!target || target.already_linked) return done();
    await once('recording', recording.RecordingSid, received.idempotencyToken, async () => {
      await copyRecording(
        {
          callId: target.call_id,
          ownerId: target.owner_id,
          agentId: target.agent_id,
          recordingSid: recording.RecordingSid,
          channels: recording.RecordingChannels ?? 2,
          duration: recording.RecordingDuration ?? null,
        },
        {
          service,
          config: config as typeof config & { accountSid: string; authToken: string },
          client: twilioClient,
          fetch: twilioFetch,
          log,
        },
      );
    });
    return done();
  });

  fn.post('/relay-action', async (c) => {
    const action = fields(await webhook(c.req.raw, 'relay-action'), relayActionSchema);
    const { data, error } = await fn.service().rpc('phone_transfer_target', { call_sid: action.CallSid });
    if (error) throw new Error(`phone_transfer_target failed: ${error.message}`);
    const target = data?.[0];
    return xml(
      afterRelay(target ? { number: target.transfer_number, timeLimitSeconds: target.time_limit_seconds } : null),
    );
  });

  fn.post('/sandbox', async (c) => {
    const owner = await fn.auth.requireOwner(c.req.raw);
    const body = await parseJsonBody(c.req.raw, sandboxBody);
    // As the owner: the RPC opens a call on the caller's own agent only.
    const asOwner = fn.asCaller(owner);
    const { data, error } = await asOwner.rpc('phone_open_sandbox_call', {
      agent_id: body.agentId,
      default_voice_mode: defaultMode,
    });
    if (error?.message === 'no_credits') {
      throw new HttpError(402, 'no_credits', 'Your balance has no minutes left. Buy credits to call your agent.');
    }
    if (error?.code === 'PT404' || error?.message === 'Agent not found') {
      throw new HttpError(404, 'agent_not_found', 'This agent does not exist.');
    }
    if (error) throw new Error(`phone_open_sandbox_call failed: ${error.message}`);
    const opened = (
      data as { call_id: string; call_sid: string; voice_mode: PhoneVoiceMode; reserved_seconds: number }[]
    )[0]!;
    const agent = await asOwner.from('agents').select('name, default_language, voice').eq('id', body.agentId).single();
    if (agent.error) throw new Error(`reading the agent failed: ${agent.error.message}`);
    const {
      name,
      default_language: language,
      voice,
    } = agent.data as { name: string; default_language: string; voice: string };
    return jsonResponse({
      callId: opened.call_id,
      callSid: opened.call_sid,
      callToken: await signPhoneCallToken(
        { callId: opened.call_id, callSid: opened.call_sid, source: 'sandbox' },
        phoneTokenSecret(env),
      ),
      // The relay's base: the sandbox sockets are `${relayUrl}/sandbox/conversation-relay` and `…/media-stream`.
      relayUrl: config.relayUrl,
      voiceMode: opened.voice_mode,
      // What Twilio would say and how (the browser plays Twilio's part).
      welcomeGreeting: agentGreeting(name, language),
      language,
      voice,
      reservedSeconds: opened.reserved_seconds,
    });
  });

  return fn.handler();
}
