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

const { ContactsPage } = await import('./ContactsPage.tsx');

const card = {
  id: 'c1',
  phone: '33611223344',
  email: null,
  first_name: 'Marie',
  last_name: 'Curie',
  favorite: false,
  notes: '',
  last_contact_date: '2026-11-20T10:00:00Z',
  total_call_duration: 0,
  sort_key: '2026-11-20T10:00:00Z',
  conversation_count: 1,
  channels: ['phone'],
};

function renderPage(lang: 'en' | 'fr') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ContactsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const busy = () => document.querySelector('[aria-busy="true"]');

afterEach(() => {
  cleanup();
  rpc.mockReset();
});

describe('/contacts states', () => {
  it('shows skeleton lines while the cards load, then the cards', async () => {
    let answer: (a: Answer) => void = () => undefined;
    rpc.mockReturnValue(new Promise<Answer>((resolve) => (answer = resolve)));
    renderPage('en');
    expect(busy()).not.toBeNull();
    expect(screen.queryByText(/Marie Curie/)).toBeNull();
    answer({ data: [card], error: null });
    await screen.findAllByText(/Marie Curie/);
    expect(busy()).toBeNull();
  });

  it.each([
    ['en', 'No contacts', 'Contacts appear when someone calls, writes on WhatsApp or gives an address on a web chat.'],
    [
      'fr',
      'Aucun contact',
      'Les contacts apparaissent quand quelqu’un appelle, écrit sur WhatsApp ou donne une adresse sur le chat web.',
    ],
  ] as const)('says there are no contacts yet (%s)', async (lang, title, hint) => {
    rpc.mockResolvedValue({ data: [], error: null });
    renderPage(lang);
    await screen.findByText(title);
    expect(screen.getByText(hint)).toBeTruthy();
    expect(document.querySelector('.contact-grid')?.children.length).toBe(0);
  });

  it('says no contact matches when only favourites are asked for', async () => {
    rpc.mockResolvedValue({ data: [], error: null });
    renderPage('en');
    await screen.findByText('No contacts');
    fireEvent.click(screen.getByLabelText('Favourites only'));
    await screen.findByText('No contacts match this search.');
    expect(rpc).toHaveBeenLastCalledWith('contact_cards', expect.objectContaining({ favorites_only: true }));
  });

  it.each([
    ['en', 'Failed to fetch contacts', 'Retry'],
    ['fr', 'Échec du chargement des contacts', 'Réessayer'],
  ] as const)('shows the error banner with a retry that fetches again (%s)', async (lang, title, retry) => {
    rpc.mockResolvedValueOnce({ data: null, error: { message: 'upstream timeout', code: '57014' } });
    rpc.mockResolvedValueOnce({ data: [card], error: null });
    renderPage(lang);
    await screen.findByText(title);
    fireEvent.click(screen.getByRole('button', { name: retry }));
    await screen.findAllByText(/Marie Curie/);
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(title)).toBeNull();
  });
});
