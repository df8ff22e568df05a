import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readIntegrationConfig } from '@contracts/integrations.ts';
import { BUSINESS_STATUSES, senderReady, type SenderState } from '@contracts/whatsapp.ts';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import type { Row } from '../../../lib/db-types.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { deployKeys } from './keys.ts';

/**
 * An agent's integrations as the deploy page and the side panel read them: one
 * row per kind in agent_integrations. The business card is toggled directly (RLS: owner only);
 * the web widget only through the server's configure/disable functions, which generate its key.
 */
export interface BusinessCardState {
  enabled: boolean;
  connectedAt: string | null;
  disconnectedAt: string | null;
}

export interface WebWidgetState {
  enabled: boolean;
  domain: string | null;
  apiKey: string | null;
  scriptUrl: string | null;
  connectedAt: string | null;
  disconnectedAt: string | null;
}

/** WhatsApp Business as last stored by the server (whatsapp-senders); the card then polls it. */
export type WhatsAppState = SenderState;

export interface AgentIntegrations {
  /** Null only for an agent created before the card existed; such an agent has no public page. */
  businessCard: BusinessCardState | null;
  webWidget: WebWidgetState | null;
  whatsApp: WhatsAppState | null;
}

type IntegrationRow = Pick<
  Row<'agent_integrations'>,
  'kind' | 'enabled' | 'config' | 'connected_at' | 'disconnected_at'
>;

// configure_web_widget / disable_web_widget answer jsonb (private.web_widget_state).
const widgetRpc = z.object({
  enabled: z.boolean(),
  domain: z.string().nullable(),
  api_key: z.string().nullable(),
  script_url: z.string().nullable(),
  connected_at: z.string().nullable(),
  disconnected_at: z.string().nullable(),
});

const uuid = z.uuid();

export function toIntegrations(rows: IntegrationRow[]): AgentIntegrations {
  const byKind = (kind: string) => rows.find((r) => r.kind === kind);
  const card = byKind('virtual_business_card');
  const widget = byKind('web_widget');
  const whatsApp = byKind('whatsapp_business');
  const w = widget ? readIntegrationConfig('web_widget', widget.config) : null;
  const wa = whatsApp ? readIntegrationConfig('whatsapp_business', whatsApp.config) : null;
  return {
    businessCard: card
      ? { enabled: card.enabled, connectedAt: card.connected_at, disconnectedAt: card.disconnected_at }
      : null,
    webWidget:
      widget && w
        ? {
            enabled: widget.enabled,
            domain: w.domain,
            apiKey: w.api_key,
            scriptUrl: w.script_url,
            connectedAt: widget.connected_at,
            disconnectedAt: widget.disconnected_at,
          }
        : null,
    whatsApp:
      whatsApp && wa && whatsApp.enabled && wa.sender_id
        ? {
            connected: true,
            senderId: wa.sender_id,
            phoneNumber: wa.phone_number,
            wabaId: wa.waba_id,
            status: wa.status,
            businessStatus: businessStatus(wa.business_info?.status ?? null),
            qualityRating: wa.quality_rating,
            messagingLimits: wa.messaging_limits,
            offlineReasons: wa.offline_reasons,
            lastStatusCheck: wa.last_status_check,
            ready: senderReady({ enabled: true, status: wa.status }),
          }
        : null,
  };
}

function businessStatus(value: string | null): SenderState['businessStatus'] {
  return BUSINESS_STATUSES.find((s) => s === value) ?? null;
}

export async function fetchIntegrations(agentId: string): Promise<AgentIntegrations> {
  if (!uuid.safeParse(agentId).success) return { businessCard: null, webWidget: null, whatsApp: null };
  const { data, error } = await getSupabase()
    .from('agent_integrations')
    .select('kind, enabled, config, connected_at, disconnected_at')
    .eq('agent_id', agentId)
    .in('kind', ['virtual_business_card', 'web_widget', 'whatsapp_business']);
  if (error) throw toAppError(error, 'generic');
  return toIntegrations(data ?? []);
}

export function useIntegrationsQuery(agentId: string) {
  return useQuery({ queryKey: deployKeys.integrations(agentId), queryFn: () => fetchIntegrations(agentId) });
}

/** On sets connectedAt and clears disconnectedAt; off sets disconnectedAt. */
export function businessCardPatch(enabled: boolean, now = new Date()) {
  const at = now.toISOString();
  return enabled ? { enabled: true, connected_at: at, disconnected_at: null } : { enabled: false, disconnected_at: at };
}

export async function setBusinessCard(agentId: string, enabled: boolean): Promise<void> {
  const { data, error } = await getSupabase()
    .from('agent_integrations')
    .update(businessCardPatch(enabled))
    .match({ agent_id: agentId, kind: 'virtual_business_card' })
    .select('kind');
  if (error) throw toAppError(error, 'updateAgent');
  if (!data?.length) throw toAppError({ message: 'business card row not found', status: 404 }, 'updateAgent');
}

export async function configureWebWidget(agentId: string, domain: string): Promise<WebWidgetState> {
  const { data, error } = await getSupabase().rpc('configure_web_widget', { agent_id: agentId, domain });
  if (error) throw toAppError(error, 'updateAgent');
  return toWidgetState(data);
}

export async function disableWebWidget(agentId: string): Promise<WebWidgetState> {
  const { data, error } = await getSupabase().rpc('disable_web_widget', { agent_id: agentId });
  if (error) throw toAppError(error, 'updateAgent');
  return toWidgetState(data);
}

function toWidgetState(data: unknown): WebWidgetState {
  const r = widgetRpc.parse(data);
  return {
    enabled: r.enabled,
    domain: r.domain,
    apiKey: r.api_key,
    scriptUrl: r.script_url,
    connectedAt: r.connected_at,
    disconnectedAt: r.disconnected_at,
  };
}

/** The three deploy mutations; each refreshes the integrations (the side panel reads them too). */
export function useIntegrationMutations(agentId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: deployKeys.integrations(agentId) });
  const setWidget = (widget: WebWidgetState) => {
    client.setQueryData<AgentIntegrations>(deployKeys.integrations(agentId), (prev) =>
      prev ? { ...prev, webWidget: widget } : prev,
    );
    return refresh();
  };
  return {
    businessCard: useMutation({
      mutationFn: (enabled: boolean) => setBusinessCard(agentId, enabled),
      onSettled: refresh,
      meta: { silent: true },
    }),
    configureWidget: useMutation({
      mutationFn: (domain: string) => configureWebWidget(agentId, domain),
      onSuccess: setWidget,
      meta: { silent: true },
    }),
    disableWidget: useMutation({
      mutationFn: () => disableWebWidget(agentId),
      onSuccess: setWidget,
      meta: { silent: true },
    }),
  };
}
