/**
 * Twilio's side of a ConversationRelay socket, for tests and the bench:
 * the upgrade signed with X-Twilio-Signature over the public wss URL (computed independently of
 * the product's code), the `setup` frame with customParameters, then `prompt`, `interrupt` and
 * `dtmf` frames. Text tokens from the server are collected per talk cycle (a cycle ends with
 * `last: true`); `info` frames are sent only when asked (`events`).
 */
import WebSocket from 'ws';
import { expectedTwilioSignature, type FakeTwilioServer } from './server.ts';

export interface RelayCallOptions {
  /** Where to connect (the relay as the test reaches it). */
  url: string;
  /** The URL Twilio was given, which the signature covers (default: url). */
  publicUrl?: string;
  /** Signs the upgrade with this auth token; null: no signature header (a browser, the sandbox). */
  authToken: string | null;
  /** A forced X-Twilio-Signature value (forgery tests). */
  signature?: string;
  callSid: string;
  customParameters?: Record<string, string>;
  from?: string;
  to?: string;
  /** Send no setup frame on open (tests of what the relay does without one). */
  skipSetup?: boolean;
}

export type ServerFrame =
  | { type: 'text'; token: string; last?: boolean }
  | { type: 'language'; ttsLanguage?: string; transcriptionLanguage?: string }
  | { type: 'end'; handoffData?: string }
  | { type: string; [key: string]: unknown };

export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}

export class FakeRelayCall {
  /** Every frame the server sent, oldest first. */
  readonly frames: ServerFrame[] = [];
  /** Closed talk cycles' texts, oldest first. */
  readonly cycles: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private current = '';
  private waiters: { test: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }[] = [];

  private constructor(private readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
      }),
    );
    ws.on('message', (data) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(data)) as ServerFrame;
      } catch {
        return;
      }
      this.frames.push(frame);
      if (frame.type === 'text') {
        this.current += String(frame.token);
        if (frame.last === true) {
          this.cycles.push(this.current);
          this.current = '';
        }
      }
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
  }

  /** Opens the socket as Twilio does and sends `setup`; rejects with UpgradeRefused on a refused upgrade. */
  static connect(options: RelayCallOptions): Promise<FakeRelayCall> {
    const headers: Record<string, string> = {};
    const signature =
      options.signature ??
      (options.authToken === null
        ? undefined
        : expectedTwilioSignature(options.authToken, options.publicUrl ?? options.url, {}));
    if (signature !== undefined) headers['x-twilio-signature'] = signature;
    const ws = new WebSocket(options.url, { headers });
    return new Promise((resolve, reject) => {
      ws.once('unexpected-response', (_request, response) => {
        reject(new UpgradeRefused(response.statusCode ?? 0));
        response.resume();
      });
      ws.once('error', reject);
      ws.once('open', () => {
        const call = new FakeRelayCall(ws);
        if (!options.skipSetup) {
          call.send({
            type: 'setup',
            sessionId: `VX${options.callSid.slice(2)}`,
            accountSid: 'AC00000000000000000000000000000000',
            parentCallSid: '',
            callSid: options.callSid,
            from: options.from ?? '+14155550100',
            to: options.to ?? '+14155550199',
            forwardedFrom: '',
            callType: 'PSTN',
            callerName: '',
            direction: 'inbound',
            callStatus: 'RINGING',
            customParameters: options.customParameters ?? {},
          });
        }
        resolve(call);
      });
    });
  }

  send(frame: Record<string, unknown> | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame matching `test` (already received ones count only if `fromStart`). */
  waitFor(
    test: (frame: ServerFrame) => boolean,
    options: { fromStart?: boolean; timeoutMs?: number } = {},
  ): Promise<ServerFrame> {
    const seen = options.fromStart ? this.frames.find(test) : undefined;
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('no such frame from the relay in time')),
        options.timeoutMs ?? 15_000,
      );
      this.waiters.push({
        test,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  /** The text of the next talk cycle to close. */
  async nextCycle(timeoutMs?: number): Promise<string> {
    const count = this.cycles.length;
    await this.waitFor((frame) => frame.type === 'text' && frame.last === true && this.cycles.length > count, {
      timeoutMs,
    });
    return this.cycles[count]!;
  }

  /** The caller says something (a final transcript); resolves with the agent's whole reply. */
  async ask(text: string, lang = 'en-US'): Promise<string> {
    const reply = this.nextCycle();
    this.send({ type: 'prompt', voicePrompt: text, lang, last: true });
    return reply;
  }

  /**
   * The caller talks over the reply once `afterChars` characters of it have arrived: Twilio sends
   * `interrupt` with what had been spoken. Resolves with that heard text.
   */
  async askAndInterrupt(text: string, afterChars: number): Promise<string> {
    const start = this.frames.length;
    const spoken = () =>
      this.frames
        .slice(start)
        .filter((frame): frame is { type: 'text'; token: string } => frame.type === 'text')
        .map((frame) => frame.token)
        .join('');
    const enough = this.waitFor(() => spoken().length >= afterChars);
    this.send({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true });
    await enough;
    const heard = spoken().slice(0, afterChars);
    this.send({ type: 'interrupt', utteranceUntilInterrupt: heard, durationUntilInterruptMs: heard.length * 60 });
    return heard;
  }

  dtmf(digit: string): void {
    this.send({ type: 'dtmf', digit });
  }

  /** Twilio-style `info` events (only when the test's TwiML would have asked for them). */
  info(name: 'agentSpeaking' | 'clientSpeaking' | 'tokensPlayed', value: string): void {
    this.send({ type: 'info', name, value, ts: Date.now() });
  }

  /** The caller hangs up: Twilio closes the socket. */
  async hangup(): Promise<void> {
    this.ws.close(1000, 'caller hung up');
    await this.closed;
  }
}

/** The driver `startFakeTwilio` exposes: calls signed with this fake account's auth token. */
export function installConversationRelay(server: Pick<FakeTwilioServer, 'authToken' | 'sid'>) {
  return {
    call: (
      options: Omit<RelayCallOptions, 'authToken' | 'callSid'> & { callSid?: string; authToken?: string | null },
    ) => FakeRelayCall.connect({ authToken: server.authToken, callSid: server.sid('CA'), ...options }),
  };
}
