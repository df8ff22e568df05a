import type { Page, Route } from 'playwright-core';
import WebSocket from 'ws';
import { makeHandler } from '../../../supabase/functions/voice-session/handler.ts';
import type { FakeOpenAI } from '../../fakes/openai/server.ts';

/**
 * What the browser voice e2e tests share: a stand-in for WebRTC (a test cannot reach OpenAI's
 * realtime media) and the real `voice-session` function configured as a deployment with a key
 * would be (the product under test runs offline, so its own voice-session says voice is off).
 */

export type VoiceSessionHandler = (request: Request) => Promise<Response>;

export interface StubWebRtcOptions {
  /** Model events the data channel plays, in order, 100 ms after it opened. */
  events?: Record<string, unknown>[];
  /** How long after the SDP answer the data channel opens. */
  openAfterMs?: number;
}

/**
 * Replaces RTCPeerConnection and the microphone: tones stand in for both audio directions, the
 * data channel opens after the answer (the call is then connected), plays `events`, and records
 * what the page sends on it in `window.__sentOnChannel`.
 */
export async function stubWebRtc(page: Page, options: StubWebRtcOptions = {}): Promise<void> {
  await page.addInitScript(
    ({ events, openAfterMs }) => {
      const w = window as unknown as Record<string, unknown>;
      w.__sentOnChannel = [] as string[];
      const tone = (hz: number) => {
        const ctx = new AudioContext();
        const osc = ctx.createOscillator();
        osc.frequency.value = hz;
        const out = ctx.createMediaStreamDestination();
        osc.connect(out);
        osc.start();
        return out.stream;
      };
      class FakeChannel {
        readyState = 'connecting';
        onopen: (() => void) | null = null;
        onmessage: ((e: { data: string }) => void) | null = null;
        send(data: string) {
          (w.__sentOnChannel as string[]).push(data);
        }
        close() {
          this.readyState = 'closed';
        }
      }
      class FakePeerConnection {
        channel = new FakeChannel();
        ontrack: ((e: { streams: MediaStream[] }) => void) | null = null;
        addTrack() {}
        createDataChannel() {
          return this.channel;
        }
        async createOffer() {
          return { type: 'offer', sdp: 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\n' };
        }
        async setLocalDescription() {}
        async setRemoteDescription() {
          this.ontrack?.({ streams: [tone(660)] });
          setTimeout(() => {
            this.channel.readyState = 'open';
            this.channel.onopen?.();
            setTimeout(() => {
              for (const event of events) this.channel.onmessage?.({ data: JSON.stringify(event) });
            }, 100);
          }, openAfterMs);
        }
        close() {}
      }
      w.RTCPeerConnection = FakePeerConnection;
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: async () => tone(440) },
      });
    },
    { events: options.events ?? [], openAfterMs: options.openAfterMs ?? 200 },
  );
}

/** The real voice-session function against the product's database, with the fake's realtime API. */
export function voiceSessionHandler(
  product: { apiUrl: string; serviceRoleKey: string; anonKey: string },
  realtime: FakeOpenAI,
): VoiceSessionHandler {
  const env: Record<string, string> = {
    SUPABASE_URL: product.apiUrl,
    SUPABASE_SERVICE_ROLE_KEY: product.serviceRoleKey,
    SUPABASE_ANON_KEY: product.anonKey,
    OPENAI_API_KEY: realtime.apiKey,
    OPENAI_BASE_URL: realtime.baseURL,
  };
  // The handler's supabase-js client needs a WebSocket class on Node 20 (the local stack installs the same).
  globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
  return makeHandler({ get: (name) => env[name] });
}

/** Sends the page's voice-session requests to `handler`, noting each request body in `seen`. */
export async function routeVoiceSession(
  page: Page,
  handler: VoiceSessionHandler,
  seen: Record<string, unknown>[] = [],
): Promise<void> {
  await page.route('**/functions/v1/voice-session**', async (route: Route) => {
    const request = route.request();
    const body = request.postData();
    if (body) seen.push(JSON.parse(body) as Record<string, unknown>);
    // The runtime hands a function `/<name>`, without the gateway's `/functions/v1`.
    const response = await handler(
      new Request(request.url().replace('/functions/v1/', '/'), {
        method: request.method(),
        headers: request.headers(),
        ...(body && request.method() !== 'GET' ? { body } : {}),
      }),
    );
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
}
