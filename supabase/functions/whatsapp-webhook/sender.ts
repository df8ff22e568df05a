/**
 * Everything the agent says on WhatsApp leaves here, through the Messages API with the sender
 * account's credentials. What is said is one line of the conversation's transcript (`messages`):
 * the core's reply or the owner's line, written before the send, or, for the adapter's fixed
 * answers, written here. Every WhatsApp message that carries it becomes a `whatsapp_messages` row
 * for that line, with delivery state only: sent ones with their SID (status callbacks move them
 * on), refused ones with Twilio's error code and message, and ones that could not be sent with the
 * owner-facing reason (contracts/whatsapp.ts). A reply that never existed (nothing to say) is
 * recorded against the user's message it leaves unanswered. Nothing is dropped silently.
 *
 * The 24-hour window: free-form text and media only within 24 h of the user's last message;
 * outside it the owner's approved template (`ContentSid` + `ContentVariables`, no body), and
 * without one, a `not_sent` row saying why.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import {
  splitWhatsAppBody,
  WHATSAPP_WINDOW_MS,
  type TemplateSend,
  type WhatsAppNotSentReason,
} from '../_shared/contracts/whatsapp.ts';
import type { StoredWhatsAppMedia } from '../_shared/contracts/whatsapp-messages.ts';
import type { TwilioClient } from '../_shared/twilio/client.ts';
import { OWNER_MESSAGE_FLAG } from '../_shared/contracts/history.ts';

export interface Conversation {
  agentId: string;
  ownerId: string;
  conversationId: string | null;
  /** The agent's WhatsApp number and the user's, both E.164. */
  agentNumber: string;
  userNumber: string;
  /** The owner wrote what is sent (from /messages), not the agent: the thread labels it so. */
  byOwner?: boolean;
  /** The transcript row of the user's message being answered. */
  answering?: string | null;
}

export interface Outgoing {
  text: string;
  /** The transcript row that already holds `text` (the core's reply, the owner's line). */
  messageId?: string | null;
  /** Public URLs Twilio fetches (signed Storage URLs of shared documents, TTS voice notes). */
  mediaUrls?: string[];
  /** When the user last wrote; decides free-form or template. */
  lastInboundAt: Date | null;
  /**
   * The reply spoken (WhatsApp voice notes carry no caption, so it goes first as its own message,
   * the text after it): `url` is what Twilio fetches, `stored` what the owner's screens show.
   */
  voiceNote?: { url: string; stored: StoredWhatsAppMedia };
  /**
   * A template the owner picked for this message: sent as it is, inside the window or not, with
   * `text` (its rendered wording) kept on the thread. Without it, outside the window the agent's
   * chosen template goes.
   */
  template?: TemplateSend;
}

export interface SenderDeps {
  service: DbClient;
  /** The sender account's client, or null when Twilio is not configured. */
  client: TwilioClient | null;
  statusCallback: string;
  now?: () => Date;
  log: (event: string, details: Record<string, unknown>) => void;
}

export interface SendResult {
  sent: string[];
  notSent: WhatsAppNotSentReason | null;
  /** Twilio's refusal of the last message that failed (its error code, e.g. 63016, and message). */
  failure?: TwilioFailure;
}

interface Row {
  /** The transcript row this WhatsApp message carries. */
  messageId: string | null;
  /** Twilio-fetchable URLs (kept as links) or stored files. */
  media?: (string | StoredWhatsAppMedia)[];
  status: string;
  messageSid?: string | null;
  contentSid?: string | null;
  notSentReason?: WhatsAppNotSentReason | null;
  errorCode?: number | null;
  errorMessage?: string | null;
}

/**
 * The transcript row of what is said: the given one, else a new assistant line holding the text,
 * else (nothing to say) the user's message left unanswered.
 */
async function transcriptLine(
  deps: SenderDeps,
  conversation: Conversation,
  text: string,
  given: string | null | undefined,
): Promise<string | null> {
  if (given) return given;
  if (text.trim() === '' || !conversation.conversationId) return conversation.answering ?? null;
  const { data, error } = await deps.service
    .from('messages')
    .insert({
      conversation_id: conversation.conversationId,
      user_id: conversation.ownerId,
      agent_id: conversation.agentId,
      role: 'assistant',
      content: text.slice(0, 50_000),
      // The channel stamp is what the message figures count a line of the text channels by.
      metadata: { channel: 'whatsapp', ...(conversation.byOwner ? { [OWNER_MESSAGE_FLAG]: true } : {}) },
    })
    .select('id')
    .single<{ id: string }>();
  if (error) {
    deps.log('transcript_failed', { conversationId: conversation.conversationId, error: error.message });
    return conversation.answering ?? null;
  }
  return data.id;
}

async function record(deps: SenderDeps, conversation: Conversation, row: Row): Promise<void> {
  if (!row.messageId) {
    deps.log('record_failed', { conversationId: conversation.conversationId, error: 'no transcript row' });
    return;
  }
  const { error } = await deps.service.from('whatsapp_messages').insert({
    message_id: row.messageId,
    user_id: conversation.ownerId,
    assigned_agent: conversation.agentId,
    conversation_id: conversation.conversationId,
    message_sid: row.messageSid ?? null,
    direction: 'outbound',
    from_number: conversation.agentNumber,
    to_number: conversation.userNumber,
    sent_by_owner: conversation.byOwner === true,
    media: (row.media ?? []).map((item) => (typeof item === 'string' ? { url: item } : item)),
    status: row.status,
    content_sid: row.contentSid ?? null,
    not_sent_reason: row.notSentReason ?? null,
    error_code: row.errorCode ?? null,
    error_message: row.errorMessage?.slice(0, 500) ?? null,
    timestamp: (deps.now ?? (() => new Date()))().toISOString(),
  });
  // The message is out (or refused) either way; a lost row is the operator's to see in the logs.
  if (error) deps.log('record_failed', { conversationId: conversation.conversationId, error: error.message });
}

/** Records a message that will not go out, with the reason the owner is shown (and its details). */
export async function recordNotSent(
  deps: SenderDeps,
  conversation: Conversation,
  text: string,
  reason: WhatsAppNotSentReason,
  errorMessage: string | null = null,
  messageId: string | null = null,
): Promise<SendResult> {
  const line = await transcriptLine(deps, conversation, text, messageId);
  await record(deps, conversation, { messageId: line, status: 'not_sent', notSentReason: reason, errorMessage });
  return { sent: [], notSent: reason };
}

export interface TwilioFailure {
  code: number | null;
  message: string;
}

function failureOf(error: unknown): TwilioFailure {
  const code = (error as { code?: unknown }).code;
  return {
    code: typeof code === 'number' ? code : null,
    message: error instanceof Error ? error.message : String(error),
  };
}

async function templateChoice(
  service: DbClient,
  agentId: string,
): Promise<{ content_sid: string; variables: Record<string, string> } | null> {
  const { data, error } = await service
    .from('whatsapp_template_choices')
    .select('content_sid, variables')
    .eq('agent_id', agentId)
    .maybeSingle<{ content_sid: string; variables: Record<string, string> }>();
  if (error) throw new Error(`reading the template choice failed: ${error.message}`);
  return data;
}

export async function sendToUser(deps: SenderDeps, conversation: Conversation, out: Outgoing): Promise<SendResult> {
  const now = (deps.now ?? (() => new Date()))();
  const client = deps.client;
  if (!client) return recordNotSent(deps, conversation, out.text, 'not_configured', null, out.messageId);
  const from = `whatsapp:${conversation.agentNumber}`;
  const to = `whatsapp:${conversation.userNumber}`;
  const inWindow = out.lastInboundAt !== null && now.getTime() - out.lastInboundAt.getTime() <= WHATSAPP_WINDOW_MS;
  const sent: string[] = [];
  // Every WhatsApp message below carries this one line of the transcript.
  const messageId = await transcriptLine(deps, conversation, out.text, out.messageId);
  let lastFailure: TwilioFailure | undefined;
  const result = (notSent: WhatsAppNotSentReason | null): SendResult =>
    lastFailure ? { sent, notSent, failure: lastFailure } : { sent, notSent };

  const send = async (row: Row, params: Record<string, unknown>): Promise<boolean> => {
    try {
      const message = await client.messages.create({ from, to, statusCallback: deps.statusCallback, ...params });
      sent.push(message.sid);
      await record(deps, conversation, { ...row, messageSid: message.sid, status: message.status ?? 'queued' });
      return true;
    } catch (error) {
      const failure = failureOf(error);
      lastFailure = failure;
      deps.log('send_failed', { conversationId: conversation.conversationId, ...failure });
      await record(deps, conversation, {
        ...row,
        status: 'not_sent',
        notSentReason: 'send_failed',
        errorCode: failure.code,
        errorMessage: failure.message,
      });
      return false;
    }
  };

  if (out.template) {
    const ok = await send(
      { messageId, contentSid: out.template.content_sid, status: 'queued' },
      { contentSid: out.template.content_sid, contentVariables: JSON.stringify(out.template.variables) },
    );
    return result(ok ? null : 'send_failed');
  }
  if (!inWindow) {
    const choice = await templateChoice(deps.service, conversation.agentId);
    if (!choice) return recordNotSent(deps, conversation, out.text, 'outside_window', null, messageId);
    // A template goes without Body or MediaUrl (error 63016).
    const ok = await send(
      { messageId, contentSid: choice.content_sid, status: 'queued' },
      { contentSid: choice.content_sid, contentVariables: JSON.stringify(choice.variables) },
    );
    return result(ok ? null : 'send_failed');
  }
  let failed = false;
  if (out.voiceNote) {
    const { url, stored } = out.voiceNote;
    if (!(await send({ messageId, media: [stored], status: 'queued' }, { mediaUrl: [url] }))) failed = true;
  }
  for (const part of splitWhatsAppBody(out.text)) {
    if (!(await send({ messageId, status: 'queued' }, { body: part }))) failed = true;
  }
  // Documents carry no caption on WhatsApp: each goes as its own media message.
  for (const url of out.mediaUrls ?? []) {
    if (!(await send({ messageId, media: [url], status: 'queued' }, { mediaUrl: [url] }))) failed = true;
  }
  return result(failed ? 'send_failed' : null);
}
