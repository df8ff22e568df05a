import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptInsert, startCast, type Actor, type Cast } from './support/actors.ts';

/**
 * Renamed subdomains: the old name leads to the agent's new subdomain for 30
 * days and nobody else may claim it meanwhile; redirects are written by Postgres only, and an owner
 * reads only their own.
 */
let cast: Cast;

async function subscribe(actor: Actor): Promise<void> {
  const { error } = await cast.service.rpc('create_subscription', { user_id: actor.id, pack_id: 'enterprise' });
  if (error) throw new Error(`create_subscription: ${error.message}`);
}

async function createAgent(actor: Actor, subdomain: string): Promise<string> {
  const { data, error } = await actor.client
    .from('agents')
    .insert({ user_id: actor.id, name: `Agent ${subdomain}`, subdomain })
    .select('id')
    .single();
  if (error || !data) throw new Error(`agent insert: ${error?.message}`);
  return (data as { id: string }).id;
}

async function rename(actor: Actor, id: string, subdomain: string | null) {
  return actor.client.from('agents').update({ subdomain }).eq('id', id);
}

async function redirectOf(old: string): Promise<unknown> {
  const { data, error } = await cast.anon.rpc('subdomain_redirect', { subdomain: old });
  expect(error).toBeNull();
  return data;
}

beforeAll(async () => {
  cast = await startCast();
  await subscribe(cast.owner);
  await subscribe(cast.otherOwner);
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('subdomain redirects', () => {
  it('a visitor asking for a renamed subdomain learns the new one; an unknown name leads nowhere', async () => {
    const id = await createAgent(cast.owner, 'redirect-old');
    expect((await rename(cast.owner, id, 'redirect-new')).error).toBeNull();
    expect(await redirectOf('redirect-old')).toBe('redirect-new');
    expect(await redirectOf(' Redirect-Old ')).toBe('redirect-new');
    expect(await redirectOf('never-existed')).toBeNull();
    // A second rename: both earlier names lead to the current one.
    expect((await rename(cast.owner, id, 'redirect-newer')).error).toBeNull();
    expect(await redirectOf('redirect-old')).toBe('redirect-newer');
    expect(await redirectOf('redirect-new')).toBe('redirect-newer');
  });

  it('another owner cannot claim a name an agent left less than 30 days ago (insert or rename)', async () => {
    const id = await createAgent(cast.owner, 'left-name');
    expect((await rename(cast.owner, id, 'kept-name')).error).toBeNull();
    const insert = await cast.otherOwner.client
      .from('agents')
      .insert({ user_id: cast.otherOwner.id, name: 'Squatter', subdomain: 'left-name' });
    expect(insert.error?.code).toBe('23505');
    const theirs = await createAgent(cast.otherOwner, 'squatter-own');
    const taken = await rename(cast.otherOwner, theirs, ' Left-Name ');
    expect(taken.error?.code).toBe('23505');
    const check = await cast.otherOwner.client.rpc('subdomain_available', { subdomain: 'left-name' });
    expect(check.data).toBe(false);
  });

  it('an admin and the service role cannot claim it either', async () => {
    const id = await createAgent(cast.owner, 'admin-left');
    expect((await rename(cast.owner, id, 'admin-kept')).error).toBeNull();
    const byService = await cast.service
      .from('agents')
      .insert({ user_id: cast.otherOwner.id, name: 'Service', subdomain: 'admin-left' });
    expect(byService.error?.code).toBe('23505');
  });

  it('the owner takes the old name back, and it no longer redirects', async () => {
    const id = await createAgent(cast.owner, 'back-and-forth');
    expect((await rename(cast.owner, id, 'back-elsewhere')).error).toBeNull();
    const available = await cast.owner.client.rpc('subdomain_available', { subdomain: 'back-and-forth', agent_id: id });
    expect(available.data).toBe(true);
    expect((await rename(cast.owner, id, 'back-and-forth')).error).toBeNull();
    expect(await redirectOf('back-and-forth')).toBeNull();
    expect(await redirectOf('back-elsewhere')).toBe('back-and-forth');
  });

  it('after 30 days the old name is free for anyone and leads nowhere', async () => {
    const id = await createAgent(cast.owner, 'expiring-name');
    expect((await rename(cast.owner, id, 'expiring-next')).error).toBeNull();
    await cast.stack.db.query(
      `update public.agent_subdomain_redirects set expires_at = now() - interval '1 second'
        where old_subdomain = 'expiring-name'`,
    );
    expect(await redirectOf('expiring-name')).toBeNull();
    const theirs = await createAgent(cast.otherOwner, 'expiring-other');
    expect((await rename(cast.otherOwner, theirs, 'expiring-name')).error).toBeNull();
  });

  it('a visitor gets no redirect to an agent whose public page is off', async () => {
    const id = await createAgent(cast.owner, 'hidden-old');
    expect((await rename(cast.owner, id, 'hidden-new')).error).toBeNull();
    await cast.stack.db.query(
      `update public.agent_integrations set enabled = false where agent_id = $1 and kind = 'virtual_business_card'`,
      [id],
    );
    expect(await redirectOf('hidden-old')).toBeNull();
  });

  it('an owner reads their redirects; another owner and a visitor cannot, and nobody writes them', async () => {
    const id = await createAgent(cast.owner, 'read-old');
    expect((await rename(cast.owner, id, 'read-new')).error).toBeNull();
    const mine = await cast.owner.client.from('agent_subdomain_redirects').select('old_subdomain, agent_id');
    expect(mine.data).toContainEqual({ old_subdomain: 'read-old', agent_id: id });
    const theirs = await cast.otherOwner.client.from('agent_subdomain_redirects').select('agent_id');
    expect(theirs.error).toBeNull();
    expect(theirs.data?.filter((r: { agent_id: string }) => r.agent_id === id)).toEqual([]);
    expect((await cast.anon.from('agent_subdomain_redirects').select('old_subdomain')).error).not.toBeNull();
    const planted = {
      old_subdomain: 'planted-name',
      agent_id: id,
      user_id: cast.owner.id,
      expires_at: '2999-01-01T00:00:00Z',
    };
    expect(await attemptInsert(cast.owner.client, 'agent_subdomain_redirects', planted)).toBe(false);
    const extended = await cast.owner.client
      .from('agent_subdomain_redirects')
      .update({ expires_at: '2999-01-01T00:00:00Z' })
      .eq('old_subdomain', 'read-old')
      .select();
    expect(extended.data ?? []).toEqual([]);
  });
});
