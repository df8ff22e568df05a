// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import type { ContactCard } from '../api/contacts.ts';

const card: ContactCard = {
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
const saveFavorite = vi.fn<(c: ContactCard) => Promise<void>>();

vi.mock('../../auth/session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: { id: 'u1' } }) }));
vi.mock('../api/contacts.ts', () => ({
  useContactCardsQuery: () => ({
    data: { pages: [[card]] },
    isPending: false,
    isSuccess: true,
    error: null,
    hasNextPage: false,
  }),
  useToggleFavoriteMutation: () => useMutation({ mutationFn: saveFavorite }),
}));

const { ContactsPage } = await import('./ContactsPage.tsx');

function renderPage(lang: 'en' | 'fr') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ContactsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  saveFavorite.mockReset();
});

describe('ContactsPage favourite toggle', () => {
  it('says so when the favourite could not be saved, naming the contact and the reason', async () => {
    saveFavorite.mockRejectedValue(new Error('network down'));
    renderPage('en');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Marie Curie to favourites' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The favourite for Marie Curie was not saved');
    expect(saveFavorite).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the favourite is saved (French)', async () => {
    saveFavorite.mockResolvedValue();
    renderPage('fr');
    fireEvent.click(screen.getByRole('button', { name: /Marie Curie/ }));
    await vi.waitFor(() => expect(saveFavorite).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
