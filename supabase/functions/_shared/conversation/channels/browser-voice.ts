/**
 * The browser voice channel: a thin adapter between OpenAI's realtime call (the browser carries
 * only audio, over WebRTC) and the conversation core. The server holds the call's sideband control
 * socket (OpenAI's sideband WebSocket on the call's id) and through it:
 *   - sends the session (the core's instructions in spoken style, the agent's tools plus
 *     `search_knowledge`, voice, transcription) and asks for the greeting;
 *   - runs every tool call with the core's tool runner (function_call → run → output +
 *     response.create), bounded per user utterance like a text turn's loop;
 *   - writes the user's and the assistant's transcripts with the core's transcript writer;
 *   - reports the caller's audio it sees (the lease follows a person, never the socket being
 *     open), ends a silent call at the agent's idle cut-off, and settles the call (claim once,
 *     charge the server-timed started minutes) when it sees the real end of the call.
 * The control itself is the one every realtime channel shares (`realtime-control.ts`); this file
 * only loads the call, opens the sideband and settles the call at its end.
 * Everything it needs is in Postgres (the call row names its agent, conversation and provider
 * call), so any host can run it for a call id: the function that started the call (local stack,
 * edge `waitUntil`) or a long-lived relay.
 */
import type { AgentLoader } from '../agents.ts';
import { CHANNELS } from '../channel.ts';
import type { RetrievalRequest, RetrievalResult } from '../retrieval.ts';
import type { ToolLoopLimits } from '../tool-loop.ts';
import type { TranscriptWriter } from '../transcript.ts';
import type { ToolInvocation, ToolOutcome } from '../turn.ts';
import type { LeaseRenewal, PresenceEvidence } from '../call-clock.ts';
import { runRealtimeControl, type RealtimeControlConnection, type RealtimeControlEvent } from './realtime-control.ts';

export { DEFAULT_REALTIME_MODEL, realtimeSession, realtimeVoice, voiceToolDefinitions } from './realtime-control.ts';

/** The sideband connection (`_shared/voice/sideband.ts`) as the controller uses it. */
export type VoiceControlConnection = RealtimeControlConnection;
export type VoiceControlEvent = RealtimeControlEvent;

/** The call as Postgres holds it (a `calls` row of kind browser_voice), only while it is open. */
export interface OpenVoiceCall {
  callId: string;
  providerCallId: string;
  agentId: string;
  ownerId: string;
  conversationId: string;
}

export interface VoiceCallControlDeps {
  loadCall(callId: string): Promise<OpenVoiceCall | null>;
  loadAgent: AgentLoader;
  /** Opens the sideband socket of a provider call. */
  connect(providerCallId: string): Promise<VoiceControlConnection>;
  runTool(invocation: ToolInvocation): Promise<ToolOutcome>;
  retrieve(request: RetrievalRequest): Promise<RetrievalResult>;
  writeTranscript: TranscriptWriter;
  /**
   * Tops the call's reservation up and renews its lease only on evidence of the caller
   * (voice_control_heartbeat): not alive once the call is over (settled, past its reservation or
   * its lease); `final` when the reservation cannot grow any more; the agent's idle cut-off.
   */
  renewLease(callId: string, evidence: PresenceEvidence): Promise<LeaseRenewal>;
  /** Settles the call at the end the server observed (voice_end_call) and hangs the provider call up. */
  settle(callId: string): Promise<void>;
  /** The realtime model, or how to read it (the admin's internal call model setting). */
  model: string | (() => Promise<string>);
  leaseRenewMs?: number;
  toolLimits?: Partial<ToolLoopLimits>;
  now?: () => Date;
  log?: (event: string, details: Record<string, unknown>) => void;
}

/**
 * Runs the server side of one browser call until its real end, then settles it. Never throws: a
 * failure is logged and the call still settles (the sweeper is the last net).
 */
export async function controlVoiceCall(callId: string, deps: VoiceCallControlDeps): Promise<void> {
  const log = deps.log ?? (() => {});
  const call = await deps.loadCall(callId).catch((error: unknown) => {
    log('voice_control_failed', { callId, error: String(error) });
    return null;
  });
  if (!call) return;
  let connection: VoiceControlConnection | null = null;
  try {
    const agent = await deps.loadAgent({ agentId: call.agentId });
    if (!agent) throw new Error('the call has no agent');
    connection = await deps.connect(call.providerCallId);
    await runRealtimeControl(
      connection,
      {
        callId,
        agent,
        ownerId: call.ownerId,
        conversationId: call.conversationId,
        channel: 'voice',
        style: CHANNELS.voice.style,
        model: typeof deps.model === 'string' ? deps.model : await deps.model(),
      },
      {
        runTool: deps.runTool,
        retrieve: deps.retrieve,
        writeTranscript: deps.writeTranscript,
        renewLease: (evidence) => deps.renewLease(callId, evidence),
        ...(deps.leaseRenewMs !== undefined ? { leaseRenewMs: deps.leaseRenewMs } : {}),
        ...(deps.toolLimits ? { toolLimits: deps.toolLimits } : {}),
        ...(deps.now ? { now: deps.now } : {}),
        log,
      },
    );
  } catch (error) {
    log('voice_control_failed', { callId, error: String(error) });
  } finally {
    if (connection) {
      connection.close();
      // The real end of the call, as the server saw it: settled once, whatever the page does.
      await deps.settle(callId).catch((error: unknown) => log('voice_settle_failed', { callId, error: String(error) }));
    }
    // Without a control socket the call is left to the page's heartbeats and `end`, and the sweeper.
  }
}
