// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/index.ts';

const invoke = vi.fn();
vi.mock('../../lib/supabase.ts', () => ({ getSupabase: () => ({ functions: { invoke } }) }));

const { GoogleCallbackPage } = await import('./GoogleCallbackPage.tsx');
const { CALENDAR_AGENT_KEY } = await import('./connection.ts');

function Integrations() {
  const { agentId } = useParams();
  return <p>integrations of {agentId}</p>;
}

function renderAt(url: string, lang: 'en' | 'fr' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
            <Route path="/agents/:agentId/integrations" element={<Integrations />} />
            <Route path="/agents" element={<p>agent list</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  invoke.mockReset();
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe('GoogleCallbackPage', () => {
  it('exchanges the code, clears the stored agent id and returns to integrations', async () => {
    window.sessionStorage.setItem(CALENDAR_AGENT_KEY, 'agent-7');
    let resolve: (value: unknown) => void = () => {};
    invoke.mockReturnValue(new Promise((r) => (resolve = r)));
    renderAt('/auth/google/callback?code=4%2Fabc&state=st.sig&scope=x');
    expect(screen.getByText('Connecting to Google Calendar...')).toBeTruthy();
    expect(invoke).toHaveBeenCalledWith('google-calendar', {
      body: { action: 'exchange', code: '4/abc', state: 'st.sig' },
    });
    expect(window.sessionStorage.getItem(CALENDAR_AGENT_KEY)).toBeNull();
    resolve({ data: { connected: true, agentId: 'agent-7', calendarId: 'primary' }, error: null });
    expect(await screen.findByText('integrations of agent-7')).toBeTruthy();
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('returns to integrations without exchanging when Google reports an error', async () => {
    window.sessionStorage.setItem(CALENDAR_AGENT_KEY, 'agent-7');
    renderAt('/auth/google/callback?error=access_denied&state=st.sig');
    expect(await screen.findByText('integrations of agent-7')).toBeTruthy();
    expect(invoke).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(CALENDAR_AGENT_KEY)).toBeNull();
  });

  it('logs a failed exchange and still returns to integrations', async () => {
    window.sessionStorage.setItem(CALENDAR_AGENT_KEY, 'agent-7');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    invoke.mockResolvedValue({ data: null, error: new Error('boom') });
    renderAt('/auth/google/callback?code=c&state=s', 'fr');
    expect(screen.getByText('Connexion à Google Calendar...')).toBeTruthy();
    expect(await screen.findByText('integrations of agent-7')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to exchange code for tokens', expect.anything());
    logged.mockRestore();
  });

  it('goes back to the agent list when no agent id was stored', async () => {
    renderAt('/auth/google/callback?code=c&state=s');
    await waitFor(() => expect(screen.getByText('agent list')).toBeTruthy());
    expect(invoke).not.toHaveBeenCalled();
  });
});
