import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_SUBDOMAINS } from '@contracts/subdomain.ts';
import { startCast, type Cast } from './support/actors.ts';

/**
 * Reserved subdomains: nobody claims admin.{domain}, login.{domain}... Postgres
 * refuses them on insert and on rename, for owners and admins alike, and the contract's list
 * (@contracts/subdomain.ts) is exactly the database's.
 */
let cast: Cast;

beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

async function sqlReserved(name: string): Promise<boolean> {
  const { rows } = await cast.stack.db.query<{ reserved: boolean }>(
    'select private.is_reserved_subdomain($1) as reserved',
    [name],
  );
  return rows[0]!.reserved;
}

describe('reserved subdomains', () => {
  it('the contract and the database reserve exactly the same names', async () => {
    const { rows } = await cast.stack.db.query<{ name: string }>(
      'select unnest(private.reserved_subdomains()) as name',
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...RESERVED_SUBDOMAINS].sort());
  });

  const cases: [string, boolean][] = [
    ...RESERVED_SUBDOMAINS.map((name): [string, boolean] => [name, true]),
    ['demo', false],
    ['shop', false],
    ['my-bakery', false],
    ['admins', false],
    ['support-team', false],
  ];
  it.each(cases)('the database says %s reserved = %s', async (name, reserved) => {
    await expect(sqlReserved(name)).resolves.toBe(reserved);
  });

  it('owner A cannot create an agent on admin (any case or padding), nor on login', async () => {
    for (const subdomain of ['admin', ' Admin ', 'login']) {
      const { error } = await cast.owner.client
        .from('agents')
        .insert({ user_id: cast.owner.id, name: 'Phish', subdomain });
      expect(error?.code, subdomain).toBe('23514');
      expect(error?.message, subdomain).toMatch(/reserved/);
    }
  });

  it('owner A cannot rename an existing agent to billing; its other fields stay editable', async () => {
    const { data, error } = await cast.owner.client
      .from('agents')
      .insert({ user_id: cast.owner.id, name: 'Bakery', subdomain: 'reserved-test-bakery' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    const rename = await cast.owner.client.from('agents').update({ subdomain: 'billing' }).eq('id', id);
    expect(rename.error?.code).toBe('23514');
    const edit = await cast.owner.client.from('agents').update({ company_name: 'Bakery Ltd' }).eq('id', id);
    expect(edit.error).toBeNull();
  });

  it('an admin cannot claim one either, not even through the service role', async () => {
    const byAdmin = await cast.admin.client
      .from('agents')
      .insert({ user_id: cast.admin.id, name: 'Admin page', subdomain: 'support' });
    expect(byAdmin.error?.code).toBe('23514');
    const byService = await cast.service
      .from('agents')
      .insert({ user_id: cast.otherOwner.id, name: 'Status page', subdomain: 'status' });
    expect(byService.error?.code).toBe('23514');
  });

  it('the availability check says a reserved name is not available, and demo stays claimable', async () => {
    expect((await cast.owner.client.rpc('subdomain_available', { subdomain: 'dashboard' })).data).toBe(false);
    // The seeded demo agent holds demo: it is taken, not reserved.
    await expect(sqlReserved('demo')).resolves.toBe(false);
    expect((await cast.owner.client.rpc('subdomain_available', { subdomain: 'cafe-admin' })).data).toBe(true);
  });
});
