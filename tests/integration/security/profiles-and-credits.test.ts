import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptDelete,
  attemptInsert,
  attemptUpdate,
  serviceRow,
  startCast,
  visibleRows,
  type Cast,
} from './support/actors.ts';

let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

interface Profile extends Record<string, unknown> {
  id: string;
  name: string;
  credits: number;
  lang: string;
  is_admin: boolean;
  email_verified: boolean;
  has_free_pack_activated: boolean;
}

describe('profiles', () => {
  it('a new user gets a profile with 30 credits from a signup ledger row, lang en, not admin, email verified', async () => {
    const profile = await serviceRow<Profile>(cast.service, 'profiles', { id: cast.owner.id });
    expect(profile).toMatchObject({
      credits: 30,
      lang: 'en',
      is_admin: false,
      email_verified: true,
      has_free_pack_activated: false,
    });
    const { data: ledger } = await cast.owner.client.from('credit_ledger').select('type, amount');
    expect(ledger).toEqual([{ type: 'signup_bonus', amount: 30 }]);
  });

  it('email_verified follows email_confirmed_at of the auth user', async () => {
    const created = await cast.service.auth.admin.createUser({
      email: `unverified-${Date.now()}@example.com`,
      password: 'secret-123',
    });
    const id = created.data.user!.id;
    expect((await serviceRow<Profile>(cast.service, 'profiles', { id }))?.email_verified).toBe(false);
    await cast.service.auth.admin.updateUserById(id, { email_confirm: true });
    expect((await serviceRow<Profile>(cast.service, 'profiles', { id }))?.email_verified).toBe(true);
  });

  it('a visitor cannot read profiles', async () => {
    expect(await visibleRows(cast.anon, 'profiles', { id: cast.owner.id })).toBeNull();
  });

  it('an owner reads their own profile but not another owner’s', async () => {
    expect(await visibleRows(cast.owner.client, 'profiles', { id: cast.owner.id })).toHaveLength(1);
    expect(await visibleRows(cast.owner.client, 'profiles', { id: cast.otherOwner.id })).toEqual([]);
  });

  it('an admin reads every profile', async () => {
    const { data } = await cast.admin.client
      .from('profiles')
      .select('id')
      .in('id', [cast.owner.id, cast.otherOwner.id]);
    expect(data).toHaveLength(2);
  });

  it('an owner updates name, avatar, lang, agent_name and descriptif of their profile', async () => {
    const patch = {
      name: 'Renamed',
      avatar: 'https://example.com/a.png',
      lang: 'fr',
      agent_name: 'Max',
      descriptif: 'Bakery',
    };
    expect(await attemptUpdate(cast.owner.client, 'profiles', patch, { id: cast.owner.id })).toBe(1);
    expect(await serviceRow(cast.service, 'profiles', { id: cast.owner.id })).toMatchObject(patch);
  });

  it.each([
    ['credits', { credits: 9999 }],
    ['is_admin', { is_admin: true }],
    ['has_free_pack_activated', { has_free_pack_activated: true }],
    ['email_verified', { email_verified: false }],
    ['email', { email: 'stolen@example.com' }],
  ])('an owner cannot change their own %s', async (_column, patch) => {
    expect(await attemptUpdate(cast.owner.client, 'profiles', patch, { id: cast.owner.id })).toBe(0);
    const after = await serviceRow<Profile>(cast.service, 'profiles', { id: cast.owner.id });
    for (const [key, value] of Object.entries(patch)) expect(after?.[key]).not.toEqual(value);
  });

  it('an owner cannot rename another owner', async () => {
    expect(await attemptUpdate(cast.owner.client, 'profiles', { name: 'Hacked' }, { id: cast.otherOwner.id })).toBe(0);
    expect((await serviceRow<Profile>(cast.service, 'profiles', { id: cast.otherOwner.id }))?.name).not.toBe('Hacked');
  });

  it('an invalid language is rejected', async () => {
    const { error } = await cast.owner.client.from('profiles').update({ lang: 'de' }).eq('id', cast.owner.id);
    expect(error?.code).toBe('23514');
  });

  it('nobody inserts or deletes profiles through the API, not even an admin', async () => {
    expect(await attemptInsert(cast.owner.client, 'profiles', { id: cast.owner.id, name: 'dup' })).toBe(false);
    expect(await attemptDelete(cast.owner.client, 'profiles', { id: cast.owner.id })).toBe(0);
    expect(await attemptDelete(cast.admin.client, 'profiles', { id: cast.otherOwner.id })).toBe(0);
    expect(await serviceRow(cast.service, 'profiles', { id: cast.otherOwner.id })).not.toBeNull();
  });

  it('only an admin changes the admin flag', async () => {
    const denied = await cast.owner.client.rpc('set_user_admin', { user_id: cast.owner.id, is_admin: true });
    expect(denied.error?.code).toBe('42501');
    expect((await serviceRow<Profile>(cast.service, 'profiles', { id: cast.owner.id }))?.is_admin).toBe(false);
    const target = await cast.newUser('promoted');
    expect((await cast.admin.client.rpc('set_user_admin', { user_id: target.id, is_admin: true })).error).toBeNull();
    expect((await serviceRow<Profile>(cast.service, 'profiles', { id: target.id }))?.is_admin).toBe(true);
  });

  it('deleting a user through the auth admin API removes their profile and everything they own', async () => {
    const target = await cast.newUser('deleted');
    await target.client.from('agents').insert({ user_id: target.id, name: 'Gone' });
    expect((await target.client.auth.admin.deleteUser(target.id)).error).not.toBeNull();
    expect((await cast.service.auth.admin.deleteUser(target.id)).error).toBeNull();
    expect(await serviceRow(cast.service, 'profiles', { id: target.id })).toBeNull();
    const { count } = await cast.service
      .from('agents')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', target.id);
    expect(count).toBe(0);
  });

  it('a visitor cannot call set_user_admin', async () => {
    const { error } = await cast.anon.rpc('set_user_admin', { user_id: cast.owner.id, is_admin: true });
    expect(error).not.toBeNull();
  });
});

describe('credits', () => {
  it('the free pack adds 30 credits once, with a free_activation row', async () => {
    const user = await cast.newUser('free-pack');
    const first = await user.client.rpc('activate_free_pack');
    expect(first.error).toBeNull();
    expect(first.data).toBe(60);
    const second = await user.client.rpc('activate_free_pack');
    expect(second.error?.message).toBe('Free pack already activated');
    const { data: ledger } = await user.client.from('credit_ledger').select('type, amount, pack_id').order('id');
    expect(ledger).toEqual([
      { type: 'signup_bonus', amount: 30, pack_id: null },
      { type: 'free_activation', amount: 30, pack_id: 'free' },
    ]);
    expect(await serviceRow(cast.service, 'profiles', { id: user.id })).toMatchObject({
      credits: 60,
      has_free_pack_activated: true,
    });
  });

  it('a visitor cannot activate a free pack', async () => {
    const { error } = await cast.anon.rpc('activate_free_pack');
    expect(error).not.toBeNull();
  });

  it('using credits debits the balance and returns false instead of going below zero', async () => {
    const user = await cast.newUser('usage');
    expect((await user.client.rpc('use_credits', { amount: 12 })).data).toBe(true);
    expect((await user.client.rpc('use_credits', { amount: 19 })).data).toBe(false);
    expect((await user.client.rpc('use_credits', { amount: 18 })).data).toBe(true);
    expect((await serviceRow(cast.service, 'profiles', { id: user.id }))?.credits).toBe(0);
    const { data: usage } = await user.client.from('subscription_usage').select('credits_used').single();
    expect(usage?.credits_used).toBe(30);
  });

  it('a non-positive usage amount is a 4xx error', async () => {
    const { error, status } = await cast.owner.client.rpc('use_credits', { amount: -5 });
    expect(error?.code).toBe('22023');
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it('an owner cannot spend another owner’s credits', async () => {
    const { error } = await cast.owner.client.rpc('use_credits', { amount: 1, user_id: cast.otherOwner.id });
    expect(error?.code).toBe('42501');
  });

  it('the service role meters usage for a named user', async () => {
    const user = await cast.newUser('metered');
    expect((await cast.service.rpc('use_credits', { amount: 3, user_id: user.id })).data).toBe(true);
    expect((await serviceRow(cast.service, 'profiles', { id: user.id }))?.credits).toBe(27);
  });

  it('purchases are recorded only by the service role', async () => {
    const user = await cast.newUser('buyer');
    expect((await user.client.rpc('purchase_credits', { user_id: user.id, amount: 500 })).error).not.toBeNull();
    expect((await cast.admin.client.rpc('purchase_credits', { user_id: user.id, amount: 500 })).error).not.toBeNull();
    const bought = await cast.service.rpc('purchase_credits', { user_id: user.id, amount: 100, pack_id: 'essential' });
    expect(bought.data).toBe(130);
    const { data } = await user.client.from('credit_ledger').select('type, amount, pack_id').eq('type', 'purchase');
    expect(data).toEqual([{ type: 'purchase', amount: 100, pack_id: 'essential' }]);
  });

  it('an admin grants credits to a user; an owner cannot', async () => {
    const user = await cast.newUser('granted');
    expect((await user.client.rpc('admin_grant_credits', { user_id: user.id, amount: 50 })).error?.code).toBe('42501');
    expect((await cast.admin.client.rpc('admin_grant_credits', { user_id: user.id, amount: 50 })).data).toBe(80);
  });

  it('the ledger cannot be written or rewritten by clients', async () => {
    expect(
      await attemptInsert(cast.owner.client, 'credit_ledger', {
        user_id: cast.owner.id,
        type: 'purchase',
        amount: 1000,
      }),
    ).toBe(false);
    expect(
      await attemptInsert(cast.admin.client, 'credit_ledger', {
        user_id: cast.admin.id,
        type: 'purchase',
        amount: 1000,
      }),
    ).toBe(false);
    expect(await attemptUpdate(cast.owner.client, 'credit_ledger', { amount: 1000 }, { user_id: cast.owner.id })).toBe(
      0,
    );
    expect(await attemptDelete(cast.owner.client, 'credit_ledger', { user_id: cast.owner.id })).toBe(0);
  });

  it('even the service role cannot rewrite a ledger row', async () => {
    const { error } = await cast.service.from('credit_ledger').update({ amount: 1 }).eq('user_id', cast.owner.id);
    expect(error?.message).toBe('The credit ledger is append-only');
  });

  it('another owner cannot read my credit transactions; an admin can', async () => {
    expect(await visibleRows(cast.otherOwner.client, 'credit_ledger', { user_id: cast.owner.id })).toEqual([]);
    expect((await visibleRows(cast.admin.client, 'credit_ledger', { user_id: cast.owner.id }))?.length).toBeGreaterThan(
      0,
    );
    expect(await visibleRows(cast.anon, 'credit_ledger', { user_id: cast.owner.id })).toBeNull();
  });

  it('every balance equals the sum of its ledger', async () => {
    const { data: profiles } = await cast.service.from('profiles').select('id, credits');
    const { data: ledger } = await cast.service.from('credit_ledger').select('user_id, amount');
    for (const profile of profiles ?? []) {
      const sum = (ledger ?? [])
        .filter((row) => row.user_id === profile.id)
        .reduce((total, row) => total + (row.amount as number), 0);
      expect(profile.credits).toBe(sum);
    }
  });
});

describe('packs', () => {
  it('a visitor reads the active packs with their prices', async () => {
    const { data } = await cast.anon.from('packs').select('id, monthly_price').order('sort_order');
    expect(data).toEqual([
      { id: 'free', monthly_price: 0 },
      { id: 'essential', monthly_price: 19.9 },
      { id: 'pro', monthly_price: 49.9 },
      { id: 'enterprise', monthly_price: 199.9 },
    ]);
  });

  it('an inactive pack is visible to admins only', async () => {
    const hidden = { id: 'hidden-pack', name: 'Hidden', active: false };
    expect(await attemptInsert(cast.admin.client, 'packs', hidden)).toBe(true);
    expect(await visibleRows(cast.anon, 'packs', { id: 'hidden-pack' })).toEqual([]);
    expect(await visibleRows(cast.owner.client, 'packs', { id: 'hidden-pack' })).toEqual([]);
    expect(await visibleRows(cast.admin.client, 'packs', { id: 'hidden-pack' })).toHaveLength(1);
  });

  it('owners and visitors cannot create, change or delete packs; admins can', async () => {
    expect(await attemptInsert(cast.owner.client, 'packs', { id: 'cheap', name: 'Cheap' })).toBe(false);
    expect(await attemptInsert(cast.anon, 'packs', { id: 'cheap', name: 'Cheap' })).toBe(false);
    expect(await attemptUpdate(cast.owner.client, 'packs', { monthly_price: 0 }, { id: 'pro' })).toBe(0);
    expect(await attemptDelete(cast.owner.client, 'packs', { id: 'pro' })).toBe(0);
    expect(await attemptUpdate(cast.admin.client, 'packs', { name: 'Hidden plan' }, { id: 'hidden-pack' })).toBe(1);
    expect(await attemptDelete(cast.admin.client, 'packs', { id: 'hidden-pack' })).toBe(1);
  });

  it('a negative price is rejected', async () => {
    const { error } = await cast.admin.client.from('packs').update({ monthly_price: -1 }).eq('id', 'pro');
    expect(error?.code).toBe('23514');
  });
});

describe('subscriptions', () => {
  it('the payment service creates a one-month subscription; the owner cancels it at period end', async () => {
    const user = await cast.newUser('subscriber');
    expect((await user.client.rpc('create_subscription', { user_id: user.id, pack_id: 'pro' })).error?.code).toBe(
      '42501',
    );
    const created = await cast.service.rpc('create_subscription', { user_id: user.id, pack_id: 'pro' });
    expect(created.error).toBeNull();
    const sub = created.data as {
      status: string;
      current_period_start: string;
      current_period_end: string;
      cancel_at_period_end: boolean;
    };
    expect(sub.status).toBe('active');
    const start = new Date(sub.current_period_start);
    const end = new Date(sub.current_period_end);
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(Math.abs(end.getTime() - expectedEnd.getTime())).toBeLessThan(36 * 3600 * 1000);
    const cancelled = await user.client.rpc('cancel_subscription');
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancel_at_period_end: true });
    expect((await user.client.rpc('cancel_subscription')).error?.message).toBe('No active subscription found');
  });

  it('an unknown pack is refused', async () => {
    const { error } = await cast.service.rpc('create_subscription', { user_id: cast.owner.id, pack_id: 'nope' });
    expect(error?.message).toBe('Pack not found');
  });

  it('another owner cannot read or cancel my subscription', async () => {
    const user = await cast.newUser('private-sub');
    await cast.service.rpc('create_subscription', { user_id: user.id, pack_id: 'essential' });
    expect(await visibleRows(cast.otherOwner.client, 'subscriptions', { user_id: user.id })).toEqual([]);
    expect((await cast.otherOwner.client.rpc('cancel_subscription', { user_id: user.id })).error?.code).toBe('42501');
    expect(await visibleRows(cast.anon, 'subscriptions', { user_id: user.id })).toBeNull();
    expect(await visibleRows(cast.admin.client, 'subscriptions', { user_id: user.id })).toHaveLength(1);
    expect(
      await attemptUpdate(
        user.client,
        'subscriptions',
        { status: 'active', current_period_end: '2099-01-01' },
        { user_id: user.id },
      ),
    ).toBe(0);
    expect(await attemptInsert(user.client, 'subscriptions', { user_id: user.id, pack_id: 'enterprise' })).toBe(false);
  });

  it('subscription usage counts created agents and is private', async () => {
    const user = await cast.newUser('usage-count');
    await user.client.from('agents').insert({ user_id: user.id, name: 'Counted' });
    const { data } = await user.client.from('subscription_usage').select('agents_created').single();
    expect(data?.agents_created).toBe(1);
    expect(await visibleRows(cast.otherOwner.client, 'subscription_usage', { user_id: user.id })).toEqual([]);
    expect(await attemptUpdate(user.client, 'subscription_usage', { agents_created: 0 }, { user_id: user.id })).toBe(0);
  });
});
