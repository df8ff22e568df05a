/**
 * Pack limits are enforced by Postgres on insert, not only by the console. Today that
 * is `packs.max_agents` (-1 = unlimited). A user without a running subscription is on the free pack
 * (1 agent); admins and the platform (service role) are not limited. Cast: a visitor, owners on the
 * free, Pro and Enterprise packs, another owner and an admin.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/types/database.ts';
import { startCast, type Actor, type Cast } from './support/actors.ts';

let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

async function createAgent(actor: Actor, name: string): Promise<{ error: PostgrestError | null; status: number }> {
  const { error, status } = await actor.client.from('agents').insert({ user_id: actor.id, name }).select('id').single();
  return { error, status };
}

async function agentCount(actor: Actor): Promise<number> {
  const { count } = await cast.service
    .from('agents')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', actor.id);
  return count ?? 0;
}

async function subscribe(actor: Actor, packId: string): Promise<void> {
  const { error } = await cast.service.rpc('create_subscription', { user_id: actor.id, pack_id: packId });
  if (error) throw new Error(`create_subscription: ${error.message}`);
}

describe('pack limits', () => {
  it('an owner on the free pack creates one agent and is refused a second with a clear error', async () => {
    const owner = await cast.newUser('free');
    expect((await createAgent(owner, 'First')).error).toBeNull();
    const second = await createAgent(owner, 'Second');
    expect(second.status).toBe(403);
    expect(second.error).toMatchObject({ code: 'PT403', hint: 'pack_limit_reached' });
    expect(second.error?.message).toMatch(/Free pack allows 1 agent/);
    expect(JSON.parse(second.error?.details ?? '{}')).toEqual({ limit: 'max_agents', max: 1, pack: 'free' });
    expect(await agentCount(owner)).toBe(1);
  });

  it('concurrent inserts by one free owner cannot both pass', async () => {
    const owner = await cast.newUser('racer');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => createAgent(owner, `Racer ${i}`)));
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(await agentCount(owner)).toBe(1);
  });

  it('deleting an agent frees its place', async () => {
    const owner = await cast.newUser('recycler');
    const { data } = await owner.client.from('agents').insert({ user_id: owner.id, name: 'Old' }).select('id').single();
    expect((await createAgent(owner, 'Refused')).error?.hint).toBe('pack_limit_reached');
    await owner.client
      .from('agents')
      .delete()
      .eq('id', (data as { id: string }).id);
    expect((await createAgent(owner, 'New')).error).toBeNull();
  });

  it('an owner on the Pro pack creates five agents, not six', async () => {
    const owner = await cast.newUser('pro');
    await subscribe(owner, 'pro');
    for (let i = 1; i <= 5; i++) expect((await createAgent(owner, `Pro ${i}`)).error).toBeNull();
    const sixth = await createAgent(owner, 'Pro 6');
    expect(sixth.error?.hint).toBe('pack_limit_reached');
    expect(JSON.parse(sixth.error?.details ?? '{}')).toMatchObject({ max: 5, pack: 'pro' });
  });

  it('a cancelled subscription keeps its limit until the period ends, then the free pack applies', async () => {
    const owner = await cast.newUser('leaving');
    await subscribe(owner, 'pro');
    expect((await owner.client.rpc('cancel_subscription')).error).toBeNull();
    expect((await createAgent(owner, 'Still pro 1')).error).toBeNull();
    expect((await createAgent(owner, 'Still pro 2')).error).toBeNull();
    await cast.service
      .from('subscriptions')
      .update({ current_period_start: '2020-01-01', current_period_end: '2020-02-01' })
      .eq('user_id', owner.id);
    expect((await createAgent(owner, 'Back to free')).error?.hint).toBe('pack_limit_reached');
  });

  it('an owner on the Enterprise pack (-1) is not limited', async () => {
    const owner = await cast.newUser('enterprise');
    await subscribe(owner, 'enterprise');
    for (let i = 1; i <= 7; i++) expect((await createAgent(owner, `Ent ${i}`)).error).toBeNull();
  });

  it("another owner's agents do not count against my limit", async () => {
    // otherOwner is on the free pack too; owner's agents are irrelevant to it.
    expect((await createAgent(cast.owner, 'Owner agent')).error).toBeNull();
    expect((await createAgent(cast.otherOwner, 'Other agent')).error).toBeNull();
    expect((await createAgent(cast.otherOwner, 'Other second')).error?.hint).toBe('pack_limit_reached');
  });

  it('an admin is not limited', async () => {
    for (let i = 1; i <= 3; i++) expect((await createAgent(cast.admin, `Admin ${i}`)).error).toBeNull();
  });

  it('the platform (service role) is not limited, and a visitor cannot create agents at all', async () => {
    const owner = await cast.newUser('platform');
    for (let i = 1; i <= 3; i++) {
      const { error } = await cast.service.from('agents').insert({ user_id: owner.id, name: `Service ${i}` });
      expect(error).toBeNull();
    }
    // The owner is over the free limit now: their own insert is refused.
    expect((await createAgent(owner, 'Mine')).error?.hint).toBe('pack_limit_reached');
    const { error } = await cast.anon.from('agents').insert({ user_id: owner.id, name: 'Anon' });
    expect(error).not.toBeNull();
  });

  it('the seeded demo owner is on Enterprise, so the demo and the e2e suite create agents freely', async () => {
    const client = cast.stack.anonClient();
    const { data } = await client.auth.signInWithPassword({
      email: 'demo.owner@example.com',
      password: 'concierge-demo',
    });
    for (let i = 1; i <= 2; i++) {
      const { error } = await client.from('agents').insert({ user_id: data.user!.id, name: `Demo extra ${i}` });
      expect(error).toBeNull();
    }
  });

  it('an admin raising the free pack limit lets free owners create more', async () => {
    const owner = await cast.newUser('raised');
    expect((await createAgent(owner, 'One')).error).toBeNull();
    expect((await cast.admin.client.from('packs').update({ max_agents: 2 }).eq('id', 'free')).error).toBeNull();
    try {
      expect((await createAgent(owner, 'Two')).error).toBeNull();
      expect((await createAgent(owner, 'Three')).error?.hint).toBe('pack_limit_reached');
    } finally {
      await cast.admin.client.from('packs').update({ max_agents: 1 }).eq('id', 'free');
    }
  });
});

type Allowance = Database['public']['Functions']['agent_allowance']['Returns'][number];

async function allowance(actor: Actor): Promise<Allowance> {
  const { data, error } = await actor.client.rpc('agent_allowance').single();
  if (error) throw new Error(`agent_allowance: ${error.message}`);
  return data as Allowance;
}

describe('the agent allowance shown before it bites', () => {
  it('a free owner reads 0 of 1, then 1 of 1, and the insert refused says the same max', async () => {
    const owner = await cast.newUser('allowance-free');
    expect(await allowance(owner)).toEqual({ pack_id: 'free', pack_name: 'Free', max_agents: 1, used_agents: 0 });
    expect((await createAgent(owner, 'Only')).error).toBeNull();
    const shown = await allowance(owner);
    expect(shown).toMatchObject({ max_agents: 1, used_agents: 1 });
    const refused = await createAgent(owner, 'One too many');
    expect(JSON.parse(refused.error?.details ?? '{}')).toMatchObject({ max: shown.max_agents, pack: shown.pack_id });
  });

  it('the figure shown and the figure enforced agree on the Pro pack: 5 allowed, the sixth refused', async () => {
    const owner = await cast.newUser('allowance-pro');
    await subscribe(owner, 'pro');
    const { max_agents: max } = await allowance(owner);
    expect(max).toBe(5);
    for (let i = 1; i <= (max ?? 0); i++) expect((await createAgent(owner, `Pro ${i}`)).error).toBeNull();
    expect(await allowance(owner)).toMatchObject({ max_agents: 5, used_agents: 5 });
    expect((await createAgent(owner, 'Pro extra')).error?.hint).toBe('pack_limit_reached');
  });

  it('an Enterprise owner and an admin read no limit (null)', async () => {
    const owner = await cast.newUser('allowance-enterprise');
    await subscribe(owner, 'enterprise');
    expect((await allowance(owner)).max_agents).toBeNull();
    expect((await allowance(cast.admin)).max_agents).toBeNull();
  });

  it("an owner's count is their own agents only, and a visitor cannot read an allowance", async () => {
    const mine = await cast.newUser('allowance-mine');
    const other = await cast.newUser('allowance-other');
    expect((await createAgent(other, 'Theirs')).error).toBeNull();
    expect((await allowance(mine)).used_agents).toBe(0);
    const { error } = await cast.anon.rpc('agent_allowance');
    expect(error).not.toBeNull();
  });
});
