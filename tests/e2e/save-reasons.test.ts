import { mkdirSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { AgentConfigurePage } from './pages/AgentsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';

/**
 * Why a save fails, and renaming a subdomain, as an owner meets them on Configure: a value the database would refuse
 * is named under its field before saving, a refusal that still comes back is the field's message
 * (not "Failed to update agent"), and renaming the subdomain warns first, after which the old
 * address leads to the new page. Screenshots go to /tmp/shots/save-*.png.
 */
const product = inject('product');
const { demo } = product;
const SHOTS = '/tmp/shots';
const AGENT = 'Save reasons e2e bakery';
const OTHER = 'Save reasons e2e squatter';
const stamp = Date.now().toString(36);
const OLD_SUBDOMAIN = `save-old-${stamp}`;
const NEW_SUBDOMAIN = `save-new-${stamp}`;
const RACED_SUBDOMAIN = `save-raced-${stamp}`;
const c = agentsEn.configure;
const f = agentsEn.fields;

describe('say why a save fails; subdomains', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let ownerId: string;
  let agentId: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    ({ client: owner, userId: ownerId } = await signInDemoOwner(product));
    await owner.from('agents').delete().in('name', [AGENT, OTHER]);
    const { data, error } = await owner
      .from('agents')
      .insert({ user_id: ownerId, name: AGENT, company_name: 'Fournil & Co', subdomain: OLD_SUBDOMAIN })
      .select('id')
      .single();
    if (error) throw error;
    agentId = (data as { id: string }).id;
  });
  afterAll(async () => {
    await owner?.from('agents').delete().in('name', [AGENT, OTHER]);
    await browser?.close();
  });

  async function signedInConfigure(): Promise<AgentConfigurePage> {
    const { page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const configure = new AgentConfigurePage(page, product.consoleUrl, agentsEn);
    await configure.open(agentId);
    await configure.field('name').waitFor();
    return configure;
  }

  it(
    'a company name cannot grow past what the database keeps, and its counter says so',
    { timeout: 60000 },
    async () => {
      const configure = await signedInConfigure();
      await configure.field('companyName').fill('F'.repeat(201));
      // The field keeps the database's 200 characters; nothing is left for the save to be refused for.
      expect(await configure.field('companyName').inputValue()).toBe('F'.repeat(200));
      expect(await configure.counter('companyName').count()).toBe('200 / 200');
      expect(await configure.counter('companyName').note().textContent()).toContain('200 characters');
      expect(await configure.fieldMessage('companyName').count()).toBe(0);
      await configure.page.screenshot({ path: `${SHOTS}/save-company-too-long.png`, fullPage: true });
      await configure.field('companyName').fill('Fournil & Co');
      expect(await configure.counter('companyName').count()).toBe('12 / 200');
      await configure.page.context().close();
    },
  );

  it('an invalid or reserved subdomain has its own message, not "already taken"', { timeout: 60000 }, async () => {
    const configure = await signedInConfigure();
    const { page } = configure;
    await configure.field('subdomain').fill('bakery-');
    await page.getByText(f.invalidEdges).waitFor();
    expect(await page.getByText(f.taken).count()).toBe(0);
    await configure.field('subdomain').fill('login');
    await page.getByText(f.reserved).waitFor();
    expect(await configure.saveButton().isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/save-subdomain-reserved.png`, fullPage: true });
    await page.context().close();
  });

  it('a subdomain taken between the check and the save is reported on the field', { timeout: 60000 }, async () => {
    const configure = await signedInConfigure();
    const { page } = configure;
    await configure.field('subdomain').fill(RACED_SUBDOMAIN);
    await page.getByText(c.available).waitFor();
    // Someone claims it while the owner hesitates.
    const raced = await owner.from('agents').insert({ user_id: ownerId, name: OTHER, subdomain: RACED_SUBDOMAIN });
    if (raced.error) throw raced.error;
    await configure.saveButton().click();
    await configure.confirmAddressChange();
    await page.getByText(f.taken).waitFor();
    expect(await page.getByText(c.saveFailed).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/save-subdomain-raced.png`, fullPage: true });
    await page.context().close();
  });

  it('renaming the subdomain warns, and the old address leads to the new page', { timeout: 90000 }, async () => {
    const configure = await signedInConfigure();
    const { page } = configure;
    await configure.field('subdomain').fill(NEW_SUBDOMAIN);
    await page.getByText(c.available).waitFor();
    await configure.saveButton().click();
    const question = configure.addressChangeQuestion();
    await question.waitFor();
    expect(await question.textContent()).toContain(`${OLD_SUBDOMAIN}.`);
    expect(await question.textContent()).toContain(`${NEW_SUBDOMAIN}.`);
    await page.screenshot({ path: `${SHOTS}/save-subdomain-question.png` });
    await configure.confirmAddressChange();
    await page.getByText(c.saved).first().waitFor();
    const { data } = await owner.from('agents').select('subdomain').eq('id', agentId).single();
    expect((data as { subdomain: string }).subdomain).toBe(NEW_SUBDOMAIN);
    await page.context().close();

    const visitor = await newPage(browser, DESKTOP);
    const site = new AgentSitePage(visitor.page, product.publicSiteUrl);
    await site.openAgent(OLD_SUBDOMAIN);
    expect(new URL(visitor.page.url()).hostname.split('.')[0]).toBe(NEW_SUBDOMAIN);
    expect(await site.heroTitle.textContent()).toBe(AGENT);
    await visitor.page.screenshot({ path: `${SHOTS}/save-old-address-new-page.png`, fullPage: true });
    await visitor.page.context().close();
  });
});
