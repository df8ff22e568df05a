/**
 * Email, SMS and WhatsApp sent by an agent: provider calls over HTTP (fetch only, no SDK) and the
 * `outbound_messages` log. Providers come from the function's environment:
 *   email:    EMAIL_API_URL (+ EMAIL_API_KEY): POST JSON {from, to, subject, html, text}; locally the
 *             stack sets it to its inbox (`POST /_local/inbox`), so mail lands in the local inbox;
 *             or RESEND_API_KEY (Resend's /emails API, same JSON). EMAIL_FROM is the sender.
 *   SMS/WA:   TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN + TWILIO_FROM_NUMBER (TWILIO_API_URL overrides
 *             the base URL, for tests).
 * A public conversation may send at most MAX_PER_CONVERSATION messages, so an agent cannot be
 * turned into a spam relay by its visitors.
 */
import type { ToolOutcome } from '../engine/turn.ts';
import { fail, isOwnerChannel, normalisePhone, notConfigured, ok, type ToolContext } from './context.ts';

export const MAX_PER_CONVERSATION = 3;

type Channel = 'email' | 'sms' | 'whatsapp';

interface Delivery {
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
}

type ProviderAnswer =
  { ok: true; provider: string; providerId: string | null } | { ok: false; provider: string; error: string } | null;

async function sentInConversation(context: ToolContext): Promise<number> {
  const { count, error } = await context.service
    .from('outbound_messages')
    .select('id', { count: 'exact', head: true })
    .eq('conversation_id', context.conversationId);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function answerText(response: Response): Promise<string> {
  return (await response.text().catch(() => '')).slice(0, 300);
}

async function sendEmail(context: ToolContext, delivery: Delivery): Promise<ProviderAnswer> {
  const url = context.env.get('EMAIL_API_URL')?.trim();
  const resendKey = context.env.get('RESEND_API_KEY')?.trim();
  if (!url && !resendKey) return null;
  const endpoint = url || 'https://api.resend.com/emails';
  const key = url ? context.env.get('EMAIL_API_KEY')?.trim() : resendKey;
  const provider = url ? 'email_api' : 'resend';
  const from = context.env.get('EMAIL_FROM')?.trim() || 'Concierge <no-reply@concierge.local>';
  const html = `<p>${escapeHtml(delivery.body).replace(/\n/g, '<br>')}</p><p>— ${escapeHtml(context.agentName)}</p>`;
  const response = await context.fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({
      from,
      to: delivery.recipient,
      subject: delivery.subject ?? '',
      html,
      text: `${delivery.body}\n\n— ${context.agentName}`,
    }),
    signal: context.signal,
  });
  if (!response.ok)
    return {
      ok: false,
      provider,
      error: `the email provider answered ${response.status}: ${await answerText(response)}`,
    };
  const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
  return { ok: true, provider, providerId: typeof body?.id === 'string' ? body.id : null };
}

async function sendTwilio(context: ToolContext, delivery: Delivery): Promise<ProviderAnswer> {
  const sid = context.env.get('TWILIO_ACCOUNT_SID')?.trim();
  const token = context.env.get('TWILIO_AUTH_TOKEN')?.trim();
  const from = context.env.get('TWILIO_FROM_NUMBER')?.trim();
  if (!sid || !token || !from) return null;
  const base = (context.env.get('TWILIO_API_URL')?.trim() || 'https://api.twilio.com').replace(/\/+$/, '');
  const prefix = delivery.channel === 'whatsapp' ? 'whatsapp:' : '';
  const form = new URLSearchParams({
    To: `${prefix}${delivery.recipient}`,
    From: `${prefix}${from}`,
    Body: delivery.body,
  });
  const response = await context.fetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa(`${sid}:${token}`)}` },
    body: form,
    signal: context.signal,
  });
  if (!response.ok)
    return {
      ok: false,
      provider: 'twilio',
      error: `Twilio answered ${response.status}: ${await answerText(response)}`,
    };
  const body = (await response.json().catch(() => null)) as { sid?: unknown } | null;
  return { ok: true, provider: 'twilio', providerId: typeof body?.sid === 'string' ? body.sid : null };
}

/** Sends one message through the configured provider and logs it; 'not configured' when none is. */
export async function deliver(context: ToolContext, delivery: Delivery): Promise<ToolOutcome> {
  if (!isOwnerChannel(context) && (await sentInConversation(context)) >= MAX_PER_CONVERSATION) {
    return fail(`at most ${MAX_PER_CONVERSATION} messages can be sent from one conversation`);
  }
  const answer =
    delivery.channel === 'email' ? await sendEmail(context, delivery) : await sendTwilio(context, delivery);
  if (answer === null)
    return notConfigured(
      delivery.channel === 'email' ? 'Email sending' : delivery.channel === 'sms' ? 'SMS sending' : 'WhatsApp sending',
    );
  const { error } = await context.service.from('outbound_messages').insert({
    agent_id: context.agentId,
    user_id: context.ownerId,
    conversation_id: context.conversationId,
    channel: delivery.channel,
    recipient: delivery.recipient,
    subject: delivery.subject ?? null,
    body: delivery.body,
    status: answer.ok ? 'sent' : 'failed',
    provider: answer.provider,
    provider_id: answer.ok ? answer.providerId : null,
    error: answer.ok ? null : answer.error.slice(0, 1000),
  });
  if (!answer.ok) return fail(answer.error);
  if (error) return fail(`the message was sent but could not be logged: ${error.message}`);
  return ok({ sent: true, channel: delivery.channel, recipient: delivery.recipient });
}

export function phoneRecipient(raw: string): string {
  return normalisePhone(raw);
}
