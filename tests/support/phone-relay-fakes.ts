/**
 * In-memory stand-ins for what the phone relay needs from Postgres and the model, for the relay's
 * unit tests, the relay-process test and the bench: a PhoneCallStore with calls opened by the
 * test, a conversation store per call, and a scripted streaming provider (zero delay unless asked)
 * that stops when its turn is aborted, as the real providers do.
 */
import { ProviderError } from '../../supabase/functions/_shared/ai/errors.ts';
import type { AiProvider, ChatRequest, ChatStreamEvent, ToolCall } from '../../supabase/functions/_shared/ai/types.ts';
import type {
  AgentForTurn,
  ConversationStore,
  SaveMessage,
  ToolInvocation,
  ToolOutcome,
  TurnDeps,
} from '../../supabase/functions/_shared/conversation/turn.ts';
import type {
  PhoneCallLease,
  PhoneCallSession,
  PhoneCallStore,
} from '../../supabase/functions/_shared/phone/call-store.ts';
import { signPhoneCallToken } from '../../supabase/functions/_shared/phone/call-token.ts';
import { heardPart } from '../../supabase/functions/_shared/conversation/spoken.ts';
import type { RelayDeps } from '../../supabase/functions/phone-relay/context.ts';

export const TOKEN_SECRET = 'test-phone-token-secret';
export const AGENT_ID = '22222222-2222-2222-2222-222222222222';
export const OWNER_ID = '11111111-1111-1111-1111-111111111111';

export const testAgent: AgentForTurn = {
  id: AGENT_ID,
  ownerId: OWNER_ID,
  name: 'Marie',
  companyName: 'Boulangerie Marie',
  systemPrompt: 'You answer calls for Boulangerie Marie.',
  defaultLanguage: 'en_US',
  publicChatEnabled: false,
  hasKnowledge: false,
  tools: [
    {
      id: 'transfer',
      name: 'Transfer call',
      description: 'Hands the caller to a human',
      functionDefinition: { name: 'transfer_call', description: 'Transfer', parameters: { properties: {} } },
    },
  ],
};

export interface StoredLine extends SaveMessage {
  messageId: string;
  cut?: boolean;
}

export class MemoryCallStore implements PhoneCallStore {
  readonly calls = new Map<string, PhoneCallSession & { attached: boolean; ended: string | null }>();
  readonly lines: StoredLine[] = [];
  leases: PhoneCallLease[] = [];
  heartbeats = 0;
  private next = 0;

  /** Opens a call as the voice webhook would; returns its session and the token Twilio carries. */
  async open(
    options: {
      source?: 'twilio' | 'sandbox';
      secondsLeft?: number;
      language?: string;
      /** A real agent and conversation (tests against a stack); default: the fake agent. */
      agentId?: string;
      ownerId?: string;
      conversationId?: string;
      voiceMode?: PhoneCallSession['voiceMode'];
    } = {},
  ): Promise<{ call: PhoneCallSession; token: string }> {
    const n = String(++this.next).padStart(12, '0');
    const call: PhoneCallSession = {
      callId: crypto.randomUUID(),
      callSid: `CA${n.padStart(32, '0')}`,
      source: options.source ?? 'twilio',
      agentId: options.agentId ?? AGENT_ID,
      ownerId: options.ownerId ?? OWNER_ID,
      conversationId: options.conversationId ?? crypto.randomUUID(),
      voiceMode: options.voiceMode ?? 'any_model',
      language: options.language ?? 'en_US',
      voice: 'female',
      fromNumber: '+14155550100',
      transferNumber: '+14155550111',
      secondsLeft: options.secondsLeft ?? 300,
    };
    this.calls.set(call.callId, { ...call, attached: false, ended: null });
    const token = await signPhoneCallToken(
      { callId: call.callId, callSid: call.callSid, source: call.source },
      TOKEN_SECRET,
    );
    return { call, token };
  }

  async attach(callId: string, callSid: string) {
    const call = this.calls.get(callId);
    if (!call || call.callSid !== callSid || call.attached || call.ended) return null;
    call.attached = true;
    const { attached: _a, ended: _e, ...session } = call;
    return session;
  }

  /** Heartbeats throw (Postgres unreachable) while true. */
  failHeartbeats = false;

  async heartbeat(_callId: string): Promise<PhoneCallLease> {
    this.heartbeats++;
    if (this.failHeartbeats) throw new Error('database unreachable');
    return this.leases.shift() ?? { open: true, final: false, secondsLeft: 300 };
  }

  async markEnded(callId: string, reason: string) {
    const call = this.calls.get(callId);
    if (call && !call.ended) call.ended = reason;
  }

  /** Keypad ratings stored per call (rate_phone_call). */
  readonly ratings = new Map<string, number>();

  async rate(callId: string, rating: number) {
    this.ratings.set(callId, rating);
  }

  /** The transcript of one call's conversation. */
  transcript(conversationId: string): { role: string; content: string }[] {
    return this.lines
      .filter((line) => line.conversationId === conversationId)
      .map(({ role, content }) => ({ role, content }));
  }

  conversation(call: PhoneCallSession): ConversationStore {
    return {
      openConversation: async ({ agent, conversationId }) =>
        agent.id === call.agentId && (conversationId ?? call.conversationId) === call.conversationId
          ? {
              conversationId: call.conversationId,
              language: null,
              history: this.transcript(call.conversationId).map(
                (line) => ({ role: line.role, content: line.content }) as { role: 'user'; content: string },
              ),
            }
          : null,
      saveMessage: async (message) => {
        const messageId = `m${this.lines.length + 1}`;
        this.lines.push({ ...message, messageId });
        return { messageId };
      },
      cutMessage: async ({ messageId, heard }) => {
        const line = this.lines.find((entry) => entry.messageId === messageId);
        // As the real store: our reply cut where the heard text ends (heardPart).
        if (line) Object.assign(line, { content: heardPart(line.content, heard), cut: true });
      },
    };
  }
}

export interface ScriptedReply {
  /** Tokens streamed one by one. */
  tokens: string[];
  /** Delay before each token (ms); 0 = as fast as possible. */
  delayMs?: number;
  /** A tool call made before the answer (the next reply answers after it). */
  toolCall?: ToolCall;
}

/** A provider that streams scripted replies in order (the last one repeats). */
export function scriptedProvider(replies: ScriptedReply[] | ((request: ChatRequest) => ScriptedReply)): AiProvider & {
  requests: ChatRequest[];
} {
  const requests: ChatRequest[] = [];
  let index = 0;
  const next = (request: ChatRequest): ScriptedReply =>
    typeof replies === 'function' ? replies(request) : replies[Math.min(index++, replies.length - 1)]!;
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new ProviderError('aborted', 'aborted'));
      });
    });
  const provider = {
    kind: 'openai' as const,
    requests,
    capabilities: {
      chat: true,
      tools: true,
      embeddings: false,
      transcription: false,
      realtime: false,
      offline: false,
      maxEmbeddingBatch: 1,
      embeddingDimensions: 1536,
    },
    async *streamChat(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
      requests.push(request);
      const reply = next(request);
      if (reply.toolCall && request.tools) {
        yield { type: 'tool_call', call: reply.toolCall };
      } else {
        for (const token of reply.tokens) {
          if (reply.delayMs) await sleep(reply.delayMs, request.signal);
          if (request.signal?.aborted) throw new ProviderError('aborted', 'aborted');
          yield { type: 'delta', text: token };
        }
      }
      yield {
        type: 'done',
        finishReason: 'stop',
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
        metadata: { provider: 'openai', model: request.model, offline: false },
      };
    },
    completeChat: () => Promise.reject(new Error('not scripted')),
    embed: () => Promise.reject(new Error('not scripted')),
    transcribe: () => Promise.reject(new Error('not scripted')),
  };
  return provider;
}

export interface FakeRelay {
  deps: RelayDeps;
  store: MemoryCallStore;
  toolCalls: ToolInvocation[];
  logs: { event: string; details: Record<string, unknown> }[];
}

/** Relay deps over the memory store and a provider. */
export function fakeRelayDeps(
  provider: AiProvider,
  options: {
    authToken?: string | null;
    relayUrl?: string;
    timing?: RelayDeps['timing'];
    runTool?: (invocation: ToolInvocation) => Promise<ToolOutcome>;
    onFirstToken?: (ms: number) => void;
    /** Awaited before a call's turn dependencies are given (a slow host). */
    beforeTurnDeps?: () => Promise<void>;
  } = {},
): FakeRelay {
  const store = new MemoryCallStore();
  const toolCalls: ToolInvocation[] = [];
  const logs: FakeRelay['logs'] = [];
  const deps: RelayDeps = {
    env: { get: () => undefined },
    store,
    tokenSecret: TOKEN_SECRET,
    twilioAuthToken: options.authToken === undefined ? 'twilio-auth-token' : options.authToken,
    relayUrl: options.relayUrl ?? 'wss://relay.example.com/phone-relay',
    log: (event, details) => logs.push({ event, details }),
    onFirstToken: options.onFirstToken,
    timing: options.timing,
    turnDeps: async (call): Promise<TurnDeps> => (
      await options.beforeTurnDeps?.(),
      {
        loadAgent: async (ref) => (ref.agentId === testAgent.id ? testAgent : null),
        retrieve: async () => ({ passages: [], citations: [] }),
        provider,
        models: { chatModel: 'gpt-test', whatsappModel: 'gpt-test' },
        runTool: async (invocation) => {
          toolCalls.push(invocation);
          if (options.runTool) return options.runTool(invocation);
          // transfer_call's answer when the call is being handed over (tools/transfer.ts).
          return { ok: true, result: invocation.functionName === 'transfer_call' ? { status: 'transferring' } : {} };
        },
        persist: store.conversation(call),
        meter: async () => {},
      }
    ),
  };
  return { deps, store, toolCalls, logs };
}
