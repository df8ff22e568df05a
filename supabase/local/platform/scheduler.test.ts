import { afterEach, describe, expect, it, vi } from 'vitest';
import { localSchedule, startFunctionScheduler } from './scheduler.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('local function scheduler', () => {
  it('posts to each job with the service key on its interval, never overlapping runs, until stopped', async () => {
    vi.useFakeTimers();
    const calls: { url: string; auth: string | null }[] = [];
    let release: (() => void) | undefined;
    const fetchFn = vi.fn((url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
      return new Promise<Response>((resolve) => {
        release = () => resolve(new Response('{}'));
      });
    }) as unknown as typeof fetch;
    const scheduler = startFunctionScheduler({
      apiUrl: () => 'http://127.0.0.1:1',
      serviceRoleKey: 'service-key',
      jobs: [{ slug: 'connector-dispatch', everyMs: 1000 }],
      log: () => {},
      fetch: fetchFn,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([{ url: 'http://127.0.0.1:1/functions/v1/connector-dispatch', auth: 'Bearer service-key' }]);
    // The first run is still going: the next tick is skipped.
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    release?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    release?.();
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('dispatches connectors every minute unless the interval is set; sweeps voice calls and interrupted uploads and sends email alerts every minute', () => {
    expect(localSchedule({})).toEqual([
      { slug: 'connector-dispatch', everyMs: 60_000 },
      { slug: 'voice-call-sweeper', everyMs: 60_000 },
      { slug: 'notification-emails', everyMs: 60_000 },
      { slug: 'phone-numbers/releases/sweep', everyMs: 60_000 },
      { slug: 'knowledge-ingest/sweep', everyMs: 60_000 },
      { slug: 'whatsapp-senders/sweep', everyMs: 30_000 },
    ]);
    expect(localSchedule({ CONCIERGE_CONNECTOR_DISPATCH_MS: '5000' })).toEqual([
      { slug: 'connector-dispatch', everyMs: 5000 },
      { slug: 'voice-call-sweeper', everyMs: 60_000 },
      { slug: 'notification-emails', everyMs: 60_000 },
      { slug: 'phone-numbers/releases/sweep', everyMs: 60_000 },
      { slug: 'knowledge-ingest/sweep', everyMs: 60_000 },
      { slug: 'whatsapp-senders/sweep', everyMs: 30_000 },
    ]);
    // Tests follow senders faster; a busy loop falls back to 30 s.
    expect(localSchedule({ CONCIERGE_WHATSAPP_SENDER_SWEEP_MS: '500' }).at(-1)?.everyMs).toBe(500);
    expect(localSchedule({ CONCIERGE_WHATSAPP_SENDER_SWEEP_MS: '5' }).at(-1)?.everyMs).toBe(30_000);
    // Nonsense or a busy loop falls back to the default.
    expect(localSchedule({ CONCIERGE_CONNECTOR_DISPATCH_MS: 'soon' })[0]?.everyMs).toBe(60_000);
    expect(localSchedule({ CONCIERGE_CONNECTOR_DISPATCH_MS: '10' })[0]?.everyMs).toBe(60_000);
  });
});
