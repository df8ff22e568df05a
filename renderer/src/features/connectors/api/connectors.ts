import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { integrationConfigSchema, readIntegrationConfig } from '@contracts/integrations.ts';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { toJson } from '../../../lib/db-types.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { CONNECTOR_KINDS, emptyConnector, type Connector, type ConnectorKind } from '../connectorModel.ts';
import { connectorsKeys } from './keys.ts';

const connectorKind = z.enum(CONNECTOR_KINDS);

/** Both connectors of the agent; one never configured comes back empty and disabled. */
export async function fetchConnectors(agentId: string): Promise<Record<ConnectorKind, Connector>> {
  const { data, error } = await getSupabase()
    .from('agent_integrations')
    .select('kind, enabled, config, connected_at, disconnected_at')
    .eq('agent_id', agentId)
    .in('kind', CONNECTOR_KINDS);
  if (error) throw toAppError(error, 'generic');
  const result = { zapier: emptyConnector('zapier'), make: emptyConnector('make') };
  for (const r of data ?? []) {
    const kind = connectorKind.parse(r.kind);
    result[kind] = {
      kind,
      enabled: r.enabled,
      webhookUrl: readIntegrationConfig(kind, r.config).webhook_url,
      connectedAt: r.connected_at,
      disconnectedAt: r.disconnected_at,
    };
  }
  return result;
}

export function useConnectorsQuery(agentId: string) {
  return useQuery({ queryKey: connectorsKeys.list(agentId), queryFn: () => fetchConnectors(agentId) });
}

/**
 * Writes a connector: an update when its row exists (owners may update only these columns), an
 * insert the first time.
 */
export async function writeConnector(agent: { id: string; userId: string }, connector: Connector): Promise<void> {
  const supabase = getSupabase();
  const columns = {
    enabled: connector.enabled,
    config: toJson(integrationConfigSchema(connector.kind).parse({ webhook_url: connector.webhookUrl })),
    connected_at: connector.connectedAt,
    disconnected_at: connector.disconnectedAt,
  };
  const updated = await supabase
    .from('agent_integrations')
    .update(columns)
    .eq('agent_id', agent.id)
    .eq('kind', connector.kind)
    .select('kind');
  if (updated.error) throw toAppError(updated.error, 'updateAgent');
  if ((updated.data ?? []).length > 0) return;
  const inserted = await supabase
    .from('agent_integrations')
    .insert({ agent_id: agent.id, user_id: agent.userId, kind: connector.kind, ...columns });
  if (inserted.error) throw toAppError(inserted.error, 'updateAgent');
}

export function useWriteConnectorMutation(agent: { id: string; userId: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (connector: Connector) => writeConnector(agent, connector),
    onSettled: () => client.invalidateQueries({ queryKey: connectorsKeys.list(agent.id) }),
  });
}

export interface ConnectorDelivery {
  id: string;
  kind: ConnectorKind;
  conversationId: string;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  statusCode: number | null;
  error: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
}

// text with a check constraint: the generated type says string, the check says which.
const deliveryStatus = z.enum(['pending', 'delivered', 'failed', 'cancelled']);

export const DELIVERIES_SHOWN = 10;

export async function fetchDeliveries(agentId: string): Promise<ConnectorDelivery[]> {
  const { data, error } = await getSupabase()
    .from('connector_deliveries')
    .select('id, kind, conversation_id, status, attempts, status_code, error, last_attempt_at, created_at')
    .eq('agent_id', agentId)
    .order('created_at', { ascending: false })
    .limit(DELIVERIES_SHOWN);
  if (error) throw toAppError(error, 'generic');
  return (data ?? []).map((r) => ({
    id: r.id,
    kind: connectorKind.parse(r.kind),
    conversationId: r.conversation_id,
    status: deliveryStatus.parse(r.status),
    attempts: r.attempts,
    statusCode: r.status_code,
    error: r.error,
    lastAttemptAt: r.last_attempt_at,
    createdAt: r.created_at,
  }));
}

/** The last deliveries; refreshed every 30 s while the tab is open (the dispatcher runs each minute). */
export function useDeliveriesQuery(agentId: string) {
  return useQuery({
    queryKey: connectorsKeys.deliveries(agentId),
    queryFn: () => fetchDeliveries(agentId),
    refetchInterval: 30_000,
  });
}

/** The agent's signing key, for the owner's receiver to verify events. */
export function useSigningSecretQuery(agentId: string, enabled: boolean) {
  return useQuery({
    queryKey: connectorsKeys.secret(agentId),
    enabled,
    staleTime: Infinity,
    queryFn: async () => {
      const { data, error } = await getSupabase().rpc('connector_signing_secret', { agent_id: agentId });
      if (error) throw toAppError(error, 'generic');
      return typeof data === 'string' ? data : null;
    },
  });
}
