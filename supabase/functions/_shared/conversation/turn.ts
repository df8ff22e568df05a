/**
 * One conversation turn, owned by the server, with every effect injected so the
 * same code serves agent-chat, WhatsApp, phone and the sandbox, and tests run without a database.
 *
 * startTurn() settles everything that must become a plain 4xx before streaming starts (agent
 * unknown or private, conversation not the caller's, rate limit). Its `events` then run the turn:
 * detect language → save the visitor's message ∥ retrieve knowledge → `meta` → the multi-step
 * tool loop (a streamed completion with the agent's tools; its tool calls run server-side and
 * their results go back to the model at temperature 0.3, which may call further tools, up to the
 * loop's bounds) → save the reply → meter → `done`. A model failure yields the fixed apology as
 * an `error` event and charges nothing; the visitor's message stays saved.
 */
import { businessSection } from '../contracts/prompt-sections.ts';
import type {
  AiProvider,
  ChatImage,
  ChatMessage,
  KnowledgePassage,
  ModelSettings,
  TokenUsage,
  ToolCall,
} from '../ai/types.ts';
import { isProviderError } from '../ai/errors.ts';
import { HttpError } from '../platform/errors.ts';
import { bucketLimit, englishWait, limitDetails } from '../contracts/limit-refusal.ts';
import type { AgentChatInput, ChatChannel } from './input.ts';
import { detectLanguage } from './language.ts';
import { chatFailureApology, toolFailureMessage } from './messages.ts';
import { buildSystemPrompt, toolFollowUpInstruction } from './prompt.ts';
import type { ChatRateLimiter } from './rate-limit.ts';
import type { RetrievalRequest, RetrievalResult } from './retrieval.ts';
import type { AgentChatEvent, Citation, TurnUsage } from '../contracts/conversation-events.ts';
import {
  DEFAULT_TOOL_LOOP_LIMITS,
  runToolCall,
  type ToolCallResult,
  type ToolLoopLimits,
  type ToolRecord,
} from './tool-loop.ts';
import { buildToolDefinitions, serializeToolResult, type CatalogueTool } from './tools.ts';
import type { AgentLoader } from './agents.ts';
import { channelStyle } from './channel.ts';
import { heardPart } from './spoken.ts';

/** What the engine needs to know about an agent (a projection of `agents` + its tools). */
/** The id the business section of the prompt passes under when it grounds an offline answer. */
export const BUSINESS_PROFILE_PASSAGE = 'agent-profile';

export interface AgentForTurn {
  id: string;
  ownerId: string;
  name: string;
  companyName: string | null;
  /** The owner's system prompt. */
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
  /** Hashed network of that address: newcomers of one network share a slice of the reserve. */
  networkKey?: string;
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
  /**
   * Spoken channels: the person heard only the start of a reply that was already saved (the
   * phone's barge-in after the text was streamed), so the stored reply is cut to the part of it
   * that `heard` reports (`heardPart`): never replaced by the reported text, which a caller sends.
   */
  cutMessage?(cut: { conversationId: string; messageId: string; heard: string }): Promise<void>;
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
  /** The reply after a succeeded call (a failed one gets the fixed tool-failure message). */
  reply(result: unknown, language: string): string;
}

export interface TurnDeps {
  loadAgent: AgentLoader<AgentForTurn>;
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
  /** Bounds of the multi-step tool loop (DEFAULT_TOOL_LOOP_LIMITS otherwise). */
  toolLimits?: Partial<ToolLoopLimits>;
  /** Offline providers only: a deterministic action decided from the message, or null. */
  offlineAction?(agent: AgentForTurn, message: string): OfflineAction | null;
}

export interface TurnRequest {
  input: AgentChatInput;
  caller: TurnCaller;
  /** Aborted when the visitor goes away; stops model calls. */
  signal?: AbortSignal;
  /**
   * Read when the turn is aborted: what the person says they received of the reply (the phone's
   * `utteranceUntilInterrupt`); the stored reply is cut where it ends (`heardPart`). Without it,
   * what was streamed is kept.
   */
  heard?: () => string | null;
  /**
   * Images the user sent with this message, shown to the model with it (server channels only:
   * the adapter decides the model can see them; `input.message` is what the transcript keeps,
   * e.g. "[image] caption"). Earlier turns reach the model as their stored text.
   */
  images?: ChatImage[];
}

export type TurnStart =
  { ok: true; conversationId: string; events: AsyncIterable<AgentChatEvent> } | { ok: false; error: HttpError };

export const CHAT_TEMPERATURE = 0.7;
export const TOOL_EXPLANATION_TEMPERATURE = 0.3;

// Voice conversations are written by the server's call control, never by a text turn from a browser.
const SERVER_CHANNELS: ReadonlySet<ChatChannel> = new Set(['whatsapp', 'phone', 'voice']);

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
    const verdict = await deps.rateLimiter.check(agent.id, caller.visitorKey, caller.addressKey, caller.networkKey);
    if (!verdict.allowed) {
      const limit = bucketLimit('chat_messages', verdict.scope, verdict.policy, verdict.retryAfterMs);
      const rate = `${limit.max} message${limit.max === 1 ? '' : 's'} at once, then ${limit.perMinute} a minute`;
      const wait = englishWait(limit.retryAfterSeconds ?? 1);
      return {
        ok: false,
        error: new HttpError(
          429,
          'rate_limited',
          verdict.scope === 'agent'
            ? `This assistant is receiving the most messages it takes (${rate}). Try again in ${wait}.`
            : `You have reached the message limit (${rate}). Try again in ${wait}.`,
          { 'retry-after': String(limit.retryAfterSeconds) },
          limitDetails(limit),
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
  // Images come from server adapters only, never from a browser's turn.
  const images = caller.trusted ? (request.images ?? []) : [];
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
      metadata: { channel: input.channel, ...(images.length > 0 ? { images: images.length } : {}) },
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
        heard: request.heard,
        language,
        retrieval,
        saveFailure,
        clientKey: caller.addressKey,
        images,
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
  heard?: () => string | null;
  language: string;
  retrieval: Promise<RetrievalResult>;
  /** The visitor's message could not be saved (not a limit): the turn ends with the apology. */
  saveFailure: unknown;
  clientKey: string | undefined;
  images: ChatImage[];
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
  const { passages, citations: retrieved } = await retrieval;

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
    { role: 'system', content: buildSystemPrompt(agent, language, knowledge, { style: channelStyle(input.channel) }) },
    ...history,
    { role: 'user', content: input.message, ...(context.images.length > 0 ? { images: context.images } : {}) },
  ];
  const model = input.channel === 'whatsapp' ? deps.models.whatsappModel : deps.models.chatModel;
  // With no model, what the owner wrote about the business in the prompt is one more passage to
  // answer from (never cited: it is not a document), so a new agent answers its hours or address.
  const profile = offline ? businessSection(agent.systemPrompt) : null;
  const grounding = {
    passages: profile
      ? [...knowledge, { documentId: BUSINESS_PROFILE_PASSAGE, name: agent.companyName ?? agent.name, text: profile }]
      : knowledge,
    language,
  };
  // An extractive reply cites the documents it quotes and no others: a refusal shows no source.
  const quoted = deps.provider.quotedDocuments?.({ model, messages, grounding });
  const citations = quoted ? retrieved.filter((citation) => quoted.includes(citation.documentId)) : retrieved;
  yield { event: 'meta', data: { conversationId, language, citations, offline } };
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  let modelCalls = 0;
  let reply = '';
  let usedModel = model;
  const toolReport: ToolRecord[] = [];

  /** Ends the turn with the apology: nothing metered, the apology stored as the reply. */
  async function* fail(error: unknown): AsyncGenerator<AgentChatEvent> {
    const apology = chatFailureApology(language);
    const code = isProviderError(error) ? error.code : 'internal_error';
    if (code === 'aborted') {
      // The visitor left or interrupted: nobody reads an apology. Keep what they had received
      // (heard, on a spoken channel), marked as cut short.
      log('turn_aborted', { conversationId });
      // What the channel reports as heard only says where our reply was cut (a caller sends it).
      const heard = context.heard?.() ?? null;
      const kept = heard === null ? reply : heardPart(reply, heard);
      if (kept.trim() !== '') {
        await deps.persist
          .saveMessage({
            conversationId,
            agentId: agent.id,
            role: 'assistant',
            content: kept,
            language,
            createdAt: now(),
            metadata: { interrupted: true, offline, channel: input.channel },
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
        metadata: {
          failed: true,
          channel: input.channel,
          errorCode: code,
          ...(reply ? { partialReply: reply } : {}),
          offline,
        },
      });
    } catch (persistError) {
      log('persist_failed', { conversationId, error: String(persistError) });
    }
    yield { event: 'error', data: { code: 'model_unavailable', message: apology } };
  }

  const offlineAction = offline && deps.offlineAction ? deps.offlineAction(agent, input.message) : null;
  if (offlineAction) {
    yield { event: 'tool', data: { name: offlineAction.tool.name, status: 'running', step: 1 } };
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
    const status = outcome.ok ? 'succeeded' : 'failed';
    toolReport.push({ name: offlineAction.tool.name, function: offlineAction.functionName, status, step: 1 });
    yield { event: 'tool', data: { name: offlineAction.tool.name, status, step: 1 } };
    if (!outcome.ok) log('tool_failed', { conversationId, tool: offlineAction.functionName, error: outcome.error });
    reply = outcome.ok
      ? offlineAction.reply(outcome.result, language)
      : toolFailureMessage(offlineAction.tool.name, language);
    yield { event: 'delta', data: { text: reply } };
  } else {
    // The multi-step tool loop: each model round may call tools; their results go back to the
    // model, which may call the next one (check availability, then book) or answer. Bounded in
    // rounds and wall time; past either bound the model is asked for an answer without tools.
    const limits = { ...DEFAULT_TOOL_LOOP_LIMITS, ...deps.toolLimits };
    const deadline = Date.now() + limits.maxMs;
    const rounds: ChatMessage[] = [];
    for (let step = 1; ; step++) {
      const offerTools =
        definitions !== null && definitions.functions.length > 0 && step <= limits.maxSteps && Date.now() < deadline;
      const calls: ToolCall[] = [];
      let stepText = '';
      // Text of a later round starts on a new paragraph after what was already said.
      let pendingSeparator = step > 1 && reply.trim() !== '' ? '\n\n' : '';
      try {
        modelCalls++;
        for await (const event of deps.provider.streamChat({
          model,
          messages:
            step === 1
              ? messages
              : [...messages, ...rounds, { role: 'system', content: toolFollowUpInstruction(language) }],
          ...(offerTools ? { tools: definitions.functions } : {}),
          temperature: step === 1 ? CHAT_TEMPERATURE : TOOL_EXPLANATION_TEMPERATURE,
          grounding,
          signal,
        })) {
          if (event.type === 'delta') {
            const text = pendingSeparator + event.text;
            pendingSeparator = '';
            reply += text;
            stepText += event.text;
            yield { event: 'delta', data: { text } };
          } else if (event.type === 'tool_call') {
            calls.push(event.call);
          } else {
            addUsage(usage, event.usage);
            if (step === 1) usedModel = event.metadata.model;
          }
        }
      } catch (error) {
        yield* fail(error);
        return;
      }
      if (calls.length === 0 || !offerTools || !definitions) break;

      const toolMessages: ChatMessage[] = [];
      const failedNames: string[] = [];
      for (const [index, call] of calls.entries()) {
        let result: ToolCallResult;
        if (index >= limits.maxCallsPerStep || Date.now() >= deadline) {
          const error =
            index >= limits.maxCallsPerStep
              ? `at most ${limits.maxCallsPerStep} tool calls per step`
              : 'no time left for tools in this turn';
          result = {
            record: { name: call.name, function: call.name, status: 'failed', step, error },
            output: serializeToolResult({ error }),
            citations: [],
            ran: false,
          };
        } else {
          const tool = definitions.byFunctionName.get(call.name);
          if (tool) yield { event: 'tool', data: { name: tool.name, status: 'running', step } };
          result = await runToolCall(
            call,
            definitions,
            { agent, conversationId, language, channel: input.channel, step, clientKey, signal },
            { runTool: deps.runTool, log },
            limits.toolTimeoutMs,
          );
        }
        toolReport.push(result.record);
        yield { event: 'tool', data: { name: result.record.name, status: result.record.status, step } };
        if (result.record.status === 'failed') failedNames.push(result.record.name);
        toolMessages.push({ role: 'tool', toolCallId: call.id, content: result.output });
      }
      if (failedNames.length === calls.length) {
        // A failed tool gets the fixed message, not a model improvisation.
        const text = (reply.trim() === '' ? '' : '\n\n') + toolFailureMessage(failedNames[0]!, language);
        reply += text;
        yield { event: 'delta', data: { text } };
        break;
      }
      rounds.push(
        { role: 'assistant', content: stepText.trim() === '' ? null : stepText.trim(), toolCalls: calls },
        ...toolMessages,
      );
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
        channel: input.channel,
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
