import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { commonEn } from '../../renderer/src/components/locales/en.ts';
import { brandingEn } from '../../renderer/src/features/branding/locales/en.ts';
import { AgentConfigurePage, AgentPromptsPage } from './pages/AgentsPages.ts';
import { BrandingEditorPage, UnsavedWorkPrompts } from './pages/BrandingPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';

/**
 * One save per click: an owner who double-clicks Save (or clicks and presses Ctrl+S) stores the
 * edit once and is never told the agent was "changed elsewhere" by their own save.
 */
const product = inject('product');
const { demo } = product;
const AGENT = 'Save once e2e bakery';

describe('one save per click', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let ownerId: string;
  let agentId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ client: owner, userId: ownerId } = await signInDemoOwner(product));
    await owner.from('agents').delete().eq('name', AGENT);
    const { data, error } = await owner
      .from('agents')
      .insert({ user_id: ownerId, name: AGENT, company_name: 'Fournil & Co' })
      .select('id')
      .single();
    if (error) throw error;
    agentId = (data as { id: string }).id;
  });
  afterAll(async () => {
    await owner?.from('agents').delete().eq('name', AGENT);
    await browser?.close();
  });

  async function version(): Promise<number> {
    const { data, error } = await owner.from('agents').select('version').eq('id', agentId).single();
    if (error) throw error;
    return (data as { version: number }).version;
  }

  async function signIn() {
    const { page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    return page;
  }

  it(
    'a double click on Save in Configure saves once and never says Changed elsewhere',
    { timeout: 60000 },
    async () => {
      const page = await signIn();
      const configure = new AgentConfigurePage(page, product.consoleUrl, agentsEn);
      await configure.open(agentId);
      await configure.field('companyName').waitFor();
      const before = await version();
      await configure.field('companyName').fill('Fournil & Fils');
      await configure.saveButton().dblclick();
      await page.getByText(agentsEn.configure.saved).first().waitFor();
      // a late second request would land after the toast: give it the time a save takes
      await page.waitForTimeout(1500);
      expect(await new UnsavedWorkPrompts(page, commonEn).conflict.count()).toBe(0);
      expect(await version()).toBe(before + 1);
      expect(await configure.field('companyName').inputValue()).toBe('Fournil & Fils');
      await page.context().close();
    },
  );

  it(
    'a double click on Save in the prompt editor saves once and never says Changed elsewhere',
    { timeout: 60000 },
    async () => {
      const page = await signIn();
      const prompts = new AgentPromptsPage(page, product.consoleUrl, agentsEn);
      await prompts.open(agentId);
      const before = await version();
      await prompts.editor().fill('You are the bakery assistant. Answer in two sentences.');
      await prompts.saveButton().dblclick();
      await page.getByText(agentsEn.prompts.saved).first().waitFor();
      await page.waitForTimeout(1500);
      expect(await new UnsavedWorkPrompts(page, commonEn).conflict.count()).toBe(0);
      expect(await version()).toBe(before + 1);
      await page.context().close();
    },
  );

  it(
    'a double click on Save in the branding editor saves once and never says Changed elsewhere',
    { timeout: 60000 },
    async () => {
      const page = await signIn();
      const editor = new BrandingEditorPage(page, product.consoleUrl, brandingEn);
      await editor.open(agentId);
      const before = await version();
      await editor.setHeadline('Fresh bread every morning');
      await editor.saveButton.dblclick();
      await page.getByText(brandingEn.saved).first().waitFor();
      await page.waitForTimeout(1500);
      expect(await new UnsavedWorkPrompts(page, commonEn).conflict.count()).toBe(0);
      expect(await version()).toBe(before + 1);
      await page.context().close();
    },
  );
});
