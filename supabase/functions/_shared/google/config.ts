/**
 * Google OAuth and Calendar endpoints, from the function environment. The URLs default to Google's
 * real ones; tests and local runs point them at a loopback fake. Without GOOGLE_CLIENT_ID the
 * calendar connection is "not configured" (the console shows it, the function answers 503).
 */
export interface GoogleEnv {
  get(name: string): string | undefined;
}

export interface GoogleConfig {
  clientId: string | null;
  clientSecret: string | null;
  authUrl: string;
  tokenUrl: string;
  /** Calendar API v3 base, without trailing slash (…/calendar/v3). */
  calendarApiUrl: string;
}

export const GOOGLE_DEFAULTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  calendarApiUrl: 'https://www.googleapis.com/calendar/v3',
} as const;

/** calendar.events to write bookings, calendar.readonly for freeBusy on the owner's calendar. */
export const GOOGLE_CALENDAR_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
] as const;

const value = (env: GoogleEnv, name: string): string | null => env.get(name)?.trim() || null;

export function googleConfig(env: GoogleEnv): GoogleConfig {
  return {
    clientId: value(env, 'GOOGLE_CLIENT_ID'),
    clientSecret: value(env, 'GOOGLE_CLIENT_SECRET'),
    authUrl: value(env, 'GOOGLE_OAUTH_AUTH_URL') ?? GOOGLE_DEFAULTS.authUrl,
    tokenUrl: value(env, 'GOOGLE_OAUTH_TOKEN_URL') ?? GOOGLE_DEFAULTS.tokenUrl,
    calendarApiUrl: (value(env, 'GOOGLE_CALENDAR_API_URL') ?? GOOGLE_DEFAULTS.calendarApiUrl).replace(/\/+$/, ''),
  };
}

export const isGoogleConfigured = (config: GoogleConfig): config is GoogleConfig & { clientId: string } =>
  config.clientId !== null;
