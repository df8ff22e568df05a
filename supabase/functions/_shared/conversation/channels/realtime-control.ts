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
 *   - renews the call's lease with what it saw of the caller: the connection being open proves
 *     nothing (it is the server's own), so a renewal only says whether the caller's audio reached
 *     the call since the last one; when the reservation cannot grow (the owner's credit, the
 *     agent's longest call) it has the agent say goodbye (`onGoodbyeSaid` lets the channel hang up
 *     after it), and when the lease is over it closes the connection;
 *   - is the one clock of the idle cut-off: after the agent's idle seconds without the caller's
 *     audio (counted from the caller's last sound or the end of the agent's last line) the agent
 *     says goodbye and the call ends.
 * Loading the call and settling it stay with each channel's wrapper.
 */
import type { ChatChannel } from '../../contracts/agent-chat.ts';
import type { Citation } from '../../contracts/conversation-events.ts';
import type { ToolCall } from '../../ai/types.ts';
import type { SidebandConnection, SidebandEvent } from '../../voice/sideband.ts';
import type { LoadedAgent } from '../agents.ts';
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

/** How long before a final reservation ends the agent says goodbye. */
export const GOODBYE_SECONDS = 20;

/** What a renewal reports: whether the caller's audio reached the call since the previous renewal. */
export interface PresenceEvidence {
  callerAudio: boolean;
}

/**
 * A renewal's answer: not alive once the call is over; `final` when the reservation cannot grow;
 * `idleSeconds`, the agent's idle cut-off (absent: no cut-off).
 */
export interface LeaseRenewal {
  alive: boolean;
  secondsLeft: number;
  final: boolean;
  idleSeconds?: number;
}

/** Why the agent says goodbye: the reservation ends, the caller went quiet, or the host is draining. */
export type GoodbyeReason = 'reservation' | 'idle' | 'draining';

/**
 * The idle cut-off rule of every voice channel: the caller has been silent (no audio of theirs)
 * for the agent's idle seconds since the last activity (their sound, or the end of the agent's line).
 */
export function idleCutOffDue(idleSeconds: number | undefined, lastActivityMs: number, nowMs: number): boolean {
  return idleSeconds !== undefined && nowMs - lastActivityMs >= idleSeconds * 1000;
}

/** Lease renewals failing in a row (Postgres unreachable) before a voice call stops: the sweeper settles it. */
export const MAX_FAILED_RENEWALS = 3;

/**
 * The end-of-credit rule of every voice channel (browser voice, both phone modes): on a renewal,
 * a final reservation that ends before the next renewal plus the goodbye's time means the agent
 * says goodbye now.
 */
export function goodbyeDue(lease: { final: boolean; secondsLeft: number }, renewMs: number): boolean {
  return lease.final && lease.secondsLeft <= GOODBYE_SECONDS + renewMs / 1000;
}

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

  // The connection being open proves nothing about a person: each renewal says whether the caller's
  // audio reached the call since the previous one, and only that (or the page) renews the lease.
  const renewMs = deps.leaseRenewMs ?? 20_000;
  // Objects: the lease callback changes them between events (no narrowing across awaits).
  const goodbye: { state: 'no' | 'asked' | 'said'; reason: GoodbyeReason; askedAt: number } = {
    state: 'no',
    reason: 'reservation',
    askedAt: 0,
  };
  const presence = { callerAudio: false, lastActivity: Date.now() };
  const heardCaller = () => {
    presence.callerAudio = true;
    presence.lastActivity = Date.now();
  };
  let failedRenewals = 0;
  const endCall = (reason: GoodbyeReason) => (deps.onGoodbyeSaid ? deps.onGoodbyeSaid(reason) : open.close());
  const lease = setInterval(() => {
    const evidence = { callerAudio: presence.callerAudio };
    presence.callerAudio = false;
    deps
      .renewLease(evidence)
      .then(({ alive, secondsLeft, final, idleSeconds }) => {
        if (!alive) return open.close();
        // The reservation cannot grow: say goodbye before the call is cut off.
        if (goodbyeDue({ final, secondsLeft }, renewMs)) sayGoodbye('reservation');
        else if (idleCutOffDue(idleSeconds, presence.lastActivity, Date.now())) sayGoodbye('idle');
        // A goodbye the model never says must not keep an idle call open.
        if (
          goodbye.state === 'asked' &&
          goodbye.reason === 'idle' &&
          Date.now() - goodbye.askedAt >= GOODBYE_SECONDS * 1000
        )
          endCall('idle');
      })
      .then(() => {
        failedRenewals = 0;
      })
      .catch((error: unknown) => {
        // Not reported: the next renewal reports it.
        presence.callerAudio ||= evidence.callerAudio;
        log('voice_lease_failed', { callId, error: String(error) });
        // Postgres unreachable for a whole lease: stop controlling; the sweeper settles the call.
        if (++failedRenewals >= MAX_FAILED_RENEWALS) open.close();
      });
  }, renewMs);
  // The socket keeps a host alive while the call lasts; the timer alone must not (Node's unref).
  (lease as { unref?: () => void }).unref?.();
  const sayGoodbye = (reason: GoodbyeReason) => {
    if (goodbye.state !== 'no') return;
    goodbye.state = 'asked';
    goodbye.reason = reason;
    goodbye.askedAt = Date.now();
    open.createResponse({ instructions: goodbyeInstruction(language) });
  };
  const drainGoodbye = () => sayGoodbye('draining');
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
        heardCaller();
      } else if (event.type === 'user_transcript') {
        heardCaller();
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
        const isGoodbye = goodbye.state === 'asked';
        if (isGoodbye) goodbye.state = 'said';
        const reason = goodbye.reason;
        line('assistant', heard, { tools, citations }, () => {
          // The caller's silence is counted from the end of what the agent said.
          presence.lastActivity = Date.now();
          deps.onAgentLine?.();
          if (isGoodbye) {
            if (reason === 'idle') endCall(reason);
            else deps.onGoodbyeSaid?.(reason);
          }
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
    clearInterval(lease);
    deps.goodbyeSignal?.removeEventListener('abort', drainGoodbye);
    await writes;
    // Caller audio seen since the last renewal is still evidence for the bill: report it before
    // the channel settles the call.
    if (presence.callerAudio)
      await deps
        .renewLease({ callerAudio: true })
        .catch((error: unknown) => log('voice_lease_failed', { callId, error: String(error) }));
  }
}
