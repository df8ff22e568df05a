/**
 * Google's OAuth 2.0 web-server flow: the consent URL (offline access so a refresh token comes
 * back, prompt=consent so it comes back again on a reconnect) and the token endpoint for the
 * authorization code and refresh grants.
 */
import { GOOGLE_CALENDAR_SCOPES, type GoogleConfig } from './config.ts';

/** A failed call to Google; `status` is Google's HTTP status (0 = network failure). */
export class GoogleApiError extends Error {
  override readonly name = 'GoogleApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface GoogleTokens {
  accessToken: string;
  /** Google sends one on the first consent (and with prompt=consent); refreshes usually do not. */
  refreshToken: string | null;
  expiresAt: Date;
}

export function consentUrl(config: GoogleConfig & { clientId: string }, redirectUri: string, state: string): string {
  const url = new URL(config.authUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', GOOGLE_CALENDAR_SCOPES.join(' '));
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('include_granted_scopes', 'true');
  url.searchParams.set('state', state);
  return url.toString();
}

/** Google's error text from a JSON error body (`error_description`, `error.message` or `error`). */
export async function googleErrorText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as {
    error?: string | { message?: string };
    error_description?: string;
  } | null;
  const detail =
    body?.error_description ??
    (typeof body?.error === 'object' ? body.error.message : typeof body?.error === 'string' ? body.error : undefined);
  return `Google answered ${response.status}${detail ? `: ${detail}` : ''}`.slice(0, 500);
}

async function tokenRequest(
  config: GoogleConfig,
  form: Record<string, string>,
  fetcher: typeof fetch,
  now: Date,
): Promise<GoogleTokens> {
  if (!config.clientId) throw new GoogleApiError(0, 'Google Calendar is not configured on this server.');
  const body = new URLSearchParams({
    ...form,
    client_id: config.clientId,
    ...(config.clientSecret ? { client_secret: config.clientSecret } : {}),
  });
  let response: Response;
  try {
    response = await fetcher(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
  } catch (error) {
    throw new GoogleApiError(0, `Google could not be reached: ${String(error)}`.slice(0, 500));
  }
  if (!response.ok) throw new GoogleApiError(response.status, await googleErrorText(response));
  const json = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    refresh_token?: unknown;
    expires_in?: unknown;
  } | null;
  if (typeof json?.access_token !== 'string' || json.access_token === '') {
    throw new GoogleApiError(502, 'Google answered without an access token.');
  }
  const expiresIn = typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : 3600;
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === 'string' && json.refresh_token !== '' ? json.refresh_token : null,
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
  };
}

export function exchangeCode(
  config: GoogleConfig,
  code: string,
  redirectUri: string,
  fetcher: typeof fetch,
  now: Date,
): Promise<GoogleTokens> {
  return tokenRequest(config, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, fetcher, now);
}

export function refreshAccessToken(
  config: GoogleConfig,
  refreshToken: string,
  fetcher: typeof fetch,
  now: Date,
): Promise<GoogleTokens> {
  return tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, fetcher, now);
}
