import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInsert, serviceRow, startCast, type Cast } from './support/actors.ts';

/**
 * Two tabs editing one agent: a save that names the version it edited is
 * refused by Postgres once the row has moved on (PT409 → HTTP 409), for the owner, an admin and
 * the service role alike; nobody else can use the version to touch or probe another owner's agent.
 */
let cast: Cast;
let agentId: string;

beforeAll(async () => {
  cast = await startCast();
  const agent = await serviceInsert<{ id: string; version: number }>(cast.service, 'agents', {
    user_id: cast.owner.id,
    name: 'Conflict bakery',
  });
  agentId = agent.id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

async function currentVersion(): Promise<number> {
  const row = await serviceRow<{ version: number }>(cast.service, 'agents', { id: agentId });
  return Number(row!.version);
}

describe('agent edit conflicts', () => {
  it('a new agent starts at version 1 whatever the insert says', async () => {
    const { data, error } = await cast.otherOwner.client
      .from('agents')
      .insert({ user_id: cast.otherOwner.id, name: 'Versioned', version: 42 })
      .select('version')
      .single();
    expect(error).toBeNull();
    expect(Number((data as { version: number }).version)).toBe(1);
  });

  it('the owner saves with the version she read, and the version moves on', async () => {
    const before = await currentVersion();
    const { data, error } = await cast.owner.client
      .from('agents')
      .update({ company_name: 'First tab', version: before })
      .eq('id', agentId)
      .select('version, company_name')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ company_name: 'First tab' });
    expect(Number((data as { version: number }).version)).toBe(before + 1);
  });

  it("the owner's second tab, still on the old version, is refused with 409 and changes nothing", async () => {
    const read = await currentVersion();
    const first = await cast.owner.client.from('agents').update({ name: 'Tab one', version: read }).eq('id', agentId);
    expect(first.error).toBeNull();
    const second = await cast.owner.client
      .from('agents')
      .update({ name: 'Tab two', version: read })
      .eq('id', agentId)
      .select('id');
    expect(second.status).toBe(409);
    expect(second.error?.code).toBe('PT409');
    expect(second.error?.hint).toBe('agent_edit_conflict');
    const row = await serviceRow<{ name: string }>(cast.service, 'agents', { id: agentId });
    expect(row?.name).toBe('Tab one');
  });

  it('the owner can overwrite deliberately by naming the current version', async () => {
    const current = await currentVersion();
    const { error } = await cast.owner.client
      .from('agents')
      .update({ name: 'Overwritten', version: current })
      .eq('id', agentId);
    expect(error).toBeNull();
    expect(await currentVersion()).toBe(current + 1);
  });

  it('an update that names no version (avatar, toggles) is not checked but still moves the version', async () => {
    const current = await currentVersion();
    const { error } = await cast.owner.client.from('agents').update({ directory_listed: true }).eq('id', agentId);
    expect(error).toBeNull();
    expect(await currentVersion()).toBe(current + 1);
  });

  it('another owner cannot update the agent, whatever version she names', async () => {
    const current = await currentVersion();
    const { data } = await cast.otherOwner.client
      .from('agents')
      .update({ name: 'Hijacked', version: current })
      .eq('id', agentId)
      .select('id');
    expect(data ?? []).toEqual([]);
    expect(await currentVersion()).toBe(current);
  });

  it('an anonymous visitor cannot update the agent nor its version', async () => {
    const current = await currentVersion();
    const { data } = await cast.anon.from('agents').update({ version: current }).eq('id', agentId).select('id');
    expect(data ?? []).toEqual([]);
    expect(await currentVersion()).toBe(current);
  });

  it('an admin cannot update it either (owners only), and the service role is held to the version too', async () => {
    const current = await currentVersion();
    const byAdmin = await cast.admin.client
      .from('agents')
      .update({ name: 'Admin edit', version: current })
      .eq('id', agentId)
      .select('id');
    expect(byAdmin.data ?? []).toEqual([]);
    const stale = await cast.service
      .from('agents')
      .update({ name: 'Stale service edit', version: current - 1 })
      .eq('id', agentId);
    expect(stale.error?.code).toBe('PT409');
    expect(await currentVersion()).toBe(current);
  });
});
