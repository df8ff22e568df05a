/**
 * The database side of connector dispatch: claim due deliveries (one RPC), load what an event
 * needs, record each attempt's outcome. Service role throughout; the handler only runs for the
 * service role itself (a scheduler), never for a user.
 */
import type { TablesUpdate } from '../_shared/platform/database.ts';
import type { DbClient } from '../_shared/platform/env.ts';
import { MAX_EVENT_MESSAGES, type ConnectorEvent } from '../_shared/connectors/event.ts';
import { readIntegrationConfig, type ConnectorKind } from '../_shared/contracts/integrations.ts';

export interface DeliveryRow {
  id: string;
  agent_id: string;
  user_id: string;
  conversation_id: string;
  conversation_ended_at: string;
  kind: ConnectorKind;
  url: string;
  status: string;
  attempts: number;
}

export interface DispatchSettings {
  idleMinutes: number;
  maxDeliveries: number;
  leaseSeconds: number;
}

export async function claimDeliveries(service: DbClient, settings: DispatchSettings): Promise<DeliveryRow[]> {
  const { data, error } = await service.rpc('connector_claim_deliveries', {
    idle_minutes: settings.idleMinutes,
    max_deliveries: settings.maxDeliveries,
    lease_seconds: settings.leaseSeconds,
  });
  if (error) throw new Error(`claiming deliveries failed: ${error.message}`);
  return (data ?? []) as DeliveryRow[];
}

/** The connector as it is now: a connector disabled (or re-pointed) since enqueueing wins. */
export async function currentConnector(
  service: DbClient,
  delivery: DeliveryRow,
): Promise<{ enabled: boolean; url: string } | null> {
  const { data, error } = await service
    .from('agent_integrations')
    .select('enabled, config')
    .eq('agent_id', delivery.agent_id)
    .eq('kind', delivery.kind)
    .maybeSingle<{ enabled: boolean; config: unknown }>();
  if (error) throw new Error(`reading the connector failed: ${error.message}`);
  if (!data) return null;
  return { enabled: data.enabled, url: readIntegrationConfig(delivery.kind, data.config).webhook_url };
}

export async function signingSecret(service: DbClient, agentId: string): Promise<string | null> {
  const { data, error } = await service
    .from('agent_secrets')
    .select('connector_signing_secret')
    .eq('agent_id', agentId)
    .maybeSingle<{ connector_signing_secret: string }>();
  if (error) throw new Error(`reading the signing secret failed: ${error.message}`);
  return data?.connector_signing_secret ?? null;
}

/**
 * Builds the event from the conversation as stored: messages of the user and the agent only, and
 * only those the server observed (a browser's call transcript is unverified and stays in the console).
 */
export async function buildEvent(service: DbClient, delivery: DeliveryRow): Promise<ConnectorEvent | null> {
  const [conversation, agent, messages] = await Promise.all([
    service
      .from('conversations')
      .select('id, channel, language, started_at, ended_at, contact_id, visitor_id')
      .eq('id', delivery.conversation_id)
      .maybeSingle<{
        id: string;
        channel: string;
        language: string | null;
        started_at: string;
        ended_at: string | null;
        contact_id: string | null;
        visitor_id: string | null;
      }>(),
    service
      .from('agents')
      .select('id, name, subdomain')
      .eq('id', delivery.agent_id)
      .maybeSingle<{ id: string; name: string; subdomain: string | null }>(),
    service
      .from('messages')
      .select('role, content, timestamp')
      .eq('conversation_id', delivery.conversation_id)
      .in('role', ['user', 'assistant'])
      .eq('verified', true)
      .lte('timestamp', delivery.conversation_ended_at)
      .order('timestamp', { ascending: true })
      .limit(MAX_EVENT_MESSAGES),
  ]);
  for (const result of [conversation, agent, messages]) {
    if (result.error) throw new Error(`loading the conversation failed: ${result.error.message}`);
  }
  if (!conversation.data || !agent.data) return null;
  const c = conversation.data;
  let contact: ConnectorEvent['contact'] = null;
  if (c.contact_id) {
    const { data } = await service
      .from('contacts')
      .select('phone, first_name, last_name')
      .eq('id', c.contact_id)
      .maybeSingle<{ phone: string; first_name: string; last_name: string }>();
    if (data) contact = { phone: data.phone, firstName: data.first_name || null, lastName: data.last_name || null };
  } else if ((c.channel === 'phone' || c.channel === 'whatsapp') && c.visitor_id) {
    // Phone and WhatsApp conversations key the visitor by their number.
    contact = { phone: c.visitor_id, firstName: null, lastName: null };
  }
  const rows = (messages.data ?? []) as { role: 'user' | 'assistant'; content: string; timestamp: string }[];
  return {
    event: 'conversation.finished',
    deliveryId: delivery.id,
    connector: delivery.kind,
    agent: { id: agent.data.id, name: agent.data.name, subdomain: agent.data.subdomain },
    conversation: {
      id: c.id,
      channel: c.channel,
      language: c.language,
      startedAt: new Date(c.started_at).toISOString(),
      endedAt: new Date(delivery.conversation_ended_at).toISOString(),
      messageCount: rows.length,
    },
    contact,
    messages: rows.map((m) => ({ role: m.role, content: m.content, timestamp: new Date(m.timestamp).toISOString() })),
  };
}

export async function recordOutcome(
  service: DbClient,
  id: string,
  change: TablesUpdate<'connector_deliveries'>,
): Promise<void> {
  const { error } = await service.from('connector_deliveries').update(change).eq('id', id);
  if (error) throw new Error(`recording the delivery failed: ${error.message}`);
}
