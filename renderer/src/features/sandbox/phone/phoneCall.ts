import {
  encodeFrame,
  parseAppFrame,
  type AppToTwilioFrame,
  type TwilioToAppFrame,
} from '@contracts/conversation-relay.ts';
import type { PhoneVoiceMode } from '@contracts/phone.ts';
import { sandboxRelaySocketUrl, type SandboxPhoneCall } from './sandboxCall.ts';
import type { AgentSpeaker } from './speaker.ts';

/**
 * The owner sandbox's "Call as a phone caller": the browser plays Twilio's side of
 * ConversationRelay (its JSON text frames) against the same relay and the same server
 * conversation core a phone caller reaches, so what the owner hears is the phone experience:
 * setup with the call's token → the welcome line (Twilio's job, so ours here) → a `prompt` per
 * caller turn → the agent's `text` tokens spoken as they come → `interrupt` with what was actually
 * heard when the caller talks over the agent → `end` from the agent, or a hang-up.
 * The browser is trusted with nothing: the relay checks the token, the server times and bills the
 * call and writes its transcript (the lines here are only what this page saw and heard).
 * Browser objects (socket, speech) are injected so the flow is tested without them.
 */
export type PhoneCallStatus = 'idle' | 'connecting' | 'in_progress' | 'ended';

/**
 * hangup: the owner ended; agent_ended / transferred: the agent's `end` (with handoff data for a
 * transfer); start_failed: the server refused to open the call; unreachable: the relay's socket
 * never opened; rejected: the relay refused the call (policy close); dropped: the socket closed
 * mid-call without an `end`.
 */
export type PhoneEndReason =
  'hangup' | 'agent_ended' | 'transferred' | 'start_failed' | 'unreachable' | 'rejected' | 'dropped';

/** Twilio's error code for the same failure, shown as its console would. */
export const TWILIO_ERROR_FOR: Partial<Record<PhoneEndReason, number>> = {
  unreachable: 64102,
  rejected: 64105,
  dropped: 64105,
};

export interface PhoneLine {
  id: number;
  speaker: 'caller' | 'agent';
  text: string;
  /** The agent's reply is still arriving. */
  streaming: boolean;
  /** Cut where the caller talked over it: `text` is the part heard (what the server stores). */
  interrupted: boolean;
  /** A key the caller pressed, not words. */
  dtmf: boolean;
}

export interface PhoneCallSnapshot {
  status: PhoneCallStatus;
  voiceMode: PhoneVoiceMode | null;
  lines: readonly PhoneLine[];
  /** BCP-47 language the caller is heard and the agent spoken in (the relay may switch it). */
  language: string;
  agentSpeaking: boolean;
  /** env.now() when the relay answered; the call timer counts from it. */
  connectedAt: number | null;
  endedAt: number | null;
  endReason: PhoneEndReason | null;
  /** Why the call could not start (the server's refusal, e.g. no credits). */
  error: unknown;
}

/** The WebSocket subset the call uses (the browser's WebSocket satisfies it). */
export interface PhoneSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number }) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
}

export interface PhoneCallEnvironment {
  /** Opens the call on the server (POST twilio-voice/sandbox). */
  open(): Promise<SandboxPhoneCall>;
  connect(url: string): PhoneSocket;
  speaker: AgentSpeaker;
  now?: () => number;
  /** Twilio's session id for setup (VX + 32 hex). */
  sessionId?: () => string;
}

export interface PhoneCallOptions {
  /** The agent's language as stored (`en_US`) or BCP-47. */
  language: string;
  /** Spoken when the server sends no welcomeGreeting. */
  fallbackGreeting: string;
}

const OPEN = 1;
/** WebSocket close code for a policy violation: how the relay refuses a socket (bad token). */
const POLICY_VIOLATION = 1008;
const NORMAL_CLOSURE = 1000;

/** `en_US` → `en-US` (what Twilio, speech recognition and speech synthesis expect). */
export function bcp47(language: string): string {
  return language.replace('_', '-');
}

function normaliseWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function randomSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `VX${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export class PhoneCall {
  private snapshot: PhoneCallSnapshot;
  private readonly listeners = new Set<(s: PhoneCallSnapshot) => void>();
  private socket: PhoneSocket | null = null;
  private nextLine = 1;
  /** The agent's talk cycle is open: tokens came, `last: true` has not. */
  private cycleOpen = false;
  /** Drop the interrupted cycle's late tokens until its `last: true`. */
  private discarding = false;
  /**
   * The welcome line this page spoke, while the relay may still send it as text too (a relay
   * that stands in for Twilio's welcomeGreeting on sandbox calls): tokens matching it are held,
   * and dropped if they turn out to be exactly it.
   */
  private welcomeEcho: { line: string; held: string } | null = null;
  /** The agent line the speaker is voicing (welcome line or reply). */
  private replyLine: number | null = null;
  private replyStartedAt = 0;
  /** Everything the agent's current reply said (its line may be cut to what was heard). */
  private replyText = '';
  private readonly now: () => number;

  constructor(
    private readonly env: PhoneCallEnvironment,
    private readonly options: PhoneCallOptions,
  ) {
    this.now = env.now ?? (() => Date.now());
    this.snapshot = {
      status: 'idle',
      voiceMode: null,
      lines: [],
      language: bcp47(options.language),
      agentSpeaking: false,
      connectedAt: null,
      endedAt: null,
      endReason: null,
      error: null,
    };
    env.speaker.onIdle(() => this.refreshSpeaking());
  }

  private status(): PhoneCallStatus {
    return this.snapshot.status;
  }

  get state(): PhoneCallSnapshot {
    return this.snapshot;
  }

  /** Arrow properties: React's useSyncExternalStore takes them unbound. */
  readonly subscribe = (listener: (s: PhoneCallSnapshot) => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PhoneCallSnapshot => this.snapshot;

  private set(next: Partial<PhoneCallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener(this.snapshot);
  }

  private refreshSpeaking(): void {
    const speaking = this.cycleOpen || this.env.speaker.busy();
    if (speaking !== this.snapshot.agentSpeaking) this.set({ agentSpeaking: speaking });
  }

  async start(): Promise<void> {
    if (this.snapshot.status !== 'idle') return;
    this.set({ status: 'connecting' });
    let call: SandboxPhoneCall;
    try {
      call = await this.env.open();
    } catch (error) {
      this.finish('start_failed', error);
      return;
    }
    // The owner hung up while the server was opening the call: the relay never hears of it, and
    // the server's lease ends it. (A method call: TypeScript would keep the narrowing from above.)
    if (this.status() !== 'connecting') return;
    this.set({ voiceMode: call.voiceMode });
    let socket: PhoneSocket;
    try {
      socket = this.env.connect(sandboxRelaySocketUrl(call.relayUrl));
    } catch {
      this.finish('unreachable');
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => this.onOpen(call));
    socket.addEventListener('message', (event) => this.onMessage(event.data));
    socket.addEventListener('close', (event) => this.onClose(event.code));
    // An error is followed by close, which says what happened.
    socket.addEventListener('error', () => {});
  }

  private onOpen(call: SandboxPhoneCall): void {
    if (this.snapshot.status !== 'connecting') return;
    this.send({
      type: 'setup',
      sessionId: (this.env.sessionId ?? randomSessionId)(),
      accountSid: 'sandbox',
      callSid: call.callSid,
      from: 'sandbox',
      to: 'sandbox',
      direction: 'inbound',
      callType: 'SANDBOX',
      callStatus: 'RINGING',
      customParameters: { callToken: call.callToken },
    });
    this.set({ status: 'in_progress', connectedAt: this.now() });
    // Twilio speaks the TwiML's welcomeGreeting itself; the relay sends nothing for it.
    const greeting = call.welcomeGreeting?.trim() || this.options.fallbackGreeting;
    const line = this.beginReply();
    this.env.speaker.push(greeting);
    this.replyText = greeting;
    this.env.speaker.end();
    this.updateLine(line, { text: greeting, streaming: false });
    this.welcomeEcho = { line: greeting, held: '' };
    this.refreshSpeaking();
  }

  private onMessage(data: unknown): void {
    if (this.snapshot.status !== 'in_progress') return;
    const frame = parseAppFrame(data);
    // Twilio drops an invalid frame (error 64107) and goes on.
    if (!frame) return;
    switch (frame.type) {
      case 'text':
        this.onText(frame.token, frame.last);
        break;
      case 'language':
        if (frame.ttsLanguage ?? frame.transcriptionLanguage) {
          this.set({ language: frame.transcriptionLanguage ?? frame.ttsLanguage ?? this.snapshot.language });
        }
        break;
      case 'end':
        this.finish(frame.handoffData ? 'transferred' : 'agent_ended');
        break;
      // play / sendDigits: the sandbox has no audio files to fetch and no far end to dial.
      default:
        break;
    }
  }

  private onText(token: string, last: boolean): void {
    if (this.discarding) {
      if (last) this.discarding = false;
      return;
    }
    if (this.absorbWelcomeEcho(token, last)) return;
    if (!this.cycleOpen) {
      // A lone `last: true` (a cycle with nothing to say) opens nothing.
      if (token === '' && last) return;
      this.cycleOpen = true;
      this.beginReply();
    }
    const line = this.replyLine;
    const current = this.snapshot.lines.find((l) => l.id === line);
    if (line !== null && current) {
      this.env.speaker.push(token);
      this.replyText += token;
      this.updateLine(line, { text: current.text + token, streaming: !last });
    }
    if (last) {
      this.cycleOpen = false;
      this.env.speaker.end();
      if (current && (current.text + token).trim() === '') this.removeLine(current.id);
    }
    this.refreshSpeaking();
  }

  /** true when the token belongs to the relay's copy of the welcome line (not shown twice). */
  private absorbWelcomeEcho(token: string, last: boolean): boolean {
    const echo = this.welcomeEcho;
    if (!echo) return false;
    const held = echo.held + token;
    const said = normaliseWords(held);
    const line = normaliseWords(echo.line);
    if (line.startsWith(said)) {
      if (!last) {
        echo.held = held;
        return true;
      }
      if (said === line) {
        this.welcomeEcho = null;
        return true;
      }
    }
    // Another reply: what was held is its beginning.
    this.welcomeEcho = null;
    if (echo.held) this.onText(echo.held, false);
    return false;
  }

  private beginReply(): number {
    this.env.speaker.begin(this.snapshot.language);
    this.replyStartedAt = this.now();
    this.replyText = '';
    const id = this.addLine({ speaker: 'agent', text: '', streaming: true, interrupted: false, dtmf: false });
    this.replyLine = id;
    return id;
  }

  /** The caller said something (typed, or heard by speech recognition). */
  say(text: string): void {
    const words = text.trim();
    if (this.snapshot.status !== 'in_progress' || words === '') return;
    this.bargeIn();
    this.addLine({ speaker: 'caller', text: words, streaming: false, interrupted: false, dtmf: false });
    this.send({ type: 'prompt', voicePrompt: words, lang: this.snapshot.language, last: true });
  }

  /**
   * Speech recognition heard something: interim words while the agent speaks are a barge-in, a
   * final result is the caller's prompt. What only repeats the agent's own reply is its voice
   * coming back through the microphone (no echo cancellation for speech synthesis): ignored.
   */
  callerSpeech(text: string, final: boolean): void {
    if (this.isEcho(text)) return;
    if (final) this.say(text);
    else this.bargeIn();
  }

  private isEcho(text: string): boolean {
    const words = normaliseWords(text);
    return words !== '' && normaliseWords(this.replyText).includes(words);
  }

  /** The caller pressed a key (dtmfDetection="true"). */
  press(digit: string): void {
    if (this.snapshot.status !== 'in_progress' || !/^[0-9*#]$/.test(digit)) return;
    this.bargeIn();
    this.addLine({ speaker: 'caller', text: digit, streaming: false, interrupted: false, dtmf: true });
    this.send({ type: 'dtmf', digit });
  }

  /**
   * The caller started talking over the agent (interruptible="any"): stop its voice and tell the
   * relay what was heard, which is what the transcript keeps. Nothing to interrupt while the agent
   * has not started its reply.
   */
  bargeIn(): void {
    if (this.snapshot.status !== 'in_progress') return;
    const line = this.snapshot.lines.find((l) => l.id === this.replyLine);
    const speaking = this.cycleOpen || this.env.speaker.busy();
    if (!line || !speaking || (line.text === '' && !this.env.speaker.busy())) return;
    const heard = this.env.speaker.stop();
    this.send({
      type: 'interrupt',
      utteranceUntilInterrupt: heard,
      durationUntilInterruptMs: Math.max(0, this.now() - this.replyStartedAt),
    });
    this.updateLine(line.id, {
      text: heard,
      streaming: false,
      interrupted: heard.length < line.text.length || this.cycleOpen,
    });
    if (this.cycleOpen) this.discarding = true;
    this.cycleOpen = false;
    this.refreshSpeaking();
  }

  /** The owner hangs up: Twilio closes the socket, which is how the relay learns it. */
  hangUp(): void {
    if (this.snapshot.status === 'idle' || this.snapshot.status === 'ended') return;
    this.env.speaker.stop();
    this.finish('hangup');
  }

  private finish(reason: PhoneEndReason, error: unknown = null): void {
    if (this.snapshot.status === 'ended') return;
    // An agent's `end` lets its goodbye play out; any other end silences it.
    if (reason !== 'agent_ended' && reason !== 'transferred') this.env.speaker.stop();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= OPEN) socket.close(NORMAL_CLOSURE, reason);
    this.cycleOpen = false;
    this.set({
      status: 'ended',
      endReason: reason,
      endedAt: this.now(),
      error,
      lines: this.snapshot.lines.map((l) => (l.streaming ? { ...l, streaming: false } : l)),
    });
    this.refreshSpeaking();
  }

  private onClose(code: number): void {
    if (this.snapshot.status === 'connecting') this.finish(code === POLICY_VIOLATION ? 'rejected' : 'unreachable');
    else if (this.snapshot.status === 'in_progress') this.finish(code === POLICY_VIOLATION ? 'rejected' : 'dropped');
  }

  private send(frame: TwilioToAppFrame | AppToTwilioFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(encodeFrame(frame));
  }

  private addLine(line: Omit<PhoneLine, 'id'>): number {
    const id = this.nextLine++;
    this.set({ lines: [...this.snapshot.lines, { id, ...line }] });
    return id;
  }

  private updateLine(id: number, patch: Partial<PhoneLine>): void {
    this.set({ lines: this.snapshot.lines.map((l) => (l.id === id ? { ...l, ...patch } : l)) });
  }

  private removeLine(id: number): void {
    this.set({ lines: this.snapshot.lines.filter((l) => l.id !== id) });
  }
}
