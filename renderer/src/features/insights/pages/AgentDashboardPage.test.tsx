// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import type { DayPoint } from '../format.ts';
import { dashboardAggregate } from '../testing/aggregate.ts';

const rpc = vi.fn<(name: string, args: unknown) => Promise<{ data: unknown; error: unknown }>>();

let userId = 'u1';
vi.mock('../../auth/session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: { id: userId }, profile: null }) }));
vi.mock('../../../lib/supabase.ts', () => ({ getSupabase: () => ({ rpc }) }));
vi.mock('../../agents/api/agentDetail.ts', () => ({
  useAgentQuery: () => ({ data: { name: 'Front desk' }, refetch: vi.fn() }),
}));
vi.mock('../../deploy/api/phone.ts', () => ({ useAssignedNumberQuery: () => ({ isPending: false, data: null }) }));
vi.mock('../api/reservedNumbers.ts', () => ({
  useReservedNumbersQuery: () => ({ data: [] }),
  useAssignReservedNumberMutation: () => ({ isPending: false, isError: false, mutate: vi.fn() }),
}));
vi.mock('../../phoneNumbers/useBuyBlockedReason.ts', () => ({ useBuyBlockedReason: () => null }));
// The chart itself needs a laid-out page; what it is given is what this test checks.
vi.mock('../components/ActivityChart.tsx', () => ({
  ActivityChart: ({ points }: { points: DayPoint[] }) => (
    <ol data-testid="chart-days">
      {points.map((p) => (
        <li key={p.date}>{p.label}</li>
      ))}
    </ol>
  ),
}));

const { AgentDashboardPage } = await import('./AgentDashboardPage.tsx');

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderPage(lang: 'en' | 'fr' = 'en', client = newClient(), path = '/agents/a1/dashboard') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/agents/:agentId/dashboard" element={<AgentDashboardPage />} />
            <Route path="/agents/dashboard" element={<AgentDashboardPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  rpc.mockReset();
  userId = 'u1';
});

describe('/agents/{id}/dashboard', () => {
  it('without a number, "Get a number" opens the buy dialog with the dashboard’s countries', async () => {
    rpc.mockResolvedValue({ data: dashboardAggregate(), error: null });
    renderPage();
    fireEvent.click(await screen.findByTestId('number-badge-buy'));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a Number' });
    expect(
      within(dialog)
        .getAllByTestId(/^country-/)
        .map((b) => b.dataset.testid),
    ).toEqual(['country-US', 'country-CA', 'country-GB']);
  });

  it('labels the chart’s days in French even in the English interface', async () => {
    rpc.mockResolvedValue({ data: dashboardAggregate(), error: null });
    renderPage('en');
    const days = await screen.findByTestId('chart-days');
    expect([...days.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['23 nov.', '24 nov.', '25 nov.']);
  });

  it('keeps the figures and warns when a background refresh fails', async () => {
    rpc.mockResolvedValueOnce({ data: dashboardAggregate(), error: null });
    rpc.mockResolvedValueOnce({ data: null, error: { message: 'upstream timeout', code: '57014' } });
    renderPage();
    await screen.findByTestId('agent-calls-value');
    expect(screen.queryByTestId('insights-refresh-failed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await screen.findByTestId('insights-refresh-failed')).textContent).toContain('Could not refresh');
    expect(screen.getByTestId('agent-calls-value').textContent).toBe('6');
  });

  it('says “Failed to fetch agent statistics” with the reason and a retry that asks again', async () => {
    rpc.mockResolvedValueOnce({
      data: null,
      error: { message: 'upstream timeout', code: '57014', details: null, hint: null },
    });
    renderPage();
    expect(await screen.findByText('Failed to fetch agent statistics')).toBeTruthy();
    rpc.mockResolvedValueOnce({ data: dashboardAggregate(), error: null });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('agent-calls-value')).textContent).toBe('6');
    expect(screen.queryByText('Failed to fetch agent statistics')).toBeNull();
  });

  it('says “Agent ID is required” when the SQL refuses a missing agent id (French too)', async () => {
    rpc.mockResolvedValue({
      data: null,
      error: { message: 'Agent ID is required', code: '22023', details: null, hint: null },
    });
    renderPage('fr');
    expect(await screen.findByText("Échec de la récupération des statistiques de l'agent")).toBeTruthy();
    expect(screen.getByText("L'identifiant de l'agent est requis")).toBeTruthy();
  });

  it('without an agent id in the address, says so and asks the server nothing', async () => {
    renderPage('en', newClient(), '/agents/dashboard');
    expect(await screen.findByText('Agent ID is required')).toBeTruthy();
    expect(screen.getByText('Failed to fetch agent statistics')).toBeTruthy();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('caches per user: another account in the same window fetches its own agent figures', async () => {
    rpc.mockResolvedValue({ data: dashboardAggregate(), error: null });
    const client = newClient();
    renderPage('en', client);
    await screen.findByTestId('agent-calls-value');
    cleanup();
    userId = 'u2';
    renderPage('en', client);
    await screen.findByTestId('agent-calls-value');
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
    const users = client
      .getQueryCache()
      .findAll({ queryKey: ['insights', 'agent'] })
      .map((q) => q.queryKey[2]);
    expect(users.sort()).toEqual(['u1', 'u2']);
  });
});
