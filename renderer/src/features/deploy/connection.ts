/**
 * The browser side of the Google Calendar round trip: the agent id travels in
 * sessionStorage (Google only hands back `code` and `state`), and the callback decides where to go.
 */
export const CALENDAR_AGENT_KEY = 'concierge.googleCalendar.agentId';
export const CALLBACK_PATH = '/auth/google/callback';

export function rememberCalendarAgent(agentId: string): void {
  window.sessionStorage.setItem(CALENDAR_AGENT_KEY, agentId);
}

/** Reads and clears the stored agent id (the callback uses it once). */
export function takeCalendarAgent(): string | null {
  try {
    const agentId = window.sessionStorage.getItem(CALENDAR_AGENT_KEY);
    window.sessionStorage.removeItem(CALENDAR_AGENT_KEY);
    return agentId;
  } catch {
    return null;
  }
}

/** Where Google sends the owner back: this console's own callback route (http(s) origins only). */
export function calendarRedirectUri(origin: string): string | null {
  return /^https?:\/\//.test(origin) ? `${origin}${CALLBACK_PATH}` : null;
}

export function integrationsPath(agentId: string | null): string {
  return agentId ? `/agents/${encodeURIComponent(agentId)}/integrations` : '/agents';
}

export type CallbackPlan =
  { kind: 'return'; to: string } | { kind: 'exchange'; code: string; state: string; to: string };

/** With an error, a missing code/state or no stored agent id: straight back; otherwise exchange first. */
export function planCallback(search: string, storedAgentId: string | null): CallbackPlan {
  const params = new URLSearchParams(search);
  const to = integrationsPath(storedAgentId);
  const code = params.get('code');
  const state = params.get('state');
  if (params.has('error') || !code || !state || !storedAgentId) return { kind: 'return', to };
  return { kind: 'exchange', code, state, to };
}

/** Sends the window to Google's consent page (a module of its own so tests can replace it). */
export function goToUrl(url: string): void {
  window.location.assign(url);
}
