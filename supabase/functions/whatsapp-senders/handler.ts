/**
 * whatsapp-senders: connect an agent's WhatsApp Business sender (a telephony
 * sub-account per agent, the sender on it, its status). Signed-in owners, for
 * their own agents; wire format in contracts/whatsapp.ts.
 *   POST /connect     { agentId, wabaId, code?, profile? } → 201 SenderState: the agent must have a
 *                     number (409 whatsapp_number_required); creates (once per agent) the telephony
 *                     sub-account, keeps its SID and auth token in agent_secrets only, then creates
 *                     the sender with the sub-account's credentials, our webhook URLs and the WABA.
 *   GET  /status?agentId=… → SenderState: fetches the sender and applies its status (applySenderStatus).
 *   POST /verify      { agentId, code } → SenderState: the owner's code for a sender in
 *                     PENDING_VERIFICATION (its number is not the sub-account's own, so WhatsApp
 *                     sent the code by SMS or voice); the sender is re-derived from the caller's own
 *                     agent (409 whatsapp_not_awaiting_code otherwise); Twilio's refusal of the code
 *                     answers 400 whatsapp_verification_code_rejected.
 *   POST /disconnect  { agentId } → SenderState: deletes the sender at Twilio, clears the state (the
 *                     sub-account is kept for a later connection).
 *   POST /sweep       the scheduler (service role, every 30 s): polls every connected sender whose
 *                     next poll is due (claim_whatsapp_sender_polls; 30 s while CREATING, 60 s
 *                     otherwise, 60 s after a failed poll) with the same transitions as /status, so a
 *                     sender goes ONLINE, or OFFLINE, with no console open → { polled, failed }.
 * Without TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN every route answers 503 twilio_not_configured.
 */
import {
  DISCONNECTED_SENDER,
  NUMBER_REQUIRED_MESSAGE,
  VERIFICATION_CODE_REJECTED_MESSAGE,
  WABA_INACCESSIBLE_MESSAGE,
  WABA_INACCESSIBLE_TWILIO_CODE,
  agentIdInputSchema,
  applySenderStatus,
  connectSenderInputSchema,
  senderAwaitsCode,
  senderStateOf,
  verifySenderInputSchema,
  type FetchedSender,
  type StoredSenderConfig,
} from '../_shared/contracts/whatsapp.ts';
import {
  HttpError,
  createFunctionApp,
  jsonResponse,
  parseJsonBody,
  parseQuery,
  type Caller,
  type FunctionEnv,
} from '../_shared/platform/index.ts';
import { createTwilioClient, type TwilioClient } from '../_shared/twilio/client.ts';
import { twilioConfig, twilioConfigured } from '../_shared/twilio/config.ts';
import { subAccountClient, type SubAccount } from '../_shared/twilio/sub-account.ts';
import {
  assignedNumber,
  keepSubAccount,
  ownAgent,
  profileOf,
  saveSender,
  saveSenderStatus,
  senderRow,
  storedConfig,
  storedSubAccount,
} from './store.ts';
import {
  createSender,
  createSubAccount,
  deleteSender,
  fetchSender,
  isTwilioNotFound,
  twilioHttpError,
  verifySender,
} from './twilio-senders.ts';

export type { FunctionEnv };

const SMALL_BODY = { maxBytes: 8 * 1024 };

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('whatsapp-senders', env, { browser: true });
  const config = twilioConfig(env);
  let platform: TwilioClient | null = null;

  function twilio(): TwilioClient {
    if (!twilioConfigured(config)) {
      throw new HttpError(
        503,
        'twilio_not_configured',
        'WhatsApp is not available: Twilio is not configured on this server (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN).',
      );
    }
    platform ??= createTwilioClient(config);
    return platform;
  }

  /** The client acting for the agent's sub-account; the platform account when none is stored. */
  async function senderClient(agentId: string): Promise<TwilioClient> {
    const sub = await storedSubAccount(fn.service(), agentId);
    return sub ? subAccountClient(config, sub) : twilio();
  }

  fn.post('/connect', async (c) => {
    const platformClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseJsonBody(c.req.raw, connectSenderInputSchema, SMALL_BODY);
    const db = fn.asCaller(caller);
    const agent = await ownAgent(db, caller.userId, input.agentId);
    const phoneNumber = await assignedNumber(db, agent.id);
    if (!phoneNumber) throw new HttpError(409, 'whatsapp_number_required', NUMBER_REQUIRED_MESSAGE);
    const existing = await senderRow(db, agent.id);
    if (existing?.enabled && existing.config) {
      throw new HttpError(
        409,
        'whatsapp_already_connected',
        'WhatsApp is already connected for this agent. Disconnect it first.',
      );
    }

    // Service role from here: agent_secrets and the sender state have no client write path.
    const service = fn.service();
    let sub: SubAccount | null = await storedSubAccount(service, agent.id);
    if (!sub) {
      try {
        sub = await keepSubAccount(
          service,
          agent.id,
          await createSubAccount(platformClient, `Concierge agent ${agent.id}`),
        );
      } catch (cause) {
        if (cause instanceof HttpError) throw cause;
        throw twilioHttpError(cause, 'create the WhatsApp sub-account');
      }
    }
    const profile = profileOf(agent, input.profile);
    let created: { sid: string } & FetchedSender;
    try {
      created = await createSender(subAccountClient(config, sub), {
        phoneNumber,
        wabaId: input.wabaId,
        webhookBaseUrl: config.webhookBaseUrl,
        profile,
      });
    } catch (cause) {
      throw twilioHttpError(cause, 'create the WhatsApp sender', (error) =>
        error.code === WABA_INACCESSIBLE_TWILIO_CODE
          ? new HttpError(400, 'whatsapp_waba_inaccessible', WABA_INACCESSIBLE_MESSAGE, {}, { twilioCode: error.code })
          : null,
      );
    }
    const initial: StoredSenderConfig = {
      sender_id: created.sid,
      phone_number: phoneNumber,
      waba_id: input.wabaId,
      status: 'CREATING',
      last_status_check: new Date().toISOString(),
      business_info: {
        display_name: profile.name,
        description: profile.description ?? '',
        category: profile.vertical,
        status: 'pending',
      },
      messaging_limits: null,
      quality_rating: null,
      offline_reasons: [],
    };
    const stored = applySenderStatus(initial, created, new Date());
    await saveSender(service, agent, { enabled: true, config: stored, connected: true });
    return jsonResponse(senderStateOf(true, stored), 201);
  });

  fn.get('/status', async (c) => {
    twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const { agentId } = parseQuery(c.req.raw, agentIdInputSchema);
    const db = fn.asCaller(caller);
    const agent = await ownAgent(db, caller.userId, agentId);
    const row = await senderRow(db, agent.id);
    if (!row?.enabled || !row.config) return jsonResponse(DISCONNECTED_SENDER);
    return jsonResponse(senderStateOf(true, await pollSender(agent.id, row.config)));
  });

  fn.post('/sweep', async (c) => {
    fn.auth.requireServiceRole(c.req.raw, 'the WhatsApp sender sweep');
    // Scheduled on every installation: without Twilio there is no sender to follow.
    if (!twilioConfigured(config)) return jsonResponse({ polled: 0, failed: 0 });
    const service = fn.service();
    const { data, error } = await service.rpc('claim_whatsapp_sender_polls', { max_senders: 50 });
    if (error) throw new Error(`claiming WhatsApp sender polls failed: ${error.message}`);
    let polled = 0;
    let failed = 0;
    for (const claimed of (data ?? []) as { agent_id: string; config: unknown }[]) {
      const stored = storedConfig(claimed.config);
      if (!stored) continue;
      try {
        await pollSender(claimed.agent_id, stored);
        polled += 1;
      } catch (cause) {
        // The claim already moved its next poll 60 s on: that is the retry.
        failed += 1;
        console.warn('[whatsapp-senders] sweep_poll_failed', { agentId: claimed.agent_id, error: String(cause) });
      }
    }
    return jsonResponse({ polled, failed });
  });

  /**
   * Fetches the sender at Twilio and stores the status it moved to (with its next sweep time);
   * the console's /status and the scheduled sweep both come here.
   */
  async function pollSender(agentId: string, stored: StoredSenderConfig): Promise<StoredSenderConfig> {
    let fetched: FetchedSender;
    try {
      fetched = await fetchSender(await senderClient(agentId), stored.sender_id);
    } catch (cause) {
      if (!isTwilioNotFound(cause)) throw twilioHttpError(cause, 'read the WhatsApp sender status');
      // Deleted at Twilio (in its console): the owner sees the setup notice and can reconnect.
      fetched = {
        status: 'ERROR',
        qualityRating: null,
        messagingLimit: null,
        offlineReasons: [{ code: '20404', message: 'The sender no longer exists at Twilio.' }],
      };
    }
    const next = applySenderStatus(stored, fetched, new Date());
    await saveSenderStatus(fn.service(), agentId, next);
    return next;
  }

  fn.post('/verify', async (c) => {
    twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseJsonBody(c.req.raw, verifySenderInputSchema, SMALL_BODY);
    // The sender is the caller's own agent's, read as the caller: never a sender id from the client.
    const db = fn.asCaller(caller);
    const agent = await ownAgent(db, caller.userId, input.agentId);
    const row = await senderRow(db, agent.id);
    if (!row?.enabled || !row.config || !senderAwaitsCode(row.config.status)) {
      throw new HttpError(
        409,
        'whatsapp_not_awaiting_code',
        'This agent’s WhatsApp sender is not waiting for a verification code.',
      );
    }
    let fetched: FetchedSender;
    try {
      fetched = await verifySender(await senderClient(agent.id), row.config.sender_id, input.code);
    } catch (cause) {
      throw twilioHttpError(cause, 'verify the WhatsApp sender', (error) =>
        error.status === 400
          ? new HttpError(
              400,
              'whatsapp_verification_code_rejected',
              VERIFICATION_CODE_REJECTED_MESSAGE,
              {},
              {
                twilioCode: error.code,
              },
            )
          : null,
      );
    }
    const next = applySenderStatus(row.config, fetched, new Date());
    await saveSenderStatus(fn.service(), agent.id, next);
    return jsonResponse(senderStateOf(true, next));
  });

  fn.post('/disconnect', async (c) => {
    twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const { agentId } = await parseJsonBody(c.req.raw, agentIdInputSchema, SMALL_BODY);
    return jsonResponse(await disconnect(caller, agentId));
  });

  async function disconnect(caller: Caller, agentId: string) {
    const db = fn.asCaller(caller);
    const agent = await ownAgent(db, caller.userId, agentId);
    const row = await senderRow(db, agent.id);
    if (!row) return DISCONNECTED_SENDER;
    if (row.config) {
      try {
        await deleteSender(await senderClient(agent.id), row.config.sender_id);
      } catch (cause) {
        throw twilioHttpError(cause, 'delete the WhatsApp sender');
      }
    }
    await saveSender(fn.service(), agent, { enabled: false, config: {}, connected: false });
    return DISCONNECTED_SENDER;
  }

  return fn.handler();
}
