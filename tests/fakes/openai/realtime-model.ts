/**
 * The realtime conversation as the fake keeps it, and its translation into a chat completions
 * request, so the scripted model that answers `/v1/chat/completions` (a `ChatScript`) also decides
 * every realtime response: one script drives chat and voice identically.
 */
import type { ChatRequestBody, WireMessage } from './protocol.ts';

export type RealtimeItem =
  | { type: 'message'; id: string; role: 'user' | 'assistant' | 'system'; text: string }
  | { type: 'function_call'; id: string; callId: string; name: string; arguments: string }
  | { type: 'function_call_output'; id: string; callId: string; output: string };

interface RealtimeTool {
  type?: unknown;
  name?: unknown;
  description?: unknown;
  parameters?: unknown;
}

/** Realtime tools are flat (`{type, name, …}`); chat nests them under `function`. */
function chatTools(tools: unknown): unknown[] {
  if (!Array.isArray(tools)) return [];
  return (tools as RealtimeTool[])
    .filter((tool) => tool && tool.type === 'function' && typeof tool.name === 'string')
    .map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
        ...(tool.parameters && typeof tool.parameters === 'object' ? { parameters: tool.parameters } : {}),
      },
    }));
}

/**
 * Session instructions as the system message, the items in order (consecutive function calls
 * become one assistant message with `tool_calls`, outputs become `tool` messages), and a
 * response's own instructions as a trailing system message (which the default responder, like the
 * chat engine's trailing instructions, does not count as the last speaker).
 */
export function chatRequestOf(
  session: Record<string, unknown>,
  items: readonly RealtimeItem[],
  responseInstructions?: string,
): ChatRequestBody {
  const messages: WireMessage[] = [];
  if (typeof session.instructions === 'string' && session.instructions !== '') {
    messages.push({ role: 'system', content: session.instructions });
  }
  for (const item of items) {
    if (item.type === 'message') {
      messages.push({ role: item.role, content: item.text });
    } else if (item.type === 'function_call_output') {
      messages.push({ role: 'tool', tool_call_id: item.callId, content: item.output });
    } else {
      const call = { id: item.callId, function: { name: item.name, arguments: item.arguments } };
      const last = messages[messages.length - 1];
      if (last?.role === 'assistant' && last.tool_calls) last.tool_calls.push(call);
      else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    }
  }
  if (responseInstructions) messages.push({ role: 'system', content: responseInstructions });
  const tools = chatTools(session.tools);
  return {
    model: typeof session.model === 'string' ? session.model : 'gpt-realtime',
    messages,
    ...(tools.length > 0 ? { tools } : {}),
    stream: false,
  };
}

/** The function calls still waiting for their output (the model cannot continue without them). */
export function callsWithoutOutput(items: readonly RealtimeItem[]): string[] {
  const answered = new Set(items.flatMap((item) => (item.type === 'function_call_output' ? [item.callId] : [])));
  return items.flatMap((item) => (item.type === 'function_call' && !answered.has(item.callId) ? [item.callId] : []));
}
