import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { brandingEn } from '../../renderer/src/features/branding/locales/en.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { BrandingEditorPage } from './pages/BrandingPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';
import { watchCspViolations } from './support/csp.ts';

/**
 * The Branding editor's live preview is the public page itself (the site's own
 * components and styles in a frame of the console), so what the owner sees is what visitors get.
 */
const product = inject('product');
const { demo } = product;
const SUBDOMAIN = 'preview-e2e';

describe('branding preview', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let agentId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const signedIn = await signInDemoOwner(product);
    owner = signedIn.client;
    const { data, error } = await owner
      .from('agents')
      .insert({ user_id: signedIn.userId, name: 'Preview bakery', subdomain: SUBDOMAIN })
      .select('id')
      .single();
    if (error || !data) throw new Error(error?.message);
    agentId = (data as { id: string }).id;
  });
  afterAll(async () => {
    await owner?.from('agents').delete().eq('id', agentId);
    await browser?.close();
  });

  it('the branding preview matches the public page', { timeout: 90000 }, async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    const violations = await watchCspViolations(page);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const editor = new BrandingEditorPage(page, product.consoleUrl, brandingEn);
    await editor.open(agentId);
    await editor.textbox(brandingEn.look.primaryColor).fill('#0f766e');
    await editor.openTab('content');
    await editor.field(brandingEn.content.headline).fill('Bread like it used to be');
    await editor.field(brandingEn.content.heroSubtitle).fill('Open every morning');
    // The preview follows the unsaved form as the owner types.
    await expect.poll(() => editor.previewHeadline.textContent()).toBe('Bread like it used to be');
    await screenshot(page, 'branding-preview-editor');
    const previewed = await editor.previewMarkup();
    await page.keyboard.press('Control+s');
    await editor.unsaved.waitFor({ state: 'detached' });
    // The console frames its own preview page and nothing is refused by either CSP.
    expect(violations()).toEqual([]);

    const visitor = await newPage(browser, PHONE);
    const site = new AgentSitePage(visitor.page, product.publicSiteUrl);
    await site.openAgent(SUBDOMAIN);
    await screenshot(site.page, 'branding-preview-public-page');
    const served = await site.page.getByTestId('agent-page').evaluate((el) => el.outerHTML);
    // Same components, same data, same classes and brand variables: the same page.
    expect(previewed).toBe(served);
    await visitor.context.close();
    await context.close();
  });
});
