// @vitest-environment jsdom
import { FunctionsHttpError } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/index.ts';

const invoke = vi.fn();
vi.mock('../../lib/supabase.ts', () => ({ getSupabase: () => ({ functions: { invoke } }) }));
const goToUrl = vi.fn();
vi.mock('./connection.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./connection.ts')>()),
  goToUrl: (url: string) => goToUrl(url),
}));

const { GoogleCalendarCard } = await import('./GoogleCalendarCard.tsx');
const { CALENDAR_AGENT_KEY } = await import('./connection.ts');

type Answer = { data: unknown; error: unknown };
/** Answers the function per action; `status` answers change as the test goes. */
function serve(answers: Record<string, Answer | (() => Answer)>) {
  invoke.mockImplementation((_name: string, { body }: { body: { action: string } }) => {
    const answer = answers[body.action];
    return Promise.resolve(typeof answer === 'function' ? answer() : answer);
  });
}
const ok = (data: unknown): Answer => ({ data, error: null });
const status = (connected: boolean, configured = true) =>
  ok({ configured, connected, calendarId: connected ? 'primary' : null, connectedAt: null });
const functionError = (status: number, code: string): Answer => ({
  data: null,
  error: new FunctionsHttpError(new Response(JSON.stringify({ error: { code, message: code } }), { status })),
});

function renderCard(lang: 'en' | 'fr' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GoogleCalendarCard agentId="agent-1" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const toggle = () => screen.getByLabelText<HTMLInputElement>('Connect Google Calendar');

beforeEach(() => {
  invoke.mockReset();
  goToUrl.mockReset();
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe('GoogleCalendarCard', () => {
  it('starts the Google consent after storing the agent id', async () => {
    serve({ status: status(false), start: ok({ url: 'https://accounts.google.test/o/oauth2/v2/auth?state=s' }) });
    renderCard();
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);
    expect(screen.getByText('Not connected')).toBeTruthy();
    fireEvent.click(toggle());
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('https://accounts.google.test/o/oauth2/v2/auth?state=s'));
    expect(invoke).toHaveBeenCalledWith('google-calendar', {
      body: { action: 'start', agentId: 'agent-1', redirectUri: `${window.location.origin}/auth/google/callback` },
    });
    expect(window.sessionStorage.getItem(CALENDAR_AGENT_KEY)).toBe('agent-1');
  });

  it('disconnects when switched off and shows the new state', async () => {
    let connected = true;
    serve({
      status: () => status(connected),
      disconnect: () => {
        connected = false;
        return ok({ connected: false, agentId: 'agent-1' });
      },
    });
    renderCard();
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(screen.getByText('Connected')).toBeTruthy();
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect(invoke).toHaveBeenCalledWith('google-calendar', { body: { action: 'disconnect', agentId: 'agent-1' } });
    expect(goToUrl).not.toHaveBeenCalled();
  });

  it('shows the calendar toggle failure toast and stays put when starting fails', async () => {
    serve({ status: status(false), start: functionError(500, 'internal_error') });
    renderCard();
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect(await screen.findByText('Could not change the Google Calendar connection. Please try again.')).toBeTruthy();
    expect(goToUrl).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(CALENDAR_AGENT_KEY)).toBeNull();
    await waitFor(() => expect(toggle().disabled).toBe(false));
  });

  it('is disabled with an explanation when the server has no Google client configured', async () => {
    serve({ status: status(false, false) });
    renderCard('fr');
    expect(await screen.findByText("Google Calendar n'est pas configuré sur ce serveur.")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Connecter Google Calendar').disabled).toBe(true);
  });

  it('opens the information dialog', async () => {
    serve({ status: status(false) });
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'About Google Calendar' }));
    expect(
      await screen.findByText('Before offering a time, your agent checks when you are busy in Google Calendar.'),
    ).toBeTruthy();
    // The footer's Close (the header's × shares the accessible name).
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);
    await waitFor(() =>
      expect(
        screen.queryByText('Before offering a time, your agent checks when you are busy in Google Calendar.'),
      ).toBeNull(),
    );
  });
});
