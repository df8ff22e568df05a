/**
 * The natural-voice phone session: one Twilio Media Streams socket (`/phone-relay/media-stream`,
 * or the owner sandbox's `/phone-relay/sandbox/media-stream`) bridged to the OpenAI realtime model
 * over our own WebSocket (`wss://…/v1/realtime?model=…`), with the conversation core's realtime
 * control on the same model socket (tools, knowledge, transcripts, lease, goodbye).
 *
 *   1. Twilio sockets carry `X-Twilio-Signature` over the public URL Twilio was given (no params):
 *      the relay checked it before upgrading (`relay.admit`, 403). Sandbox sockets (a browser)
 *      carry none. Until `start`, frames are dropped; then only small `media` frames wait (bounded)
 *      for the model socket, so an unauthenticated socket cannot make the relay hold memory.
 *   2. The `start` frame's `customParameters.callToken` must verify, name this path's source
 *      (twilio / sandbox) and the same call SID as the frame; else close 1008.
 *   3. `PhoneCallStore.attach` (unknown, ended or already attached → close 1008); the call must be
 *      a natural-voice call.
 *   4. The model socket opens; audio flows through `MediaBridge` (passthrough μ-law); the control
 *      configures the session (`audio/pcmu` both ways, server VAD), greets, runs tools and writes
 *      both sides' transcripts (channel 'phone', the call's conversation).
 *   5. DTMF: each key becomes a caller text item "The caller pressed the key N." (and a response
 *      when none is under way), and a caller line in the transcript.
 *   6. The end: Twilio's `stop` or the socket closing → `markEnded('hangup')` (or 'transfer' after
 *      a successful `transfer_call`; a sandbox call ends once the agent has announced it);
 *      the lease over → the socket is closed at once ('no_credit'); the reservation final → the
 *      agent says goodbye, then the socket is closed ('no_credit': Twilio ends the call, as the
 *      TwiML has nothing after `<Connect>`); the relay draining (`register`'s shutdown) → goodbye, then
 *      closed ('agent_ended'); the model lost → closed ('error').
 *
 * The sandbox's browser ("Call as a phone caller", μ-law mode) speaks exactly Twilio's frames:
 * `start {callSid: 'SB…', streamSid, customParameters: {callToken}}`, `media {payload: base64
 * μ-law 8 kHz mono, timestamp: ms since start}`, the `mark` names it was sent echoed once played,
 * `dtmf`, `stop`; it receives `media`, `mark` and `clear` as Twilio would.
 */
import type { AgentLoader } from '../_shared/conversation/agents.ts';
import { leaseRenewal } from '../_shared/conversation/call-clock.ts';
import { CHANNELS } from '../_shared/conversation/channel.ts';
import { runRealtimeControl, type RealtimeControlDeps } from '../_shared/conversation/channels/realtime-control.ts';
import type { PhoneCallSession, PhoneCallStore } from '../_shared/phone/call-store.ts';
import { verifyPhoneCallToken } from '../_shared/phone/call-token.ts';
import { transferEndsCall } from '../_shared/tools/transfer.ts';
import type { RealtimeSocketConnection } from '../_shared/voice/sideband.ts';
import { MediaBridge } from './media-bridge.ts';
import { DEFAULT_TIMING, DRAIN_GOODBYE_MS, type LiveCall, type RelayContext } from './context.ts';
import { naturalVoiceFromEnv } from './media-stream-wiring.ts';
import { SOCKET_OPEN, type RelaySessionHandler, type RelaySocket } from './socket.ts';

/** μ-law both ways (GA name): what Twilio carries, so the bridge never transcodes. */
export const PHONE_AUDIO_FORMAT = { type: 'audio/pcmu' } as const;

/** Caller audio frames held while the model socket opens (20 ms each): 5 s. */
const MAX_EARLY_FRAMES = 250;
/**
 * The largest `media` payload taken (base64): a 20 ms μ-law frame is 216 characters, Twilio's
 * are never larger; anything bigger is not a phone frame.
 */
export const MAX_MEDIA_PAYLOAD_CHARS = 1024;
/** A socket that does not say `start` in time is not a call. */
const START_TIMEOUT_MS = 10_000;

export type EndReason = 'hangup' | 'agent_ended' | 'transfer' | 'no_credit' | 'error';

export interface MediaStreamDeps {
  store: PhoneCallStore;
  /** Verifies call tokens (phoneTokenSecret). */
  tokenSecret: string;
  /** The core's loader as this call sees it (plus `transfer_call` when the call has a transfer number). */
  agentFor(session: PhoneCallSession): AgentLoader;
  /** Opens the model socket (`connectRealtimeSocket` on `?model=`), with the bridge's frame hook. */
  connectModel(
    model: string,
    onFrame: (frame: { type: string; [key: string]: unknown }) => boolean,
  ): Promise<RealtimeSocketConnection>;
  /** The realtime model, or how to read it (the admin's internal call model setting). */
  model: string | (() => Promise<string>);
  control: Pick<RealtimeControlDeps, 'runTool' | 'retrieve' | 'writeTranscript' | 'toolLimits' | 'now'>;
  /** Lease renewal interval (default 15 s). */
  leaseRenewMs?: number;
  log?: (event: string, details: Record<string, unknown>) => void;
  /**
   * Registers the live call with its host (the relay's drain): at the drain deadline `shutdown`
   * makes the agent say goodbye, then the call ends ('agent_ended'); a goodbye not heard within
   * DRAIN_GOODBYE_MS (context.ts) ends it anyway.
   */
  register?(call: LiveCall): () => void;
  /** Server time spent relaying one frame, for the bench (ms, from receipt to send). */
  onRelayTime?: (direction: 'caller_to_model' | 'model_to_caller', ms: number) => void;
}

/** The model side of natural voice: what the relay's context does not already hold. */
export type NaturalVoiceDeps = Pick<
  MediaStreamDeps,
  'agentFor' | 'connectModel' | 'model' | 'control' | 'leaseRenewMs' | 'onRelayTime'
>;

/**
 * The route's session on a relay (routes.ts): the relay's store, secrets, log and drain registry,
 * and the model side from `ctx.naturalVoice` (default: from the environment). Without a realtime
 * model (no OpenAI key) the route closes its sockets with 1011 and says why in the log.
 */
export function mediaStreamRoute(ctx: RelayContext, source: 'twilio' | 'sandbox'): RelaySessionHandler {
  const voice = ctx.naturalVoice === undefined ? naturalVoiceFromEnv(ctx.env) : ctx.naturalVoice;
  if (!voice) {
    return (socket) => {
      ctx.log('media_stream_unavailable', { reason: 'natural voice needs OPENAI_API_KEY and the database' });
      socket.close(1011, 'natural voice is not available');
    };
  }
  return createMediaStreamSession(
    {
      leaseRenewMs: ctx.timing?.heartbeatMs ?? DEFAULT_TIMING.heartbeatMs,
      ...voice,
      store: ctx.store,
      tokenSecret: ctx.tokenSecret,
      log: ctx.log,
      register: (call) => ctx.register(call),
    },
    source,
  );
}

interface TwilioFrame {
  event?: unknown;
  streamSid?: unknown;
  start?: { callSid?: unknown; streamSid?: unknown; customParameters?: Record<string, unknown> };
  media?: { payload?: unknown; timestamp?: unknown; track?: unknown };
  mark?: { name?: unknown };
  dtmf?: { digit?: unknown };
}

const isSmallMedia = (frame: TwilioFrame): boolean =>
  frame.event === 'media' &&
  typeof frame.media?.payload === 'string' &&
  frame.media.payload.length <= MAX_MEDIA_PAYLOAD_CHARS;

const clock = () => (globalThis.performance ? performance.now() : Date.now());

function parse(data: unknown): TwilioFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as unknown;
    return frame && typeof frame === 'object' ? (frame as TwilioFrame) : null;
  } catch {
    return null;
  }
}

/** The session handler of one path: `source` says whose sockets it takes. */
export function createMediaStreamSession(deps: MediaStreamDeps, source: 'twilio' | 'sandbox'): RelaySessionHandler {
  const log = deps.log ?? (() => {});
  return (socket) => {
    void runSession(socket, deps, source, log).catch((error: unknown) => {
      log('media_stream_failed', { error: String(error) });
      if (socket.readyState === SOCKET_OPEN) socket.close(1011, 'relay error');
    });
  };
}

async function runSession(
  socket: RelaySocket,
  deps: MediaStreamDeps,
  source: 'twilio' | 'sandbox',
  log: NonNullable<MediaStreamDeps['log']>,
): Promise<void> {
  const refuse = (reason: string) => {
    log('media_stream_refused', { reason });
    if (socket.readyState === SOCKET_OPEN) socket.close(1008, reason);
  };

  // Frames that arrive before the call is attached and the model is open wait here (bounded).
  const early: TwilioFrame[] = [];
  let onFrame: ((frame: TwilioFrame, receivedAt: number) => void) | null = null;
  let seenStart = false;
  let socketClosed = false;
  let onSocketClosed: (() => void) | null = null;
  let startFrame!: (frame: TwilioFrame) => void;
  const started = new Promise<TwilioFrame | null>((resolve) => {
    startFrame = resolve;
    const timer = setTimeout(() => resolve(null), START_TIMEOUT_MS);
    (timer as { unref?: () => void }).unref?.();
  });
  socket.addEventListener('message', (event) => {
    const receivedAt = clock();
    const frame = parse(event.data);
    // Twilio's protocol is JSON text frames; anything else is ignored rather than fatal.
    if (!frame) return;
    if (frame.event === 'start') {
      startFrame(frame);
      seenStart = true;
    }
    if (onFrame) onFrame(frame, receivedAt);
    // Before `start` nothing is kept; after it, only caller audio, small and bounded.
    else if (seenStart && isSmallMedia(frame) && early.length < MAX_EARLY_FRAMES) early.push(frame);
  });
  socket.addEventListener('close', () => {
    socketClosed = true;
    startFrame({});
    onSocketClosed?.();
  });
  socket.addEventListener('error', () => {});

  const start = await started;
  if (socketClosed) return;
  if (!start?.start) return refuse('no start frame');
  const callSid = typeof start.start.callSid === 'string' ? start.start.callSid : '';
  const streamSid = typeof start.start.streamSid === 'string' ? start.start.streamSid : '';
  const token = start.start.customParameters?.callToken;
  const claims = typeof token === 'string' ? await verifyPhoneCallToken(token, deps.tokenSecret) : null;
  if (!claims || claims.source !== source || claims.callSid !== callSid || streamSid === '') {
    return refuse('invalid call token');
  }
  const session = await deps.store.attach(claims.callId, callSid);
  if (!session) return refuse('unknown call');
  if (session.voiceMode !== 'natural_voice') {
    await deps.store.markEnded(session.callId, 'error').catch(() => {});
    return refuse('not a natural-voice call');
  }
  await bridgeCall(socket, session, streamSid, deps, log, {
    early,
    setFrameHandler: (handler) => (onFrame = handler),
    onClosed: (handler) => {
      if (socketClosed) handler();
      else onSocketClosed = handler;
    },
  });
}

async function bridgeCall(
  socket: RelaySocket,
  session: PhoneCallSession,
  streamSid: string,
  deps: MediaStreamDeps,
  log: NonNullable<MediaStreamDeps['log']>,
  io: {
    early: TwilioFrame[];
    setFrameHandler(handler: (frame: TwilioFrame, receivedAt: number) => void): void;
    onClosed(handler: () => void): void;
  },
): Promise<void> {
  const callId = session.callId;
  let endReason: EndReason | null = null;
  let leaseOver = false;
  // transfer_call ran: Twilio replaces the stream with its <Dial> (the socket then stops); a
  // sandbox call has nobody to dial, so it ends once the agent has said so.
  let transferred = false;
  let model: RealtimeSocketConnection | null = null;
  const end = (reason: EndReason) => {
    if (endReason) return;
    endReason = reason;
    bridge.end();
    model?.close();
    if (socket.readyState === SOCKET_OPEN) socket.close(1000, reason);
  };
  const bridge = new MediaBridge({
    toCaller: (frame) => {
      if (socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(frame));
    },
    toModel: (event) => model?.send(event),
  });
  bridge.streamSid = streamSid;
  io.onClosed(() => end(transferred ? 'transfer' : 'hangup'));
  const draining = new AbortController();
  const unregister =
    deps.register?.({
      shutdown() {
        if (draining.signal.aborted) return;
        draining.abort();
        const timer = setTimeout(() => end('agent_ended'), DRAIN_GOODBYE_MS);
        (timer as { unref?: () => void }).unref?.();
      },
    }) ?? (() => {});

  try {
    const agent = await deps.agentFor(session)({ agentId: session.agentId });
    if (!agent) throw new Error('the call has no agent');
    const modelName = typeof deps.model === 'string' ? deps.model : await deps.model();
    if (endReason) return;
    // Items of the response under way, so its end completes each one's audio.
    const responseItems = new Map<string, Set<string>>();
    model = await deps.connectModel(modelName, (frame) => {
      const type = frame.type;
      if (type === 'response.output_audio.delta' || type === 'response.audio.delta') {
        const receivedAt = clock();
        const itemId = String(frame.item_id ?? '');
        const responseId = String(frame.response_id ?? '');
        if (typeof frame.delta === 'string' && bridge.agentAudio(itemId, frame.delta)) {
          deps.onRelayTime?.('model_to_caller', clock() - receivedAt);
          let items = responseItems.get(responseId);
          if (!items) responseItems.set(responseId, (items = new Set()));
          items.add(itemId);
        }
        return true;
      }
      if (type === 'response.output_audio.done' || type === 'response.audio.done') {
        bridge.audioDone(String(frame.item_id ?? ''));
        return true;
      }
      if (type === 'input_audio_buffer.speech_started') {
        bridge.speechStarted();
        // The caller spoke: the control's idle cut-off counts from here.
        model?.inject({ type: 'caller_audio' });
        return true;
      }
      if (type === 'response.created') bridge.responseActive = true;
      if (type === 'response.done') {
        const id = String((frame.response as { id?: unknown } | undefined)?.id ?? '');
        bridge.responseDone([...(responseItems.get(id) ?? [])]);
        responseItems.delete(id);
      }
      // Everything else is the control's (transcripts, tool calls, response.done, errors).
      return false;
    });
    if (endReason) return model.close();
    const open = model;

    const handle = (frame: TwilioFrame, receivedAt: number) => {
      switch (frame.event) {
        case 'media': {
          if (!isSmallMedia(frame)) return;
          bridge.callerAudio(frame.media!.payload as string, Number(frame.media?.timestamp));
          deps.onRelayTime?.('caller_to_model', clock() - receivedAt);
          return;
        }
        case 'mark':
          if (typeof frame.mark?.name === 'string') bridge.markPlayed(frame.mark.name);
          return;
        case 'dtmf': {
          const digit = typeof frame.dtmf?.digit === 'string' ? frame.dtmf.digit.slice(0, 1) : '';
          if (!/^[0-9*#A-D]$/.test(digit)) return;
          const text = `The caller pressed the key ${digit}.`;
          open.send({
            type: 'conversation.item.create',
            item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
          });
          if (!bridge.responseActive) open.createResponse();
          open.inject({ type: 'user_transcript', itemId: `dtmf-${digit}`, text });
          return;
        }
        case 'stop':
          end(transferred ? 'transfer' : 'hangup');
          return;
        default:
          return;
      }
    };
    for (const frame of io.early.splice(0)) handle(frame, clock());
    io.setFrameHandler(handle);

    await runRealtimeControl(
      open,
      {
        callId,
        agent,
        ownerId: session.ownerId,
        conversationId: session.conversationId,
        channel: 'phone',
        style: CHANNELS.phone.style,
        model: modelName,
        audioFormat: PHONE_AUDIO_FORMAT,
      },
      {
        ...deps.control,
        async runTool(invocation) {
          const outcome = await deps.control.runTool(invocation);
          if (transferEndsCall(invocation.functionName, outcome)) transferred = true;
          return outcome;
        },
        onAgentLine: () => {
          if (transferred && session.source === 'sandbox') end('transfer');
        },
        leaseRenewMs: deps.leaseRenewMs ?? 15_000,
        async renewLease() {
          const lease = await deps.store.heartbeat(callId);
          // Over: say nothing more, hang up now (the goodbye had its chance while final).
          if (!lease.open) leaseOver = true;
          return leaseRenewal(lease);
        },
        heard: (itemId) => bridge.heard(itemId),
        // A goodbye is said before the credit runs out, for a silent caller, or because the relay is draining.
        onGoodbyeSaid: (reason) => end(reason === 'reservation' ? 'no_credit' : 'agent_ended'),
        goodbyeSignal: draining.signal,
        log,
      },
    );
    // The model socket is gone: the call cannot go on.
    end(leaseOver ? 'no_credit' : 'error');
  } catch (error) {
    log('media_stream_failed', { callId, error: String(error) });
    end('error');
  } finally {
    unregister();
    await deps.store
      .markEnded(callId, endReason ?? 'error')
      .catch((error: unknown) => log('media_stream_end_failed', { callId, error: String(error) }));
  }
}
