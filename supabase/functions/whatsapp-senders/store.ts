/**
 * What the `whatsapp-senders` function reads and writes in Postgres. Reads that decide ownership act
 * as the caller (RLS: someone else's agent is missing); writes use the service role, because the
 * sub-account credentials (agent_secrets) and the sender state (whatsapp_business rows, protected by
 * a trigger) have no client write path.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import { toJsonObject } from '../_shared/platform/json.ts';
import { SENDER_VERTICALS, type StoredSenderConfig } from '../_shared/contracts/whatsapp.ts';
import { HttpError } from '../_shared/platform/index.ts';
import type { SubAccount } from '../_shared/twilio/sub-account.ts';

export interface OwnAgent {
  id: string;
  userId: string;
  name: string;
  companyName: string | null;
  website: string | null;
  email: string | null;
  branding: Record<string, unknown>;
}

/** The caller's own agent (admins included: integrations belong to the owner), or 404. */
export async function ownAgent(asCaller: DbClient, ownerId: string, agentId: string): Promise<OwnAgent> {
  const { data, error } = await asCaller
    .from('agents')
    .select('id, user_id, name, company_name, website, email, branding')
    .eq('id', agentId)
    .eq('user_id', ownerId)
    .maybeSingle<{
      id: string;
      user_id: string;
      name: string;
      company_name: string | null;
      website: string | null;
      email: string | null;
      branding: unknown;
    }>();
  if (error) throw new Error(`reading the agent failed: ${error.message}`);
  if (!data) throw new HttpError(404, 'agent_not_found', 'This agent does not exist.');
  const branding = data.branding && typeof data.branding === 'object' ? (data.branding as Record<string, unknown>) : {};
  return {
    id: data.id,
    userId: data.user_id,
    name: data.name,
    companyName: data.company_name,
    website: data.website,
    email: data.email,
    branding,
  };
}

/** The E.164 number assigned to the agent, or null. */
export async function assignedNumber(asCaller: DbClient, agentId: string): Promise<string | null> {
  const { data, error } = await asCaller
    .from('phone_number_assignments')
    .select('phone_numbers(phone_number)')
    .eq('agent_id', agentId)
    .maybeSingle<{ phone_numbers: { phone_number: string } | null }>();
  if (error) throw new Error(`reading the agent's number failed: ${error.message}`);
  return data?.phone_numbers?.phone_number ?? null;
}

export interface SenderRow {
  enabled: boolean;
  config: StoredSenderConfig | null;
}

/** The stored sender state, or null when the row holds none (disconnected). */
export function storedConfig(raw: unknown): StoredSenderConfig | null {
  const c = raw as Partial<StoredSenderConfig> | null;
  if (!c || typeof c !== 'object' || typeof c.sender_id !== 'string' || typeof c.phone_number !== 'string') return null;
  const info = (c.business_info ?? {}) as Partial<StoredSenderConfig['business_info']>;
  return {
    sender_id: c.sender_id,
    phone_number: c.phone_number,
    waba_id: typeof c.waba_id === 'string' ? c.waba_id : '',
    status: typeof c.status === 'string' ? c.status : 'CREATING',
    last_status_check: typeof c.last_status_check === 'string' ? c.last_status_check : '',
    business_info: {
      display_name: info.display_name ?? '',
      description: info.description ?? '',
      category: info.category ?? 'Other',
      status: info.status === 'active' || info.status === 'rejected' ? info.status : 'pending',
    },
    messaging_limits: typeof c.messaging_limits === 'string' ? c.messaging_limits : null,
    quality_rating: typeof c.quality_rating === 'string' ? c.quality_rating : null,
    offline_reasons: Array.isArray(c.offline_reasons) ? c.offline_reasons : [],
    ...(typeof c.next_status_check === 'string' ? { next_status_check: c.next_status_check } : {}),
  };
}

/** The agent's whatsapp_business row as the caller reads it (null when there is none). */
export async function senderRow(asCaller: DbClient, agentId: string): Promise<SenderRow | null> {
  const { data, error } = await asCaller
    .from('agent_integrations')
    .select('enabled, config')
    .eq('agent_id', agentId)
    .eq('kind', 'whatsapp_business')
    .maybeSingle<{ enabled: boolean; config: unknown }>();
  if (error) throw new Error(`reading the WhatsApp state failed: ${error.message}`);
  return data ? { enabled: data.enabled, config: storedConfig(data.config) } : null;
}

/** Writes the sender state (service role: client roles cannot write whatsapp_business rows). */
export async function saveSender(
  service: DbClient,
  agent: { id: string; userId: string },
  change: { enabled: boolean; config: StoredSenderConfig | Record<string, never>; connected?: boolean },
): Promise<void> {
  const now = new Date().toISOString();
  const { error } = await service.from('agent_integrations').upsert(
    {
      agent_id: agent.id,
      user_id: agent.userId,
      kind: 'whatsapp_business',
      enabled: change.enabled,
      config: toJsonObject(change.config),
      ...(change.connected === true ? { connected_at: now, disconnected_at: null } : {}),
      ...(change.connected === false ? { disconnected_at: now } : {}),
    },
    { onConflict: 'agent_id,kind' },
  );
  if (error) throw new Error(`storing the WhatsApp state failed: ${error.message}`);
}

/**
 * Stores a polled status, only while that sender is still the connected one (a poll finishing after
 * a disconnect or a reconnection must not bring the old state back).
 */
export async function saveSenderStatus(service: DbClient, agentId: string, config: StoredSenderConfig): Promise<void> {
  const { error } = await service
    .from('agent_integrations')
    .update({ config: toJsonObject(config) })
    .eq('agent_id', agentId)
    .eq('kind', 'whatsapp_business')
    .eq('enabled', true)
    .eq('config->>sender_id', config.sender_id);
  if (error) throw new Error(`storing the WhatsApp status failed: ${error.message}`);
}

/** The agent's sub-account, when one was created before (service role: agent_secrets). */
export async function storedSubAccount(service: DbClient, agentId: string): Promise<SubAccount | null> {
  const { data, error } = await service
    .from('agent_secrets')
    .select('whatsapp_account_sid, whatsapp_auth_token')
    .eq('agent_id', agentId)
    .maybeSingle<{ whatsapp_account_sid: string | null; whatsapp_auth_token: string | null }>();
  if (error) throw new Error(`reading the sub-account failed: ${error.message}`);
  return data?.whatsapp_account_sid && data.whatsapp_auth_token
    ? { sid: data.whatsapp_account_sid, authToken: data.whatsapp_auth_token }
    : null;
}

/**
 * Keeps a new sub-account unless another request stored one first (then that one wins and is
 * answered, so an agent has one sub-account).
 */
export async function keepSubAccount(service: DbClient, agentId: string, sub: SubAccount): Promise<SubAccount> {
  const upserted = await service
    .from('agent_secrets')
    .upsert({ agent_id: agentId }, { onConflict: 'agent_id', ignoreDuplicates: true });
  if (upserted.error) throw new Error(`preparing the agent's secrets failed: ${upserted.error.message}`);
  const { data, error } = await service
    .from('agent_secrets')
    .update({ whatsapp_account_sid: sub.sid, whatsapp_auth_token: sub.authToken })
    .eq('agent_id', agentId)
    .is('whatsapp_account_sid', null)
    .select('agent_id');
  if (error) throw new Error(`storing the sub-account failed: ${error.message}`);
  if (data.length > 0) return sub;
  const winner = await storedSubAccount(service, agentId);
  if (!winner) throw new Error('the sub-account vanished while it was stored');
  return winner;
}

const https = (value: string | null | undefined): string | null =>
  value && /^https:\/\/\S+$/.test(value.trim()) ? value.trim() : null;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The business profile sent to Meta, from the agent's public fields (never its system prompt):
 * display name = company name or agent name, about/description = the page's meta description.
 */
export function profileOf(
  agent: OwnAgent,
  overrides: {
    name?: string | undefined;
    about?: string | undefined;
    description?: string | undefined;
    vertical?: (typeof SENDER_VERTICALS)[number] | undefined;
  } = {},
) {
  const pageDescription = text(agent.branding.meta_description) ?? text(agent.branding.description);
  const website = https(agent.website);
  const email = text(agent.email);
  return {
    name: overrides.name ?? text(agent.companyName) ?? agent.name,
    about: overrides.about ?? pageDescription?.slice(0, 139) ?? undefined,
    description: overrides.description ?? pageDescription?.slice(0, 512) ?? undefined,
    vertical: overrides.vertical ?? 'Other',
    websites: website ? [website] : [],
    emails: email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? [email] : [],
  };
}
