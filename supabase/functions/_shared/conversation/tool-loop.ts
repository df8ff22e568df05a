/**
 * The core's one tool runner, for every channel: a model's tool call → validated arguments → the
 * agent's tool (or the core's own `search_knowledge`) → the output the model reads back, with a
 * record of the call for the transcript. Text turns loop over it (turn.ts: the model may call
 * several tools in a row, bounded in steps and time); realtime voice calls it once per
 * `function_call` of the sideband (channels/browser-voice.ts), under the same bounds.
 */
import type { ToolCall } from '../ai/types.ts';
import type { ChatChannel } from '../contracts/agent-chat.ts';
import type { Citation, ToolStatus } from '../contracts/conversation-events.ts';
import type { RetrievalRequest, RetrievalResult } from './retrieval.ts';
import { parseToolArguments, serializeToolResult, type CatalogueTool, type ToolDefinitions } from './tools.ts';
import type { AgentForTurn, ToolInvocation, ToolOutcome } from './turn.ts';

/** Bounds of one turn's tool use: model rounds that may call tools, calls per round, wall time. */
export interface ToolLoopLimits {
  maxSteps: number;
  maxCallsPerStep: number;
  /** After this long (from the turn's start), no more tools are offered or run. */
  maxMs: number;
  /** One tool call's own limit. */
  toolTimeoutMs: number;
}

export const DEFAULT_TOOL_LOOP_LIMITS: ToolLoopLimits = {
  maxSteps: 5,
  maxCallsPerStep: 4,
  maxMs: 60_000,
  toolTimeoutMs: 15_000,
};

/** What the transcript keeps of each tool call (messages.tool_calls), the same on every channel. */
export interface ToolRecord {
  /** Display name ("Calendar"). */
  name: string;
  /** The function the model called (`manage_calendar`). */
  function: string;
  status: Exclude<ToolStatus, 'running'>;
  /** The model round of the turn (1 = first answer). */
  step: number;
  error?: string;
}

/** The knowledge base as a tool, for realtime voice (text turns retrieve before the turn instead). */
export const KNOWLEDGE_TOOL_ID = '__knowledge';
export const KNOWLEDGE_FUNCTION = 'search_knowledge';

export const knowledgeTool: CatalogueTool = {
  id: KNOWLEDGE_TOOL_ID,
  name: 'Knowledge base',
  description: null,
  functionDefinition: {
    name: KNOWLEDGE_FUNCTION,
    description:
      "Searches the business's documents (opening hours, prices, services, policies). Returns the most relevant passages with their document names.",
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look up, in a few words.' } },
      required: ['query'],
    },
  },
};

export interface ToolCallContext {
  agent: AgentForTurn;
  conversationId: string;
  language: string;
  channel: ChatChannel;
  step: number;
  clientKey?: string;
  signal?: AbortSignal;
}

export interface ToolRunnerDeps {
  runTool(invocation: ToolInvocation): Promise<ToolOutcome>;
  /** The knowledge retrieval (the same RPC as text turns); needed only for `search_knowledge`. */
  retrieve?(request: RetrievalRequest): Promise<RetrievalResult>;
  log?: (event: string, details: Record<string, unknown>) => void;
}

export interface ToolCallResult {
  record: ToolRecord;
  /** What the model reads back (JSON text, capped). */
  output: string;
  /** Documents a `search_knowledge` call drew on. */
  citations: Citation[];
  /** False when the call never reached a tool (unknown tool, bad arguments): no `running` was shown. */
  ran: boolean;
}

/** Runs one model tool call; never throws (a failure is an outcome the model is told about). */
export async function runToolCall(
  call: ToolCall,
  definitions: ToolDefinitions,
  context: ToolCallContext,
  deps: ToolRunnerDeps,
  timeoutMs = DEFAULT_TOOL_LOOP_LIMITS.toolTimeoutMs,
): Promise<ToolCallResult> {
  const tool = definitions.byFunctionName.get(call.name);
  const fail = (error: string, ran: boolean): ToolCallResult => {
    deps.log?.('tool_failed', { conversationId: context.conversationId, tool: call.name, error });
    return {
      record: { name: tool?.name ?? call.name, function: call.name, status: 'failed', step: context.step, error },
      output: serializeToolResult({ error }),
      citations: [],
      ran,
    };
  };
  if (!tool) return fail(`unknown tool ${call.name}`, false);
  const args = parseToolArguments(
    call,
    definitions.functions.find((fn) => fn.name === call.name),
  );
  if (!args.ok) return fail(args.reason, false);
  const signal = context.signal
    ? AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)])
    : AbortSignal.timeout(timeoutMs);
  let outcome: ToolOutcome;
  let citations: Citation[] = [];
  try {
    if (tool.id === KNOWLEDGE_TOOL_ID) {
      if (!deps.retrieve) return fail('the knowledge base is not available', true);
      const query = typeof args.value.query === 'string' ? args.value.query.slice(0, 500) : '';
      const found = await deps.retrieve({ agentId: context.agent.id, query, language: context.language, signal });
      citations = found.citations;
      outcome = {
        ok: true,
        result: {
          passages: found.passages.map((passage, index) => ({
            n: index + 1,
            document: passage.documentName,
            text: passage.content.slice(0, 2_000),
          })),
        },
      };
    } else {
      outcome = await deps.runTool({
        agent: context.agent,
        conversationId: context.conversationId,
        tool,
        functionName: call.name,
        arguments: args.value,
        language: context.language,
        channel: context.channel,
        clientKey: context.clientKey,
        signal,
      });
    }
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (!outcome.ok) return fail(outcome.error, true);
  return {
    record: { name: tool.name, function: call.name, status: 'succeeded', step: context.step },
    output: serializeToolResult(outcome.result),
    citations,
    ran: true,
  };
}
