// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { dashboardAggregate } from '../testing/aggregate.ts';

const rpc = vi.fn<(name: string, args: unknown) => Promise<{ data: unknown; error: unknown }>>();
let userId = 'owner-1';

vi.mock('../../auth/session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: { id: userId } }) }));
vi.mock('../../../lib/supabase.ts', () => ({ getSupabase: () => ({ rpc }) }));

const { DashboardPage } = await import('./DashboardPage.tsx');

function renderPage(client: QueryClient, lang: 'en' | 'fr' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const text = (testId: string) => screen.getByTestId(testId).textContent?.trim();

afterEach(() => {
  cleanup();
  rpc.mockReset();
  userId = 'owner-1';
});

describe('/dashboard', () => {
  it('shows the trend the SQL returned on every card, signed, to one decimal', async () => {
    rpc.mockResolvedValue({ data: dashboardAggregate(), error: null });
    renderPage(newClient());
    await screen.findByTestId('dashboard-calls-trend');
    expect(text('dashboard-conversations-trend')).toBe('+12.5% vs previous period');
    expect(text('dashboard-calls-trend')).toBe('-20% vs previous period');
    expect(text('dashboard-messages-trend')).toBe('+100% vs previous period');
    expect(text('dashboard-duration-trend')).toBe('+50% vs previous period');
    expect(text('dashboard-satisfaction-trend')).toBe('-3.3% vs previous period');
  });

  it('shows the rating distribution, each of the five ratings with its count (French)', async () => {
    rpc.mockResolvedValue({ data: dashboardAggregate(), error: null });
    renderPage(newClient(), 'fr');
    await screen.findByTestId('distribution-5');
    expect([1, 2, 3, 4, 5].map((r) => text(`distribution-${r}`))).toEqual([
      '1 étoile0',
      '2 étoiles1',
      '3 étoiles0',
      '4 étoiles0',
      '5 étoiles3',
    ]);
    expect(text('dashboard-satisfaction-trend')).toBe('-3,3 % par rapport à la période précédente');
  });

  it('says when nobody rated, instead of an empty chart', async () => {
    const data = dashboardAggregate();
    rpc.mockResolvedValue({
      data: { ...data, satisfaction: { average: null, ratings: 0, trend: 0, distribution: {} } },
      error: null,
    });
    renderPage(newClient());
    await screen.findByTestId('dashboard-distribution');
    expect(screen.getByTestId('dashboard-distribution').textContent).toContain('No visitor rated a conversation');
    expect(screen.queryByTestId('distribution-1')).toBeNull();
  });

  it('shows <1 min as the average when calls last under a minute on average', async () => {
    const data = dashboardAggregate();
    rpc.mockResolvedValue({ data: { ...data, calls: { ...data.calls, averageDuration: 42 } }, error: null });
    renderPage(newClient());
    await screen.findByTestId('dashboard-duration');
    expect(screen.getByTestId('dashboard-duration').textContent).toContain('average <1 min');
  });

  it('serves a revisit within 60 s from the cache and asks again after it', async () => {
    // Only the clock is faked: staleness is read from Date.now(), the page's own timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = new Date('2026-11-25T10:00:00Z').getTime();
      vi.setSystemTime(start);
      rpc.mockResolvedValue({ data: dashboardAggregate(), error: null });
      const client = newClient();
      renderPage(client);
      await screen.findByTestId('dashboard-calls-value');
      expect(rpc).toHaveBeenCalledTimes(1);
      cleanup();

      vi.setSystemTime(start + 59_000);
      renderPage(client);
      await screen.findByTestId('dashboard-calls-value');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rpc).toHaveBeenCalledTimes(1);
      cleanup();

      vi.setSystemTime(start + 61_000);
      renderPage(client);
      await screen.findByTestId('dashboard-calls-value');
      await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('caches per user: another account in the same window fetches its own figures', async () => {
    rpc.mockResolvedValue({ data: dashboardAggregate(), error: null });
    const client = newClient();
    renderPage(client);
    await screen.findByTestId('dashboard-calls-value');
    cleanup();
    userId = 'owner-2';
    renderPage(client);
    await screen.findByTestId('dashboard-calls-value');
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
    const keys = client
      .getQueryCache()
      .findAll({ queryKey: ['insights', 'dashboard'] })
      .map((q) => q.queryKey[2]);
    expect(keys.sort()).toEqual(['owner-1', 'owner-2']);
  });

  it('keeps the figures and warns when a refresh fails', async () => {
    rpc.mockResolvedValueOnce({ data: dashboardAggregate(), error: null });
    rpc.mockResolvedValueOnce({ data: null, error: { message: 'upstream timeout', code: '57014' } });
    renderPage(newClient());
    await screen.findByTestId('dashboard-calls-value');
    expect(screen.queryByTestId('insights-refresh-failed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByTestId('insights-refresh-failed');
    expect(text('dashboard-calls-value')).toBe('6');
  });
});
