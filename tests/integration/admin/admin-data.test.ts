/**
 * The admin's data against a real stack: packs saved whole with the form's number rules (SQL and
 * the contract agree), the site title served in the console's HTML, the marketplace's search,
 * categories and pages, and billing figures computed from payment events and the ledger.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServers } from '../../../scripts/lib/app-servers.ts';
import { newPack, packInputSchema, type PackInput } from '../../../supabase/functions/_shared/contracts/packs.ts';
import { startCast, type Cast } from '../security/support/actors.ts';

let cast: Cast;
let dir: string;
let consolePort: number;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  cast = await startCast();
  dir = mkdtempSync(path.join(tmpdir(), 'concierge-admin-'));
  for (const name of ['console', 'site']) {
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(
      path.join(dir, name, 'index.html'),
      '<!doctype html><html><head><title>Concierge</title></head><body><div id="root"></div></body></html>',
    );
  }
  const { consoleServer } = createAppServers({
    stack: cast.stack,
    consoleDir: path.join(dir, 'console'),
    siteDir: path.join(dir, 'site'),
    runtimeConfig: () => ({}),
  });
  await new Promise<void>((resolve) => consoleServer.listen(0, '127.0.0.1', resolve));
  consolePort = (consoleServer.address() as AddressInfo).port;
  closers.push(() => new Promise((resolve) => consoleServer.close(() => resolve())));
});
afterAll(async () => {
  for (const close of closers) await close();
  await cast?.stack.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function currentPacks(): Promise<PackInput[]> {
  const { data, error } = await cast.admin.client
    .from('packs')
    .select(
      'id, name, monthly_price, yearly_price, minutes, users, support, transcription, ai_call_summary, voice_cloning, crm_integrations, whatsapp_conversations, max_agents, active',
    )
    .order('sort_order');
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) =>
    packInputSchema.parse({ ...row, monthly_price: Number(row.monthly_price), yearly_price: Number(row.yearly_price) }),
  );
}

describe('packs saved as a whole', () => {
  it('an admin adds a pack: it is saved in list order, and its credits are its minutes', async () => {
    const packs = await currentPacks();
    const added = { ...newPack('team-pack'), name: 'Team', monthly_price: 79.5, yearly_price: 790, minutes: 800 };
    const { error } = await cast.admin.client.rpc('admin_save_packs', { packs: [...packs, added] });
    expect(error).toBeNull();
    const { data } = await cast.anon
      .from('packs')
      .select('id, name, credits, sort_order')
      .eq('id', 'team-pack')
      .single();
    expect(data).toEqual({ id: 'team-pack', name: 'Team', credits: 800, sort_order: packs.length + 1 });
  });

  it('a pack left out of the list is deleted', async () => {
    const packs = (await currentPacks()).filter((p) => p.id !== 'team-pack');
    expect((await cast.admin.client.rpc('admin_save_packs', { packs })).error).toBeNull();
    const { data } = await cast.service.from('packs').select('id').eq('id', 'team-pack');
    expect(data).toEqual([]);
  });

  it('the free pack and packs with subscriptions cannot be deleted (409), and nothing changes', async () => {
    const packs = await currentPacks();
    const withoutFree = await cast.admin.client.rpc('admin_save_packs', {
      packs: packs.filter((p) => p.id !== 'free').map((p) => ({ ...p, name: `${p.name}!` })),
    });
    expect(withoutFree.error?.code).toBe('23503');
    expect((await currentPacks()).map((p) => p.name)).toEqual(packs.map((p) => p.name));
    await cast.service.rpc('create_subscription', { user_id: cast.otherOwner.id, pack_id: 'pro' });
    const withoutPro = await cast.admin.client.rpc('admin_save_packs', { packs: packs.filter((p) => p.id !== 'pro') });
    expect(withoutPro.error?.code).toBe('23503');
    expect(withoutPro.error?.message).toContain('Pro');
  });

  // One table of cases: the contract's schema and the SQL function accept and refuse the same packs.
  const cases: [string, Record<string, unknown>, boolean][] = [
    ['defaults', {}, true],
    ['price with cents', { monthly_price: 19.99 }, true],
    ['price with 3 decimals', { monthly_price: 19.999 }, false],
    ['negative price', { yearly_price: -1 }, false],
    ['fractional minutes', { minutes: 1.5 }, false],
    ['negative minutes', { minutes: -1 }, false],
    ['unlimited users', { users: -1 }, true],
    ['zero users', { users: 0 }, false],
    ['unlimited WhatsApp', { whatsapp_conversations: -1 }, true],
    ['WhatsApp -2', { whatsapp_conversations: -2 }, false],
    ['no CRM', { crm_integrations: null }, true],
    ['unknown support', { support: 'Phone' }, false],
    ['unknown tier', { voice_cloning: 'Ultra' }, false],
    ['blank name', { name: '  ' }, false],
    ['price as text', { monthly_price: '10' }, false],
  ];
  for (const [label, patch, valid] of cases) {
    it(`${label}: contract and SQL both ${valid ? 'accept' : 'refuse'}`, async () => {
      const packs = await currentPacks();
      const candidate = { ...newPack('case-pack'), ...patch };
      expect(packInputSchema.safeParse(candidate).success).toBe(valid);
      const { error } = await cast.admin.client.rpc('admin_save_packs', { packs: [...packs, candidate] });
      expect(error === null, error?.message).toBe(valid);
      if (!valid) expect(error?.code).toBe('22023');
      await cast.admin.client.rpc('admin_save_packs', { packs });
    });
  }
});

describe('site SEO in the served HTML', () => {
  it('the title, description, cards and favicon an admin saves are in the console page', async () => {
    const { error } = await cast.admin.client.rpc('update_site_config', {
      config: {
        meta_title: 'Acme <Agents>',
        meta_description: 'Answers "everything"',
        og_image: 'https://cdn.example.com/og.png',
        favicon: 'https://cdn.example.com/favicon.png',
        twitter_card: 'summary',
      },
    });
    expect(error).toBeNull();
    // The server keeps the row 5 s: wait for a fresh read.
    await new Promise((resolve) => setTimeout(resolve, 5200));
    const html = await (await fetch(`http://127.0.0.1:${consolePort}/credits`)).text();
    expect(html).toContain('<title>Acme &lt;Agents&gt;</title>');
    expect(html).not.toContain('<title>Concierge</title>');
    expect(html).toContain('<meta name="description" content="Answers &quot;everything&quot;" />');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/og.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('<link rel="icon" href="https://cdn.example.com/favicon.png" />');
  });

  it('a javascript: favicon or a too long title is refused with a 4xx', async () => {
    const script = await cast.admin.client.rpc('update_site_config', { config: { favicon: 'javascript:alert(1)' } });
    expect(script.status).toBe(400);
    const long = await cast.admin.client.rpc('update_site_config', { config: { meta_title: 'x'.repeat(71) } });
    expect(long.status).toBe(400);
  });
});

describe('marketplace', () => {
  beforeAll(async () => {
    const rows = [
      {
        name: 'Dentist Desk',
        company_name: 'Smile Co',
        category: 'professional',
        subdomain: 'mk-dentist',
        directory_listed: true,
      },
      { name: 'Town Hall', company_name: 'Ville', category: 'civil', subdomain: 'mk-townhall', directory_listed: true },
      {
        name: 'Hidden Helper',
        company_name: 'Smile Co',
        category: 'professional',
        subdomain: 'mk-hidden',
        directory_listed: false,
      },
      { name: 'Misc Bot', company_name: null, category: null, subdomain: 'mk-misc', directory_listed: true },
    ];
    for (const row of rows) {
      const { error } = await cast.service.from('agents').insert({ ...row, user_id: cast.owner.id });
      if (error) throw new Error(error.message);
    }
  });

  const names = async (args: Record<string, unknown>) => {
    const { data, error } = await cast.admin.client.rpc('marketplace_agents', args);
    if (error) throw new Error(error.message);
    return (data ?? []).map((a: { name: string }) => a.name).sort();
  };

  it('lists only agents listed in the directory', async () => {
    const all = await names({ search: '', filter_category: 'all' });
    expect(all).toContain('Dentist Desk');
    expect(all).not.toContain('Hidden Helper');
  });

  it('searches name and company, case-insensitively, LIKE wildcards taken literally', async () => {
    expect(await names({ search: 'smile' })).toEqual(['Dentist Desk']);
    expect(await names({ search: '%' })).toEqual([]);
  });

  it('filters by category; other holds agents without a known category', async () => {
    expect(await names({ filter_category: 'civil' })).toEqual(['Town Hall']);
    expect(await names({ filter_category: 'other' })).toContain('Misc Bot');
    expect(await names({ filter_category: 'other' })).not.toContain('Town Hall');
    const bad = await cast.admin.client.rpc('marketplace_agents', { filter_category: 'sports' });
    expect(bad.error?.code).toBe('22023');
  });

  it('pages without overlap', async () => {
    const first = await names({ page_size: 2, page: 0 });
    const second = await names({ page_size: 2, page: 1 });
    expect(first).toHaveLength(2);
    expect(first.filter((n: string) => second.includes(n))).toEqual([]);
  });
});

describe('billing from payment events and the ledger', () => {
  it('revenue, refunds, purchases and transactions come from what was recorded', async () => {
    const paid = await cast.service.rpc('record_checkout_payment', {
      event_id: 'evt_bill_1',
      event_type: 'checkout.session.completed',
      user_id: cast.owner.id,
      pack_id: 'essential',
      amount_cents: 1990,
      currency: 'usd',
      payment_ref: 'pi_bill_1',
    });
    expect(paid.error).toBeNull();
    const refund = {
      event_id: 'evt_refund_1',
      event_type: 'refund.created',
      payment_ref: 'pi_bill_1',
      amount_cents: 500,
    };
    // A quarter of the payment: a quarter of the pack's 100 credits back.
    expect((await cast.service.rpc('record_refund', refund)).data).toEqual({
      status: 'applied',
      credits_taken: 25,
      credits_shortfall: 0,
    });
    // Replayed refund event: recorded once.
    expect((await cast.service.rpc('record_refund', refund)).data).toEqual({ status: 'duplicate' });
    const unknown = await cast.service.rpc('record_refund', {
      ...refund,
      event_id: 'evt_x',
      payment_ref: 'pi_unknown',
    });
    expect(unknown.error?.code).toBe('PT404');

    const totals = await cast.admin.client.rpc('admin_billing_totals').single();
    expect(totals.data).toMatchObject({ revenue_cents: 1990, refunds_cents: 500, currency: 'usd' });
    expect((totals.data as { credits_purchased: number }).credits_purchased).toBe(100);
    expect((totals.data as { active_subscriptions: number }).active_subscriptions).toBeGreaterThanOrEqual(1);

    const months = await cast.admin.client.rpc('admin_billing_months', { months: 3 });
    expect(months.data).toHaveLength(3);
    const current = (months.data as { revenue_cents: number; refunds: number; credits_purchased: number }[])[2];
    expect(current).toMatchObject({ revenue_cents: 1990, refunds: 1, credits_purchased: 100 });

    const page = await cast.admin.client.rpc('admin_billing_transactions', { page_size: 1, page: 0 });
    const rows = page.data as { id: string; kind: string; user_email: string; total_count: number }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'evt_refund_1', kind: 'refund', user_email: cast.owner.email, total_count: 2 });
    const bad = await cast.admin.client.rpc('admin_billing_transactions', { page_size: 5000, page: 0 });
    expect(bad.error?.code).toBe('22023');
  });
});
