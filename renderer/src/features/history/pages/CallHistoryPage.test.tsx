// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';

type Answer = { data: unknown; error: unknown };
const rpc = vi.fn<(name: string, args: unknown) => Promise<Answer>>();

vi.mock('../../auth/session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: { id: 'u1' } }) }));
vi.mock('../../../lib/supabase.ts', () => ({ getSupabase: () => ({ rpc }) }));

const { CallHistoryPage } = await import('./CallHistoryPage.tsx');

const call = {
  kind: 'gsm',
  id: '00000000-0000-0000-0000-000000000001',
  agent_id: 'a1',
  agent_name: 'Front desk',
  from_number: '+33612345678',
  to_number: '+33100000000',
  status: 'completed',
  duration: 75,
  started_at: '2026-11-20T09:30:00Z',
  recording_path: null,
  recording_mime: null,
  conversation_id: null,
};

function renderPage(lang: 'en' | 'fr') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CallHistoryPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  rpc.mockReset();
});

describe('call history states (French in both interface languages)', () => {
  it('draws skeleton rows while the first page loads, then the calls', async () => {
    let answer: (a: Answer) => void = () => undefined;
    rpc.mockReturnValue(new Promise<Answer>((resolve) => (answer = resolve)));
    renderPage('en');
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('+33 6 12 34 56 78')).toBeNull();
    answer({ data: [call], error: null });
    await screen.findByText('+33 6 12 34 56 78');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    expect(rpc).toHaveBeenCalledWith('call_history', expect.objectContaining({ page_size: 20 }));
  });

  it.each(['en', 'fr'] as const)('says "Aucun appel" in French when no call matches (%s interface)', async (lang) => {
    rpc.mockResolvedValue({ data: [], error: null });
    renderPage(lang);
    await screen.findByText('Aucun appel');
    expect(screen.getByText('Aucun appel sur cette période.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error with a retry that fetches again and then lists the calls', async () => {
    rpc.mockResolvedValueOnce({ data: null, error: { message: 'upstream timeout', code: '57014' } });
    rpc.mockResolvedValueOnce({ data: [call], error: null });
    renderPage('en');
    await screen.findByText('Impossible de charger les appels');
    expect(screen.queryByText('+33 6 12 34 56 78')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByText('+33 6 12 34 56 78');
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('Impossible de charger les appels')).toBeNull();
  });

  it('switches to another period and lists what it returns (the browser hangs here; jsdom does not)', async () => {
    rpc.mockResolvedValue({ data: [call], error: null });
    renderPage('en');
    await screen.findByText('+33 6 12 34 56 78');
    fireEvent.click(screen.getByRole('button', { name: '24 h' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
    await screen.findByText('+33 6 12 34 56 78');
  });
});
