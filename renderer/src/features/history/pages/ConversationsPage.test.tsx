// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';

type Answer = { data: unknown; error: unknown };
const rpc = vi.fn<(name: string, args: unknown) => Promise<Answer>>();

// The agents filter reads `agents`; the live updates subscribe to a Realtime channel.
const agentsQuery = {
  select: () => agentsQuery,
  eq: () => agentsQuery,
  order: () => agentsQuery,
  limit: () => Promise.resolve({ data: [{ id: 'a1', name: 'Front desk' }], error: null }),
};
const channel = { on: () => channel, subscribe: () => channel };
vi.mock('../../auth/session/AuthProvider.tsx', () => ({ useAuth: () => ({ user: { id: 'u1' } }) }));
vi.mock('../../../lib/supabase.ts', () => ({
  getSupabase: () => ({
    rpc,
    from: () => agentsQuery,
    channel: () => channel,
    removeChannel: () => Promise.resolve('ok'),
  }),
}));

const { ConversationsPage } = await import('./ConversationsPage.tsx');

const row = {
  id: '00000000-0000-0000-0000-0000000000c1',
  agent_id: 'a1',
  agent_name: 'Front desk',
  channel: 'web_chat',
  visitor_id: 'v1',
  contact_id: null,
  contact_name: 'Marie Curie',
  language: 'fr',
  satisfaction: null,
  started_at: '2026-11-20T10:00:00Z',
  last_message_at: '2026-11-20T10:05:00Z',
  ended_at: null,
  message_count: 4,
  preview: 'Bonjour',
};

function renderPage(lang: 'en' | 'fr') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/conversations']}>
          <Routes>
            <Route path="/conversations" element={<ConversationsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const listPane = () => document.querySelector('.inbox-list-pane') as HTMLElement;

afterEach(() => {
  cleanup();
  rpc.mockReset();
});

describe('/conversations inbox states', () => {
  it('shows skeleton lines while the inbox loads, then the conversations', async () => {
    let answer: (a: Answer) => void = () => undefined;
    rpc.mockReturnValue(new Promise<Answer>((resolve) => (answer = resolve)));
    renderPage('en');
    expect(listPane().querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryAllByTestId('inbox-item')).toHaveLength(0);
    answer({ data: [row], error: null });
    await screen.findByText('Marie Curie');
    expect(screen.getAllByTestId('inbox-item')).toHaveLength(1);
    expect(listPane().querySelector('[aria-busy="true"]')).toBeNull();
  });

  it.each([
    ['en', 'No conversations', 'Conversations appear here as soon as a visitor writes or calls.'],
    ['fr', 'Aucune conversation', 'Les conversations apparaissent ici dès qu’un visiteur écrit ou appelle.'],
  ] as const)('says there are no conversations yet (%s)', async (lang, title, hint) => {
    rpc.mockResolvedValue({ data: [], error: null });
    renderPage(lang);
    await screen.findByText(title);
    expect(screen.getByText(hint)).toBeTruthy();
    expect(screen.queryAllByTestId('inbox-item')).toHaveLength(0);
  });

  it.each([
    ['en', 'Could not load conversations', 'Retry'],
    ['fr', 'Impossible de charger les conversations', 'Réessayer'],
  ] as const)('shows the error with a retry that fetches again (%s)', async (lang, title, retry) => {
    rpc.mockResolvedValueOnce({ data: null, error: { message: 'upstream timeout', code: '57014' } });
    rpc.mockResolvedValueOnce({ data: [row], error: null });
    renderPage(lang);
    await screen.findByText(title);
    fireEvent.click(screen.getByRole('button', { name: retry }));
    await screen.findByText('Marie Curie');
    await waitFor(() => expect(rpc).toHaveBeenCalledTimes(2));
    expect(rpc).toHaveBeenLastCalledWith('conversation_inbox', expect.objectContaining({ page_size: 20 }));
    expect(screen.queryByText(title)).toBeNull();
  });
});
