/**
 * Shared setup of the WhatsApp suites: an owner on a pack with WhatsApp conversations, an agent
 * answering a number, the fake Twilio pointed at the stack, and readers of what the function wrote.
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { StoredSenderConfig } from '@contracts/whatsapp.ts';
import { saveSender } from '../../../supabase/functions/whatsapp-senders/store.ts';
import type { FakeTwilio } from '../../fakes/twilio/index.ts';
import type { Actor } from '../security/support/actors.ts';
import { agentWithNumber, freshNumber, type PhoneAgent } from '../phone/support.ts';

export { freshNumber };

/** Puts `user` on a pack allowing `conversations` WhatsApp conversations a month (-1 unlimited). */
export async function givePack(service: SupabaseClient, userId: string, conversations: number): Promise<void> {
  const id = `wa-${randomBytes(4).toString('hex')}`;
  const pack = await service.from('packs').insert({ id, name: id, whatsapp_conversations: conversations });
  if (pack.error) throw new Error(`pack: ${pack.error.message}`);
  await service.from('subscriptions').update({ status: 'cancelled' }).eq('user_id', userId).eq('status', 'active');
  const sub = await service.from('subscriptions').insert({ user_id: userId, pack_id: id });
  if (sub.error) throw new Error(`subscription: ${sub.error.message}`);
}

/**
 * Stores the agent's sender state as `whatsapp-senders` does once its sender is polled (same store
 * function, service role): connected and `status`, on the agent's number, next swept in an hour.
 */
export async function connectSender(
  service: SupabaseClient,
  ownerId: string,
  agent: PhoneAgent,
  change: { status?: string; enabled?: boolean; nextStatusCheck?: string } = {},
): Promise<void> {
  const config: StoredSenderConfig = {
    sender_id: `XE${randomBytes(16).toString('hex')}`,
    phone_number: agent.number,
    waba_id: '1234567890',
    status: change.status ?? 'ONLINE',
    last_status_check: new Date().toISOString(),
    business_info: { display_name: 'Wanda', description: '', category: 'Other', status: 'active' },
    messaging_limits: 'TIER_1K',
    quality_rating: 'HIGH',
    offline_reasons: [],
    // This sender exists only here, not at the fake Twilio: a product running its scheduler (e2e)
    // must not poll it, find it missing and set it to ERROR mid-test. Its next poll is an hour away.
    next_status_check: change.nextStatusCheck ?? new Date(Date.now() + 3_600_000).toISOString(),
  };
  await saveSender(
    service,
    { id: agent.agentId, userId: ownerId },
    {
      enabled: change.enabled ?? true,
      config,
      connected: true,
    },
  );
}

/** An agent answering a fresh number with a connected ONLINE sender (unless `sender` is null). */
export async function whatsappAgent(
  service: SupabaseClient,
  owner: Actor,
  agent: Record<string, unknown> = {},
  sender: { status?: string; enabled?: boolean } | null = {},
): Promise<PhoneAgent> {
  const created = await agentWithNumber(service, owner, { name: 'Wanda', default_language: 'en_US', ...agent });
  if (sender) await connectSender(service, owner.id, created, sender);
  return created;
}

export interface MessageRow {
  id: string;
  message_id: string;
  direction: string;
  body: string;
  status: string | null;
  message_sid: string | null;
  conversation_id: string | null;
  profile_name: string | null;
  error_code: number | null;
  error_message: string | null;
  not_sent_reason: string | null;
  content_sid: string | null;
  media: unknown;
  from_number: string;
  to_number: string | null;
}

/**
 * The agent's WhatsApp messages, oldest first, each with `body`: the text of its transcript line
 * (`messages`) on the first WhatsApp message of that line in its direction (a reply's later parts,
 * voice note or documents, and a reply that never existed, carry none of their own).
 */
export async function messagesOf(service: SupabaseClient, agentId: string): Promise<MessageRow[]> {
  const { data, error } = await service
    .from('whatsapp_messages')
    .select('*, transcript:messages(role, content)')
    .eq('assigned_agent', agentId)
    .order('created_at', { ascending: true });
  if (error) throw new Error(error.message);
  const seen = new Set<string>();
  return (data as (Omit<MessageRow, 'body'> & { transcript: { role: string; content: string } })[]).map(
    ({ transcript, ...row }) => {
      const key = `${row.message_id}|${row.direction}`;
      const first = !seen.has(key);
      seen.add(key);
      const own = (row.direction === 'inbound') === (transcript.role === 'user');
      return { ...row, body: first && own ? transcript.content : '' };
    },
  );
}

/** Polls until `check` returns a value (the reply runs after the webhook's answer). */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let waSeq = 0;
/** A fresh WhatsApp user's number. */
export const waNumber = () => `+336${String((Date.now() + waSeq++) % 100_000_000).padStart(8, '0')}`;

/** The fake's sends to `to` (E.164), oldest first. */
export const sendsTo = (twilio: FakeTwilio, to: string) =>
  twilio.messages.sent.filter((message) => message.to === `whatsapp:${to}`);
