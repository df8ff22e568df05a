import { describe, expect, it } from 'vitest';
import { googleConfig, GOOGLE_DEFAULTS } from './config.ts';
import { consentUrl } from './oauth.ts';
import { signState, verifyState } from './state.ts';
import { localDateTime, nextDate, zonedToUtc } from './time.ts';

const state = {
  agentId: '6f1c1b7e-1111-4a4a-8888-000000000001',
  userId: '6f1c1b7e-2222-4a4a-8888-000000000002',
  redirectUri: 'https://console.example.com/auth/google/callback',
  expiresAt: 2_000_000,
};

describe('OAuth state', () => {
  it('round-trips a signed state until it expires', async () => {
    const signed = await signState(state, 'server-secret');
    expect(await verifyState(signed, 'server-secret', 1_999_999)).toEqual({ ok: true, state });
    expect(await verifyState(signed, 'server-secret', 2_000_001)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another secret, an edited payload and garbage', async () => {
    const signed = await signState(state, 'server-secret');
    expect(await verifyState(signed, 'other-secret', 0)).toEqual({ ok: false, reason: 'forged' });
    const [, signature] = signed.split('.');
    const edited = Buffer.from(JSON.stringify({ ...state, agentId: state.userId })).toString('base64url');
    expect(await verifyState(`${edited}.${signature}`, 'server-secret', 0)).toEqual({ ok: false, reason: 'forged' });
    for (const raw of ['', 'abc', 'a.b.c', 'a!.b', `${signed}x!`]) {
      expect((await verifyState(raw, 'server-secret', 0)).ok, raw).toBe(false);
    }
  });
});

describe('Google config and consent URL', () => {
  it('defaults to Google and is unconfigured without a client id', () => {
    const config = googleConfig({ get: () => undefined });
    expect(config).toEqual({ clientId: null, clientSecret: null, ...GOOGLE_DEFAULTS });
  });

  it('asks for offline calendar access with the state', () => {
    const config = googleConfig({
      get: (name) => ({ GOOGLE_CLIENT_ID: 'cid', GOOGLE_CALENDAR_API_URL: 'http://fake/calendar/v3/' })[name],
    });
    expect(config.calendarApiUrl).toBe('http://fake/calendar/v3');
    const url = new URL(consentUrl({ ...config, clientId: 'cid' }, state.redirectUri, 'st.sig'));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'cid',
      redirect_uri: state.redirectUri,
      access_type: 'offline',
      prompt: 'consent',
      state: 'st.sig',
    });
  });
});

describe('zoned times', () => {
  it('turns a Paris wall time into the instant in winter and summer', () => {
    expect(new Date(zonedToUtc('2026-12-01', 10 * 60, 'Europe/Paris')).toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(new Date(zonedToUtc('2026-07-01', 10 * 60, 'Europe/Paris')).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(new Date(zonedToUtc('2026-07-01', 0, 'America/New_York')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('handles the day of a DST change', () => {
    // 29 March 2026: Paris moves from +01:00 to +02:00 at 02:00 local.
    expect(new Date(zonedToUtc('2026-03-29', 60, 'Europe/Paris')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(zonedToUtc('2026-03-29', 10 * 60, 'Europe/Paris')).toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('writes local date-times rolling over midnight', () => {
    expect(localDateTime('2026-12-31', 23 * 60 + 30 + 45)).toBe('2027-01-01T00:15:00');
    expect(nextDate('2026-02-28')).toBe('2026-03-01');
  });
});
