// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import type { OwnedNumber } from '../api/numbers.ts';

const number: OwnedNumber = {
  id: 'n1',
  phoneNumber: '+14155550101',
  countryCode: 'US',
  locality: 'San Francisco',
  addedAt: '2026-01-02T10:00:00Z',
  agentId: 'a1',
  agentName: 'Front desk',
};
const loadAgents = vi.fn<() => Promise<{ id: string; name: string }[]>>();

vi.mock('../../auth/session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: { id: 'u1' }, profile: null }) }));
vi.mock('../useBuyBlockedReason.ts', () => ({ useBuyBlockedReason: () => null }));
vi.mock('../api/numbers.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/numbers.ts')>()),
  useMyNumbersQuery: () => useQuery({ queryKey: ['mine'], queryFn: () => Promise.resolve([number]) }),
  useMyAgentsQuery: () => useQuery({ queryKey: ['agents'], queryFn: () => loadAgents() }),
}));

const { ActiveNumbersPage } = await import('./ActiveNumbersPage.tsx');

function renderPage(lang: 'en' | 'fr' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ActiveNumbersPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const agentSelect = () => screen.getByLabelText<HTMLSelectElement>('Agent for +14155550101');

afterEach(() => {
  cleanup();
  loadAgents.mockReset();
});

describe('ActiveNumbersPage', () => {
  it('offers the owner’s agents once they are loaded', async () => {
    loadAgents.mockResolvedValue([
      { id: 'a1', name: 'Front desk' },
      { id: 'a2', name: 'Night line' },
    ]);
    renderPage();
    await waitFor(() => expect(agentSelect().disabled).toBe(false));
    expect([...agentSelect().options].map((o) => o.text)).toEqual(['Not assigned', 'Front desk', 'Night line']);
    expect(agentSelect().value).toBe('a1');
  });

  it('says the agents failed to load and disables assigning, keeping the current agent shown', async () => {
    loadAgents.mockRejectedValueOnce(new Error('network down'));
    renderPage();
    await screen.findByTestId('numbers-agents-error');
    expect(screen.getByText('Your agents could not be loaded, so numbers cannot be assigned for now.')).toBeTruthy();
    expect(agentSelect().disabled).toBe(true);
    expect(agentSelect().value).toBe('a1');
    expect([...agentSelect().options].map((o) => o.text)).toEqual(['Not assigned', 'Front desk']);

    loadAgents.mockResolvedValue([{ id: 'a1', name: 'Front desk' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(agentSelect().disabled).toBe(false));
    expect(screen.queryByTestId('numbers-agents-error')).toBeNull();
  });

  it('says it in French too', async () => {
    loadAgents.mockRejectedValueOnce(new Error('network down'));
    renderPage('fr');
    await screen.findByTestId('numbers-agents-error');
    expect(
      screen.getByText(
        'Vos agents n’ont pas pu être chargés : les numéros ne peuvent pas être assignés pour l’instant.',
      ),
    ).toBeTruthy();
  });
});
