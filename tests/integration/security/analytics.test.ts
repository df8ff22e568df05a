/**
 * Metrics and analytics cannot be forged. Usage metrics are written by functions
 * (service role) only; analytics events may name an agent only where the writer has a right to (a
 * visitor: an agent whose public page is enabled; a signed-in user: their own agent); events from
 * clients are size- and rate-capped. Cast: a visitor, owner A, owner B, an admin, the service role.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInsert, startCast, type Cast } from './support/actors.ts';

let cast: Cast;
let publicAgent: { id: string };
let hiddenAgent: { id: string };
let otherAgent: { id: string };

beforeAll(async () => {
  cast = await startCast();
  publicAgent = await serviceInsert(cast.service, 'agents', {
    user_id: cast.owner.id,
    name: 'Public',
    subdomain: 'open-page',
  });
  hiddenAgent = await serviceInsert(cast.service, 'agents', { user_id: cast.owner.id, name: 'Hidden' });
  await cast.service
    .from('agent_integrations')
    .update({ enabled: false })
    .eq('agent_id', hiddenAgent.id)
    .eq('kind', 'virtual_business_card');
  otherAgent = await serviceInsert(cast.service, 'agents', { user_id: cast.otherOwner.id, name: 'Other' });
});
afterAll(async () => {
  await cast?.stack.stop();
});

const metric = (userId: string, agentId: string) => ({
  user_id: userId,
  agent_id: agentId,
  name: 'chat.tokens',
  value: -1_000_000,
  dimensions: {},
});
const event = (fields: Record<string, unknown> = {}) => ({ name: 'page_view', category: 'page_view', ...fields });

async function eventsOf(agentId: string): Promise<number> {
  const { count } = await cast.service
    .from('analytics_events')
    .select('id', { count: 'exact', head: true })
    .eq('agent_id', agentId);
  return count ?? 0;
}

describe('usage metrics', () => {
  it('an owner cannot write their own usage metrics', async () => {
    const { error } = await cast.owner.client.from('analytics_metrics').insert(metric(cast.owner.id, publicAgent.id));
    expect(error).not.toBeNull();
  });

  it('another owner, an admin and a visitor cannot write metrics either', async () => {
    for (const client of [cast.otherOwner.client, cast.admin.client, cast.anon]) {
      const { error } = await client.from('analytics_metrics').insert(metric(cast.owner.id, publicAgent.id));
      expect(error).not.toBeNull();
    }
    const { count } = await cast.service.from('analytics_metrics').select('id', { count: 'exact', head: true });
    expect(count).toBe(0);
  });

  it('functions (service role) write metrics and the owner reads them', async () => {
    const { error } = await cast.service
      .from('analytics_metrics')
      .insert({ ...metric(cast.owner.id, publicAgent.id), value: 42 });
    expect(error).toBeNull();
    const { data } = await cast.owner.client.from('analytics_metrics').select('value');
    expect(data).toEqual([{ value: 42 }]);
  });
});

describe('analytics events', () => {
  it('a visitor records events of a public agent and of the landing page', async () => {
    expect((await cast.anon.from('analytics_events').insert(event({ agent_id: publicAgent.id }))).error).toBeNull();
    expect((await cast.anon.from('analytics_events').insert(event())).error).toBeNull();
    expect(await eventsOf(publicAgent.id)).toBe(1);
  });

  it('a visitor cannot record events of an agent whose page is disabled', async () => {
    const { error } = await cast.anon.from('analytics_events').insert(event({ agent_id: hiddenAgent.id }));
    expect(error).not.toBeNull();
    expect(await eventsOf(hiddenAgent.id)).toBe(0);
  });

  it('an owner records events of their own agents, even one whose page is disabled', async () => {
    for (const agentId of [publicAgent.id, hiddenAgent.id]) {
      const { error } = await cast.owner.client
        .from('analytics_events')
        .insert(event({ agent_id: agentId, user_id: cast.owner.id }));
      expect(error).toBeNull();
    }
  });

  it('another owner cannot record events against my agents, public or not', async () => {
    for (const agentId of [publicAgent.id, hiddenAgent.id]) {
      for (const row of [event({ agent_id: agentId }), event({ agent_id: agentId, user_id: cast.otherOwner.id })]) {
        const { error } = await cast.otherOwner.client.from('analytics_events').insert(row);
        expect(error, JSON.stringify(row)).not.toBeNull();
      }
    }
    const { error } = await cast.otherOwner.client
      .from('analytics_events')
      .insert(event({ agent_id: otherAgent.id, user_id: cast.otherOwner.id }));
    expect(error).toBeNull();
  });

  it("an admin cannot record events against an owner's agent either", async () => {
    const { error } = await cast.admin.client.from('analytics_events').insert(event({ agent_id: hiddenAgent.id }));
    expect(error).not.toBeNull();
  });

  it('a client cannot attribute an event to another user', async () => {
    const { error } = await cast.otherOwner.client.from('analytics_events').insert(event({ user_id: cast.owner.id }));
    expect(error).not.toBeNull();
  });

  it('an oversized event is refused', async () => {
    const { error } = await cast.anon
      .from('analytics_events')
      .insert(event({ agent_id: publicAgent.id, properties: { blob: 'x'.repeat(20_000) } }));
    expect(error?.code).toBe('23514');
  });

  it('a visitor flooding one agent is refused past the per-minute cap and nothing of the burst is kept', async () => {
    const before = await eventsOf(publicAgent.id);
    const burst = Array.from({ length: 1300 }, (_, i) => event({ agent_id: publicAgent.id, session_id: `s-${i}` }));
    const { error, status } = await cast.anon.from('analytics_events').insert(burst);
    expect(status).toBe(429);
    expect(error?.hint).toBe('analytics_rate_limited');
    expect(await eventsOf(publicAgent.id)).toBe(before);
    // The platform itself is not capped.
    const service = await cast.service.from('analytics_events').insert(burst.slice(0, 5));
    expect(service.error).toBeNull();
  });
});

describe('analytics budgets', () => {
  /** A visitor's client from one address (the test stack trusts x-forwarded-for). */
  const visitorFrom = (address: string) =>
    createClient(cast.stack.url, cast.stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'x-forwarded-for': address } },
    });

  it("the owner's own events are accepted while anonymous visitors flood the agent", async () => {
    const flooded = await serviceInsert(cast.service, 'agents', {
      user_id: cast.owner.id,
      name: 'Flooded',
      subdomain: 'flooded-page',
    });
    // Five addresses, 250 events each in batches of 50: past the agent's anonymous cap of 1,200.
    let refused = 0;
    for (let a = 1; a <= 5; a++) {
      const visitor = visitorFrom(`203.0.113.${a}`);
      for (let batch = 0; batch < 5; batch++) {
        const rows = Array.from({ length: 50 }, (_, i) =>
          event({ agent_id: flooded.id, session_id: `f-${a}-${batch}-${i}` }),
        );
        const { error } = await visitor.from('analytics_events').insert(rows);
        if (error) {
          expect(error.hint).toBe('analytics_rate_limited');
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
    const own = await cast.owner.client
      .from('analytics_events')
      .insert(event({ agent_id: flooded.id, user_id: cast.owner.id }));
    expect(own.error).toBeNull();
  });

  it('one address cannot take the whole agent cap: refused past 300 a minute, another address is not', async () => {
    const agent = await serviceInsert(cast.service, 'agents', {
      user_id: cast.owner.id,
      name: 'Per address',
      subdomain: 'per-address-page',
    });
    const visitor = visitorFrom('198.51.100.9');
    const rows = (n: number) => Array.from({ length: n }, () => event({ agent_id: agent.id }));
    expect((await visitor.from('analytics_events').insert(rows(300))).error).toBeNull();
    const over = await visitor.from('analytics_events').insert(rows(1));
    expect(over.error?.hint).toBe('analytics_rate_limited');
    expect((await visitorFrom('198.51.100.10').from('analytics_events').insert(rows(1))).error).toBeNull();
  });
});
