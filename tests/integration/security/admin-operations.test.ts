/**
 * Every admin RPC of packs, billing, site SEO and the marketplace refuses a
 * visitor and an owner in Postgres (not only behind the console's admin guard), and answers an
 * admin; the site-assets bucket takes uploads from admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { newPack } from '../../../supabase/functions/_shared/contracts/packs.ts';
import { startCast, type Cast } from './support/actors.ts';

let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

type Call = (client: SupabaseClient) => PromiseLike<{ error: { code?: string; message: string } | null }>;

const adminCalls: Record<string, Call> = {
  admin_save_packs: (c) => c.rpc('admin_save_packs', { packs: [] }),
  update_site_config: (c) => c.rpc('update_site_config', { config: { meta_title: 'Taken over' } }),
  admin_billing_totals: (c) => c.rpc('admin_billing_totals'),
  admin_billing_months: (c) => c.rpc('admin_billing_months', { months: 12 }),
  admin_billing_transactions: (c) => c.rpc('admin_billing_transactions', { page_size: 10, page: 0 }),
  marketplace_agents: (c) => c.rpc('marketplace_agents', { search: '', filter_category: 'all' }),
};

describe('admin RPCs of packs, billing, site SEO and the marketplace', () => {
  for (const [name, call] of Object.entries(adminCalls)) {
    it(`a visitor cannot call ${name}`, async () => {
      const { error } = await call(cast.anon);
      expect(error, name).not.toBeNull();
    });

    it(`an owner cannot call ${name}`, async () => {
      const { error } = await call(cast.owner.client);
      expect(error?.code, name).toBe('42501');
    });
  }

  it('an admin can read billing and the marketplace', async () => {
    for (const name of [
      'admin_billing_totals',
      'admin_billing_months',
      'admin_billing_transactions',
      'marketplace_agents',
    ]) {
      const { error } = await adminCalls[name]!(cast.admin.client);
      expect(error, name).toBeNull();
    }
  });

  it('an owner cannot save packs: the packs stay as they were', async () => {
    const before = await cast.service.from('packs').select('id').order('id');
    await cast.owner.client.rpc('admin_save_packs', { packs: [newPack('owner-pack')] });
    const after = await cast.service.from('packs').select('id').order('id');
    expect(after.data).toEqual(before.data);
  });

  it('an owner cannot change the site title, an admin can', async () => {
    await cast.owner.client.rpc('update_site_config', { config: { meta_title: 'Owned' } });
    const { data: unchanged } = await cast.service.from('site_config').select('meta_title').single();
    expect(unchanged?.meta_title).not.toBe('Owned');
    const { data, error } = await cast.admin.client.rpc('update_site_config', {
      config: { meta_title: 'Admin title' },
    });
    expect(error).toBeNull();
    expect((data as { meta_title: string }).meta_title).toBe('Admin title');
  });

  it('payment events stay the payment service’s: an admin cannot record a payment or a refund', async () => {
    const paid = await cast.admin.client.rpc('record_checkout_payment', {
      event_id: 'evt_admin',
      event_type: 'checkout.session.completed',
      user_id: cast.admin.id,
      pack_id: 'pro',
    });
    expect(paid.error).not.toBeNull();
    const refunded = await cast.admin.client.rpc('record_refund', {
      event_id: 'evt_admin_refund',
      event_type: 'refund.created',
      payment_ref: 'pi_x',
      amount_cents: 100,
    });
    expect(refunded.error).not.toBeNull();
  });
});

describe('site-assets bucket (favicon)', () => {
  const icon = new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });

  it('an owner cannot upload a site asset', async () => {
    const { error } = await cast.owner.client.storage.from('site-assets').upload('favicon-owner.png', icon);
    expect(error).not.toBeNull();
  });

  it('an admin uploads the favicon and a visitor can load it by its public address', async () => {
    const { error } = await cast.admin.client.storage
      .from('site-assets')
      .upload('favicon-test.png', icon, { contentType: 'image/png' });
    expect(error).toBeNull();
    const url = cast.anon.storage.from('site-assets').getPublicUrl('favicon-test.png').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
  });

  it('an admin cannot upload a script as a site asset', async () => {
    const script = new Blob(['alert(1)'], { type: 'text/html' });
    const { error } = await cast.admin.client.storage
      .from('site-assets')
      .upload('evil.html', script, { contentType: 'text/html' });
    expect(error).not.toBeNull();
  });
});
