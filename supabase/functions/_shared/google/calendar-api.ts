/**
 * One agent's Google Calendar connection as the calendar tool uses it: tokens from
 * `agent_secrets` (service role only), refreshed with the refresh token when expired or refused
 * (the new access token is persisted), and the four Calendar API v3 calls the tool needs.
 */
import type { DbClient } from '../platform/env.ts';
import { readIntegrationConfig } from '../contracts/integrations.ts';
import type { GoogleConfig } from './config.ts';
import { GoogleApiError, googleErrorText, refreshAccessToken } from './oauth.ts';

/** Refresh this long before the stored expiry so a token does not lapse mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

export interface CalendarEvent {
  summary: string;
  description: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  /** Ties the Google event back to our appointment row. */
  extendedProperties?: { private: Record<string, string> };
}

export interface BusyInterval {
  start: number;
  end: number;
}

interface SecretsRow {
  google_calendar_access_token: string | null;
  google_calendar_refresh_token: string | null;
  google_calendar_token_expires_at: string | null;
}

export interface GoogleCalendarOptions {
  service: DbClient;
  agentId: string;
  config: GoogleConfig;
  fetch: typeof fetch;
  now: () => Date;
}

export class GoogleCalendar {
  private accessToken: string | null;
  private refreshToken: string | null;
  private expiresAt: number;

  constructor(
    private readonly options: GoogleCalendarOptions,
    readonly calendarId: string,
    secrets: SecretsRow,
  ) {
    this.accessToken = secrets.google_calendar_access_token;
    this.refreshToken = secrets.google_calendar_refresh_token;
    this.expiresAt = secrets.google_calendar_token_expires_at
      ? Date.parse(secrets.google_calendar_token_expires_at)
      : Number.POSITIVE_INFINITY;
  }

  private async refresh(): Promise<string> {
    if (!this.refreshToken) {
      throw new GoogleApiError(
        401,
        'The Google access token expired and there is no refresh token; reconnect Google Calendar.',
      );
    }
    const tokens = await refreshAccessToken(
      this.options.config,
      this.refreshToken,
      this.options.fetch,
      this.options.now(),
    );
    this.accessToken = tokens.accessToken;
    this.expiresAt = tokens.expiresAt.getTime();
    if (tokens.refreshToken) this.refreshToken = tokens.refreshToken;
    const { error } = await this.options.service
      .from('agent_secrets')
      .update({
        google_calendar_access_token: tokens.accessToken,
        google_calendar_token_expires_at: tokens.expiresAt.toISOString(),
        ...(tokens.refreshToken ? { google_calendar_refresh_token: tokens.refreshToken } : {}),
      })
      .eq('agent_id', this.options.agentId);
    // The fresh token still works for this call; the next one refreshes again.
    if (error) console.warn('google-calendar: storing the refreshed token failed', error.message);
    return tokens.accessToken;
  }

  private async token(): Promise<string> {
    if (this.accessToken && this.expiresAt - EXPIRY_MARGIN_MS > this.options.now().getTime()) return this.accessToken;
    return this.refresh();
  }

  /** One API call; a 401 with a token we did not just refresh gets one refresh and one retry. */
  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    let refreshed = false;
    let token = await this.token();
    for (;;) {
      let response: Response;
      try {
        response = await this.options.fetch(`${this.options.config.calendarApiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      } catch (error) {
        throw new GoogleApiError(0, `Google could not be reached: ${String(error)}`.slice(0, 500));
      }
      if (response.status === 401 && !refreshed && this.refreshToken) {
        await response.body?.cancel();
        refreshed = true;
        token = await this.refresh();
        continue;
      }
      return response;
    }
  }

  private eventsPath(eventId?: string): string {
    const base = `/calendars/${encodeURIComponent(this.calendarId)}/events`;
    return eventId ? `${base}/${encodeURIComponent(eventId)}` : base;
  }

  async insertEvent(event: CalendarEvent): Promise<string> {
    const response = await this.call('POST', this.eventsPath(), event);
    if (!response.ok) throw new GoogleApiError(response.status, await googleErrorText(response));
    const json = (await response.json().catch(() => null)) as { id?: unknown } | null;
    if (typeof json?.id !== 'string') throw new GoogleApiError(502, 'Google created the event without an id.');
    return json.id;
  }

  /** Patches an event; a 404/410 (deleted in Google meanwhile) is a GoogleApiError with that status. */
  async patchEvent(eventId: string, event: CalendarEvent): Promise<void> {
    const response = await this.call('PATCH', this.eventsPath(eventId), event);
    if (!response.ok) throw new GoogleApiError(response.status, await googleErrorText(response));
    await response.body?.cancel();
  }

  /** Deletes an event; one already gone (404/410) counts as deleted. */
  async deleteEvent(eventId: string): Promise<void> {
    const response = await this.call('DELETE', this.eventsPath(eventId));
    if (!response.ok && response.status !== 404 && response.status !== 410) {
      throw new GoogleApiError(response.status, await googleErrorText(response));
    }
    await response.body?.cancel();
  }

  /** Busy intervals of the connected calendar between two instants (epoch ms). */
  async busy(timeMin: number, timeMax: number): Promise<BusyInterval[]> {
    const response = await this.call('POST', '/freeBusy', {
      timeMin: new Date(timeMin).toISOString(),
      timeMax: new Date(timeMax).toISOString(),
      items: [{ id: this.calendarId }],
    });
    if (!response.ok) throw new GoogleApiError(response.status, await googleErrorText(response));
    const json = (await response.json().catch(() => null)) as {
      calendars?: Record<string, { busy?: { start?: unknown; end?: unknown }[]; errors?: { reason?: string }[] }>;
    } | null;
    const calendar = json?.calendars?.[this.calendarId];
    if (!calendar) throw new GoogleApiError(502, 'Google answered freeBusy without the calendar.');
    if (calendar.errors?.length) {
      throw new GoogleApiError(502, `Google freeBusy failed: ${calendar.errors[0]?.reason ?? 'unknown reason'}`);
    }
    return (calendar.busy ?? []).flatMap((interval) => {
      const start = typeof interval.start === 'string' ? Date.parse(interval.start) : NaN;
      const end = typeof interval.end === 'string' ? Date.parse(interval.end) : NaN;
      return Number.isFinite(start) && Number.isFinite(end) && end > start ? [{ start, end }] : [];
    });
  }
}

/**
 * The agent's connected calendar, or null when the google_calendar integration is not enabled.
 * An enabled integration without any token still gives a calendar: its calls fail with a clear
 * reason that the tool records on the appointment.
 */
export async function loadGoogleCalendar(options: GoogleCalendarOptions): Promise<GoogleCalendar | null> {
  const { data: integration, error } = await options.service
    .from('agent_integrations')
    .select('enabled, config')
    .eq('agent_id', options.agentId)
    .eq('kind', 'google_calendar')
    .maybeSingle<{ enabled: boolean; config: unknown }>();
  if (error) throw new Error(error.message);
  if (!integration?.enabled) return null;
  const { data: secrets, error: secretsError } = await options.service
    .from('agent_secrets')
    .select('google_calendar_access_token, google_calendar_refresh_token, google_calendar_token_expires_at')
    .eq('agent_id', options.agentId)
    .maybeSingle<SecretsRow>();
  if (secretsError) throw new Error(secretsError.message);
  const calendarId = readIntegrationConfig('google_calendar', integration.config).calendar_id || 'primary';
  return new GoogleCalendar(
    options,
    calendarId,
    secrets ?? {
      google_calendar_access_token: null,
      google_calendar_refresh_token: null,
      google_calendar_token_expires_at: null,
    },
  );
}
