import { VOICE_HEARTBEAT_INTERVAL_SECONDS } from '@contracts/voice-lease.ts';
import type { AgentRef, ConversationEndpoint } from '../api.ts';
import type { CallRecorder } from './recorder.ts';
import { sendRating } from '../rating/ratingApi.ts';
import type { LimitRefusal } from '@contracts/limit-refusal.ts';
import {
  endVoiceSession,
  heartbeatVoiceSession,
  startVoiceSession,
  VoiceSessionError,
  type HeldCall,
} from './voiceApi.ts';

/**
 * One browser voice call: idle → connecting → in progress (recording flag) → ended.
 * Microphone → RTCPeerConnection → SDP offer relayed by `voice-session` → answer. The page carries
 * the audio and nothing else: the server holds the realtime session's sideband,
 * where it configures the session, asks for the opening and the goodbye, runs the tools, records
 * the transcript and sees the call end; what is stored and billed is the server's own record, never
 * the page's. The `oai-events` data channel is opened only because its opening marks the call as
 * connected; the page never writes to it nor reads from it.
 * While the call is held, a heartbeat renews its lease on the server; the server cuts off (and stops
 * billing) a call whose page stopped. The server reserves the owner's credits in blocks and tops
 * them up on heartbeats; each answer says how long the call has left, and once it cannot grow
 * (`final`) the page shows it and ends the call on time.
 * Browser objects are injected so the flow is tested without WebRTC.
 */
export type CallStatus = 'idle' | 'connecting' | 'in_progress' | 'ended';

export interface CallSnapshot {
  status: CallStatus;
  recording: boolean;
  /**
   * Why the call ended early: no credits, failure, time limit, a start refused by a limit
   * (`limited`, with `limit`); null for a normal hang-up.
   */
  endReason: 'no_credits' | 'unavailable' | 'failed' | 'time_limit' | 'limited' | null;
  /** The limit that refused the start, and the wait the server gave (endReason `limited`). */
  limit: { refusal: LimitRefusal | null; retryAfterSeconds: number | null } | null;
  /** Seconds left (at the server's last answer) once the call's time cannot grow; null while it can. */
  secondsLeft: number | null;
  /** The call connected, so once ended the visitor may rate it (with its call token). */
  rateable: boolean;
}

export interface CallEnvironment {
  getUserMedia(): Promise<MediaStream>;
  createPeerConnection(): RTCPeerConnection;
  /** Where the agent's voice plays. */
  playRemote(stream: MediaStream): void;
  /** The stereo recorder, or null when the browser cannot record. */
  createRecorder?: () => CallRecorder | null;
  fetchFn?: typeof fetch;
  /** This browser's visitor key (the one chat uses): call starts are rate-limited per visitor. */
  visitorKey?: string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class VoiceCall {
  private snapshot: CallSnapshot = {
    status: 'idle',
    recording: false,
    endReason: null,
    limit: null,
    secondsLeft: null,
    rateable: false,
  };
  private readonly listeners = new Set<(s: CallSnapshot) => void>();
  private pc: RTCPeerConnection | null = null;
  private mic: MediaStream | null = null;
  private channel: RTCDataChannel | null = null;
  /** The call on the server (id and token), from the start answer until the end request. */
  private call: HeldCall | null = null;
  /** The connected call, kept after its end: its token proves the end-of-call rating is the caller's. */
  private connected: HeldCall | null = null;
  private recorder: CallRecorder | null = null;
  private remote: MediaStream | null = null;
  private uploadUrl: string | null = null;
  private timers: unknown[] = [];
  private heartbeatTimer: unknown = null;
  /** When the paid time runs out (moved by every answer). */
  private endTimer: unknown = null;

  constructor(
    private readonly endpoint: ConversationEndpoint,
    private readonly agent: AgentRef,
    private readonly env: CallEnvironment,
  ) {}

  private currentStatus(): CallStatus {
    return this.snapshot.status;
  }

  get state(): CallSnapshot {
    return this.snapshot;
  }

  /** Arrow properties: React's useSyncExternalStore takes them unbound. */
  readonly subscribe = (listener: (s: CallSnapshot) => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): CallSnapshot => this.snapshot;

  private set(next: Partial<CallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const l of this.listeners) l(this.snapshot);
  }

  private timer(fn: () => void, ms: number): void {
    this.timers.push((this.env.setTimer ?? setTimeout)(fn, ms));
  }

  async start(): Promise<void> {
    if (this.snapshot.status !== 'idle') return;
    this.set({ status: 'connecting', endReason: null, limit: null });
    try {
      this.mic = await this.env.getUserMedia();
      const pc = this.env.createPeerConnection();
      this.pc = pc;
      pc.ontrack = (e) => {
        const stream = e.streams[0];
        if (!stream) return;
        this.remote = stream;
        this.env.playRemote(stream);
      };
      this.recorder = this.env.createRecorder?.() ?? null;
      for (const track of this.mic.getAudioTracks()) pc.addTrack(track, this.mic);
      const channel = pc.createDataChannel('oai-events');
      this.channel = channel;
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      const session = await startVoiceSession(
        this.endpoint,
        this.agent,
        offer.sdp ?? '',
        this.recorder?.mimeType ?? null,
        this.env.fetchFn,
        this.env.visitorKey,
      );
      this.call = { callId: session.callId, callToken: session.callToken };
      this.uploadUrl = session.recordingUploadUrl ?? null;
      // Read through a method: the compiler would keep the narrowing from the guard above.
      if (this.currentStatus() !== 'connecting') {
        // Hung up while connecting: release what was just opened on the server too.
        await this.release();
        return;
      }
      const held = this.call;
      channel.onopen = () => {
        this.connected = held;
        this.set({ status: 'in_progress', rateable: true });
        // Recording starts about 500 ms after the connection, once the audio has settled.
        this.timer(() => this.startRecording(), 500);
      };
      this.scheduleHeartbeat();
      await pc.setRemoteDescription({ type: 'answer', sdp: session.sdp });
      this.planEnd(session.reservedSeconds, session.final);
    } catch (error) {
      const code = (error as { code?: string }).code;
      console.warn('[concierge] voice call failed:', error);
      if (error instanceof VoiceSessionError && error.status === 429) {
        await this.end('limited', { refusal: error.limit, retryAfterSeconds: error.retryAfterSeconds });
        return;
      }
      await this.end(code === 'no_credits' ? 'no_credits' : code === 'voice_unavailable' ? 'unavailable' : 'failed');
    }
  }

  /**
   * Plans the end from the server's answer: the call is cut off when its reserved time runs out (a
   * top-up on a later heartbeat moves that); once the time cannot grow, the visitor is shown how
   * long is left (the server has the agent say goodbye).
   */
  private planEnd(secondsLeft: number, final: boolean): void {
    const setTimer = this.env.setTimer ?? setTimeout;
    this.clearTimer(this.endTimer);
    this.endTimer = setTimer(() => void this.end('time_limit'), Math.max(1, secondsLeft) * 1000);
    const shown = final ? secondsLeft : null;
    if (shown !== this.snapshot.secondsLeft) this.set({ secondsLeft: shown });
  }

  private clearTimer(handle: unknown): void {
    if (handle !== null) (this.env.clearTimer ?? clearTimeout)(handle as ReturnType<typeof setTimeout>);
  }

  /** The next lease renewal; an answer that the call is over ends it here too. */
  private scheduleHeartbeat(): void {
    this.heartbeatTimer = (this.env.setTimer ?? setTimeout)(
      () => void this.heartbeat(),
      VOICE_HEARTBEAT_INTERVAL_SECONDS * 1000,
    );
  }

  private async heartbeat(): Promise<void> {
    const call = this.call;
    if (!call || this.snapshot.status === 'ended') return;
    try {
      const answer = await heartbeatVoiceSession(this.endpoint, call, this.env.fetchFn);
      if (!answer.open) {
        await this.end('time_limit');
        return;
      }
      if (answer.secondsLeft !== null && this.call === call && this.currentStatus() !== 'ended')
        this.planEnd(answer.secondsLeft, answer.final);
    } catch (error) {
      // One lost heartbeat is within the lease; the next one retries.
      console.warn('[concierge] voice call heartbeat failed:', error);
    }
    if (this.call === call && this.currentStatus() !== 'ended') this.scheduleHeartbeat();
  }

  private startRecording(): void {
    if (this.snapshot.status !== 'in_progress') return;
    if (this.recorder && this.uploadUrl && this.mic && this.remote) {
      try {
        this.recorder.start(this.mic, this.remote);
      } catch (error) {
        // Recording failures are only logged; the call goes on.
        console.warn('[concierge] recording not started:', error);
        this.recorder = null;
      }
    }
    this.set({ recording: true });
  }

  /** The visitor's 1-5 rating of the ended call (agent-chat/rating with the call token). */
  async rate(rating: number): Promise<void> {
    const call = this.connected;
    if (!call || this.snapshot.status !== 'ended') throw new Error('only a connected call that ended can be rated');
    await sendRating({
      endpoint: this.endpoint,
      body: { callId: call.callId, callToken: call.callToken, rating },
      ...(this.env.fetchFn ? { fetchFn: this.env.fetchFn } : {}),
    });
  }

  /** End Call, leaving the page, time limit or failure: tears everything down once. */
  async end(reason: CallSnapshot['endReason'] = null, limit: CallSnapshot['limit'] = null): Promise<void> {
    if (this.snapshot.status === 'ended') return;
    this.set({ status: 'ended', recording: false, endReason: reason, limit, secondsLeft: null });
    await this.release();
  }

  private async release(): Promise<void> {
    for (const t of [...this.timers, this.heartbeatTimer, this.endTimer]) this.clearTimer(t);
    this.timers = [];
    this.heartbeatTimer = null;
    this.endTimer = null;
    // The last chunk arrives up to about 500 ms after stop: wait for it before closing the streams.
    const recording = this.recorder ? await this.recorder.stop().catch(() => null) : null;
    this.recorder = null;
    this.channel?.close();
    this.pc?.close();
    for (const track of this.mic?.getTracks() ?? []) track.stop();
    this.channel = null;
    this.pc = null;
    this.mic = null;
    const call = this.call;
    const uploadUrl = this.uploadUrl;
    this.call = null;
    this.uploadUrl = null;
    if (call && uploadUrl && recording && recording.size > 0) {
      try {
        const res = await (this.env.fetchFn ?? fetch)(uploadUrl, {
          method: 'PUT',
          headers: { 'content-type': recording.type },
          body: recording,
        });
        if (!res.ok) throw new Error(`upload answered ${res.status}`);
      } catch (error) {
        console.warn('[concierge] recording not saved:', error);
      }
    }
    if (call) {
      try {
        await endVoiceSession(this.endpoint, call, this.env.fetchFn);
      } catch (error) {
        console.warn('[concierge] voice call end not recorded:', error);
      }
    }
  }
}
