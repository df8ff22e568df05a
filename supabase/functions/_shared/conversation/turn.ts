/**
 * One conversation turn, owned by the server (ARCHITECTURE §4), with every effect injected so the
 * same code serves agent-chat, WhatsApp, phone and the sandbox, and tests run without a database.
 *
 * startTurn() settles everything that must become a plain 4xx before streaming starts (agent
 * unknown or private, conversation not the caller's, rate limit). Its `events` then run the turn:
 * detect language → save the visitor's message ∥ retrieve knowledge → `meta` → one streamed
 * completion with the agent's tools → server-side tool calls → a follow-up completion at
 * temperature 0.3 → save the reply → meter → `done`. A model failure yields the spec's apology as
 * an `error` event and charges nothing; the visitor's message stays saved.
 */
import type { AiProvider, ChatMessage, KnowledgePassage, ModelSettings, TokenUsage, ToolCall } from '../ai/types.ts';
import { isProviderError } from '../ai/errors.ts';
import { HttpError } from '../web/errors.ts';
import type { AgentChatInput, ChatChannel } from './input.ts';
import { detectLanguage } from './language.ts';
import { chatFailureApology, toolFailureMessage } from './messages.ts';
import { buildSystemPrompt, toolFollowUpInstruction } from './prompt.ts';
import type { ChatRateLimiter } from './rate-limit.ts';
import type { RetrievalRequest, RetrievalResult } from './retrieval.ts';
import type { AgentChatEvent, Citation, ToolStatus, TurnUsage } from '../contracts/conversation-events.ts';
import { buildToolDefinitions, parseToolArguments, serializeToolResult, type CatalogueTool } from './tools.ts';

/** What the engine needs to know about an agent (a projection of `agents` + its tools). */
export interface AgentForTurn {
  id: string;
  ownerId: string;
  name: string;
  companyName: string | null;
  /** The owner's system prompt (spec: the agent's "description"). */
  systemPrompt: string;
  /** As stored, e.g. `en_US`. */
  defaultLanguage: string;
  /** The public page is on: anonymous visitors may chat. */
  publicChatEnabled: boolean;
  /** At least one ready knowledge document: retrieval is skipped otherwise. */
  hasKnowledge: boolean;
  /** The agent's enabled tools with their catalogue definitions. */
  tools: CatalogueTool[];
  /** Extra system prompt text about the tools (e.g. when to offer the agent's interactions). */
  promptGuidance?: string;
}

export interface TurnCaller {
  /** Signed-in user (JWT `sub`), null for anonymous visitors. */
  userId: string | null;
  /** Stable key for rate limiting and conversation ownership (anon session id or hashed IP). */
  visitorKey: string;
  /** Hashed client address of an anonymous caller: rate limits apply per address too. */
  addressKey?: string;
  /** Server-side channels (WhatsApp and phone webhooks) are trusted; browsers are not. */
  trusted?: boolean;
}

export interface ConversationHandle {
  conversationId: string;
  /** Language of the conversation so far, used for short messages. */
  language: string | null;
  /** Earlier messages, oldest first (the engine keeps the last `maxHistoryMessages`). */
  history: ChatMessage[];
}

export interface SaveMessage {
  conversationId: string;
  agentId: string;
  role: 'user' | 'assistant';
  content: string;
  language: string;
  createdAt: Date;
  metadata: Record<string, unknown>;
}

export interface ConversationStore {
  /**
   * The caller's conversation with this agent: the given one if it is theirs (same agent, same
   * visitor or owner), a new one when no id is given, null when the id is not theirs.
   */
  openConversation(args: {
    agent: AgentForTurn;
    conversationId: string | undefined;
    channel: ChatChannel;
    caller: TurnCaller;
    isOwner: boolean;
  }): Promise<ConversationHandle | null>;
  saveMessage(message: SaveMessage): Promise<{ messageId: string }>;
}

export type ToolOutcome = { ok: true; result: unknown } | { ok: false; error: string };

export interface ToolInvocation {
  agent: AgentForTurn;
  conversationId: string;
  tool: CatalogueTool;
  functionName: string;
  arguments: Record<string, unknown>;
  language: string;
  channel: ChatChannel;
  /** Hashed client address of an anonymous caller: outbound messages are capped per address. */
  clientKey?: string;
  signal?: AbortSignal;
}

export interface MeterCharge {
  agent: AgentForTurn;
  conversationId: string;
  messageId: string;
  channel: ChatChannel;
  usage: TurnUsage;
  offline: boolean;
}

/**
 * What the engine does in offline mode (no model, so no tool calling) when the visitor's message
 * itself clearly asks for an action, e.g. "send me the menu at me@example.com" (interactions).
 */
export interface OfflineAction {
  tool: CatalogueTool;
  functionName: string;
  arguments: Record<string, unknown>;
  /** The reply after a succeeded call (a failed one gets the spec's tool-failure message). */
  reply(result: unknown, language: string): string;
}

export interface TurnDeps {
  loadAgent(ref: { agentId?: string; subdomain?: string }): Promise<AgentForTurn | null>;
  retrieve(request: RetrievalRequest): Promise<RetrievalResult>;
  provider: AiProvider;
  models: Pick<ModelSettings, 'chatModel' | 'whatsappModel'>;
  runTool(invocation: ToolInvocation): Promise<ToolOutcome>;
  persist: ConversationStore;
  meter(charge: MeterCharge): Promise<void>;
  /** Applied to public traffic (not the agent's owner, not trusted channels). */
  rateLimiter?: ChatRateLimiter;
  log?: (event: string, details: Record<string, unknown>) => void;
  now?: () => Date;
  maxHistoryMessages?: number;
  maxToolCallsPerTurn?: number;
  /** Offline providers only: a deterministic action decided from the message, or null. */
  offlineAction?(agent: AgentForTurn, message: string): OfflineAction | null;
}

export interface TurnRequest {
  input: AgentChatInput;
  caller: TurnCaller;
  /** Aborted when the visitor goes away; stops model calls. */
  signal?: AbortSignal;
}

export type TurnStart =
  { ok: true; conversationId: string; events: AsyncIterable<AgentChatEvent> } | { ok: false; error: HttpError };

export const CHAT_TEMPERATURE = 0.7;
export const TOOL_EXPLANATION_TEMPERATURE = 0.3;

const SERVER_CHANNELS: ReadonlySet<ChatChannel> = new Set(['whatsapp', 'phone']);

export async function startTurn(request: TurnRequest, deps: TurnDeps): Promise<TurnStart> {
  const { input, caller } = request;
  const agent = await deps.loadAgent(input.agentId ? { agentId: input.agentId } : { subdomain: input.subdomain });
  const isOwner = agent !== null && caller.userId !== null && caller.userId === agent.ownerId;
  // A private agent looks exactly like a missing one to strangers.
  if (!agent || (!isOwner && !caller.trusted && !agent.publicChatEnabled)) {
    return { ok: false, error: new HttpError(404, 'agent_not_found', 'No agent answers at this address.') };
  }
  if (input.channel === 'sandbox' && !isOwner) {
    return { ok: false, error: new HttpError(403, 'forbidden', 'Only the agent owner can use the test sandbox.') };
  }
  if (SERVER_CHANNELS.has(input.channel) && !caller.trusted) {
    return {
      ok: false,
      error: new HttpError(403, 'forbidden', `The ${input.channel} channel is reserved for its webhook.`),
    };
  }
  if (!isOwner && !caller.trusted && deps.rateLimiter) {
    const verdict = await deps.rateLimiter.check(agent.id, caller.visitorKey, caller.addressKey);
    if (!verdict.allowed) {
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      return {
        ok: false,
        error: new HttpError(
          429,
          'rate_limited',
          verdict.scope === 'agent'
            ? `This agent is very busy. Please wait ${seconds} s and try again.`
            : `Too many messages. Please wait ${seconds} s and try again.`,
          { 'retry-after': String(seconds) },
        ),
      };
    }
  }
  const conversation = await deps.persist.openConversation({
    agent,
    conversationId: input.conversationId,
    channel: input.channel,
    caller,
    isOwner,
  });
  if (!conversation) {
    return { ok: false, error: new HttpError(404, 'conversation_not_found', 'This conversation does not exist.') };
  }
  const log = deps.log ?? (() => {});
  const { language } = detectLanguage(input.message, {
    agentDefaultLanguage: agent.defaultLanguage,
    conversationLanguage: conversation.language,
  });
  // The visitor's message is stored whatever happens next; retrieval runs meanwhile. The save is
  // awaited before the stream starts so that a limit the database enforces (conversations per
  // address, messages per conversation) is a plain 4xx, at no cost to the first token.
  const retrieval: Promise<RetrievalResult> = agent.hasKnowledge
    ? deps
        .retrieve({ agentId: agent.id, query: input.message, language, signal: request.signal })
        .catch((error: unknown) => {
          log('retrieval_failed', { agentId: agent.id, error: String(error) });
          return { passages: [], citations: [] };
        })
    : Promise.resolve({ passages: [], citations: [] });
  let saveFailure: unknown = null;
  try {
    await deps.persist.saveMessage({
      conversationId: conversation.conversationId,
      agentId: agent.id,
      role: 'user',
      content: input.message,
      language,
      createdAt: (deps.now ?? (() => new Date()))(),
      metadata: { channel: input.channel },
    });
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, error };
    saveFailure = error;
  }
  return {
    ok: true,
    conversationId: conversation.conversationId,
    events: runTurn(
      {
        agent,
        conversation,
        input,
        signal: request.signal,
        language,
        retrieval,
        saveFailure,
        clientKey: caller.addressKey,
      },
      deps,
    ),
  };
}

interface TurnContext {
  agent: AgentForTurn;
  conversation: ConversationHandle;
  input: AgentChatInput;
  signal?: AbortSignal;
  language: string;
  retrieval: Promise<RetrievalResult>;
  /** The visitor's message could not be saved (not a limit): the turn ends with the apology. */
  saveFailure: unknown;
  clientKey: string | undefined;
}

function addUsage(total: TokenUsage, usage: TokenUsage | null): void {
  if (!usage) return;
  total.promptTokens += usage.promptTokens;
  total.completionTokens += usage.completionTokens;
  total.totalTokens += usage.totalTokens;
}

async function* runTurn(context: TurnContext, deps: TurnDeps): AsyncGenerator<AgentChatEvent> {
  const { agent, conversation, input, signal, language, retrieval, clientKey } = context;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});
  const conversationId = conversation.conversationId;
  const offline = deps.provider.capabilities.offline;

  if (context.saveFailure !== null) {
    log('persist_failed', { conversationId, error: String(context.saveFailure) });
    await retrieval;
    yield { event: 'error', data: { code: 'internal_error', message: chatFailureApology(language) } };
    return;
  }
  const { passages, citations } = await retrieval;
  yield { event: 'meta', data: { conversationId, language, citations, offline } };

  const knowledge: KnowledgePassage[] = passages.map((passage) => ({
    documentId: passage.documentId,
    name: passage.documentName,
    text: passage.content,
  }));
  const definitions = deps.provider.capabilities.tools ? buildToolDefinitions(agent.tools) : null;
  if (definitions && definitions.rejected.length > 0)
    log('tools_rejected', { agentId: agent.id, rejected: definitions.rejected });
  const history = conversation.history.slice(-(deps.maxHistoryMessages ?? 20));
  const messages: ChatMessage[] = [
    { role: 'system', content: buildSystemPrompt(agent, language, knowledge) },
    ...history,
    { role: 'user', content: input.message },
  ];
  const model = input.channel === 'whatsapp' ? deps.models.whatsappModel : deps.models.chatModel;
  const grounding = { passages: knowledge, language };
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  let modelCalls = 0;
  let reply = '';
  let usedModel = model;
  const toolReport: { name: string; status: ToolStatus }[] = [];

  /** Ends the turn with the apology: nothing metered, the apology stored as the reply. */
  async function* fail(error: unknown): AsyncGenerator<AgentChatEvent> {
    const apology = chatFailureApology(language);
    const code = isProviderError(error) ? error.code : 'internal_error';
    if (code === 'aborted') {
      // The visitor left: nobody reads an apology. Keep what they had seen, marked as cut short.
      log('turn_aborted', { conversationId });
      if (reply.trim() !== '') {
        await deps.persist
          .saveMessage({
            conversationId,
            agentId: agent.id,
            role: 'assistant',
            content: reply,
            language,
            createdAt: now(),
            metadata: { interrupted: true, offline },
          })
          .catch((persistError: unknown) => log('persist_failed', { conversationId, error: String(persistError) }));
      }
      return;
    }
    log('model_failed', { conversationId, code, error: String(error) });
    try {
      await deps.persist.saveMessage({
        conversationId,
        agentId: agent.id,
        role: 'assistant',
        content: apology,
        language,
        createdAt: now(),
        metadata: { failed: true, errorCode: code, ...(reply ? { partialReply: reply } : {}), offline },
      });
    } catch (persistError) {
      log('persist_failed', { conversationId, error: String(persistError) });
    }
    yield { event: 'error', data: { code: 'model_unavailable', message: apology } };
  }

  const calls: ToolCall[] = [];
  const offlineAction = offline && deps.offlineAction ? deps.offlineAction(agent, input.message) : null;
  if (offlineAction) {
    yield { event: 'tool', data: { name: offlineAction.tool.name, status: 'running' } };
    let outcome: ToolOutcome;
    try {
      outcome = await deps.runTool({
        agent,
        conversationId,
        tool: offlineAction.tool,
        functionName: offlineAction.functionName,
        arguments: offlineAction.arguments,
        language,
        channel: input.channel,
        clientKey,
        signal,
      });
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    const status: ToolStatus = outcome.ok ? 'succeeded' : 'failed';
    toolReport.push({ name: offlineAction.tool.name, status });
    yield { event: 'tool', data: { name: offlineAction.tool.name, status } };
    if (!outcome.ok) log('tool_failed', { conversationId, tool: offlineAction.functionName, error: outcome.error });
    reply = outcome.ok
      ? offlineAction.reply(outcome.result, language)
      : toolFailureMessage(offlineAction.tool.name, language);
    yield { event: 'delta', data: { text: reply } };
  } else {
    try {
      modelCalls++;
      for await (const event of deps.provider.streamChat({
        model,
        messages,
        ...(definitions && definitions.functions.length > 0 ? { tools: definitions.functions } : {}),
        temperature: CHAT_TEMPERATURE,
        grounding,
        signal,
      })) {
        if (event.type === 'delta') {
          reply += event.text;
          yield { event: 'delta', data: { text: event.text } };
        } else if (event.type === 'tool_call') {
          calls.push(event.call);
        } else {
          addUsage(usage, event.usage);
          usedModel = event.metadata.model;
        }
      }
    } catch (error) {
      yield* fail(error);
      return;
    }
  }

  if (calls.length > 0 && definitions) {
    const maxCalls = deps.maxToolCallsPerTurn ?? 4;
    const toolMessages: ChatMessage[] = [];
    const failedTools: string[] = [];
    for (const [index, call] of calls.entries()) {
      const tool = definitions.byFunctionName.get(call.name);
      const displayName = tool?.name ?? call.name;
      let outcome: ToolOutcome;
      if (index >= maxCalls) {
        outcome = { ok: false, error: `at most ${maxCalls} tool calls per message` };
      } else if (!tool) {
        outcome = { ok: false, error: `unknown tool ${call.name}` };
      } else {
        const args = parseToolArguments(
          call,
          definitions.functions.find((fn) => fn.name === call.name),
        );
        if (!args.ok) {
          outcome = { ok: false, error: args.reason };
        } else {
          yield { event: 'tool', data: { name: displayName, status: 'running' } };
          try {
            outcome = await deps.runTool({
              agent,
              conversationId,
              tool,
              functionName: call.name,
              arguments: args.value,
              language,
              channel: input.channel,
              clientKey,
              signal,
            });
          } catch (error) {
            outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
          }
        }
      }
      const status: ToolStatus = outcome.ok ? 'succeeded' : 'failed';
      toolReport.push({ name: displayName, status });
      yield { event: 'tool', data: { name: displayName, status } };
      if (!outcome.ok) {
        failedTools.push(displayName);
        log('tool_failed', { conversationId, tool: call.name, error: outcome.error });
      }
      toolMessages.push({
        role: 'tool',
        toolCallId: call.id,
        content: serializeToolResult(outcome.ok ? outcome.result : { error: outcome.error }),
      });
    }

    const separator = reply.trim() === '' ? '' : '\n\n';
    if (failedTools.length === calls.length) {
      // Spec: a failed tool gets the fixed message, not a model improvisation.
      const text = separator + toolFailureMessage(failedTools[0]!, language);
      reply += text;
      yield { event: 'delta', data: { text } };
    } else {
      if (separator) {
        reply += separator;
        yield { event: 'delta', data: { text: separator } };
      }
      try {
        modelCalls++;
        for await (const event of deps.provider.streamChat({
          model,
          messages: [
            ...messages,
            { role: 'assistant', content: reply.trim() === '' ? null : reply.trim(), toolCalls: calls },
            ...toolMessages,
            { role: 'system', content: toolFollowUpInstruction(language) },
          ],
          temperature: TOOL_EXPLANATION_TEMPERATURE,
          grounding,
          signal,
        })) {
          if (event.type === 'delta') {
            reply += event.text;
            yield { event: 'delta', data: { text: event.text } };
          } else if (event.type === 'done') {
            addUsage(usage, event.usage);
          }
        }
      } catch (error) {
        yield* fail(error);
        return;
      }
    }
  }

  const turnUsage: TurnUsage = { ...usage, modelCalls };
  let messageId: string;
  try {
    ({ messageId } = await deps.persist.saveMessage({
      conversationId,
      agentId: agent.id,
      role: 'assistant',
      content: reply,
      language,
      createdAt: now(),
      metadata: {
        citations: citations satisfies Citation[],
        tools: toolReport,
        offline,
        model: usedModel,
        usage: turnUsage,
      },
    }));
  } catch (error) {
    log('persist_failed', { conversationId, error: String(error) });
    yield { event: 'error', data: { code: 'internal_error', message: chatFailureApology(language) } };
    return;
  }
  try {
    await deps.meter({ agent, conversationId, messageId, channel: input.channel, usage: turnUsage, offline });
  } catch (error) {
    // The visitor has the answer; a metering failure is the operator's problem, not theirs.
    log('meter_failed', { conversationId, messageId, error: String(error) });
  }
  yield { event: 'done', data: { messageId, usage: turnUsage } };
}
