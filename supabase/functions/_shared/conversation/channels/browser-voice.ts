/**
 * The browser voice channel: a thin adapter between OpenAI's realtime call (the browser carries
 * only audio, over WebRTC) and the conversation core. The server holds the call's sideband control
 * socket (reference/openai.md §1b/§2) and through it:
 *   - sends the session (the core's instructions in spoken style, the agent's tools plus
 *     `search_knowledge`, voice, transcription) and asks for the greeting;
 *   - runs every tool call with the core's tool runner (function_call → run → output +
 *     response.create), bounded per user utterance like a text turn's loop;
 *   - writes the user's and the assistant's transcripts with the core's transcript writer;
 *   - renews the call's lease while the socket is open, and settles the call (claim once, charge
 *     the server-timed started minutes) when it sees the real end of the call.
 * Everything it needs is in Postgres (the call row names its agent, conversation and provider
 * call), so any host can run it for a call id: the function that started the call (local stack,
 * edge `waitUntil`) or a long-lived relay.
 */
import type { ToolCall } from '../../ai/types.ts';
import { detectLanguage, baseLanguage } from '../language.ts';
import type { LoadedAgent } from '../agents.ts';
import { buildSystemPrompt, goodbyeInstruction, openingInstruction } from '../prompt.ts';
import type { RetrievalRequest, RetrievalResult } from '../retrieval.ts';
import {
  DEFAULT_TOOL_LOOP_LIMITS,
  knowledgeTool,
  KNOWLEDGE_FUNCTION,
  runToolCall,
  type ToolLoopLimits,
  type ToolRecord,
} from '../tool-loop.ts';
import { buildToolDefinitions, serializeToolResult, type ToolDefinitions } from '../tools.ts';
import type { ToolInvocation, ToolOutcome } from '../turn.ts';
import type { TranscriptWriter } from '../transcript.ts';
import type { Citation } from '../../contracts/conversation-events.ts';
import { CHANNELS } from '../channel.ts';
import type { SidebandConnection, SidebandEvent } from '../../voice/sideband.ts';

/** The sideband connection (`_shared/voice/sideband.ts`) as the controller uses it. */

/** The continuation past the tool loop's bound: one spoken answer, no more tools. */
const ANSWER_WITHOUT_TOOLS = 'Answer the caller now with what you already have. Do not call any tool in this response.';

export type VoiceControlConnection = Omit<SidebandConnection, 'closed'>;
export type VoiceControlEvent = SidebandEvent;

/** The call as Postgres holds it (voice_calls), only while it is open. */
export interface OpenVoiceCall {
  callId: string;
  providerCallId: string;
  agentId: string;
  ownerId: string;
  conversationId: string;
}

export interface VoiceCallControlDeps {
  loadCall(callId: string): Promise<OpenVoiceCall | null>;
  loadAgent(agentId: string): Promise<LoadedAgent | null>;
  /** Opens the sideband socket of a provider call. */
  connect(providerCallId: string): Promise<VoiceControlConnection>;
  runTool(invocation: ToolInvocation): Promise<ToolOutcome>;
  retrieve(request: RetrievalRequest): Promise<RetrievalResult>;
  writeTranscript: TranscriptWriter;
  /**
   * Renews the call's lease and tops its reservation up (voice_heartbeat): not alive once the call
   * is over (settled, past its reservation); `final` when the reservation cannot grow any more.
   */
  renewLease(callId: string): Promise<{ alive: boolean; secondsLeft: number; final: boolean }>;
  /** Settles the call at the end the server observed (voice_end_call) and hangs the provider call up. */
  settle(callId: string): Promise<void>;
  /** The realtime model, or how to read it (the admin's internal call model setting). */
  model: string | (() => Promise<string>);
  leaseRenewMs?: number;
  toolLimits?: Partial<ToolLoopLimits>;
  now?: () => Date;
  log?: (event: string, details: Record<string, unknown>) => void;
}

export const DEFAULT_REALTIME_MODEL = 'gpt-realtime';

/** How long before a final reservation ends the agent says goodbye. */
export const GOODBYE_SECONDS = 20;

/** The agent's voice setting mapped to realtime voices. */
export function realtimeVoice(voice: LoadedAgent['voice']): string {
  return voice === 'female' ? 'marin' : 'cedar';
}

/** The agent's tools for realtime voice: its own plus `search_knowledge` when it has documents. */
export function voiceToolDefinitions(agent: LoadedAgent): ToolDefinitions {
  return buildToolDefinitions(agent.hasKnowledge ? [...agent.tools, knowledgeTool] : agent.tools);
}

/** The GA realtime session of a browser call, decided on the server only. */
export function realtimeSession(agent: LoadedAgent, model: string): Record<string, unknown> {
  const language = baseLanguage(agent.defaultLanguage) ?? 'en';
  const { functions } = voiceToolDefinitions(agent);
  const tools = functions.map((f) => ({
    type: 'function',
    name: f.name,
    description: f.description,
    parameters: f.parameters,
  }));
  return {
    type: 'realtime',
    model,
    instructions: buildSystemPrompt(agent, language, [], {
      style: CHANNELS.voice.style,
      knowledgeTool: agent.hasKnowledge ? KNOWLEDGE_FUNCTION : null,
    }),
    audio: {
      input: { transcription: { model: 'gpt-4o-mini-transcribe' }, turn_detection: { type: 'server_vad' } },
      output: { voice: realtimeVoice(agent.voice) },
    },
    ...(tools.length > 0 ? { tools, tool_choice: 'auto' } : {}),
  };
}

/**
 * Runs the server side of one browser call until its real end, then settles it. Never throws: a
 * failure is logged and the call still settles (the sweeper is the last net).
 */
export async function controlVoiceCall(callId: string, deps: VoiceCallControlDeps): Promise<void> {
  const log = deps.log ?? (() => {});
  const now = deps.now ?? (() => new Date());
  const call = await deps.loadCall(callId).catch((error: unknown) => {
    log('voice_control_failed', { callId, error: String(error) });
    return null;
  });
  if (!call) return;
  let connection: VoiceControlConnection | null = null;
  let lease: ReturnType<typeof setInterval> | undefined;
  try {
    const agent = await deps.loadAgent(call.agentId);
    if (!agent) throw new Error('the call has no agent');
    connection = await deps.connect(call.providerCallId);
    const open = connection;
    const definitions = voiceToolDefinitions(agent);
    const limits = { ...DEFAULT_TOOL_LOOP_LIMITS, ...deps.toolLimits };
    let language = baseLanguage(agent.defaultLanguage) ?? 'en';
    open.updateSession(realtimeSession(agent, typeof deps.model === 'string' ? deps.model : await deps.model()));
    open.createResponse({ instructions: openingInstruction(agent, language) });

    // The socket being open is the call's sign of life; the server renews the lease itself.
    const renewMs = deps.leaseRenewMs ?? 20_000;
    let saidGoodbye = false;
    let failedRenewals = 0;
    lease = setInterval(() => {
      deps
        .renewLease(callId)
        .then(({ alive, secondsLeft, final }) => {
          if (!alive) return open.close();
          // The reservation cannot grow: say goodbye before the call is cut off (spec 002 §4.1).
          if (final && !saidGoodbye && secondsLeft <= GOODBYE_SECONDS + renewMs / 1000) {
            saidGoodbye = true;
            open.createResponse({ instructions: goodbyeInstruction(language) });
          }
        })
        .then(() => {
          failedRenewals = 0;
        })
        .catch((error: unknown) => {
          log('voice_lease_failed', { callId, error: String(error) });
          // Postgres unreachable for a whole lease: stop controlling; the sweeper settles the call.
          if (++failedRenewals >= 3) open.close();
        });
    }, renewMs);
    // The socket keeps a host alive while the call lasts; the timer alone must not (Node's unref).
    (lease as { unref?: () => void }).unref?.();

    // Tool use between two things the caller says is one "turn": bounded like a text turn's loop.
    let step = 0;
    let turnStarted = Date.now();
    let tools: ToolRecord[] = [];
    let citations: Citation[] = [];
    // Responses that called tools: the model continues after all their outputs, on one
    // response.create sent once the response is done (it refuses one while a response is active).
    // Responses whose tool outputs were sent and that the model must continue; the value is the
    // instruction for that continuation (past the loop's bound: answer without tools).
    const awaitingResponse = new Map<string, string | undefined>();
    // Past the bound the model gets one continuation told to answer; later calls are answered with
    // the error but not continued, so tools never chain without the caller speaking again.
    let finalAnswerAsked = false;
    const line = (
      role: 'user' | 'assistant',
      content: string,
      extra: { tools?: ToolRecord[]; citations?: Citation[] },
    ) =>
      deps
        .writeTranscript({
          conversationId: call.conversationId,
          ownerId: call.ownerId,
          agentId: call.agentId,
          role,
          content,
          language,
          createdAt: now(),
          channel: 'voice',
          ...extra,
        })
        .catch((error: unknown) => log('voice_transcript_failed', { callId, role, error: String(error) }));

    for await (const event of open.events()) {
      if (event.type === 'user_transcript') {
        const text = event.text.trim();
        if (text === '') continue;
        language = detectLanguage(text, {
          conversationLanguage: language,
          agentDefaultLanguage: agent.defaultLanguage,
        }).language;
        step = 0;
        turnStarted = Date.now();
        finalAnswerAsked = false;
        await line('user', text, {});
      } else if (event.type === 'assistant_transcript') {
        const text = event.text.trim();
        if (text === '') continue;
        await line('assistant', text, { tools, citations });
        tools = [];
        citations = [];
      } else if (event.type === 'function_call') {
        step++;
        const toolCall: ToolCall = { id: event.callId, name: event.name, arguments: event.arguments };
        let output: string;
        const overLimit = step > limits.maxSteps || Date.now() - turnStarted > limits.maxMs;
        if (overLimit) {
          const error = 'too many tool calls for one request; answer the caller with what you have';
          tools.push({ name: event.name, function: event.name, status: 'failed', step, error });
          output = serializeToolResult({ error });
        } else {
          const result = await runToolCall(
            toolCall,
            definitions,
            { agent, conversationId: call.conversationId, language, channel: 'voice', step },
            { runTool: deps.runTool, retrieve: deps.retrieve, log },
            limits.toolTimeoutMs,
          );
          // Knowledge is recorded as citations, as on text channels (where it is retrieved before the turn).
          if (event.name !== KNOWLEDGE_FUNCTION) tools.push(result.record);
          citations.push(...result.citations);
          output = result.output;
        }
        open.sendFunctionOutput(event.callId, output);
        if (!overLimit) {
          if (!awaitingResponse.has(event.responseId)) awaitingResponse.set(event.responseId, undefined);
        } else if (!finalAnswerAsked || awaitingResponse.has(event.responseId)) {
          finalAnswerAsked = true;
          awaitingResponse.set(event.responseId, ANSWER_WITHOUT_TOOLS);
        }
      } else if (event.type === 'response_done') {
        if (awaitingResponse.has(event.responseId)) {
          const instructions = awaitingResponse.get(event.responseId);
          awaitingResponse.delete(event.responseId);
          open.createResponse(instructions ? { instructions } : undefined);
        }
      } else if (event.type === 'error') {
        log('voice_provider_error', { callId, code: event.code, message: event.message });
      } else if (event.type === 'closed') {
        break;
      }
    }
  } catch (error) {
    log('voice_control_failed', { callId, error: String(error) });
  } finally {
    clearInterval(lease);
    if (connection) {
      connection.close();
      // The real end of the call, as the server saw it: settled once, whatever the page does.
      await deps.settle(callId).catch((error: unknown) => log('voice_settle_failed', { callId, error: String(error) }));
    }
    // Without a control socket the call is left to the page's heartbeats and `end`, and the sweeper.
  }
}
