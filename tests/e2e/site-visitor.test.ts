import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { OwnerWebsitePage } from './pages/OwnerWebsitePage.ts';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser.ts';
import { productClient, signInDemoOwner } from './support/clients.ts';
import { watchCspViolations } from './support/csp.ts';
import { startOwnerSite, type OwnerSite } from './support/owner-site.ts';

/**
 * Consent, unknown agents and the widget, as a visitor meets an agent page: tracking waits for
 * consent, an unknown agent address is a real 404, and the web widget's button wears the agent's
 * colour.
 */
const product = inject('product');
const SUBDOMAIN = 'visitor-e2e';
const BRAND = '#e11d48';

/** The tracking vendors' hosts: no request may reach them (or leave the machine) unless stubbed. */
const TRACKER_HOSTS =
  /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com)\//;

let browser: Browser;
let owner: SupabaseClient;
let agentId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const signedIn = await signInDemoOwner(product);
  owner = signedIn.client;
  const { data, error } = await owner
    .from('agents')
    .insert({ user_id: signedIn.userId, name: 'Visitor agent', subdomain: SUBDOMAIN })
    .select('id, branding')
    .single();
  if (error || !data) throw new Error(error?.message);
  agentId = (data as { id: string }).id;
  const branding = {
    ...((data as { branding: Record<string, unknown> | null }).branding ?? {}),
    primary_color: BRAND,
    integrations: {
      google_analytics: { enabled: true, value: 'G-VISITOR42' },
      meta_pixel: { enabled: true, value: '1234567890' },
    },
  };
  const updated = await owner.from('agents').update({ branding }).eq('id', agentId);
  if (updated.error) throw new Error(updated.error.message);
});

afterAll(async () => {
  await owner?.from('agents').delete().eq('id', agentId);
  await browser?.close();
});

/** A visitor's browser whose requests to tracking vendors are answered by stubs and recorded. */
async function visitor(
  locale = 'en-US',
): Promise<{ context: BrowserContext; site: AgentSitePage; trackerRequests: string[] }> {
  const context = await browser.newContext({ viewport: PHONE, locale, isMobile: true, hasTouch: true });
  const trackerRequests: string[] = [];
  await context.route(TRACKER_HOSTS, (route) => {
    trackerRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__trackerRan = true;' });
  });
  const site = new AgentSitePage(await context.newPage(), product.publicSiteUrl);
  return { context, site, trackerRequests };
}

const trackerRan = (page: Page) => page.evaluate(() => (window as unknown as { __trackerRan?: boolean }).__trackerRan);

describe('tracking consent', () => {
  it('tracking starts only after the visitor accepts', async () => {
    const { context, site, trackerRequests } = await visitor();
    const violations = await watchCspViolations(site.page);
    await site.openAgent(SUBDOMAIN);
    await site.consentBanner.waitFor();
    await expect(site.consentBanner.textContent()).resolves.toContain('Google Analytics, Meta Pixel');
    await screenshot(site.page, 'site-consent-banner-375');
    // The page is fully usable and silent towards the trackers while the visitor has not answered.
    await site.page.waitForTimeout(500);
    expect(trackerRequests).toEqual([]);

    await site.acceptTracking();
    await expect.poll(() => trackerRequests.length).toBe(2);
    expect(trackerRequests.sort()).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://www.googletagmanager.com/gtag/js?id=G-VISITOR42',
    ]);
    // The CSP let exactly these vendor scripts run.
    await expect.poll(() => trackerRan(site.page)).toBe(true);
    expect(violations()).toEqual([]);

    // The answer is remembered: the next visit tracks without asking again.
    trackerRequests.length = 0;
    await site.openAgent(SUBDOMAIN);
    await expect.poll(() => trackerRequests.length).toBe(2);
    expect(await site.consentBanner.count()).toBe(0);
    await context.close();
  });

  it('a visitor who refuses is never tracked, also on the next visit, and can change their mind', async () => {
    const { context, site, trackerRequests } = await visitor();
    await site.openAgent(SUBDOMAIN);
    await site.refuseTracking();
    await site.openAgent(SUBDOMAIN);
    await site.page.waitForTimeout(500);
    expect(await site.consentBanner.count()).toBe(0);
    expect(trackerRequests).toEqual([]);

    await site.openPrivacySettings();
    await site.acceptTracking();
    await expect.poll(() => trackerRequests.length).toBe(2);
    await context.close();
  });

  it('asks in French on a French browser', async () => {
    const { context, site, trackerRequests } = await visitor('fr-FR');
    await site.openAgent(SUBDOMAIN);
    await expect(site.consentBanner.getByTestId('consent-accept').textContent()).resolves.toBe('Accepter');
    await expect(site.consentBanner.getByTestId('consent-refuse').textContent()).resolves.toBe('Refuser');
    await expect(site.consentBanner.textContent()).resolves.toContain('mesurer son audience');
    await screenshot(site.page, 'site-consent-banner-fr-375');
    expect(trackerRequests).toEqual([]);
    await context.close();
  });

  it('a page without tracking asks nothing', async () => {
    const { context, site } = await visitor();
    await site.openAgent('demo');
    await site.page.waitForTimeout(300);
    expect(await site.consentBanner.count()).toBe(0);
    await context.close();
  });
});

describe('unknown agent address', () => {
  it('an unknown agent address answers 404 with the not-found page', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const site = new AgentSitePage(await context.newPage(), product.publicSiteUrl);
    const response = await site.page.goto(site.urlFor('no-such-agent-e2e'));
    expect(response?.status()).toBe(404);
    await expect(site.notFoundTitle.textContent()).resolves.toBe('Agent Not Found');
    await screenshot(site.page, 'site-unknown-agent-404');
    // A known agent's address still answers 200.
    expect((await site.page.goto(site.urlFor(SUBDOMAIN)))?.status()).toBe(200);
    await context.close();
  });
});

describe('web widget', () => {
  let ownerSite: OwnerSite;
  beforeAll(async () => {
    ownerSite = await startOwnerSite();
    // The owner's website runs on localhost (a host name the widget accepts).
    const service = productClient(product, product.serviceRoleKey);
    const { error } = await service.from('agent_integrations').upsert(
      {
        agent_id: agentId,
        user_id: (await owner.auth.getUser()).data.user!.id,
        kind: 'web_widget',
        enabled: true,
        config: { domain: 'localhost' },
      },
      { onConflict: 'agent_id,kind' },
    );
    if (error) throw new Error(error.message);
  });
  afterAll(async () => {
    await ownerSite?.close();
  });

  it('the widget button has the brand colour', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const website = new OwnerWebsitePage(await context.newPage());
    await website.openWithWidget(
      ownerSite.url('localhost'),
      `${product.publicSiteUrl.replace('{agent}', SUBDOMAIN)}/api/live-audio-widget`,
    );
    // #e11d48 with a white icon, as the agent page draws its own primary buttons.
    await expect(website.launcherColours()).resolves.toEqual({
      background: 'rgb(225, 29, 72)',
      icon: 'rgb(255, 255, 255)',
    });
    await screenshot(website.page, 'site-widget-brand-colour');
    await context.close();
  });
});
