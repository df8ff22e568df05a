/**
 * Email, SMS and WhatsApp sent by an agent: provider calls (email over HTTP, Twilio through the
 * platform's Twilio client, `_shared/twilio/client.ts`) and the
 * `outbound_messages` log. Providers come from the function's environment:
 *   email:    the platform's email sender (`_shared/email/send.ts`: EMAIL_API_URL, locally the
 *             stack's inbox, or RESEND_API_KEY; EMAIL_FROM is the sender).
 *   SMS/WA:   TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN + TWILIO_FROM_NUMBER (TWILIO_API_BASE_URL sends
 *             every Twilio request to `{base}/{host label}/{path}`, for tests and compatible carriers).
 * So that visitors cannot turn an agent into a spam relay, every send is first claimed by the
 * `claim_outbound_message` RPC (Postgres decides, under locks): on a public conversation only to
 * an address or number the visitor wrote in one of their own messages (as the server received
 * them; a browser-supplied call transcript does not count), after the model asked and the visitor
 * answered that question (the agent message just before the answer asks about this recipient and
 * came after the request; a plain "no" does not confirm), at most MAX_PER_CONVERSATION per conversation, 3 per
 * recipient per agent a day, 30 per agent an hour, 5 per recipient a day across the platform and
 * 10 an hour (50 a day) per client address; recipients are compared normalised (lower case,
 * `+tag` dropped, phone digits). The owner's sandbox may send anywhere, 20 per conversation.
 * Confirmation is a turn, not a code: a one-time code would itself have to be sent to the
 * unverified address first.
 */
import type { ToolOutcome } from '../conversation/turn.ts';
import { emailConfigured, escapeHtml, sendEmail } from '../email/send.ts';
import { createTwilioClient } from '../twilio/client.ts';
import { twilioConfig, twilioConfigured } from '../twilio/config.ts';
import { fail, normalisePhone, notConfigured, ok, type ToolContext } from './context.ts';

export const MAX_PER_CONVERSATION = 3;

/** Refusals the model relays to the visitor: nothing was sent, and why. */
const LIMIT_REASONS: Record<string, string> = {
  conversation_limit: `At most ${MAX_PER_CONVERSATION} messages can be sent from one conversation.`,
  recipient_limit: 'This recipient has already received the most messages this agent may send them today.',
  agent_limit: 'This agent has sent the most messages it may send in an hour; the visitor can try again later.',
  recipient_platform_limit:
    'This recipient has already received the most messages they may receive today; the visitor can try again tomorrow.',
  client_limit: 'Too many messages were requested from this connection; the visitor can try again later.',
};

type Channel = 'email' | 'sms' | 'whatsapp';

interface Delivery {
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
}

type ProviderAnswer =
  { ok: true; provider: string; providerId: string | null } | { ok: false; provider: string; error: string } | null;

async function sendAgentEmail(context: ToolContext, delivery: Delivery): Promise<ProviderAnswer> {
  const html = `<p>${escapeHtml(delivery.body).replace(/\n/g, '<br>')}</p><p>— ${escapeHtml(context.agentName)}</p>`;
  const answer = await sendEmail(
    context.env,
    {
      to: delivery.recipient,
      subject: delivery.subject ?? '',
      html,
      text: `${delivery.body}\n\n— ${context.agentName}`,
    },
    { fetch: context.fetch, signal: context.signal },
  );
  if (!answer || answer.ok) return answer;
  return { ok: false, provider: answer.provider, error: answer.error };
}

async function sendTwilio(context: ToolContext, delivery: Delivery): Promise<ProviderAnswer> {
  const config = twilioConfig(context.env);
  const from = context.env.get('TWILIO_FROM_NUMBER')?.trim();
  if (!twilioConfigured(config) || !from) return null;
  const prefix = delivery.channel === 'whatsapp' ? 'whatsapp:' : '';
  try {
    // The platform's one Twilio client (TWILIO_API_BASE_URL honoured like every Twilio request).
    // The turn's signal: a visitor gone or a caller hanging up stops the send like every model call.
    const message = await createTwilioClient(config, context.fetch, { signal: context.signal }).messages.create({
      to: `${prefix}${delivery.recipient}`,
      from: `${prefix}${from}`,
      body: delivery.body,
    });
    return { ok: true, provider: 'twilio', providerId: message.sid ?? null };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    return {
      ok: false,
      provider: 'twilio',
      error: `Twilio answered ${typeof status === 'number' ? status : 'with an error'}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function configured(context: ToolContext, channel: Channel): boolean {
  const has = (name: string) => Boolean(context.env.get(name)?.trim());
  if (channel === 'email') return emailConfigured(context.env);
  return has('TWILIO_ACCOUNT_SID') && has('TWILIO_AUTH_TOKEN') && has('TWILIO_FROM_NUMBER');
}

const LABEL: Record<Channel, string> = { email: 'email address', sms: 'phone number', whatsapp: 'WhatsApp number' };

/**
 * Sends one message through the configured provider and logs it; 'not configured' when none is.
 * A recipient the visitor has not given or not yet confirmed is not a failure: the result tells
 * the model what to ask the visitor.
 */
export async function deliver(context: ToolContext, delivery: Delivery): Promise<ToolOutcome> {
  if (!configured(context, delivery.channel))
    return notConfigured(
      delivery.channel === 'email' ? 'Email sending' : delivery.channel === 'sms' ? 'SMS sending' : 'WhatsApp sending',
    );
  const claim = await context.service.rpc('claim_outbound_message', {
    conversation_id: context.conversationId,
    agent_id: context.agentId,
    channel: delivery.channel,
    recipient: delivery.recipient,
    subject: delivery.subject ?? null,
    body: delivery.body,
    client_key: context.clientKey ?? undefined,
  });
  if (claim.error) return fail(`the message could not be prepared: ${claim.error.message}`);
  const verdict = claim.data as { status?: string; id?: string } | null;
  const label = LABEL[delivery.channel];
  if (verdict?.status === 'confirmation_required') {
    return ok({
      status: 'confirmation_required',
      channel: delivery.channel,
      recipient: delivery.recipient,
      message:
        `Nothing was sent yet. Ask the visitor to confirm that ${delivery.recipient} is their own ${label} ` +
        'and that they want it sent there; call the tool again only after they confirm.',
    });
  }
  if (verdict?.status === 'not_from_visitor') {
    return ok({
      status: 'recipient_not_given_by_visitor',
      channel: delivery.channel,
      message:
        `Nothing was sent. Messages only go to an ${label} the visitor wrote in this conversation as their own. ` +
        `Ask the visitor for their own ${label}.`,
    });
  }
  if (verdict?.status === 'confirmation_declined') {
    return ok({
      status: 'confirmation_declined',
      channel: delivery.channel,
      message: `Nothing was sent: the visitor said no. Do not send it unless they ask again.`,
    });
  }
  const limit = LIMIT_REASONS[verdict?.status ?? ''];
  if (limit) return ok({ status: 'not_sent', reason: verdict?.status, channel: delivery.channel, message: limit });
  if (verdict?.status === 'conversation_not_found') return fail('the conversation was not found');
  if (verdict?.status !== 'claimed' || typeof verdict.id !== 'string') return fail('the message could not be sent');
  let answer: ProviderAnswer;
  try {
    answer =
      delivery.channel === 'email' ? await sendAgentEmail(context, delivery) : await sendTwilio(context, delivery);
  } catch (error) {
    answer = { ok: false, provider: delivery.channel === 'email' ? 'email' : 'twilio', error: String(error) };
  }
  answer ??= { ok: false, provider: 'none', error: 'no provider is configured' };
  const { error } = await context.service
    .from('outbound_messages')
    .update({
      status: answer.ok ? 'sent' : 'failed',
      provider: answer.provider,
      provider_id: answer.ok ? answer.providerId : null,
      error: answer.ok ? null : answer.error.slice(0, 1000),
    })
    .eq('id', verdict.id);
  if (!answer.ok) return fail(answer.error);
  if (error) return fail(`the message was sent but could not be logged: ${error.message}`);
  return ok({ sent: true, channel: delivery.channel, recipient: delivery.recipient });
}

export function phoneRecipient(raw: string): string {
  return normalisePhone(raw);
}
