/**
 * The phone's "any model" channel: a thin adapter between Twilio ConversationRelay's
 * text frames and the conversation core's text turn. Twilio does speech-to-text and text-to-speech;
 * each final caller prompt is one `startTurn` on the call's conversation (channel 'phone', spoken
 * style, trusted), and its deltas go back as text tokens as they come. Agent, prompt, knowledge,
 * tools, transcript and meter are the core's; this file only translates frames and runs the
 * voice channels' one call clock (`call-clock.ts`: lease heartbeats, goodbye before the credit runs
 * out, idle cut-off) with its own goodbye and hang-up, plus the drain.
 *
 * Authentication: the route checked X-Twilio-Signature before upgrading (Twilio's sockets); the
 * first frame must be `setup` whose `customParameters.callToken` verifies, has this route's source
 * and names the same call SID; then the call store attaches the call (null: unknown or taken).
 */
import { agentChatInputSchema, MAX_MESSAGE_LENGTH } from '../_shared/contracts/agent-chat.ts';
import type { AgentChatEvent } from '../_shared/contracts/conversation-events.ts';
import { baseLanguage } from '../_shared/conversation/language.ts';
import { agentGreeting } from '../_shared/contracts/greeting.ts';
import { leaseRenewal, startCallClock, type CallClock } from '../_shared/conversation/call-clock.ts';
import {
  callEndingGoodbye,
  callRatingQuestion,
  callRatingThanks,
  chatFailureApology,
} from '../_shared/conversation/messages.ts';
import { startTurn, type TurnDeps } from '../_shared/conversation/turn.ts';
import type { PhoneCallSession } from '../_shared/phone/call-store.ts';
import { verifyPhoneCallToken } from '../_shared/phone/call-token.ts';
import { speechLocale } from '../_shared/phone/speech.ts';
import { transferEndsCall } from '../_shared/tools/transfer.ts';
import { DEFAULT_TIMING, DRAIN_GOODBYE_MS, type RelayContext } from './context.ts';
import {
  MAX_CONSECUTIVE_MALFORMED,
  parseTwilioFrame as parseInboundFrame,
  type AppToTwilioFrame as OutboundFrame,
  type TwilioToAppFrame as InboundFrame,
} from '../_shared/contracts/conversation-relay.ts';
import { SOCKET_OPEN, type RelaySessionHandler, type RelaySocket } from './socket.ts';

type EndReason = 'hangup' | 'agent_ended' | 'transfer' | 'no_credit' | 'error';

/** One talk cycle: a caller turn and the reply streamed for it. */
interface Cycle {
  controller: AbortController;
  /**
   * What the caller says they heard when they interrupted (Twilio's utteranceUntilInterrupt; a
   * browser on the sandbox route), or null: only ever used to cut our own reply (heardPart).
   */
  heard: string | null;
  tokensSent: boolean;
  messageId: string | null;
  done: Promise<void>;
}

export function conversationRelaySession(ctx: RelayContext, source: 'twilio' | 'sandbox'): RelaySessionHandler {
  const timing = { ...DEFAULT_TIMING, ...ctx.timing };
  return (socket) => {
    void new CallSession(ctx, source, timing, socket);
  };
}

class CallSession {
  private call: PhoneCallSession | null = null;
  private deps: TurnDeps | null = null;
  private frames: Promise<void> = Promise.resolve();
  private malformed = 0;
  private cycle: Cycle | null = null;
  private language = 'en';
  private digits = '';
  private ended: EndReason | null = null;
  private closing = false;
  private transferRequested = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private dtmfTimer: ReturnType<typeof setTimeout> | null = null;
  /** Caller turns so far: a call where the caller never spoke is not offered a rating. */
  private callerTurns = 0;
  /** The call's clock (lease, goodbye before the credit runs out, idle cut-off) once it is set up. */
  private clock: CallClock | null = null;
  /** A reply is being produced: the caller is waiting, not idle. */
  private replying = false;
  /** Set while the end-of-call rating question waits for a keypad digit. */
  private ratingWaiter: ((rating: number | null) => void) | null = null;
  private unregister: () => void = () => {};

  constructor(
    private readonly ctx: RelayContext,
    private readonly source: 'twilio' | 'sandbox',
    private readonly timing: typeof DEFAULT_TIMING,
    private readonly socket: RelaySocket,
  ) {
    this.later(timing.setupTimeoutMs, () => {
      if (!this.call) this.reject('no setup');
    });
    socket.addEventListener('message', (event) => {
      const frame = parseInboundFrame(event.data);
      if (!frame) {
        if (++this.malformed >= MAX_CONSECUTIVE_MALFORMED) this.reject('Too many consecutive malformed messages', 1007);
        return;
      }
      this.malformed = 0;
      // Frames are handled in order; handlers only start turns, so an interrupt is never queued
      // behind a running reply.
      this.frames = this.frames.then(() => this.onFrame(frame)).catch((error: unknown) => this.fail(error));
    });
    socket.addEventListener('close', () => void this.finish('hangup'));
    socket.addEventListener('error', (error) => ctx.log('relay_socket_error', { error: String(error) }));
  }

  private async onFrame(frame: InboundFrame): Promise<void> {
    if (this.ended) return;
    if (!this.call) {
      if (frame.type !== 'setup') return this.reject('setup must come first');
      return this.setup(frame.callSid, frame.customParameters?.callToken);
    }
    switch (frame.type) {
      case 'prompt':
        // Partial transcripts (partialPrompts) are not turns; the final one is.
        if (frame.last !== false && frame.voicePrompt.trim() !== '') this.startCycle(frame.voicePrompt);
        return;
      case 'interrupt':
        return this.interrupt(frame.utteranceUntilInterrupt);
      case 'dtmf':
        return this.keypad(frame.digit);
      case 'error':
        this.ctx.log('relay_twilio_error', { callId: this.call.callId, description: frame.description });
        return;
      default:
        return; // info events, a repeated setup
    }
  }

  private async setup(callSid: string, token: unknown): Promise<void> {
    const payload = typeof token === 'string' ? await verifyPhoneCallToken(token, this.ctx.tokenSecret) : null;
    if (!payload || payload.source !== this.source || payload.callSid !== callSid) {
      return this.reject('invalid call token');
    }
    const call = await this.ctx.store.attach(payload.callId, payload.callSid);
    if (!call) return this.reject('unknown call');
    if (this.ended || this.socket.readyState !== SOCKET_OPEN) {
      // The caller hung up while we attached: the call still gets its end.
      this.call = call;
      await this.markEnded(this.ended ?? 'hangup');
      return;
    }
    this.call = call;
    if (this.source === 'twilio' && call.voiceMode !== 'any_model') {
      // TwiML sends natural-voice calls to /media-stream; the sandbox always speaks any-model.
      await this.markEnded('error');
      return this.reject('not an any-model call');
    }
    this.language = baseLanguage(call.language) ?? 'en';
    this.unregister = this.ctx.register({ shutdown: () => void this.goodbye('agent_ended') });
    this.deps = await this.turnDepsFor(call);
    // The caller may have hung up while the core was wired: no timers, no welcome for an ended call.
    if (this.ended) return;
    const locale = speechLocale(call.language);
    this.send({ type: 'language', ttsLanguage: locale, transcriptionLanguage: locale });
    this.clock = this.startClock(call);
    if (call.secondsLeft <= 0) return this.goodbye('no_credit');
    await this.welcome(call);
  }

  /**
   * The call's clock with this channel's goodbye (a spoken line, then the end) and hang-up. A
   * ConversationRelay caller is heard through their turns only, so renewals carry no audio evidence.
   */
  private startClock(call: PhoneCallSession): CallClock {
    return startCallClock({
      renewMs: this.timing.heartbeatMs,
      heartbeat: async () => leaseRenewal(await this.ctx.store.heartbeat(call.callId)),
      replying: () => this.replying,
      sayGoodbye: (reason) => void this.goodbye(reason === 'reservation' ? 'no_credit' : 'agent_ended'),
      // Lease over: no credit left; Postgres unreachable: end now, the sweeper settles.
      hangUp: (reason) =>
        void this.endCall(reason === 'lease_over' ? 'no_credit' : reason === 'unreachable' ? 'error' : 'agent_ended'),
      heartbeatFailed: (error) => this.ctx.log('relay_heartbeat_failed', { callId: call.callId, error: String(error) }),
    });
  }

  /** The core's deps for this call, with transfer_call observed (its success ends the session). */
  private async turnDepsFor(call: PhoneCallSession): Promise<TurnDeps> {
    const deps = await this.ctx.turnDeps(call);
    return {
      ...deps,
      runTool: async (invocation) => {
        const outcome = await deps.runTool(invocation);
        if (transferEndsCall(invocation.functionName, outcome)) this.transferRequested = true;
        return outcome;
      },
    };
  }

  /**
   * Twilio speaks the welcome line (TwiML welcomeGreeting; in the sandbox the browser plays
   * Twilio's part); the relay stores the same line as the call's first reply, so the transcript
   * is complete.
   */
  private async welcome(call: PhoneCallSession): Promise<void> {
    const deps = this.deps!;
    const agent = await deps.loadAgent({ agentId: call.agentId });
    if (!agent) return this.reject('agent not found');
    const handle = await deps.persist.openConversation({
      agent,
      conversationId: call.conversationId,
      channel: 'phone',
      caller: this.caller(call),
      isOwner: false,
    });
    if (!handle || handle.history.length > 0) return;
    const line = agentGreeting(agent.name, call.language);
    await deps.persist.saveMessage({
      conversationId: call.conversationId,
      agentId: call.agentId,
      role: 'assistant',
      content: line,
      language: this.language,
      createdAt: new Date(),
      metadata: { channel: 'phone', welcome: true },
    });
  }

  private caller(call: PhoneCallSession) {
    return { userId: null, visitorKey: `phone:${call.callId}`, trusted: true };
  }

  private startCycle(text: string): void {
    this.callerTurns++;
    this.clock?.callerHeard();
    this.replying = true;
    const previous = this.cycle;
    previous?.controller.abort();
    const controller = new AbortController();
    const cycle: Cycle = { controller, heard: null, tokensSent: false, messageId: null, done: Promise.resolve() };
    this.cycle = cycle;
    // The previous reply is saved before this prompt, so the transcript keeps the spoken order.
    cycle.done = (previous?.done ?? Promise.resolve())
      .then(() => this.runCycle(cycle, text, performance.now()))
      .then(() => {
        if (this.cycle !== cycle) return;
        this.replying = false;
        this.clock?.agentFinished();
      })
      .catch((error: unknown) => this.fail(error));
  }

  private async runCycle(cycle: Cycle, text: string, promptAt: number): Promise<void> {
    const call = this.call!;
    const input = agentChatInputSchema.safeParse({
      agentId: call.agentId,
      conversationId: call.conversationId,
      message: text.slice(0, MAX_MESSAGE_LENGTH),
      channel: 'phone',
    });
    if (!input.success || cycle.controller.signal.aborted || this.ended) return;
    const started = await startTurn(
      {
        input: input.data,
        caller: this.caller(call),
        signal: cycle.controller.signal,
        heard: () => cycle.heard,
      },
      this.deps!,
    );
    if (!started.ok) {
      this.ctx.log('relay_turn_refused', { callId: call.callId, code: started.error.code });
      if (!cycle.controller.signal.aborted) this.say(chatFailureApology(this.language));
      return;
    }
    for await (const event of started.events) this.onTurnEvent(cycle, event, promptAt);
    // Twilio waits for the end of a talk cycle, also after an interrupt.
    if (cycle.tokensSent) this.send({ type: 'text', token: '', last: true });
    if (cycle.heard !== null && cycle.messageId) await this.cut(cycle.messageId, cycle.heard);
    if (this.transferRequested && !this.ended) {
      await this.endCall('transfer', JSON.stringify({ reason: 'transfer' }), '');
    }
  }

  private onTurnEvent(cycle: Cycle, event: AgentChatEvent, promptAt: number): void {
    const interrupted = cycle.controller.signal.aborted;
    switch (event.event) {
      case 'meta':
        if (!interrupted && event.data.language !== this.language) {
          this.language = event.data.language;
          const locale = speechLocale(event.data.language, this.call!.language);
          this.send({ type: 'language', ttsLanguage: locale, transcriptionLanguage: locale });
        }
        return;
      case 'delta':
        if (interrupted || event.data.text === '') return;
        if (!cycle.tokensSent) this.ctx.onFirstToken?.(performance.now() - promptAt);
        cycle.tokensSent = true;
        this.send({ type: 'text', token: event.data.text, last: false });
        return;
      case 'error':
        if (interrupted) return;
        cycle.tokensSent = true;
        this.send({ type: 'text', token: event.data.message, last: false });
        return;
      case 'done':
        cycle.messageId = event.data.messageId;
        return;
      default:
        return;
    }
  }

  /** Barge-in: stop the reply; the transcript keeps our reply as far as the caller heard it. */
  private async interrupt(heard: string): Promise<void> {
    const cycle = this.cycle;
    if (!cycle) return;
    cycle.heard = heard;
    if (cycle.messageId) {
      // The reply was already complete and saved; Twilio was still speaking it.
      const messageId = cycle.messageId;
      cycle.messageId = null;
      await this.cut(messageId, heard);
      return;
    }
    cycle.controller.abort();
  }

  private async cut(messageId: string, heard: string): Promise<void> {
    const call = this.call!;
    await this.deps!.persist.cutMessage?.({ conversationId: call.conversationId, messageId, heard });
  }

  /** Keypad digits become one caller turn once the caller stops pressing. */
  private keypad(digit: string): void {
    if (this.ratingWaiter) {
      // The rating question is waiting: 1-5 answers it, any other key is ignored.
      if (/^[1-5]$/.test(digit)) this.ratingWaiter(Number(digit));
      return;
    }
    if (this.closing) return;
    this.digits += digit;
    if (this.dtmfTimer) this.clear(this.dtmfTimer);
    this.dtmfTimer = this.later(this.timing.dtmfGapMs, () => {
      const digits = this.digits;
      this.digits = '';
      // Short and language-neutral, so the conversation's language is kept (language.ts).
      if (digits) this.startCycle(`Keypad: ${digits}`);
    });
  }

  /**
   * The agent says a short goodbye, then the call ends. When the agent ends a real call the caller
   * took part in, it first asks for a 1-5 keypad rating. Not when the relay drains:
   * the call must end within DRAIN_GOODBYE_MS, which a question and its wait do not fit.
   */
  private async goodbye(reason: EndReason): Promise<void> {
    if (this.ended || this.closing || !this.call) return;
    const askRating = this.source === 'twilio' && reason === 'no_credit' && this.callerTurns > 0;
    await this.endCall(reason, undefined, callEndingGoodbye(this.language), askRating);
  }

  private async endCall(reason: EndReason, handoffData?: string, lastLine = '', askRating = false): Promise<void> {
    if (this.ended || this.closing || !this.call) return;
    this.closing = true;
    this.cycle?.controller.abort();
    if (lastLine) await this.speak(lastLine, reason);
    if (askRating && !this.ended) await this.askRating(reason);
    this.send(handoffData === undefined ? { type: 'end' } : { type: 'end', handoffData });
    await this.finish(reason);
  }

  /** Says one line as the call ends, keeps it in the transcript, and lets the caller hear it. */
  private async speak(line: string, reason: EndReason): Promise<void> {
    const call = this.call!;
    this.say(line);
    await this.deps?.persist
      .saveMessage({
        conversationId: call.conversationId,
        agentId: call.agentId,
        role: 'assistant',
        content: line,
        language: this.language,
        createdAt: new Date(),
        metadata: { channel: 'phone', ending: reason },
      })
      .catch((error: unknown) => this.ctx.log('relay_persist_failed', { error: String(error) }));
    const speechMs = Math.min(line.length * this.timing.speechMsPerChar, DRAIN_GOODBYE_MS);
    await new Promise<void>((resolve) => this.later(speechMs, resolve));
  }

  /**
   * Asks for a 1-5 keypad rating and waits a few seconds after the question; no answer: the call
   * ends unrated. A key pressed while the question is still being spoken counts.
   */
  private async askRating(reason: EndReason): Promise<void> {
    const call = this.call!;
    let answer!: (rating: number | null) => void;
    const answered = new Promise<number | null>((resolve) => (answer = resolve));
    this.ratingWaiter = (rating) => {
      this.ratingWaiter = null;
      answer(rating);
    };
    await Promise.race([this.speak(callRatingQuestion(this.language), reason), answered]);
    const timer = this.later(this.timing.ratingWaitMs, () => this.ratingWaiter?.(null));
    const rating = await answered;
    this.clear(timer);
    if (rating === null || this.ended) return;
    try {
      await this.ctx.store.rate(call.callId, rating);
    } catch (error) {
      this.ctx.log('relay_rating_failed', { callId: call.callId, error: String(error) });
      return;
    }
    await this.speak(callRatingThanks(this.language), reason);
  }

  /** Speaks one whole line as a talk cycle. */
  private say(line: string): void {
    this.send({ type: 'text', token: line, last: false });
    this.send({ type: 'text', token: '', last: true });
  }

  private send(frame: OutboundFrame): void {
    if (this.socket.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify(frame));
  }

  private reject(reason: string, code = 1008): void {
    this.ctx.log('relay_rejected', { reason });
    this.closeTimers();
    if (this.socket.readyState === SOCKET_OPEN) this.socket.close(code, reason);
  }

  private fail(error: unknown): void {
    this.ctx.log('relay_session_failed', { callId: this.call?.callId, error: String(error) });
    void this.finish('error');
  }

  /** Ends the call once: timers, the running reply, the store's end, the socket. */
  private async finish(reason: EndReason): Promise<void> {
    if (this.ended) return;
    this.ended = reason;
    this.closeTimers();
    // A caller who hangs up on the rating question leaves no rating.
    this.ratingWaiter?.(null);
    this.cycle?.controller.abort();
    this.unregister();
    if (this.socket.readyState === SOCKET_OPEN) this.socket.close(1000, reason);
    if (this.call) await this.markEnded(reason);
  }

  private async markEnded(reason: EndReason): Promise<void> {
    try {
      await this.ctx.store.markEnded(this.call!.callId, reason);
    } catch (error) {
      this.ctx.log('relay_mark_ended_failed', { callId: this.call!.callId, error: String(error) });
    }
  }

  private later(ms: number, run: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private clear(timer: ReturnType<typeof setTimeout>): void {
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  private closeTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.clock?.stop();
  }
}
