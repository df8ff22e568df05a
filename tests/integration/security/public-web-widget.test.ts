import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAgentSiteUrl } from '../../../scripts/lib/agent-site.ts';
import { startCast, type Cast } from './support/actors.ts';

/** public_web_widget: visitors learn only the widget's domain, and only while page and widget are on. */
let cast: Cast;
let agent: { id: string; subdomain: string };

beforeAll(async () => {
  cast = await startCast();
  await recordAgentSiteUrl(cast.stack, 'https://{agent}.agents.example.test');
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
    // The owner configures it through the server (the widget row is not writable directly).
    const { data, error } = await cast.owner.client.rpc('configure_web_widget', {
      agent_id: agent.id,
      domain: ' Shop.Example.com ',
    });
    expect(error).toBeNull();
    expect((data as { api_key: string }).api_key).toMatch(/^ww_/);
    await expect(widget()).resolves.toEqual({ domain: 'shop.example.com' });
  });

  it('is null again when the widget or the public page is switched off', async () => {
    await cast.owner.client.rpc('disable_web_widget', { agent_id: agent.id });
    await expect(widget()).resolves.toBeNull();
    await cast.owner.client.rpc('configure_web_widget', { agent_id: agent.id, domain: 'shop.example.com' });
    await expect(widget()).resolves.toEqual({ domain: 'shop.example.com' });
    await cast.owner.client
      .from('agent_integrations')
      .update({ enabled: false })
      .match({ agent_id: agent.id, kind: 'virtual_business_card' });
    await expect(widget()).resolves.toBeNull();
  });
});
