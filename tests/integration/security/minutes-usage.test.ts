/**
 * The sidebar's usage box reads `minutes_usage()`, an aggregate over the caller's
 * own ledger and subscription. A visitor cannot call it; each owner sees only their own minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCast, type Actor, type Cast } from './support/actors.ts';

let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

interface Usage {
  pack_id: string | null;
  subscribed: boolean;
  used_minutes: number;
  included_minutes: number;
}

async function usageOf(actor: Actor): Promise<Usage> {
  const { data, error } = await actor.client.rpc('minutes_usage').single();
  if (error) throw new Error(`minutes_usage: ${error.message}`);
  return data as Usage;
}

async function use(actor: Actor, amount: number): Promise<void> {
  const { data, error } = await cast.service.rpc('use_credits', { amount, user_id: actor.id });
  if (error || data !== true) throw new Error(`use_credits: ${error?.message ?? String(data)}`);
}

describe('minutes usage', () => {
  it('a visitor cannot read anyone’s minutes', async () => {
    const { data, error } = await cast.anon.rpc('minutes_usage');
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });

  it('an owner on the free pack sees the minutes used of every minute granted, the free pack at once', async () => {
    const owner = await cast.newUser('free-minutes');
    expect(await usageOf(owner)).toMatchObject({
      pack_id: 'free',
      subscribed: false,
      used_minutes: 0,
      included_minutes: 30,
    });
    await use(owner, 4);
    expect(await usageOf(owner)).toMatchObject({ used_minutes: 4, included_minutes: 30 });
    expect((await owner.client.rpc('activate_free_pack')).error).toBeNull();
    expect(await usageOf(owner)).toMatchObject({ used_minutes: 4, included_minutes: 60 });
  });

  it('a subscribed owner sees the minutes used this period of the pack’s minutes', async () => {
    const owner = await cast.newUser('pro-minutes');
    await use(owner, 3);
    const { error } = await cast.service.rpc('record_checkout_payment', {
      event_id: `evt-${owner.id}`,
      event_type: 'checkout.session.completed',
      user_id: owner.id,
      pack_id: 'pro',
    });
    expect(error).toBeNull();
    // The pack's 500 minutes; the 3 minutes used before the subscription began are another period.
    expect(await usageOf(owner)).toMatchObject({
      pack_id: 'pro',
      subscribed: true,
      used_minutes: 0,
      included_minutes: 500,
    });
    await use(owner, 7);
    expect(await usageOf(owner)).toMatchObject({ used_minutes: 7, included_minutes: 500 });
  });

  it('another owner’s usage never shows in mine', async () => {
    const mine = await cast.newUser('mine');
    const theirs = await cast.newUser('theirs');
    await use(theirs, 9);
    expect(await usageOf(mine)).toMatchObject({ used_minutes: 0 });
    expect(await usageOf(theirs)).toMatchObject({ used_minutes: 9 });
  });
});
