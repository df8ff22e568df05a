import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRow, startCast, type Cast } from './support/actors.ts';

let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('credit rules under concurrency', () => {
  it('100 parallel uses of 1 credit on a balance of 50 give exactly 50 successes, a balance of 0 and 50 usage rows', async () => {
    const user = await cast.newUser('spender');
    // 30 signup credits + 20 granted = 50
    expect((await cast.admin.client.rpc('admin_grant_credits', { user_id: user.id, amount: 20 })).data).toBe(50);

    const results = await Promise.all(Array.from({ length: 100 }, () => user.client.rpc('use_credits', { amount: 1 })));

    expect(results.filter((r) => r.error)).toEqual([]);
    expect(results.filter((r) => r.data === true)).toHaveLength(50);
    expect(results.filter((r) => r.data === false)).toHaveLength(50);
    expect((await serviceRow(cast.service, 'profiles', { id: user.id }))?.credits).toBe(0);
    const { count } = await cast.service
      .from('credit_ledger')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', user.id)
      .eq('type', 'usage');
    expect(count).toBe(50);
  });

  it('two parallel free-pack activations grant 30 credits once', async () => {
    const user = await cast.newUser('double-click');
    const [first, second] = await Promise.all([
      user.client.rpc('activate_free_pack'),
      user.client.rpc('activate_free_pack'),
    ]);

    expect([first.error, second.error].filter((e) => e === null)).toHaveLength(1);
    expect([first.error?.message, second.error?.message]).toContain('Free pack already activated');
    expect((await serviceRow(cast.service, 'profiles', { id: user.id }))?.credits).toBe(60);
    const { count } = await cast.service
      .from('credit_ledger')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', user.id)
      .eq('type', 'free_activation');
    expect(count).toBe(1);
  });
});
