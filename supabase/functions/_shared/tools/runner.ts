/**
 * The engine's `runTool`: routes a validated tool call to its implementation by catalogue id
 * (default catalogue), `get_time` by function name, and any other catalogue tool
 * to the owner's webhook when its per-agent config has `webhook_url` (+ `webhook_secret`).
 */
import type { DbClient } from '../platform/env.ts';
import type { LoadedAgent, AgentTool } from '../conversation/agents.ts';
import type { ToolInvocation, ToolOutcome } from '../conversation/turn.ts';
import { manageCalendar } from './calendar.ts';
import type { ToolContext } from './context.ts';
import { manageCustomers } from './customers.ts';
import { getTime } from './get-time.ts';
import { INTERACTIONS_TOOL_ID, shareResource } from './interactions.ts';
import { manageInventory } from './inventory.ts';
import { manageLocation } from './location.ts';
import { sendEmailTool, sendMessageTool } from './messaging.ts';
import { manageOrders } from './orders.ts';
import { processPayment } from './payments.ts';
import { TRANSFER_TOOL_ID, transferCall } from './transfer.ts';
import { callToolWebhook } from './webhook.ts';

type ToolImplementation = (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutcome>;

export const TOOL_IMPLEMENTATIONS: Record<string, ToolImplementation> = {
  calendar: manageCalendar,
  crm: manageCustomers,
  orders: manageOrders,
  inventory: manageInventory,
  payments: processPayment,
  email: sendEmailTool,
  messaging: sendMessageTool,
  maps: manageLocation,
  [TRANSFER_TOOL_ID]: transferCall,
};

export interface ToolRunnerOptions {
  service: DbClient;
  env: { get(name: string): string | undefined };
  fetch?: typeof fetch;
  now?: () => Date;
}

const DEFAULT_TIME_ZONE = 'Europe/Paris';

export function createToolRunner(options: ToolRunnerOptions): (invocation: ToolInvocation) => Promise<ToolOutcome> {
  const now = options.now ?? (() => new Date());
  const allowLoopback = options.env.get('TOOL_WEBHOOK_ALLOW_LOOPBACK') === 'true';
  return async (invocation) => {
    const agent = invocation.agent as LoadedAgent;
    const tool = invocation.tool as AgentTool;
    const config = tool.config ?? {};
    const timeZone = agent.timeZone ?? DEFAULT_TIME_ZONE;
    if (invocation.functionName === 'get_time') {
      return getTime(invocation.arguments, { now: now(), language: invocation.language, defaultTimeZone: timeZone });
    }
    const implementation =
      tool.id === INTERACTIONS_TOOL_ID
        ? (args: Record<string, unknown>, context: ToolContext) =>
            shareResource(args, context, agent.interactions ?? [])
        : TOOL_IMPLEMENTATIONS[tool.id];
    if (implementation) {
      return implementation(invocation.arguments, {
        service: options.service,
        agentId: agent.id,
        ownerId: agent.ownerId,
        agentName: agent.companyName || agent.name,
        conversationId: invocation.conversationId,
        channel: invocation.channel,
        clientKey: invocation.clientKey,
        language: invocation.language,
        timeZone,
        config,
        env: options.env,
        fetch: options.fetch ?? fetch,
        now,
        signal: invocation.signal,
      });
    }
    const url = typeof config.webhook_url === 'string' ? config.webhook_url : null;
    const secret = typeof config.webhook_secret === 'string' ? config.webhook_secret : null;
    if (url && secret) {
      return callToolWebhook(
        {
          url,
          secret,
          toolId: tool.id,
          functionName: invocation.functionName,
          arguments: invocation.arguments,
          agentId: agent.id,
          conversationId: invocation.conversationId,
        },
        { fetch: options.fetch, allowLoopback, now, signal: invocation.signal },
      );
    }
    return { ok: false, error: `Tool ${invocation.functionName} not implemented` };
  };
}
