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

  it('runs each declared job at its interval; the connector and sender intervals can be overridden', () => {
    const declared = [
      { name: 'connector-dispatch', function_path: 'connector-dispatch', every_seconds: 60 },
      { name: 'voice-call-sweeper', function_path: 'voice-call-sweeper', every_seconds: 60 },
      { name: 'whatsapp-sender-sweep', function_path: 'whatsapp-senders/sweep', every_seconds: 30 },
    ];
    expect(localSchedule(declared, {})).toEqual([
      { slug: 'connector-dispatch', everyMs: 60_000 },
      { slug: 'voice-call-sweeper', everyMs: 60_000 },
      { slug: 'whatsapp-senders/sweep', everyMs: 30_000 },
    ]);
    expect(localSchedule(declared, { CONCIERGE_CONNECTOR_DISPATCH_MS: '5000' })[0]).toEqual({
      slug: 'connector-dispatch',
      everyMs: 5000,
    });
    // Tests follow senders faster; a busy loop falls back to the declared interval.
    expect(localSchedule(declared, { CONCIERGE_WHATSAPP_SENDER_SWEEP_MS: '500' }).at(-1)?.everyMs).toBe(500);
    expect(localSchedule(declared, { CONCIERGE_WHATSAPP_SENDER_SWEEP_MS: '5' }).at(-1)?.everyMs).toBe(30_000);
    // Nonsense or a busy loop falls back to the declared interval.
    expect(localSchedule(declared, { CONCIERGE_CONNECTOR_DISPATCH_MS: 'soon' })[0]?.everyMs).toBe(60_000);
    expect(localSchedule(declared, { CONCIERGE_CONNECTOR_DISPATCH_MS: '10' })[0]?.everyMs).toBe(60_000);
    // Only the named jobs take overrides.
    expect(localSchedule(declared, { CONCIERGE_VOICE_CALL_SWEEPER_MS: '1000' })[1]?.everyMs).toBe(60_000);
  });
});
