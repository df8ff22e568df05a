/**
 * The Google Calendar connection through the real `google-calendar` function against a loopback
 * Google: consent URL, signed state, code exchange, tokens kept where only the service role reads
 * them, the integration row, disconnect, and every refusal as a clear 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHandler } from '../../../supabase/functions/google-calendar/handler.ts';
import { startFakeGoogleCalendar, type FakeGoogleCalendar } from '../../fakes/google/server.ts';
import { createAgent, createOwner, startTestStack, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { REDIRECT_URI, callCalendarFunction, connectAgent, consent } from './support.ts';

let google: FakeGoogleCalendar;
let stack: TestStack;
let owner: Owner;
let stranger: Owner;
let agent: { id: string };

beforeAll(async () => {
  google = await startFakeGoogleCalendar();
  stack = await startTestStack({ functionEnv: google.env });
  owner = await createOwner(stack, 'calendar-owner');
  stranger = await createOwner(stack, 'calendar-stranger');
  agent = await createAgent(stack, owner, { tools: ['calendar'] });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await google?.close();
});

/** Flips one character of the state's payload, keeping its signature. */
function tamper(state: string, agentId: string): string {
  const [payload, signature] = state.split('.') as [string, string];
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${Buffer.from(JSON.stringify({ ...decoded, agentId })).toString('base64url')}.${signature}`;
}

describe('google-calendar function', () => {
  it('builds the consent URL with offline access, the calendar scopes and a signed state', async () => {
    const start = await callCalendarFunction(stack, owner.token, {
      action: 'start',
      agentId: agent.id,
      redirectUri: REDIRECT_URI,
    });
    expect(start.status).toBe(200);
    const url = new URL(start.body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(google.env.GOOGLE_OAUTH_AUTH_URL);
    expect(url.searchParams.get('client_id')).toBe(google.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/calendar.events',
      'https://www.googleapis.com/auth/calendar.readonly',
    ]);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('refuses a tampered state, another owner and a reused code; connects the right owner', async () => {
    const start = await callCalendarFunction(stack, owner.token, {
      action: 'start',
      agentId: agent.id,
      redirectUri: REDIRECT_URI,
    });
    const { code, state } = await consent(start.body.url as string);
    const otherAgent = await createAgent(stack, owner);

    const tampered = await callCalendarFunction(stack, owner.token, {
      action: 'exchange',
      code,
      state: tamper(state, otherAgent.id),
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error?.code).toBe('invalid_state');
    const garbage = await callCalendarFunction(stack, owner.token, { action: 'exchange', code, state: 'not-a-state' });
    expect(garbage.status).toBe(400);

    const stolen = await callCalendarFunction(stack, stranger.token, { action: 'exchange', code, state });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error?.code).toBe('state_mismatch');
    // None of the refusals reached Google's token endpoint.
    expect(google.requestsOf('token')).toHaveLength(0);

    const exchanged = await callCalendarFunction(stack, owner.token, { action: 'exchange', code, state });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toEqual({ connected: true, agentId: agent.id, calendarId: 'primary' });
    const tokenCall = google.requestsOf('token').at(-1)!;
    expect(tokenCall.body).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: google.clientId,
      client_secret: google.clientSecret,
    });

    const again = await callCalendarFunction(stack, owner.token, { action: 'exchange', code, state });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'code_exchange_failed', message: 'Failed to exchange code for tokens' });
  });

  it('keeps the tokens in agent_secrets only: readable by the service role, never by the owner or anon', async () => {
    const { data: integration } = await owner.client
      .from('agent_integrations')
      .select('enabled, config, connected_at, disconnected_at')
      .eq('agent_id', agent.id)
      .eq('kind', 'google_calendar')
      .single();
    expect(integration).toMatchObject({ enabled: true, config: { calendar_id: 'primary' }, disconnected_at: null });
    expect(JSON.stringify(integration)).not.toMatch(/ya29|refresh/);

    const { data: secrets } = await stack
      .serviceClient()
      .from('agent_secrets')
      .select('google_calendar_access_token, google_calendar_refresh_token, google_calendar_token_expires_at')
      .eq('agent_id', agent.id)
      .single();
    expect(secrets?.google_calendar_access_token).toMatch(/^ya29\.fake-/);
    expect(secrets?.google_calendar_refresh_token).toMatch(/^1\/\/fake-refresh-/);
    expect(Date.parse(secrets!.google_calendar_token_expires_at as string)).toBeGreaterThan(Date.now() + 3000_000);

    for (const client of [owner.client, stack.anonClient()]) {
      const read = await client.from('agent_secrets').select('*').eq('agent_id', agent.id);
      expect(read.error?.code).toBe('42501');
      expect(read.data).toBeNull();
    }
    const status = await callCalendarFunction(stack, owner.token, { action: 'status', agentId: agent.id });
    expect(status.body).toMatchObject({ configured: true, connected: true, calendarId: 'primary' });
    expect(JSON.stringify(status.body)).not.toMatch(/ya29|refresh/);
  });

  it('refuses another owner’s agent and bad input with 4xx', async () => {
    const foreign = await callCalendarFunction(stack, stranger.token, {
      action: 'start',
      agentId: agent.id,
      redirectUri: REDIRECT_URI,
    });
    expect(foreign.status).toBe(404);
    const foreignDisconnect = await callCalendarFunction(stack, stranger.token, {
      action: 'disconnect',
      agentId: agent.id,
    });
    expect(foreignDisconnect.status).toBe(404);
    const cases: [unknown, number][] = [
      [{ action: 'start', agentId: 'nope', redirectUri: REDIRECT_URI }, 400],
      [{ action: 'start', agentId: agent.id, redirectUri: 'javascript:alert(1)' }, 400],
      [{ action: 'exchange', code: '', state: 'x' }, 400],
      [{ action: 'fly' }, 400],
      ['{not json', 400],
    ];
    for (const [body, status] of cases) {
      const answer = await callCalendarFunction(stack, owner.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error?.code).toBeTruthy();
    }
    const anonymous = await callCalendarFunction(stack, null, { action: 'status', agentId: agent.id });
    expect(anonymous.status).toBe(401);
  });

  it('an admin cannot disconnect or connect another owner’s calendar (RLS lets admins read every agent)', async () => {
    const admin = await createOwner(stack, 'calendar-admin');
    const { error } = await stack.serviceClient().from('profiles').update({ is_admin: true }).eq('id', admin.id);
    expect(error).toBeNull();
    const disconnect = await callCalendarFunction(stack, admin.token, { action: 'disconnect', agentId: agent.id });
    expect(disconnect.status).toBe(404);
    const start = await callCalendarFunction(stack, admin.token, {
      action: 'start',
      agentId: agent.id,
      redirectUri: REDIRECT_URI,
    });
    expect(start.status).toBe(404);
    const { data: secrets } = await stack
      .serviceClient()
      .from('agent_secrets')
      .select('google_calendar_refresh_token')
      .eq('agent_id', agent.id)
      .single();
    expect(secrets?.google_calendar_refresh_token).toMatch(/^1\/\/fake-refresh-/);
  });

  it('disconnects: tokens forgotten, integration disabled; reconnecting works again', async () => {
    const answer = await callCalendarFunction(stack, owner.token, { action: 'disconnect', agentId: agent.id });
    expect(answer.body).toEqual({ connected: false, agentId: agent.id });
    const { data: secrets } = await stack
      .serviceClient()
      .from('agent_secrets')
      .select('google_calendar_access_token, google_calendar_refresh_token')
      .eq('agent_id', agent.id)
      .single();
    expect(secrets).toEqual({ google_calendar_access_token: null, google_calendar_refresh_token: null });
    const { data: integration } = await owner.client
      .from('agent_integrations')
      .select('enabled, disconnected_at')
      .eq('agent_id', agent.id)
      .eq('kind', 'google_calendar')
      .single();
    expect(integration?.enabled).toBe(false);
    expect(integration?.disconnected_at).toBeTruthy();
    await connectAgent(stack, google, owner.token, agent.id);
    const status = await callCalendarFunction(stack, owner.token, { action: 'status', agentId: agent.id });
    expect(status.body.connected).toBe(true);
  });

  it('answers 503 google_not_configured without GOOGLE_CLIENT_ID', async () => {
    // No JWT keys in this environment: the caller's token is checked by the Auth server instead
    // (how hosted projects on the legacy secret work).
    const values: Record<string, string> = {
      SUPABASE_URL: stack.url,
      SUPABASE_ANON_KEY: stack.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    };
    const handler = makeHandler({ get: (name) => values[name] });
    const call = (body: unknown) =>
      handler(
        new Request('http://functions/google-calendar', {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const start = await call({ action: 'start', agentId: agent.id, redirectUri: REDIRECT_URI });
    expect(start.status).toBe(503);
    expect(((await start.json()) as { error: { code: string } }).error.code).toBe('google_not_configured');
    const status = await call({ action: 'status', agentId: agent.id });
    expect(await status.json()).toMatchObject({ configured: false });
  });
});
