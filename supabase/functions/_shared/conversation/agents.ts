/**
 * The conversation core's one agent loader, for every channel: one `agent_for_turn` RPC (agent,
 * voice, public page flag, ready knowledge, tools joined with the catalogue, enabled interactions)
 * mapped to AgentForTurn plus what tools need (time zone, config).
 */
import type { DbClient } from '../platform/env.ts';
import { z } from 'zod';
import type { AgentForTurn } from './turn.ts';
import type { CatalogueTool } from './tools.ts';
import {
  interactionsGuidance,
  interactionsTool,
  toAgentInteractions,
  type AgentInteraction,
} from '../tools/interactions.ts';

/** A catalogue tool as enabled on one agent, with the owner's per-agent settings. */
export interface AgentTool extends CatalogueTool {
  config: Record<string, unknown>;
}

export interface LoadedAgent extends AgentForTurn {
  tools: AgentTool[];
  /** Calendar time zone (null: the tools use Europe/Paris, the default market). */
  timeZone: string | null;
  /** Enabled interactions with something to send (offered as the share_resource tool). */
  interactions: AgentInteraction[];
  /** The agent's voice setting (spoken channels map it to a provider voice). */
  voice: 'male' | 'female';
  /** WhatsApp answers a voice note with a voice note too (the owner's choice). */
  whatsappVoiceReplies: boolean;
}

/** Which agent: by id (server channels, calls, owners) or by its public subdomain (visitors). */
export interface AgentRef {
  agentId?: string;
  subdomain?: string;
}

/**
 * The one way every channel (web chat, WhatsApp, browser voice, both phone modes) loads the agent
 * of a turn or a call: null when no agent answers to the reference. `A` narrows what callers get
 * (the turn engine needs only AgentForTurn).
 */
export type AgentLoader<A extends AgentForTurn = LoadedAgent> = (ref: AgentRef) => Promise<A | null>;

const agentRow = z.object({
  id: z.string(),
  owner_id: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  system_prompt: z.string(),
  default_language: z.string(),
  public_chat_enabled: z.boolean(),
  has_knowledge: z.boolean(),
  time_zone: z.string().nullable(),
  voice: z.enum(['male', 'female']).catch('male'),
  whatsapp_voice_replies: z.boolean().catch(false),
  interactions: z.array(z.unknown()).catch([]),
  tools: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      function_definition: z.unknown(),
      config: z.record(z.string(), z.unknown()).catch({}),
    }),
  ),
});

/**
 * Agents are cached per function instance for `ttlMs` (default 5 s): a busy public agent then
 * costs no database round trip before its first token, and an owner's change (prompt, tools,
 * public page off, first ready document) reaches visitors within a few seconds.
 */
export function createAgentLoader(
  service: DbClient,
  options: { ttlMs?: number; maxEntries?: number } = {},
): AgentLoader {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const cache = new Map<string, { at: number; agent: LoadedAgent | null }>();
  return async (ref) => {
    const key = ref.agentId ? `id:${ref.agentId}` : `subdomain:${ref.subdomain ?? ''}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.agent;
    const agent = await fetchAgent(service, ref);
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: Date.now(), agent });
    return agent;
  };
}

async function fetchAgent(service: DbClient, ref: AgentRef): Promise<LoadedAgent | null> {
  const { data, error } = await service.rpc('agent_for_turn', {
    agent_id: ref.agentId,
    subdomain: ref.subdomain,
  });
  if (error) throw new Error(`agent_for_turn failed: ${error.message}`);
  if (data === null || data === undefined) return null;
  const row = agentRow.parse(data);
  const interactions = toAgentInteractions(row.interactions);
  const shareTool = interactionsTool(interactions);
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    companyName: row.company_name,
    systemPrompt: row.system_prompt,
    defaultLanguage: row.default_language,
    publicChatEnabled: row.public_chat_enabled,
    hasKnowledge: row.has_knowledge,
    timeZone: row.time_zone,
    voice: row.voice,
    whatsappVoiceReplies: row.whatsapp_voice_replies,
    tools: [
      ...row.tools.map((tool) => ({
        id: tool.id,
        name: tool.name,
        description: tool.description,
        functionDefinition: tool.function_definition,
        config: tool.config,
      })),
      ...(shareTool ? [shareTool] : []),
    ],
    interactions,
    promptGuidance: interactionsGuidance(interactions),
  };
}
