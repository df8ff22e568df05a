/**
 * A loopback stand-in for the Google endpoints the calendar connection and the calendar tool use:
 *   GET  /o/oauth2/v2/auth                      consent: redirects to redirect_uri with a code and the state
 *   POST /token                                 authorization_code and refresh_token grants (checks the
 *                                               client credentials, the redirect_uri and the code)
 *   POST   /calendar/v3/calendars/{id}/events    insert
 *   PATCH  /calendar/v3/calendars/{id}/events/{eventId}
 *   DELETE /calendar/v3/calendars/{id}/events/{eventId}
 *   POST   /calendar/v3/freeBusy                 busy = stored events + intervals the test adds
 * Calendar calls need a live access token (401 otherwise, as Google answers). Every request is
 * recorded; a test can make the next calls of one kind fail with a status.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GoogleCallKind = 'token' | 'insert' | 'patch' | 'delete' | 'freeBusy' | 'authorize' | 'other';

export interface GoogleRequest {
  kind: GoogleCallKind;
  method: string;
  path: string;
  authorization: string | undefined;
  /** Form fields for /token, JSON for calendar calls. */
  body: Record<string, unknown>;
}

export interface FakeEvent {
  id: string;
  calendarId: string;
  summary: string;
  description: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  extendedProperties?: { private?: Record<string, string> };
}

export interface FakeGoogleCalendar {
  url: string;
  clientId: string;
  clientSecret: string;
  /** GOOGLE_* variables pointing a function at this fake. */
  env: Record<string, string>;
  requests: GoogleRequest[];
  events: Map<string, FakeEvent>;
  /** Extra busy intervals (ISO instants) freeBusy reports, e.g. the owner's own meetings. */
  busy: { start: string; end: string }[];
  /** Lifetime of access tokens the fake issues, in seconds (default 3600). */
  accessTokenTtl: number;
  /** A code for the consent of `redirectUri`, as Google's consent page would return it. */
  issueCode(redirectUri: string): string;
  /** Makes every issued access token invalid (Google answers 401 until a refresh). */
  revokeAccessTokens(): void;
  /** The next `times` calls of `kind` answer `status`. */
  failNext(kind: GoogleCallKind, status: number, times?: number): void;
  requestsOf(kind: GoogleCallKind): GoogleRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const EVENTS = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/;

export async function startFakeGoogleCalendar(): Promise<FakeGoogleCalendar> {
  const clientId = 'fake-calendar-client.apps.googleusercontent.com';
  const clientSecret = 'fake-calendar-secret';
  const requests: GoogleRequest[] = [];
  const events = new Map<string, FakeEvent>();
  const codes = new Map<string, string>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const failures: { kind: GoogleCallKind; status: number; times: number }[] = [];

  const fake = {
    clientId,
    clientSecret,
    requests,
    events,
    busy: [] as { start: string; end: string }[],
    accessTokenTtl: 3600,
  };

  function kindOf(method: string, path: string): GoogleCallKind {
    if (path === '/token') return 'token';
    if (path === '/o/oauth2/v2/auth') return 'authorize';
    if (path === '/calendar/v3/freeBusy') return 'freeBusy';
    const match = EVENTS.exec(path);
    if (match && method === 'POST' && !match[2]) return 'insert';
    if (match && method === 'PATCH' && match[2]) return 'patch';
    if (match && method === 'DELETE' && match[2]) return 'delete';
    return 'other';
  }

  function issueCode(redirectUri: string): string {
    const code = `4/fake-${randomUUID()}`;
    codes.set(code, redirectUri);
    return code;
  }

  function issueTokens(withRefresh: boolean) {
    const accessToken = `ya29.fake-${randomUUID()}`;
    accessTokens.set(accessToken, Date.now() + fake.accessTokenTtl * 1000);
    const refreshToken = withRefresh ? `1//fake-refresh-${randomUUID()}` : undefined;
    if (refreshToken) refreshTokens.add(refreshToken);
    return {
      access_token: accessToken,
      expires_in: fake.accessTokenTtl,
      token_type: 'Bearer',
      scope: 'https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.readonly',
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  }

  function handle(
    kind: GoogleCallKind,
    method: string,
    url: URL,
    authorization: string | undefined,
    body: Record<string, unknown>,
  ): { status: number; body?: unknown; location?: string } {
    const failure = failures.find((entry) => entry.kind === kind && entry.times > 0);
    if (failure) {
      failure.times -= 1;
      return { status: failure.status, body: { error: { code: failure.status, message: 'Backend Error' } } };
    }
    if (kind === 'authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const target = new URL(redirectUri);
      target.searchParams.set('code', issueCode(redirectUri));
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      return { status: 302, location: target.toString() };
    }
    if (kind === 'token') {
      if (body.client_id !== clientId || body.client_secret !== clientSecret) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
      }
      if (body.grant_type === 'authorization_code') {
        const redirectUri = codes.get(String(body.code));
        if (redirectUri === undefined || redirectUri !== body.redirect_uri) {
          return { status: 400, body: { error: 'invalid_grant', error_description: 'Malformed auth code.' } };
        }
        codes.delete(String(body.code));
        return { status: 200, body: issueTokens(true) };
      }
      if (body.grant_type === 'refresh_token') {
        if (!refreshTokens.has(String(body.refresh_token))) {
          return {
            status: 400,
            body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
          };
        }
        return { status: 200, body: issueTokens(false) };
      }
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const expiry = token ? accessTokens.get(token) : undefined;
    if (expiry === undefined || expiry < Date.now()) {
      return {
        status: 401,
        body: { error: { code: 401, message: 'Request had invalid authentication credentials.' } },
      };
    }
    if (kind === 'freeBusy') {
      const min = Date.parse(String(body.timeMin));
      const max = Date.parse(String(body.timeMax));
      const items = (body.items as { id: string }[] | undefined) ?? [];
      const calendars = Object.fromEntries(
        items.map(({ id }) => {
          const intervals = [
            ...[...events.values()]
              .filter((event) => event.calendarId === id)
              .map((event) => ({ start: zoned(event.start), end: zoned(event.end) })),
            ...fake.busy,
          ].filter((interval) => Date.parse(interval.end) > min && Date.parse(interval.start) < max);
          return [id, { busy: intervals }];
        }),
      );
      return { status: 200, body: { kind: 'calendar#freeBusy', calendars } };
    }
    const match = EVENTS.exec(url.pathname);
    if (!match) return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
    const calendarId = decodeURIComponent(match[1]!);
    if (kind === 'insert') {
      const event = {
        ...(body as Omit<FakeEvent, 'id' | 'calendarId'>),
        id: `evt${randomUUID().slice(0, 8)}`,
        calendarId,
      };
      events.set(event.id, event);
      return { status: 200, body: event };
    }
    const eventId = decodeURIComponent(match[2] ?? '');
    const existing = events.get(eventId);
    if (!existing || existing.calendarId !== calendarId)
      return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
    if (kind === 'patch') {
      const patched = { ...existing, ...(body as Partial<FakeEvent>), id: eventId, calendarId };
      events.set(eventId, patched);
      return { status: 200, body: patched };
    }
    if (kind === 'delete') {
      events.delete(eventId);
      return { status: 204 };
    }
    return { status: 405, body: { error: { code: 405, message: `${method} not supported` } } };
  }

  const server: Server = createServer((req, res) => {
    readBody(req)
      .then((raw) => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const method = req.method ?? 'GET';
        const kind = kindOf(method, url.pathname);
        const form = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
        let body: Record<string, unknown> = {};
        if (raw)
          body = form ? Object.fromEntries(new URLSearchParams(raw)) : (JSON.parse(raw) as Record<string, unknown>);
        requests.push({ kind, method, path: url.pathname, authorization: req.headers.authorization, body });
        const answer = handle(kind, method, url, req.headers.authorization, body);
        if (answer.location) {
          res.writeHead(answer.status, { location: answer.location });
          res.end();
        } else if (answer.body === undefined) {
          res.writeHead(answer.status);
          res.end();
        } else {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        }
      })
      .catch((error: Error) => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 400, message: error.message } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return Object.assign(fake, {
    url,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
      GOOGLE_CALENDAR_API_URL: `${url}/calendar/v3`,
    },
    issueCode,
    revokeAccessTokens() {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    failNext(kind: GoogleCallKind, status: number, times = 1) {
      failures.push({ kind, status, times });
    },
    requestsOf: (kind: GoogleCallKind) => requests.filter((request) => request.kind === kind),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** An event time as an instant (offset taken at the wall time read as UTC: exact away from DST changes). */
function zoned(time: { dateTime: string; timeZone: string }): string {
  if (/[zZ]|[+-]\d{2}:\d{2}$/.test(time.dateTime)) return new Date(time.dateTime).toISOString();
  const asUtc = Date.parse(`${time.dateTime}Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: time.timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(asUtc));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const offset = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - asUtc;
  return new Date(asUtc - offset).toISOString();
}
