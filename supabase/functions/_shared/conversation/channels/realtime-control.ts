/**
 * The one control of a realtime (speech-to-speech) conversation, for every channel that has one:
 * browser voice (OpenAI's sideband socket of a WebRTC call) and phone natural voice (our own
 * WebSocket to the realtime model, bridged to Twilio Media Streams). Given an open control
 * connection it:
 *   - sends the session (the core's instructions in spoken style, the agent's tools plus
 *     `search_knowledge`, the channel's audio settings) and asks for the greeting;
 *   - runs every tool call with the core's tool runner (function_call → run → output +
 *     response.create), bounded per caller utterance like a text turn's loop;
 *   - writes the caller's and the agent's transcripts with the core's transcript writer, in the
 *     order they were said; an agent line is written once the channel says how much of it was
 *     heard (`heard`: the phone cuts what a barge-in interrupted);
 *   - runs the call's clock (`call-clock.ts`) on what it saw of the caller: lease renewals, the
 *     goodbye before the reservation ends (`onGoodbyeSaid` lets the channel hang up after it), the
 *     idle cut-off, and closing the connection when the lease is over.
 * Loading the call and settling it stay with each channel's wrapper.
 */
import type { ChatChannel } from '../../contracts/agent-chat.ts';
import type { Citation } from '../../contracts/conversation-events.ts';
import type { ToolCall } from '../../ai/types.ts';
import type { SidebandConnection, SidebandEvent } from '../../voice/sideband.ts';
import type { LoadedAgent } from '../agents.ts';
import { startCallClock, type GoodbyeReason, type LeaseRenewal, type PresenceEvidence } from '../call-clock.ts';
import { baseLanguage, detectLanguage } from '../language.ts';
import { buildSystemPrompt, goodbyeInstruction, openingInstruction, type ChannelStyle } from '../prompt.ts';
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
import type { TranscriptWriter } from '../transcript.ts';
import { spokenPart } from '../spoken.ts';
import type { ToolInvocation, ToolOutcome } from '../turn.ts';

/** The control connection (a sideband, or the phone's model socket) as the control uses it. */
export type RealtimeControlConnection = Omit<SidebandConnection, 'closed'>;
export type RealtimeControlEvent = SidebandEvent;

/** The continuation past the tool loop's bound: one spoken answer, no more tools. */
const ANSWER_WITHOUT_TOOLS = 'Answer the caller now with what you already have. Do not call any tool in this response.';

export const DEFAULT_REALTIME_MODEL = 'gpt-realtime';

/** The agent's voice setting mapped to realtime voices. */
export function realtimeVoice(voice: LoadedAgent['voice']): string {
  return voice === 'female' ? 'marin' : 'cedar';
}

/** The agent's tools for realtime voice: its own plus `search_knowledge` when it has documents. */
export function voiceToolDefinitions(agent: LoadedAgent): ToolDefinitions {
  return buildToolDefinitions(agent.hasKnowledge ? [...agent.tools, knowledgeTool] : agent.tools);
}

export interface RealtimeSessionOptions {
  style: ChannelStyle;
  /**
   * The audio format both ways (GA names): none for WebRTC (the call negotiates it); the phone
   * uses `{type: 'audio/pcmu'}`, G.711 μ-law at 8 kHz, which is what Twilio carries.
   */
  audioFormat?: { type: string; rate?: number };
}

/** The GA realtime session of a call, decided on the server only. */
export function realtimeSession(
  agent: LoadedAgent,
  model: string,
  options: RealtimeSessionOptions = { style: 'spoken' },
): Record<string, unknown> {
  const language = baseLanguage(agent.defaultLanguage) ?? 'en';
  const { functions } = voiceToolDefinitions(agent);
  const tools = functions.map((f) => ({
    type: 'function',
    name: f.name,
    description: f.description,
    parameters: f.parameters,
  }));
  const format = options.audioFormat ? { format: options.audioFormat } : {};
  return {
    type: 'realtime',
    model,
    instructions: buildSystemPrompt(agent, language, [], {
      style: options.style,
      knowledgeTool: agent.hasKnowledge ? KNOWLEDGE_FUNCTION : null,
    }),
    audio: {
      input: {
        ...format,
        transcription: { model: 'gpt-4o-mini-transcribe' },
        turn_detection: { type: 'server_vad' },
      },
      output: { ...format, voice: realtimeVoice(agent.voice) },
    },
    ...(tools.length > 0 ? { tools, tool_choice: 'auto' } : {}),
  };
}

export { spokenPart } from '../spoken.ts';

export interface RealtimeCallContext {
  /** For logs. */
  callId: string;
  agent: LoadedAgent;
  ownerId: string;
  conversationId: string;
  channel: Extract<ChatChannel, 'voice' | 'phone'>;
  style: ChannelStyle;
  model: string;
  audioFormat?: RealtimeSessionOptions['audioFormat'];
  /** The caller's language to start with (default: the agent's). */
  language?: string;
}

export interface RealtimeControlDeps {
  runTool(invocation: ToolInvocation): Promise<ToolOutcome>;
  retrieve(request: RetrievalRequest): Promise<RetrievalResult>;
  writeTranscript: TranscriptWriter;
  /** Renews the lease with the evidence of a person since the last renewal (see LeaseRenewal). */
  renewLease(evidence: PresenceEvidence): Promise<LeaseRenewal>;
  leaseRenewMs?: number;
  /**
   * How much of an agent item the caller heard (1 = all of it); resolved once known. Without it
   * every line is taken as heard (WebRTC: OpenAI truncates the call's items itself).
   */
  heard?(itemId: string): Promise<number>;
  /**
   * The goodbye line has been said (and heard): the channel may end the call now. Without it, a
   * goodbye for the idle cut-off closes the connection (which ends the call).
   */
  onGoodbyeSaid?(reason: GoodbyeReason): void;
  /** An agent line has been said (and heard) and written. */
  onAgentLine?(): void;
  /** Aborted when the host must end the call soon (a relay draining): the agent says goodbye now. */
  goodbyeSignal?: AbortSignal;
  toolLimits?: Partial<ToolLoopLimits>;
  now?: () => Date;
  log?: (event: string, details: Record<string, unknown>) => void;
}

/**
 * Controls a realtime conversation until its connection ends. Throws only what the connection
 * throws; transcript and lease failures are logged (the transcript queue is drained before return).
 */
export async function runRealtimeControl(
  open: RealtimeControlConnection,
  context: RealtimeCallContext,
  deps: RealtimeControlDeps,
): Promise<void> {
  const log = deps.log ?? (() => {});
  const now = deps.now ?? (() => new Date());
  const { agent, callId } = context;
  const definitions = voiceToolDefinitions(agent);
  const limits = { ...DEFAULT_TOOL_LOOP_LIMITS, ...deps.toolLimits };
  let language = context.language ?? baseLanguage(agent.defaultLanguage) ?? 'en';
  open.updateSession(
    realtimeSession(agent, context.model, {
      style: context.style,
      ...(context.audioFormat ? { audioFormat: context.audioFormat } : {}),
    }),
  );
  open.createResponse({ instructions: openingInstruction(agent, language) });

  const endCall = (reason: GoodbyeReason) => (deps.onGoodbyeSaid ? deps.onGoodbyeSaid(reason) : open.close());
  const clock = startCallClock({
    heartbeat: (evidence) => deps.renewLease(evidence),
    renewMs: deps.leaseRenewMs ?? 20_000,
    sayGoodbye: () => open.createResponse({ instructions: goodbyeInstruction(language) }),
    // The lease over or Postgres unreachable: close (the sweeper settles an unreachable call).
    hangUp: (reason) => (reason === 'idle' ? endCall('idle') : open.close()),
    heartbeatFailed: (error) => log('voice_lease_failed', { callId, error: String(error) }),
  });
  const drainGoodbye = () => clock.goodbye('draining');
  if (deps.goodbyeSignal?.aborted) drainGoodbye();
  else deps.goodbyeSignal?.addEventListener('abort', drainGoodbye, { once: true });

  // Lines are written one after another in the order they were said; an agent line waits until the
  // channel knows how much of it was heard, without holding up the events behind it.
  let writes: Promise<void> = Promise.resolve();
  const line = (
    role: 'user' | 'assistant',
    content: string | Promise<{ content: string; interrupted: boolean }>,
    extra: { tools?: ToolRecord[]; citations?: Citation[] },
    afterWrite?: () => void,
  ) => {
    const createdAt = now();
    const lineLanguage = language;
    writes = writes.then(async () => {
      try {
        const said = typeof content === 'string' ? { content, interrupted: false } : await content;
        if (said.content !== '') {
          await deps.writeTranscript({
            conversationId: context.conversationId,
            ownerId: context.ownerId,
            agentId: agent.id,
            role,
            content: said.content,
            language: lineLanguage,
            createdAt,
            channel: context.channel,
            ...extra,
            ...(said.interrupted ? { metadata: { interrupted: true } } : {}),
          });
        }
      } catch (error) {
        log('voice_transcript_failed', { callId, role, error: String(error) });
      }
      afterWrite?.();
    });
  };

  // Tool use between two things the caller says is one "turn": bounded like a text turn's loop.
  let step = 0;
  let turnStarted = Date.now();
  let tools: ToolRecord[] = [];
  let citations: Citation[] = [];
  // Responses whose tool outputs were sent and that the model must continue, on one
  // response.create sent once the response is done (it refuses one while a response is active);
  // the value is the instruction for that continuation (past the loop's bound: answer without tools).
  const awaitingResponse = new Map<string, string | undefined>();
  // Past the bound the model gets one continuation told to answer; later calls are answered with
  // the error but not continued, so tools never chain without the caller speaking again.
  let finalAnswerAsked = false;

  try {
    for await (const event of open.events()) {
      if (event.type === 'caller_audio') {
        clock.callerHeard();
      } else if (event.type === 'user_transcript') {
        clock.callerHeard();
        const text = event.text.trim();
        if (text === '') continue;
        language = detectLanguage(text, {
          conversationLanguage: language,
          agentDefaultLanguage: agent.defaultLanguage,
        }).language;
        step = 0;
        turnStarted = Date.now();
        finalAnswerAsked = false;
        line('user', text, {});
      } else if (event.type === 'assistant_transcript') {
        const text = event.text.trim();
        if (text === '') continue;
        const heard = deps.heard
          ? deps
              .heard(event.itemId)
              .then((fraction) => ({ content: spokenPart(text, fraction), interrupted: fraction < 1 }))
          : text;
        const goodbyeReason = clock.goodbyeSaid();
        line('assistant', heard, { tools, citations }, () => {
          // The caller's silence is counted from the end of what the agent said.
          clock.agentFinished();
          deps.onAgentLine?.();
          if (goodbyeReason === 'idle') endCall(goodbyeReason);
          else if (goodbyeReason) deps.onGoodbyeSaid?.(goodbyeReason);
        });
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
            { agent, conversationId: context.conversationId, language, channel: context.channel, step },
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
  } finally {
    clock.stop();
    deps.goodbyeSignal?.removeEventListener('abort', drainGoodbye);
    await writes;
    // Caller audio seen since the last renewal is still evidence for the bill: report it before
    // the channel settles the call.
    await clock.reportPending().catch((error: unknown) => log('voice_lease_failed', { callId, error: String(error) }));
  }
}
