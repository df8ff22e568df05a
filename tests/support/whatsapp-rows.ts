import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * A WhatsApp message as the webhook leaves it, for suites that set up history: its text is a line
 * of the conversation's transcript (`messages`, in the whatsapp conversation of that agent and
 * number, created when missing) and its `whatsapp_messages` row holds delivery state for that line.
 * An outbound row without text (a reply that never existed) points at the user's last message;
 * `message_id` makes the row another WhatsApp message of an existing line.
 */
export interface WhatsAppRow {
  user_id: string;
  assigned_agent: string | null;
  direction?: 'inbound' | 'outbound';
  from_number: string;
  to_number?: string | null;
  body: string;
  timestamp?: string;
  conversation_id?: string;
  sent_by_owner?: boolean;
  [column: string]: unknown;
}

const digits = (number: string) => number.replace(/^whatsapp:/, '');

export async function insertWhatsAppMessage(
  service: SupabaseClient,
  row: WhatsAppRow,
): Promise<{ id: string; message_id: string; conversation_id: string }> {
  const { body, conversation_id, message_id, ...delivery } = row;
  const direction = row.direction ?? 'inbound';
  const timestamp = row.timestamp ?? new Date().toISOString();
  const contact = digits(direction === 'inbound' ? row.from_number : (row.to_number ?? ''));
  let conversation = conversation_id;
  if (!conversation) {
    let query = service
      .from('conversations')
      .select('id')
      .eq('channel', 'whatsapp')
      .eq('user_id', row.user_id)
      .eq('visitor_id', contact);
    query = row.assigned_agent ? query.eq('agent_id', row.assigned_agent) : query.is('agent_id', null);
    const found = await query.limit(1).maybeSingle<{ id: string }>();
    if (found.error) throw new Error(`conversation: ${found.error.message}`);
    conversation = found.data?.id;
  }
  if (!conversation) {
    const created = await service
      .from('conversations')
      .insert({
        user_id: row.user_id,
        agent_id: row.assigned_agent,
        channel: 'whatsapp',
        visitor_id: contact,
        started_at: timestamp,
        last_message_at: timestamp,
      })
      .select('id')
      .single<{ id: string }>();
    if (created.error) throw new Error(`conversation: ${created.error.message}`);
    conversation = created.data.id;
  }
  // Given: another WhatsApp message of the same line (a part of a long reply).
  let messageId = typeof message_id === 'string' ? message_id : undefined;
  if (!messageId && body === '' && direction === 'outbound') {
    const last = await service
      .from('messages')
      .select('id')
      .eq('conversation_id', conversation)
      .eq('role', 'user')
      .order('timestamp', { ascending: false })
      .limit(1)
      .maybeSingle<{ id: string }>();
    messageId = last.data?.id;
  }
  if (!messageId) {
    const line = await service
      .from('messages')
      .insert({
        conversation_id: conversation,
        user_id: row.user_id,
        agent_id: row.assigned_agent,
        role: direction === 'inbound' ? 'user' : 'assistant',
        content: body,
        metadata: { channel: 'whatsapp', ...(row.sent_by_owner ? { sentByOwner: true } : {}) },
        timestamp,
      })
      .select('id')
      .single<{ id: string }>();
    if (line.error) throw new Error(`messages: ${line.error.message}`);
    messageId = line.data.id;
  }
  const saved = await service
    .from('whatsapp_messages')
    .insert({ ...delivery, direction, timestamp, conversation_id: conversation, message_id: messageId })
    .select('id')
    .single<{ id: string }>();
  if (saved.error) throw new Error(`whatsapp_messages: ${saved.error.message}`);
  return { id: saved.data.id, message_id: messageId, conversation_id: conversation };
}
