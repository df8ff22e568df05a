/**
 * The agent dashboard's number badge: the console's own code lists
 * an owner's reserved numbers and assigns one to an agent, against the real stack's RLS and keys.
 * Only the client behind `getSupabase()` is swapped for the actor's signed-in one.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceInsert, startCast, type Actor, type Cast } from '../security/support/actors.ts';

let signedIn: SupabaseClient | undefined;
vi.mock('../../../renderer/src/lib/supabase.ts', () => ({
  getSupabase: () => {
    if (!signedIn) throw new Error('no actor signed in');
    return signedIn;
  },
}));
const { assignReservedNumber, fetchReservedNumbers } =
  await import('../../../renderer/src/features/insights/api/reservedNumbers.ts');

let cast: Cast;
let owner: Actor;
let other: Actor;
const ids = { agent: '', second: '', number: '', theirAgent: '', theirNumber: '' };

async function as<T>(actor: Actor, run: () => Promise<T>): Promise<T> {
  signedIn = actor.client;
  try {
    return await run();
  } finally {
    signedIn = undefined;
  }
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'assigned';
}

beforeAll(async () => {
  cast = await startCast();
  owner = await cast.newUser('badge-owner');
  other = await cast.newUser('badge-other');
  const agent = (user: Actor, name: string) =>
    serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: user.id, name });
  ids.agent = (await agent(owner, 'Front desk')).id;
  ids.second = (await agent(owner, 'Back office')).id;
  ids.theirAgent = (await agent(other, 'Their desk')).id;
  ids.number = (
    await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', {
      phone_number: '+15557770001',
      user_id: owner.id,
    })
  ).id;
  ids.theirNumber = (
    await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', {
      phone_number: '+15557770002',
      user_id: other.id,
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await cast?.stack.stop();
});

describe('assigning a reserved number from the agent dashboard', () => {
  it('an owner sees only their own unassigned number as reserved', async () => {
    expect(await as(owner, () => fetchReservedNumbers(owner.id))).toEqual([
      { id: ids.number, phoneNumber: '+15557770001' },
    ]);
  });

  it('another owner’s number or agent is refused, and nothing is assigned', async () => {
    expect(await as(owner, () => refusal(() => assignReservedNumber(ids.agent, owner.id, ids.theirNumber)))).toBe(
      '23503',
    );
    expect(await as(owner, () => refusal(() => assignReservedNumber(ids.theirAgent, owner.id, ids.number)))).toBe(
      '23503',
    );
    // Claiming the row for the other owner is the insert policy's refusal.
    expect(await as(owner, () => refusal(() => assignReservedNumber(ids.theirAgent, other.id, ids.theirNumber)))).toBe(
      '42501',
    );
    const { count } = await cast.service
      .from('phone_number_assignments')
      .select('phone_number_id', { count: 'exact', head: true })
      .in('phone_number_id', [ids.number, ids.theirNumber]);
    expect(count).toBe(0);
  });

  it('an owner assigns their own reserved number to their agent, which then is no longer reserved', async () => {
    await as(owner, () => assignReservedNumber(ids.agent, owner.id, ids.number));
    const row = await cast.service
      .from('phone_number_assignments')
      .select('agent_id, user_id')
      .eq('phone_number_id', ids.number)
      .single();
    expect(row.data).toEqual({ agent_id: ids.agent, user_id: owner.id });
    expect(await as(owner, () => fetchReservedNumbers(owner.id))).toEqual([]);
    // The same number cannot also go to the owner's second agent.
    expect(await as(owner, () => refusal(() => assignReservedNumber(ids.second, owner.id, ids.number)))).toBe('23505');
  });
});
