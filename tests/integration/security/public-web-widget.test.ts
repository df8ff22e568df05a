import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCast, type Cast } from './support/actors.ts';

/** public_web_widget: visitors learn only the widget's domain, and only while page and widget are on. */
let cast: Cast;
let agent: { id: string; subdomain: string };

beforeAll(async () => {
  cast = await startCast();
  const { data, error } = await cast.owner.client
    .from('agents')
    .insert({ user_id: cast.owner.id, name: 'Widget agent', subdomain: 'widget-agent' })
    .select('id, subdomain')
    .single();
  if (error || !data) throw new Error(error?.message);
  agent = data as typeof agent;
});
afterAll(async () => {
  await cast?.stack.stop();
});

async function widget(): Promise<unknown> {
  const { data, error } = await cast.anon.rpc('public_web_widget', { subdomain: agent.subdomain });
  expect(error).toBeNull();
  return data;
}

describe('public_web_widget', () => {
  it('is null until the owner enables the widget with a domain, then gives the domain only', async () => {
    await expect(widget()).resolves.toBeNull();
    const { error } = await cast.owner.client.from('agent_integrations').insert({
      agent_id: agent.id,
      user_id: cast.owner.id,
      kind: 'web_widget',
      enabled: true,
      config: { domain: ' Shop.Example.com ', api_key: 'ww_secret_value' },
    });
    expect(error).toBeNull();
    await expect(widget()).resolves.toEqual({ domain: 'shop.example.com' });
  });

  it('is null again when the widget or the public page is switched off', async () => {
    await cast.owner.client
      .from('agent_integrations')
      .update({ enabled: false })
      .match({ agent_id: agent.id, kind: 'web_widget' });
    await expect(widget()).resolves.toBeNull();
    await cast.owner.client
      .from('agent_integrations')
      .update({ enabled: true })
      .match({ agent_id: agent.id, kind: 'web_widget' });
    await cast.owner.client
      .from('agent_integrations')
      .update({ enabled: false })
      .match({ agent_id: agent.id, kind: 'virtual_business_card' });
    await expect(widget()).resolves.toBeNull();
  });
});
