/**
 * `/functions/v1/whatsapp-webhook` (verify_jwt = false: Twilio signs its webhooks).
 *
 *   POST /inbound    the sender's callback_url: a signed message (text, voice note, image) is
 *                    received once per MessageSid in Postgres, answered 200 with empty TwiML at
 *                    once, then becomes a turn of the agent's conversation with that user
 *                    (reply.ts) after the answer (EdgeRuntime.waitUntil when hosted, in-process
 *                    locally). The message's text is a line of the conversation's transcript
 *                    (`messages`); its whatsapp_messages row holds delivery state and media only.
 *                    A failed turn or send is logged and recorded on a whatsapp_messages row
 *                    (error code, reason), never swallowed.
 *   POST /status     the sender's status_callback_url: sent/delivered/read/failed (+ ErrorCode)
 *                    move the message's row forward only.
 *   POST /send       the owner (JWT): a message to one of their agent's WhatsApp users; inside the
 *                    24-hour window as text, outside it as the owner's approved template (the one
 *                    the console's composer picked, else the agent's chosen one). The agent and
 *                    the user's thread are the caller's own (requireOwnAgent, user_id = caller).
 *   GET  /templates  the owner (JWT): the approved WhatsApp templates of the agent's sender
 *                    account (Content API ContentAndApprovals), for the template picker.
 */
import { z } from 'zod';
import { createAiProvider } from '../_shared/ai/factory.ts';
import { createAgentLoader } from '../_shared/conversation/agents.ts';
import { createConversationStore } from '../_shared/conversation/conversations.ts';
import { createRpcRetriever } from '../_shared/conversation/knowledge.ts';
import type { TurnDeps } from '../_shared/conversation/turn.ts';
import { createChatMeter, createModelSettingsCache } from '../_shared/conversation/usage.ts';
import {
  e164FromWhatsApp,
  ownerSendSchema,
  type OwnerSendAnswer,
  type WhatsAppTemplate,
} from '../_shared/contracts/whatsapp.ts';
import {
  createFunctionApp,
  envRecord,
  HttpError,
  jsonResponse,
  parseJsonBody,
  parseQuery,
  requireOwnAgent,
  type FunctionEnv,
} from '../_shared/platform/index.ts';
import { createToolRunner } from '../_shared/tools/runner.ts';
import { createTwilioClient, type TwilioClient } from '../_shared/twilio/client.ts';
import { twilioConfig } from '../_shared/twilio/config.ts';
import { defaultCallControlHost } from '../_shared/voice/call-control-host.ts';
import { keepInboundMedia } from './media.ts';
import { replyToInbound } from './reply.ts';
import { sendToUser, type SenderDeps } from './sender.ts';
import { accountFor, inboundMessage, readWhatsAppWebhook, statusUpdate, type TwilioAccount } from './webhook.ts';
import { WHATSAPP_STATUS_RANK } from '../_shared/contracts/whatsapp.ts';
import { OWNER_MESSAGE_FLAG } from '../_shared/contracts/history.ts';

export type { FunctionEnv };

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const twiml = () => new Response(EMPTY_TWIML, { headers: { 'content-type': 'text/xml; charset=utf-8' } });
const done = () => new Response(null, { status: 204 });

const receivedSchema = z.object({
  outcome: z.enum(['ok', 'duplicate', 'no_sender', 'wrong_account']),
  agent_id: z.string().nullable(),
  owner_id: z.string().nullable(),
  conversation_id: z.string().nullable(),
  message_id: z.string().nullable(),
  received_at: z.string().nullable(),
});

const templatesQuery = z.object({ agentId: z.guid({ error: 'agentId must be a UUID.' }) });

export interface WhatsAppWiring {
  fetch?: typeof fetch;
  /** Runs the work left after the answer (default: waitUntil when hosted, in-process locally). */
  background?: (work: Promise<void>) => void;
}

export function makeHandler(env: FunctionEnv, wiring: WhatsAppWiring = {}): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('whatsapp-webhook', env, { browser: true });
  const config = twilioConfig(env);
  const twilioFetch = wiring.fetch ?? fetch;
  const log = (event: string, details: Record<string, unknown>) =>
    console.warn(`[whatsapp-webhook] ${event}`, JSON.stringify(details));
  const background = wiring.background ?? defaultCallControlHost(log);
  const statusCallback = `${config.webhookBaseUrl}/whatsapp-webhook/status`;
  const provider = createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER']));
  const clients = new Map<string, TwilioClient>();
  let core: {
    models: ReturnType<typeof createModelSettingsCache>;
    turn: Omit<TurnDeps, 'retrieve' | 'models'>;
  } | null = null;

  const clientFor = (account: TwilioAccount): TwilioClient => {
    let client = clients.get(account.sid);
    if (!client) {
      client = createTwilioClient({ ...config, accountSid: account.sid, authToken: account.authToken }, twilioFetch);
      clients.set(account.sid, client);
    }
    return client;
  };

  const coreDeps = () => {
    // Built on first use: the service client needs SUPABASE_URL, which the local host fills per request.
    if (!core) {
      const service = fn.service();
      core = {
        models: createModelSettingsCache(service),
        turn: {
          loadAgent: createAgentLoader(service),
          provider,
          runTool: createToolRunner({ service, env }),
          persist: createConversationStore(service),
          meter: createChatMeter(service),
          log,
        },
      };
    }
    return core;
  };

  const turnDeps = async (): Promise<TurnDeps> => {
    const { models, turn } = coreDeps();
    const settings = await models();
    return {
      ...turn,
      // A store per turn: it remembers the conversations that turn opened.
      persist: createConversationStore(fn.service()),
      models: settings,
      retrieve: createRpcRetriever({ service: fn.service(), provider, embeddingModel: settings.embeddingModel }),
    };
  };

  const senderDeps = (account: TwilioAccount | null): SenderDeps => ({
    service: fn.service(),
    client: account ? clientFor(account) : null,
    statusCallback,
    log,
  });

  fn.post('/inbound', async (c) => {
    const service = fn.service();
    const webhook = await readWhatsAppWebhook(c.req.raw, 'inbound', { config, service });
    const message = inboundMessage(webhook, e164FromWhatsApp);
    // Service role: the caller is Twilio; the RPC derives the agent and owner from the number
    // and the signing account, and claims the MessageSid before any model call.
    const { data, error } = await service.rpc('whatsapp_receive_message', {
      account_sid: webhook.account.sid,
      platform_account_sid: config.accountSid ?? '',
      message_sid: message.messageSid,
      from_number: message.from,
      to_number: message.to,
      profile_name: message.profileName ?? '',
      body: message.body,
      media: message.media.map((media) => ({ url: media.url, content_type: media.contentType })),
    });
    if (error) throw new Error(`whatsapp_receive_message failed: ${error.message}`);
    const received = receivedSchema.parse((data as unknown[])[0]);
    // Refused, not silently acknowledged: Twilio's debugger then shows the owner's misconfiguration.
    if (received.outcome === 'no_sender') {
      log('no_sender', { to: message.to, messageSid: message.messageSid });
      throw new HttpError(404, 'sender_not_found', 'No connected, online WhatsApp sender answers this number.');
    }
    if (received.outcome === 'wrong_account') {
      log('wrong_account', { to: message.to, messageSid: message.messageSid });
      throw new HttpError(403, 'wrong_account', "This number's WhatsApp sender belongs to another Twilio account.");
    }
    if (received.outcome !== 'ok') return twiml();
    const target = {
      agentId: received.agent_id!,
      ownerId: received.owner_id!,
      conversationId: received.conversation_id!,
      messageId: received.message_id!,
      receivedAt: new Date(received.received_at!),
    };
    const media = { service, account: webhook.account, apiBaseUrl: config.apiBaseUrl, fetch: twilioFetch, log };
    background(
      // The media are kept for the owner first; the reply reuses their bytes (a voice note's transcription).
      keepInboundMedia(message, target, media)
        .catch((failure: unknown) => {
          log('media_failed', { messageSid: message.messageSid, error: String(failure) });
          return { downloaded: new Map<string, Blob>() };
        })
        .then(({ downloaded }) =>
          replyToInbound(message, target, {
            ...media,
            provider,
            turnDeps,
            sender: senderDeps(webhook.account),
            downloaded,
            transcriptionModel: async () => (await coreDeps().models()).transcriptionModel,
          }),
        )
        .catch((failure: unknown) => log('reply_failed', { messageSid: message.messageSid, error: String(failure) })),
    );
    return twiml();
  });

  fn.post('/status', async (c) => {
    const service = fn.service();
    const webhook = await readWhatsAppWebhook(c.req.raw, 'status', { config, service });
    const update = statusUpdate(webhook);
    // Statuses this platform does not track (scheduled, canceled…) are acknowledged.
    if (!(update.MessageStatus in WHATSAPP_STATUS_RANK)) return done();
    // A callback can overtake the row its send is still writing: a few short retries.
    for (let attempt = 0; attempt < 10; attempt++) {
      // The signing account must be the one the message went through (checked in Postgres).
      const { data, error } = await service.rpc('whatsapp_message_status', {
        message_sid: update.MessageSid,
        status: update.MessageStatus,
        error_code: update.ErrorCode ?? null,
        error_message: update.ErrorMessage ?? null,
        account_sid: webhook.account.sid,
        platform_account_sid: config.accountSid ?? '',
      });
      if (error) throw new Error(`whatsapp_message_status failed: ${error.message}`);
      if (data === 'updated') return done();
      if (data === 'wrong_account') {
        log('status_wrong_account', { messageSid: update.MessageSid });
        throw new HttpError(403, 'wrong_account', 'This message was sent through another Twilio account.');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    log('status_for_unknown_message', { messageSid: update.MessageSid });
    return done();
  });

  /** The account the agent's sender lives on: its sub-account, else the platform's. */
  async function agentAccount(agentId: string): Promise<TwilioAccount | null> {
    const { data, error } = await fn
      .service()
      .from('agent_secrets')
      .select('whatsapp_account_sid, whatsapp_auth_token')
      .eq('agent_id', agentId)
      .maybeSingle<{ whatsapp_account_sid: string | null; whatsapp_auth_token: string | null }>();
    if (error) throw new Error(`reading the sender account failed: ${error.message}`);
    if (data?.whatsapp_account_sid && data.whatsapp_auth_token) {
      return { sid: data.whatsapp_account_sid, authToken: data.whatsapp_auth_token };
    }
    return config.accountSid ? accountFor(config.accountSid, config, fn.service()) : null;
  }

  fn.post('/send', async (c) => {
    const owner = await fn.auth.requireOwner(c.req.raw);
    const body = await parseJsonBody(c.req.raw, ownerSendSchema);
    await requireOwnAgent(fn.asCaller(owner), owner.userId, body.agentId);
    const service = fn.service();
    // Only someone who wrote to this agent can be written to (the window needs their last message).
    const last = await service
      .from('whatsapp_messages')
      .select('to_number, conversation_id, timestamp')
      .eq('assigned_agent', body.agentId)
      .eq('user_id', owner.userId)
      .eq('direction', 'inbound')
      .eq('from_number', body.to)
      .order('timestamp', { ascending: false })
      .limit(1)
      .maybeSingle<{ to_number: string; conversation_id: string | null; timestamp: string }>();
    if (last.error) throw new Error(`reading the conversation failed: ${last.error.message}`);
    if (!last.data) throw new HttpError(404, 'conversation_not_found', 'This person has not written to this agent.');
    if (!last.data.conversation_id) {
      throw new HttpError(404, 'conversation_not_found', 'This person has not written to this agent.');
    }
    // What the owner wrote is a line of the conversation's one transcript (the inbox shows it, the
    // message figures count it), labelled as the owner's; its WhatsApp messages are recorded
    // against it, sent or not.
    const written = await service
      .from('messages')
      .insert({
        conversation_id: last.data.conversation_id,
        user_id: owner.userId,
        agent_id: body.agentId,
        role: 'assistant',
        content: body.text.slice(0, 50_000),
        // The channel stamp is what the message figures count a line of the text channels by.
        metadata: { channel: 'whatsapp', [OWNER_MESSAGE_FLAG]: true },
      })
      .select('id')
      .single<{ id: string }>();
    if (written.error) throw new Error(`recording the owner's message failed: ${written.error.message}`);
    const result = await sendToUser(
      senderDeps(await agentAccount(body.agentId)),
      {
        agentId: body.agentId,
        ownerId: owner.userId,
        conversationId: last.data.conversation_id,
        agentNumber: last.data.to_number,
        userNumber: body.to,
        byOwner: true,
      },
      {
        text: body.text,
        messageId: written.data.id,
        lastInboundAt: new Date(last.data.timestamp),
        ...(body.template ? { template: body.template } : {}),
      },
    );
    const answer: OwnerSendAnswer = {
      sent: result.sent,
      notSentReason: result.notSent,
      ...(result.failure ? { failure: result.failure } : {}),
    };
    return jsonResponse(answer);
  });

  fn.get('/templates', async (c) => {
    const owner = await fn.auth.requireOwner(c.req.raw);
    const { agentId } = parseQuery(c.req.raw, templatesQuery);
    await requireOwnAgent(fn.asCaller(owner), owner.userId, agentId);
    const account = await agentAccount(agentId);
    if (!account) throw new HttpError(503, 'twilio_not_configured', 'Twilio is not configured on this server.');
    const contents = await clientFor(account).content.v1.contentAndApprovals.list({ limit: 500 });
    const templates: WhatsAppTemplate[] = contents
      .filter((content) => {
        const whatsapp = (content.approvalRequests as { status?: unknown } | null)?.status;
        return typeof whatsapp === 'string' && whatsapp.toLowerCase() === 'approved';
      })
      .map((content) => {
        const text = (content.types as Record<string, { body?: unknown }>)['twilio/text']?.body;
        return {
          sid: content.sid,
          friendlyName: content.friendlyName,
          language: content.language,
          body: typeof text === 'string' ? text : '',
          variables: Object.fromEntries(
            Object.entries(content.variables ?? {}).map(([key, value]) => [key, String(value)]),
          ),
        };
      });
    return jsonResponse({ templates });
  });

  return fn.handler();
}
