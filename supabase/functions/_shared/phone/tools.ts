/**
 * The phone channel's tools: the agent's own tools (the core's loader) plus `transfer_call` when
 * the call's agent has a transfer number. The relay wraps the core's agent loader with this, so
 * prompt, tool definitions and the tool loop stay the core's; only what is offered differs.
 */
import type { DbClient } from '../platform/env.ts';
import type { AgentLoader, AgentTool, LoadedAgent } from '../conversation/agents.ts';
import { TRANSFER_TOOL_ID } from '../tools/transfer.ts';
import type { PhoneCallSession } from './call-store.ts';

/** The agent as a phone call sees it: `transfer_call` added when a transfer is possible. */
export function withPhoneTools(
  agent: LoadedAgent,
  session: Pick<PhoneCallSession, 'transferNumber'>,
  transferTool: AgentTool | null,
): LoadedAgent {
  if (!session.transferNumber || !transferTool || agent.tools.some((tool) => tool.id === TRANSFER_TOOL_ID)) {
    return agent;
  }
  return { ...agent, tools: [...agent.tools, transferTool] };
}

/** The catalogue's transfer_call row (admins may edit its wording), or null when it was removed. */
export async function loadTransferTool(service: DbClient): Promise<AgentTool | null> {
  const { data, error } = await service
    .from('tool_catalogue')
    .select('id, name, description, function_definition')
    .eq('id', TRANSFER_TOOL_ID)
    .maybeSingle();
  if (error) throw new Error(`reading the transfer_call tool failed: ${error.message}`);
  if (!data) return null;
  const row = data as { id: string; name: string; description: string; function_definition: unknown };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    functionDefinition: row.function_definition,
    config: {},
  };
}

/**
 * Wraps the core's agent loader for one call: `loadAgent` as TurnDeps (or the realtime session)
 * expects it, with the phone tools added.
 */
export function phoneAgentLoader(
  load: AgentLoader,
  service: DbClient,
  session: Pick<PhoneCallSession, 'transferNumber'>,
): AgentLoader {
  let transferTool: Promise<AgentTool | null> | null = null;
  return async (ref) => {
    const agent = await load(ref);
    if (!agent || !session.transferNumber) return agent;
    transferTool ??= loadTransferTool(service);
    return withPhoneTools(agent, session, await transferTool);
  };
}
