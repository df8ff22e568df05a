// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyKeys, type CallRange } from './keys.ts';

const rpc = vi.fn();
vi.mock('../../../lib/supabase.ts', () => ({ getSupabase: () => ({ rpc }) }));
const { useCallHistoryQuery } = await import('./callHistory.ts');

const week: CallRange = { kind: 'period', period: '7d' };

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('call history cache (5 minutes, keyed by user, search and range)', () => {
  beforeEach(() => {
    rpc.mockReset();
    rpc.mockResolvedValue({ data: [], error: null });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keys a period by its name, whatever the time', () => {
    expect(historyKeys.calls('u1', null, '', week)).toEqual(historyKeys.calls('u1', null, '', { ...week }));
    expect(historyKeys.calls('u1', null, '', week)).not.toEqual(
      historyKeys.calls('u1', null, '', { kind: 'period', period: '30d' }),
    );
    expect(historyKeys.calls('u1', 'a1', '', { kind: 'custom', from: '2026-11-01', to: '2026-11-02' })).not.toEqual(
      historyKeys.calls('u1', 'a1', '', { kind: 'custom', from: '2026-11-01', to: '2026-11-03' }),
    );
  });

  it('serves a revisit within 5 minutes from the cache, and refetches with the period moved to now', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = wrapperWith(client);

    const first = renderHook(() => useCallHistoryQuery('u1', null, '', week), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc.mock.calls[0]?.[1]).toMatchObject({ since: '2026-11-13T10:00:00.000Z', page_size: 20 });
    first.unmount();

    // The page is left and opened again 4 minutes later: a new mount, a fresh { kind, period }.
    vi.setSystemTime(new Date('2026-11-20T10:04:00Z'));
    const again = renderHook(() => useCallHistoryQuery('u1', null, '', { kind: 'period', period: '7d' }), {
      wrapper,
    });
    expect(again.result.current.isSuccess).toBe(true);
    expect(rpc).toHaveBeenCalledTimes(1);

    // 'Actualiser' refetches: the period then ends at the refetch's now.
    await again.result.current.refetch();
    expect(rpc).toHaveBeenCalledTimes(2);
    expect(rpc.mock.calls[1]?.[1]).toMatchObject({ since: '2026-11-13T10:04:00.000Z' });
  });

  it('expires after 5 minutes: a revisit at 4:59 is served from the cache, one at 5:01 fetches again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-11-20T10:00:00Z').getTime();
    vi.setSystemTime(start);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = wrapperWith(client);
    const visit = () =>
      renderHook(() => useCallHistoryQuery('u1', null, '', { kind: 'period', period: '7d' }), { wrapper });

    const first = visit();
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    expect(rpc).toHaveBeenCalledTimes(1);
    first.unmount();

    vi.setSystemTime(start + 4 * 60_000 + 59_000);
    const fresh = visit();
    expect(fresh.result.current.isSuccess).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rpc).toHaveBeenCalledTimes(1);
    fresh.unmount();

    vi.setSystemTime(start + 5 * 60_000 + 1_000);
    const stale = visit();
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
    // The refetched period ends at the revisit's now.
    expect(rpc.mock.calls[1]?.[1]).toMatchObject({ since: '2026-11-13T10:05:01.000Z' });
    await waitFor(() => expect(stale.result.current.isFetching).toBe(false));
  });

  it('keeps the first page’s window for the next page, after the last row', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const row = (i: number) => ({
      kind: 'gsm',
      id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
      agent_id: null,
      agent_name: null,
      from_number: '+33612345678',
      to_number: null,
      status: 'completed',
      duration: 10,
      started_at: new Date(Date.UTC(2026, 10, 20, 9, 59 - i)).toISOString(),
      recording_path: null,
      recording_mime: null,
      conversation_id: null,
    });
    rpc.mockResolvedValueOnce({ data: Array.from({ length: 20 }, (_, i) => row(i)), error: null });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useCallHistoryQuery('u1', 'a1', '+336', week), {
      wrapper: wrapperWith(client),
    });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    vi.setSystemTime(new Date('2026-11-20T10:03:00Z'));
    await result.current.fetchNextPage();
    expect(rpc.mock.calls[1]?.[1]).toEqual({
      agent: 'a1',
      search: '+336',
      since: '2026-11-13T10:00:00.000Z',
      before_at: row(19).started_at,
      before_id: row(19).id,
      page_size: 20,
    });
  });
});
