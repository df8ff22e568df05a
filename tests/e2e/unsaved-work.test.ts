import { mkdirSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { commonEn } from '../../renderer/src/components/locales/en.ts';
import { brandingEn } from '../../renderer/src/features/branding/locales/en.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { BrandingEditorPage, UnsavedWorkPrompts } from './pages/BrandingPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';

/**
 * Unsaved work and defaults as an owner meets them: the branding editor never loses unsaved work
 * (leaving asks, closing the tab asks, a second tab's save is a conflict, not a silent win), a new
 * agent's public page has its default branding, and a Save blocked by a field on another tab shows
 * that tab. Screenshots go to /tmp/shots/unsaved-*.png.
 */
const product = inject('product');
const { demo } = product;
const SHOTS = '/tmp/shots';
const AGENT = 'Unsaved e2e bakery';
const NEW_AGENT = 'Juliette';
const NEW_SUBDOMAIN = 'unsaved-e2e-juliette';

describe('never lose unsaved work', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let ownerId: string;
  let agentId: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    ({ client: owner, userId: ownerId } = await signInDemoOwner(product));
    await owner.from('agents').delete().in('name', [AGENT, NEW_AGENT]);
    const { data, error } = await owner
      .from('agents')
      .insert({ user_id: ownerId, name: AGENT, company_name: 'Fournil & Co' })
      .select('id')
      .single();
    if (error) throw error;
    agentId = (data as { id: string }).id;
  });
  afterAll(async () => {
    await owner?.from('agents').delete().in('name', [AGENT, NEW_AGENT]);
    await browser?.close();
  });

  async function openEditor(page: Page): Promise<BrandingEditorPage> {
    const editor = new BrandingEditorPage(page, product.consoleUrl, brandingEn);
    await editor.open(agentId);
    return editor;
  }

  async function signedInEditor(): Promise<BrandingEditorPage> {
    const { page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    return openEditor(page);
  }

  it('leaving Branding with an unsaved headline asks first', { timeout: 60000 }, async () => {
    const editor = await signedInEditor();
    const prompts = new UnsavedWorkPrompts(editor.page, commonEn);
    await editor.setHeadline('Warm bread at dawn');
    await editor.unsaved.waitFor();

    await editor.followPanelLink('Configure');
    await prompts.leaveQuestion.waitFor();
    await editor.screenshot(`${SHOTS}/unsaved-leave-question.png`);
    await prompts.stay();
    expect(new URL(editor.page.url()).pathname).toBe(`/agents/${agentId}/branding`);
    expect(await editor.headline()).toBe('Warm bread at dawn');

    await editor.followPanelLink('Configure');
    await prompts.leave();
    await editor.page.waitForURL((url) => url.pathname === `/agents/${agentId}/configure`);
    await editor.page.context().close();
  });

  it('closing the tab with unsaved changes asks', { timeout: 60000 }, async () => {
    const editor = await signedInEditor();
    await editor.setHeadline('Do not lose me');
    await editor.unsaved.waitFor();
    const asked = new Promise<Dialog>((resolve) => editor.page.once('dialog', resolve));
    await editor.page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
    await editor.page.context().close();
  });

  it("a second tab's save reports the conflict", { timeout: 90000 }, async () => {
    const first = await signedInEditor();
    const second = await openEditor(await first.page.context().newPage());
    const prompts = new UnsavedWorkPrompts(second.page, commonEn);

    await first.setHeadline('Saved in the first tab');
    await second.setHeadline('Saved in the second tab');
    await first.save();
    await first.toast(brandingEn.saved).waitFor();

    await second.save();
    await prompts.conflict.waitFor();
    await second.screenshot(`${SHOTS}/unsaved-conflict.png`);
    expect(await second.toast(brandingEn.saved).count()).toBe(0);
    const stored = async () =>
      (
        (await owner.from('agents').select('branding').eq('id', agentId).single()).data as {
          branding: { hero_title: string };
        }
      ).branding.hero_title;
    expect(await stored()).toBe('Saved in the first tab');

    // Reload takes the first tab's version
    await prompts.reload();
    expect(await second.headline()).toBe('Saved in the first tab');
    expect(await second.unsaved.count()).toBe(0);

    // the first tab is now the stale one: Overwrite writes its edits over the second's
    await second.setHeadline('Second tab again');
    await second.save();
    await second.toast(brandingEn.saved).waitFor();
    await first.setHeadline('First tab insists');
    await first.save();
    const firstPrompts = new UnsavedWorkPrompts(first.page, commonEn);
    await firstPrompts.conflict.waitFor();
    await firstPrompts.overwrite();
    await expect.poll(stored).toBe('First tab insists');
    await first.page.context().close();
  });

  it("a new agent's page shows its name as the hero title", { timeout: 60000 }, async () => {
    const { error } = await owner
      .from('agents')
      .insert({ user_id: ownerId, name: NEW_AGENT, company_name: 'Atelier Juliette', subdomain: NEW_SUBDOMAIN });
    if (error) throw error;
    const { page } = await newPage(browser, DESKTOP);
    const site = new AgentSitePage(page, product.publicSiteUrl);
    await site.openAgent(NEW_SUBDOMAIN);
    expect(await site.heroTitle.textContent()).toBe(NEW_AGENT);
    await expect.poll(() => page.title()).toBe(`${NEW_AGENT} | Atelier Juliette`);
    await page.screenshot({ path: `${SHOTS}/unsaved-new-agent-page.png`, fullPage: true });
    await page.context().close();
  });

  it('Save blocked by a field on the Social tab marks and focuses that tab', { timeout: 60000 }, async () => {
    const editor = await signedInEditor();
    // A new social link holds only its network's base address, which is not a link yet. (Length
    // limits cannot block a save any more: every limited field refuses input past its limit.)
    await editor.openTab('social');
    await editor.addSocialLink.click();
    await editor.openTab('content');
    expect(await editor.tabMarkedInvalid('social')).toBe(true);
    expect(await editor.tabMarkedInvalid('content')).toBe(false);

    await editor.save();
    await expect.poll(() => editor.tabTitle('social').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => editor.focusedTab()).toBe('social');
    await editor.toast(brandingEn.invalid).waitFor();
    await editor.screenshot(`${SHOTS}/unsaved-social-blocked.png`);
    await editor.page.context().close();
  });
});
