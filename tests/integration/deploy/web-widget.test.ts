import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAgentSiteUrl } from '../../../scripts/lib/agent-site.ts';
import { attemptInsert, attemptUpdate, serviceRow, startCast, type Cast } from '../security/support/actors.ts';

/**
 * configure_web_widget / disable_web_widget: only the owner configures the widget,
 * the server validates the domain and generates the `ww_` key and script URL, and no client role
 * can write those fields directly.
 */
let cast: Cast;
let agent: { id: string; subdomain: string };
const SITE = 'https://{agent}.agents.example.test';

interface WidgetState {
  enabled: boolean;
  domain: string | null;
  api_key: string | null;
  script_url: string | null;
  connected_at: string | null;
  disconnected_at: string | null;
}

beforeAll(async () => {
  cast = await startCast();
  // This owner creates several agents; pack limits have their own suite (security/pack-limits.test.ts).
  const subscribed = await cast.service.rpc('create_subscription', { user_id: cast.owner.id, pack_id: 'enterprise' });
  if (subscribed.error) throw new Error(`create_subscription: ${subscribed.error.message}`);
  await recordAgentSiteUrl(cast.stack, SITE);
  const { data, error } = await cast.owner.client
    .from('agents')
    .insert({ user_id: cast.owner.id, name: 'Widget owner agent', subdomain: 'widget-owner' })
    .select('id, subdomain')
    .single();
  if (error || !data) throw new Error(error?.message);
  agent = data as typeof agent;
});
afterAll(async () => {
  await cast?.stack.stop();
});

const widgetRow = () =>
  serviceRow<{ enabled: boolean; config: Record<string, unknown> }>(cast.service, 'agent_integrations', {
    agent_id: agent.id,
    kind: 'web_widget',
  });

describe('configure_web_widget', () => {
  it('enables the widget with a server-generated ww_ key and the agent subdomain script URL', async () => {
    const { data, error } = await cast.owner.client.rpc('configure_web_widget', {
      agent_id: agent.id,
      domain: '  HTTPS://Shop.Example.com/ ',
    });
    expect(error).toBeNull();
    const state = data as WidgetState;
    expect(state.enabled).toBe(true);
    expect(state.domain).toBe('shop.example.com');
    expect(state.api_key).toMatch(/^ww_[0-9a-f]{48}$/);
    expect(state.script_url).toBe('https://widget-owner.agents.example.test/api/live-audio-widget');
    expect(state.connected_at).not.toBeNull();
    expect(state.disconnected_at).toBeNull();
    // The public loader now answers for that domain.
    const pub = await cast.anon.rpc('public_web_widget', { subdomain: 'widget-owner' });
    expect(pub.data).toEqual({ domain: 'shop.example.com' });
  });

  it('keeps the key when the domain changes and refuses invalid host names with 400', async () => {
    const before = (await widgetRow())?.config.api_key;
    const changed = await cast.owner.client.rpc('configure_web_widget', {
      agent_id: agent.id,
      domain: 'www.example.org',
    });
    expect(changed.error).toBeNull();
    expect((changed.data as WidgetState).api_key).toBe(before);
    expect((changed.data as WidgetState).domain).toBe('www.example.org');
    for (const bad of ['', 'not a domain', 'example', 'exa_mple.com', '-bad.com', 'example.com/path', 'a.b.c.1']) {
      const { error, status } = await cast.owner.client
        .rpc('configure_web_widget', { agent_id: agent.id, domain: bad })
        .then((r) => ({ error: r.error, status: r.status }));
      expect(error?.message, bad).toBe('Invalid Domain');
      expect(status, bad).toBe(400);
    }
    expect((await widgetRow())?.config.domain).toBe('www.example.org');
  });

  it('follows the agent to a new subdomain', async () => {
    const { error } = await cast.owner.client.from('agents').update({ subdomain: 'widget-moved' }).eq('id', agent.id);
    expect(error).toBeNull();
    expect((await widgetRow())?.config.script_url).toBe(
      'https://widget-moved.agents.example.test/api/live-audio-widget',
    );
    agent.subdomain = 'widget-moved';
  });

  it('is refused to another owner, an admin (404: the agent is not theirs) and visitors (401)', async () => {
    for (const actor of [cast.otherOwner, cast.admin]) {
      const res = await actor.client.rpc('configure_web_widget', { agent_id: agent.id, domain: 'evil.example.com' });
      expect(res.status).toBe(404);
      const off = await actor.client.rpc('disable_web_widget', { agent_id: agent.id });
      expect(off.status).toBe(404);
    }
    const anon = await cast.anon.rpc('configure_web_widget', { agent_id: agent.id, domain: 'evil.example.com' });
    expect(anon.status).toBe(401);
    const anonOff = await cast.anon.rpc('disable_web_widget', { agent_id: agent.id });
    expect(anonOff.status).toBe(401);
    const row = await widgetRow();
    expect(row?.enabled).toBe(true);
    expect(row?.config.domain).toBe('www.example.org');
  });
});

describe('direct writes to the web_widget row', () => {
  it('are refused to the owner for key, script URL, domain and enabled', async () => {
    const match = { agent_id: agent.id, kind: 'web_widget' };
    const before = await widgetRow();
    expect(
      await attemptUpdate(
        cast.owner.client,
        'agent_integrations',
        { config: { domain: 'evil.example.com', api_key: 'ww_chosen', script_url: 'https://evil.example.com/x.js' } },
        match,
      ),
    ).toBe(0);
    expect(await attemptUpdate(cast.owner.client, 'agent_integrations', { enabled: false }, match)).toBe(0);
    expect(await widgetRow()).toEqual(before);
  });

  it('are refused to another owner and to an admin', async () => {
    const match = { agent_id: agent.id, kind: 'web_widget' };
    for (const actor of [cast.otherOwner, cast.admin]) {
      expect(await attemptUpdate(actor.client, 'agent_integrations', { config: { api_key: 'ww_x' } }, match)).toBe(0);
    }
    expect(await attemptUpdate(cast.anon, 'agent_integrations', { config: { api_key: 'ww_x' } }, match)).toBe(0);
    expect((await widgetRow())?.config.domain).toBe('www.example.org');
  });

  it('cannot create a web_widget row for a fresh agent, nor turn another kind into one', async () => {
    const { data } = await cast.owner.client
      .from('agents')
      .insert({ user_id: cast.owner.id, name: 'Second agent', subdomain: 'widget-second' })
      .select('id')
      .single();
    const second = data as { id: string };
    expect(
      await attemptInsert(cast.owner.client, 'agent_integrations', {
        agent_id: second.id,
        user_id: cast.owner.id,
        kind: 'web_widget',
        enabled: true,
        config: { domain: 'shop.example.com', api_key: 'ww_chosen', script_url: 'https://evil.example.com/x.js' },
      }),
    ).toBe(false);
    expect(
      await serviceRow(cast.service, 'agent_integrations', { agent_id: second.id, kind: 'web_widget' }),
    ).toBeNull();
    // The business card stays the owner's to toggle directly.
    expect(
      await attemptUpdate(
        cast.owner.client,
        'agent_integrations',
        { enabled: false, disconnected_at: new Date().toISOString() },
        { agent_id: second.id, kind: 'virtual_business_card' },
      ),
    ).toBe(1);
  });
});

describe('disable_web_widget', () => {
  it('switches the widget off for its owner, keeping domain and key; the loader goes quiet', async () => {
    const { data, error } = await cast.owner.client.rpc('disable_web_widget', { agent_id: agent.id });
    expect(error).toBeNull();
    const state = data as WidgetState;
    expect(state.enabled).toBe(false);
    expect(state.disconnected_at).not.toBeNull();
    expect(state.domain).toBe('www.example.org');
    expect(state.api_key).toMatch(/^ww_/);
    const pub = await cast.anon.rpc('public_web_widget', { subdomain: agent.subdomain });
    expect(pub.data).toBeNull();
  });

  it('answers 404 for an agent that never had a widget', async () => {
    const { data } = await cast.owner.client
      .from('agents')
      .insert({ user_id: cast.owner.id, name: 'No widget', subdomain: 'widget-none' })
      .select('id')
      .single();
    const res = await cast.owner.client.rpc('disable_web_widget', { agent_id: (data as { id: string }).id });
    expect(res.status).toBe(404);
  });

  it('answers 400 for a malformed agent id', async () => {
    const res = await cast.owner.client.rpc('configure_web_widget', { agent_id: 'nope', domain: 'example.com' });
    expect(res.status).toBe(400);
  });
});

describe('virtual business card toggle', () => {
  it('is the owner’s alone: another owner, an admin and visitors change nothing', async () => {
    const match = { agent_id: agent.id, kind: 'virtual_business_card' };
    for (const client of [cast.otherOwner.client, cast.admin.client, cast.anon]) {
      expect(await attemptUpdate(client, 'agent_integrations', { enabled: false }, match)).toBe(0);
    }
    expect((await serviceRow<{ enabled: boolean }>(cast.service, 'agent_integrations', match))?.enabled).toBe(true);
    expect(await attemptUpdate(cast.owner.client, 'agent_integrations', { enabled: false }, match)).toBe(1);
    expect(await attemptUpdate(cast.owner.client, 'agent_integrations', { enabled: true }, match)).toBe(1);
  });
});
