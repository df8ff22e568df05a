import type { Browser } from 'playwright-core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminEn } from '../../renderer/src/features/admin/locales/en.ts';
import { billingEn } from '../../renderer/src/features/billing/locales/en.ts';
import { siteConfigEn } from '../../renderer/src/features/siteConfig/locales/en.ts';
import { BillingAdminPage, NumbersAdminPage, SiteConfigAdminPage } from './pages/AdminSitePages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { productClient } from './support/clients.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';

/**
 * Billing, site assets and numbers as the demo admin: billing figures, months, paged transactions and the
 * CSV export come from payment events; a favicon uploaded on /site-config is served in the pages'
 * head; every phone number is listed with its owner and agent, buying one is honestly unavailable.
 * Every row this file adds is removed again, and the site settings are put back.
 */
const product = inject('product');
const demo = product.demo;
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const EVENTS = 27;
let browser: Browser;
let service: SupabaseClient;
let admin: SupabaseClient;
let ownerId: string;

const eventId = (i: number) => `e2e_billing_${String(i).padStart(2, '0')}`;

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  admin = productClient(product);
  const signedIn = await admin.auth.signInWithPassword({
    email: demo.DEMO_ADMIN_EMAIL,
    password: demo.DEMO_ADMIN_PASSWORD,
  });
  if (signedIn.error) throw signedIn.error;
  const owner = await service.from('profiles').select('id').eq('email', demo.DEMO_OWNER_EMAIL).single();
  if (owner.error) throw owner.error;
  ownerId = (owner.data as { id: string }).id;
});
afterAll(async () => {
  await service?.from('billing_events').delete().like('id', 'e2e_billing_%');
  await service?.from('phone_numbers').delete().in('phone_number', ['+15550107001', '+15550107002']);
  await browser?.close();
});

async function signedInAdmin() {
  const { context, page } = await newPage(browser, DESKTOP);
  await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_ADMIN_EMAIL, demo.DEMO_ADMIN_PASSWORD);
  return { context, page };
}

interface Totals {
  revenue_cents: number;
  refunds_cents: number;
  currency: string;
}

async function totals(): Promise<Totals> {
  const { data, error } = await admin.rpc('admin_billing_totals').single();
  if (error) throw error;
  const row = data as Record<string, unknown>;
  return {
    revenue_cents: Number(row.revenue_cents),
    refunds_cents: Number(row.refunds_cents),
    currency: String(row.currency),
  };
}

const usd = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

describe('admin billing from real payment events', () => {
  it('shows the totals, this month, paged transactions and exports them as CSV', async () => {
    const before = await totals();
    const now = Date.now();
    // 26 payments of $12.34 (one per minute, newest first) and one refund of $5.00.
    const rows = Array.from({ length: EVENTS }, (_, i) => ({
      id: eventId(i),
      type: i === 0 ? 'refund.created' : 'checkout.session.completed',
      kind: i === 0 ? 'refund' : 'payment',
      user_id: ownerId,
      pack_id: i === 0 ? null : 'pro',
      credits: i === 0 ? null : 100,
      amount_cents: i === 0 ? 500 : 1234,
      currency: 'usd',
      processed_at: new Date(now - i * 60_000).toISOString(),
    }));
    const inserted = await service.from('billing_events').insert(rows);
    expect(inserted.error).toBeNull();
    const after = await totals();
    expect(after.revenue_cents - before.revenue_cents).toBe(26 * 1234);
    expect(after.refunds_cents - before.refunds_cents).toBe(500);

    const { context, page } = await signedInAdmin();
    const billing = new BillingAdminPage(page, product.consoleUrl, billingEn);
    await billing.open();
    await expect.poll(() => billing.stat('revenue').textContent()).toBe(usd(after.revenue_cents, after.currency));
    await expect.poll(() => billing.stat('refunds').textContent()).toBe(usd(after.refunds_cents, after.currency));
    const month = new Date(now).toISOString().slice(0, 7);
    await billing.monthRow(month).waitFor();

    // Server paging: 25 rows a page; the oldest of ours is on page 2.
    const { count } = await service.from('billing_events').select('id', { count: 'exact', head: true });
    const pages = Math.ceil((count ?? 0) / 25);
    await billing.pageLabel(1, pages).waitFor();
    await expect.poll(() => billing.transactionRows().count()).toBe(25);
    await billing.nextPage();
    await billing.pageLabel(2, pages).waitFor();
    await expect.poll(() => billing.transactionRows().count()).toBe(Math.min(25, (count ?? 0) - 25));
    await screenshot(page, 'admin-billing');

    const csv = await billing.exportCsv();
    expect(csv.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,date,kind,email,name,pack,amount,currency,credits');
    expect(lines).toHaveLength((count ?? 0) + 1);
    const refund = lines.find((l) => l.startsWith(`${eventId(0)},`));
    expect(refund?.split(',').slice(2, 4)).toEqual(['refund', demo.DEMO_OWNER_EMAIL]);
    expect(refund).toContain(',5.00,usd,');
    const payment = lines.find((l) => l.startsWith(`${eventId(EVENTS - 1)},`));
    expect(payment).toContain(',12.34,usd,100');
    await context.close();
  });
});

describe('site SEO favicon', () => {
  it('uploads a favicon that every served page then links to, and puts the settings back', async () => {
    const original = await service.from('site_config').select('favicon').eq('id', 'default').maybeSingle();
    const { context, page } = await signedInAdmin();
    const seo = new SiteConfigAdminPage(page, product.consoleUrl, siteConfigEn);
    try {
      await seo.open();
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      );
      await seo.uploadFavicon({ name: 'icon.png', mimeType: 'image/png', buffer: png });
      await expect
        .poll(() => seo.faviconField().inputValue())
        .toMatch(/\/storage\/v1\/object\/public\/site-assets\/favicon\/\d+\.png$/);
      const faviconUrl = await seo.faviconField().inputValue();
      await seo.faviconPreview().waitFor();
      expect((await fetch(faviconUrl)).status).toBe(200);
      await seo.saveButton().click();
      await seo.toast(siteConfigEn.page.saved).waitFor();
      // What a browser or crawler gets from the server (the settings are cached for 5 s).
      await expect
        .poll(async () => (await fetch(`${product.consoleUrl}/`)).text(), { timeout: 15_000, interval: 1000 })
        .toContain(`<link rel="icon" href="${faviconUrl}" />`);
      await screenshot(page, 'admin-site-favicon');
      // The upload is an audited admin action.
      const audit = await admin
        .from('admin_audit_log')
        .select('action')
        .eq('target_id', new URL(faviconUrl).pathname.split('/site-assets/')[1]!);
      expect(audit.data).toEqual([{ action: 'site_asset.upload' }]);
    } finally {
      await admin.rpc('update_site_config', {
        config: { favicon: (original.data as { favicon: string | null } | null)?.favicon ?? null },
      });
      await context.close();
    }
  });
});

describe('admin phone numbers', () => {
  it('lists every number with its owner and agent; buying one is shown unavailable with its reason', async () => {
    const owned = await service
      .from('phone_numbers')
      .insert({ phone_number: '+15550107001', user_id: ownerId, country_code: 'US', locality: 'Springfield' })
      .select('id')
      .single();
    expect(owned.error).toBeNull();
    const assigned = await service.from('phone_number_assignments').insert({
      phone_number_id: (owned.data as { id: string }).id,
      agent_id: DEMO_AGENT_ID,
      user_id: ownerId,
    });
    expect(assigned.error).toBeNull();
    expect((await service.from('phone_numbers').insert({ phone_number: '+15550107002' })).error).toBeNull();

    const { context, page } = await signedInAdmin();
    const numbers = new NumbersAdminPage(page, product.consoleUrl, adminEn);
    await numbers.open();
    await expect.poll(() => numbers.row('+15550107001').textContent()).toContain(demo.DEMO_OWNER_EMAIL);
    expect(await numbers.row('+15550107001').textContent()).toContain('Clara');
    expect(await numbers.row('+15550107002').textContent()).toContain(adminEn.numbers.pool);
    expect(await numbers.row('+15550107002').textContent()).toContain(adminEn.numbers.notAssigned);
    await numbers.search('clara');
    await expect.poll(() => numbers.row('+15550107002').count()).toBe(0);
    expect(await numbers.row('+15550107001').count()).toBe(1);
    expect(await numbers.buyButton().isDisabled()).toBe(true);
    await numbers.buyReason().waitFor();
    await screenshot(page, 'admin-numbers');
    await context.close();
  });
});
