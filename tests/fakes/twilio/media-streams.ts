/**
 * A fake phone caller on a Twilio Media Streams socket: it plays Twilio's
 * side of `<Connect><Stream>` against our relay.
 *
 *   - the upgrade carries `X-Twilio-Signature` over the public URL (no params), computed
 *     independently of the product (`expectedTwilioSignature`), or a forged one, or none (sandbox);
 *   - `connected`, then `start` with the call SID, a stream SID and `customParameters.callToken`;
 *   - one inbound `media` frame every 20 ms, drift-free (scheduled on absolute times), with
 *     `chunk` / `timestamp` on the stream's clock: real speech where the test said something
 *     (`espeak-ng -w` → `sox … -r 8000 -c 1 -e u-law -t raw`, cached by text under the temp dir),
 *     μ-law silence (0xFF) otherwise;
 *   - the agent's `media` is queued and played out at 160 bytes per 20 ms; a `mark` is echoed when
 *     the audio before it has been played; `clear` drops the queued audio and echoes the pending
 *     marks at once; `dtmf` frames on request; `stop` on hang-up.
 * `speed` > 1 runs both clocks faster than real time (the stream clock in frames stays exact).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { MULAW_FRAME_BYTES, MULAW_FRAME_MS, MULAW_SILENCE, readStamp, stampFrame } from '../audio/mulaw.ts';
import { expectedTwilioSignature } from './server.ts';

const run = promisify(execFile);
const SPEECH_DIR = join(tmpdir(), 'concierge-speech');

/** μ-law 8 kHz speech of `text` (espeak-ng → sox), generated once per text and voice. */
export async function speechMulaw(text: string, voice = 'en'): Promise<Uint8Array> {
  const key = createHash('sha1').update(`${voice}\n${text}`).digest('hex');
  const file = join(SPEECH_DIR, `${key}.ul`);
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    // Not cached yet.
  }
  await mkdir(SPEECH_DIR, { recursive: true });
  const wav = join(SPEECH_DIR, `${key}.${process.pid}.wav`);
  const raw = join(SPEECH_DIR, `${key}.${process.pid}.ul`);
  try {
    await run('espeak-ng', ['-v', voice, '-w', wav, text]);
    await run('sox', [wav, '-r', '8000', '-c', '1', '-e', 'u-law', '-t', 'raw', raw]);
    await rename(raw, file);
  } finally {
    await rm(wav, { force: true });
    await rm(raw, { force: true });
  }
  return new Uint8Array(await readFile(file));
}

export interface MediaStreamCallerOptions {
  /** Where to connect (the relay's internal URL). */
  url: string;
  /** The URL Twilio was given, which it signs (default: `url`). */
  publicUrl?: string;
  /** Signs the upgrade with this auth token; null sends no signature (the sandbox's browser). */
  authToken: string | null;
  /** Sends this signature instead (a forgery). */
  signature?: string;
  callSid: string;
  callToken: string;
  accountSid?: string;
  /** Clock speed (default 1 = real time). */
  speed?: number;
  /** Stamps every inbound frame with its sequence number (the bench's loss/order check). */
  stampFrames?: boolean;
}

export interface MediaStreamCaller {
  readonly streamSid: string;
  /** Queues real speech; resolves once its last frame was sent. */
  say(text: string): Promise<void>;
  /** Queues raw μ-law audio (e.g. a loud tone); resolves once its last frame was sent. */
  play(audio: Uint8Array): Promise<void>;
  pressKey(digit: string): void;
  /** Resolves once the agent has sent at least `ms` of audio (counted on arrival). */
  waitForAgentAudio(ms: number, timeoutMs?: number): Promise<void>;
  /** Resolves once the agent said something and its audio has been played out completely. */
  waitForAgentQuiet(options?: { quietMs?: number; timeoutMs?: number }): Promise<void>;
  /** Agent audio received (ms) and played (ms). */
  readonly agentAudioMs: number;
  readonly playedMs: number;
  /** Every agent payload received, in order. */
  readonly agentPayloads: readonly string[];
  /** Every inbound payload sent, in order. */
  readonly sentPayloads: readonly string[];
  readonly clears: number;
  readonly marksEchoed: readonly string[];
  /** Frames received from the relay other than media/mark/clear. */
  readonly otherFrames: readonly Record<string, unknown>[];
  /** Stamps of the agent frames received (null where not stamped), in order. */
  agentStamps(): (number | null)[];
  /** Sends `stop` and closes the socket (the caller hung up). */
  hangUp(): Promise<void>;
  /** The socket closed (by either side). */
  readonly closed: Promise<{ code: number; reason: string }>;
}

type Playout = { kind: 'audio'; bytes: Uint8Array } | { kind: 'mark'; name: string };

export async function callMediaStream(options: MediaStreamCallerOptions): Promise<MediaStreamCaller> {
  const speed = options.speed ?? 1;
  const frameMs = MULAW_FRAME_MS / speed;
  const streamSid = `MZ${createHash('sha1').update(options.callSid).digest('hex').slice(0, 32)}`;
  const headers: Record<string, string> = {};
  if (options.signature !== undefined) headers['x-twilio-signature'] = options.signature;
  else if (options.authToken !== null)
    headers['x-twilio-signature'] = expectedTwilioSignature(options.authToken, options.publicUrl ?? options.url, {});
  const socket = new WebSocket(options.url, { headers });
  let settleClosed!: (value: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (settleClosed = resolve));
  socket.on('close', (code, reason) => settleClosed({ code, reason: String(reason) }));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  socket.on('error', () => {});

  const outbound: { bytes: Uint8Array; done?: () => void }[] = [];
  const playout: Playout[] = [];
  const agentPayloads: string[] = [];
  const sentPayloads: string[] = [];
  const marksEchoed: string[] = [];
  const otherFrames: Record<string, unknown>[] = [];
  let agentBytes = 0;
  let playedBytes = 0;
  let clears = 0;
  let sequence = 1;
  let chunk = 0;
  let lastAgentAudioAt = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const send = (frame: Record<string, unknown>) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };
  const echo = (name: string) => {
    marksEchoed.push(name);
    send({ event: 'mark', sequenceNumber: String(++sequence), streamSid, mark: { name } });
  };

  socket.on('message', (data) => {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      return;
    }
    if (frame.event === 'media') {
      const payload = (frame.media as { payload?: unknown } | undefined)?.payload;
      if (typeof payload !== 'string') return;
      const bytes = new Uint8Array(Buffer.from(payload, 'base64'));
      agentPayloads.push(payload);
      agentBytes += bytes.length;
      lastAgentAudioAt = performance.now();
      playout.push({ kind: 'audio', bytes });
    } else if (frame.event === 'mark') {
      const name = (frame.mark as { name?: unknown } | undefined)?.name;
      if (typeof name !== 'string') return;
      // A mark with nothing queued before it is played at once.
      if (playout.length === 0) echo(name);
      else playout.push({ kind: 'mark', name });
    } else if (frame.event === 'clear') {
      clears++;
      const pending = playout.splice(0);
      for (const entry of pending) if (entry.kind === 'mark') echo(entry.name);
    } else {
      otherFrames.push(frame);
    }
    notify();
  });

  send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
  send({
    event: 'start',
    sequenceNumber: String(sequence),
    streamSid,
    start: {
      accountSid: options.accountSid ?? 'AC00000000000000000000000000000000',
      streamSid,
      callSid: options.callSid,
      tracks: ['inbound'],
      customParameters: { callToken: options.callToken },
      mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
    },
  });

  /** One 20 ms step: one inbound frame out, 20 ms of agent audio played. */
  function tick(): void {
    const frame = new Uint8Array(MULAW_FRAME_BYTES).fill(MULAW_SILENCE);
    let filled = 0;
    while (filled < MULAW_FRAME_BYTES && outbound.length > 0) {
      const head = outbound[0]!;
      const take = Math.min(MULAW_FRAME_BYTES - filled, head.bytes.length);
      frame.set(head.bytes.subarray(0, take), filled);
      filled += take;
      head.bytes = head.bytes.subarray(take);
      if (head.bytes.length === 0) {
        outbound.shift();
        head.done?.();
      }
    }
    if (options.stampFrames) stampFrame(frame, chunk & 0xffff);
    const payload = Buffer.from(frame).toString('base64');
    sentPayloads.push(payload);
    send({
      event: 'media',
      sequenceNumber: String(++sequence),
      streamSid,
      media: { track: 'inbound', chunk: String(++chunk), timestamp: String((chunk - 1) * MULAW_FRAME_MS), payload },
    });
    let budget = MULAW_FRAME_BYTES;
    while (playout.length > 0) {
      const head = playout[0]!;
      if (head.kind === 'mark') {
        playout.shift();
        echo(head.name);
        continue;
      }
      if (budget === 0) break;
      const take = Math.min(budget, head.bytes.length);
      head.bytes = head.bytes.subarray(take);
      budget -= take;
      playedBytes += take;
      if (head.bytes.length === 0) playout.shift();
    }
    notify();
  }

  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    // Drift-free: each frame is due at its absolute time; a late timer sends the missed frames now.
    const due = started + chunk * frameMs;
    timer = setTimeout(
      () => {
        while (!stopped && performance.now() >= started + chunk * frameMs && socket.readyState === WebSocket.OPEN)
          tick();
        schedule();
      },
      Math.max(0, due - performance.now()),
    );
  };
  schedule();
  void closed.then(() => {
    stopped = true;
    clearTimeout(timer);
    notify();
  });

  const waitFor = (ready: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (ready()) return resolve();
      const check = () => {
        if (!ready()) return;
        listeners.delete(check);
        clearTimeout(limit);
        resolve();
      };
      const limit = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`fake Media Streams caller: ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      listeners.add(check);
    });

  const queue = (bytes: Uint8Array) =>
    new Promise<void>((resolve) => {
      outbound.push({ bytes, done: resolve });
    });

  return {
    streamSid,
    async say(text) {
      return queue(await speechMulaw(text));
    },
    play: (audio) => queue(audio),
    pressKey(digit) {
      send({ event: 'dtmf', sequenceNumber: String(++sequence), streamSid, dtmf: { track: 'inbound_track', digit } });
    },
    waitForAgentAudio(ms, timeoutMs = 10_000) {
      return waitFor(() => agentBytes / 8 >= ms, timeoutMs, `no ${ms} ms of agent audio`);
    },
    waitForAgentQuiet(opts = {}) {
      const quietMs = opts.quietMs ?? 300;
      return waitFor(
        () => agentBytes > 0 && playout.length === 0 && performance.now() - lastAgentAudioAt >= quietMs / speed,
        opts.timeoutMs ?? 15_000,
        'the agent did not finish speaking',
      );
    },
    get agentAudioMs() {
      return agentBytes / 8;
    },
    get playedMs() {
      return playedBytes / 8;
    },
    agentPayloads,
    sentPayloads,
    get clears() {
      return clears;
    },
    marksEchoed,
    otherFrames,
    agentStamps: () => agentPayloads.map((payload) => readStamp(new Uint8Array(Buffer.from(payload, 'base64')))),
    async hangUp() {
      send({ event: 'stop', sequenceNumber: String(++sequence), streamSid, stop: { callSid: options.callSid } });
      stopped = true;
      clearTimeout(timer);
      socket.close(1000, 'hangup');
      await closed;
    },
    closed,
  };
}
