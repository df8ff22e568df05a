import { ProviderError } from './errors.ts';
import type { ChatResult, ChatStreamEvent, ToolCall } from './types.ts';

/** Drains a chat stream into one result (for callers that do not stream: owner helpers, tests). */
export async function completeFromStream(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatResult> {
  let text = '';
  const toolCalls: ToolCall[] = [];
  for await (const event of stream) {
    if (event.type === 'delta') text += event.text;
    else if (event.type === 'tool_call') toolCalls.push(event.call);
    else return { text, toolCalls, finishReason: event.finishReason, usage: event.usage, metadata: event.metadata };
  }
  throw new ProviderError('upstream_unavailable', 'The reply stream ended without completing.');
}
