import { mkdirSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { brandingEn } from '../../renderer/src/features/branding/locales/en.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { BrandingEditorPage } from './pages/BrandingPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';

/**
 * The branding editor against the running product: edits saved with Ctrl+S show on the agent's
 * public page; the editor refuses a sixth social link and a non-image file; the page is closed
 * while the business card is off. Screenshots of every tab go to /tmp/shots/branding-*.png.
 */
const product = inject('product');
const { demo } = product;
const SHOTS = '/tmp/shots';
const AGENT = 'Branding e2e bakery';
const SUBDOMAIN = 'branding-e2e';
const CLOSED_AGENT = 'Branding e2e closed';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A 1x1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Whether the page has Poppins faces loaded (document.fonts lists faces once their CSS is in). */
function poppinsLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => [...document.fonts].some((f) => f.family.includes('Poppins') && f.status === 'loaded'));
}

describe('branding editor', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let ownerId: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    ({ client: owner, userId: ownerId } = await signInDemoOwner(product));
  });
  afterAll(async () => {
    await owner?.from('agents').delete().in('name', [AGENT, CLOSED_AGENT]);
    await browser?.close();
  });

  async function createAgent(name: string, subdomain: string): Promise<string> {
    const { data, error } = await owner
      .from('agents')
      .insert({ user_id: ownerId, name, company_name: 'Fournil & Co', subdomain })
      .select('id')
      .single();
    if (error) throw error;
    return (data as { id: string }).id;
  }

  it(
    'saves colour, headline and the other tabs with Ctrl+S and the public page shows them',
    { timeout: 90000 },
    async () => {
      const agentId = await createAgent(AGENT, SUBDOMAIN);
      const { page } = await newPage(browser, DESKTOP);
      const shell = new ConsolePage(page, product.consoleUrl);
      await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
      const editor = new BrandingEditorPage(page, product.consoleUrl, brandingEn);
      await editor.open(agentId);
      // the defaults, and the agent name as the headline
      expect(await editor.textbox(brandingEn.look.primaryColor).inputValue()).toBe('#6366f1');
      await expect.poll(() => editor.previewHeadline.textContent()).toBe(AGENT);
      expect(await editor.unsaved.count()).toBe(0);
      // the agent panel links here while the business card is on
      await expect.poll(() => editor.panelLink.getAttribute('href')).toBe(`/agents/${agentId}/branding`);

      await editor.textbox(brandingEn.look.primaryColor).fill('#e11d48');
      await editor.page.getByLabel(brandingEn.look.font).selectOption('poppins');
      await editor.unsaved.waitFor();
      // the preview shows the chosen font itself, not a system stand-in
      await expect.poll(() => editor.previewFontLoaded('Poppins')).toBe(true);
      await editor.screenshot(`${SHOTS}/branding-branding.png`);

      await editor.openTab('content');
      await editor.field(brandingEn.content.headline).fill('Fresh bread every morning');
      await editor.field(brandingEn.content.heroSubtitle).fill('Sourdough since 1982');
      expect(await page.getByTestId('subtitle-counter-count').textContent()).toBe('20 / 100');
      await editor.aboutEditor.click();
      await page.keyboard.type('We bake with ');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('organic flour');
      await expect.poll(() => editor.previewHeadline.textContent()).toBe('Fresh bread every morning');
      await editor.screenshot(`${SHOTS}/branding-content.png`);

      await editor.openTab('media');
      // a new agent has one empty album (set by the database on insert)
      const albums = page.getByTestId('album-list').locator('li');
      expect(await albums.count()).toBe(1);
      expect(await albums.first().textContent()).toMatch(/^Album/);
      // the only album cannot be deleted
      expect(await page.getByRole('button', { name: brandingEn.media.deleteAlbum }).isDisabled()).toBe(true);
      await editor.field(brandingEn.media.newAlbum).fill('   ');
      await page.getByRole('button', { name: brandingEn.media.addAlbum }).click();
      expect(await albums.count()).toBe(1); // blank name ignored
      // with a Shop album added, the empty default one can go (after confirmation)
      await editor.field(brandingEn.media.newAlbum).fill('Shop');
      await page.getByRole('button', { name: brandingEn.media.addAlbum }).click();
      await albums.filter({ hasText: 'Album' }).click();
      await page.getByRole('button', { name: brandingEn.media.deleteAlbum }).click();
      await page.getByRole('button', { name: brandingEn.media.confirm, exact: true }).click();
      await expect.poll(() => albums.count()).toBe(1);
      await albums.filter({ hasText: 'Shop' }).click();
      await editor.galleryInput.setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: PNG });
      await expect.poll(() => editor.galleryImages.count()).toBe(1);
      // drag and drop: a GIF dropped on the zone joins the album
      await editor.dropFile('drop.gif', 'image/gif', GIF);
      await expect.poll(() => editor.galleryImages.count()).toBe(2);
      await editor.galleryInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
      await editor.toast('notes.txt: only PNG, JPG, JPEG and GIF images are accepted').waitFor();
      expect(await editor.galleryImages.count()).toBe(2);
      // the last album cannot be deleted
      expect(await page.getByRole('button', { name: brandingEn.media.deleteAlbum }).isDisabled()).toBe(true);
      await editor.screenshot(`${SHOTS}/branding-media.png`);

      await editor.openTab('videos');
      await editor.field(brandingEn.videos.link).fill('https://www.youtube.com/watch?v=short');
      await page.getByText(brandingEn.videos.invalidLink).waitFor();
      await editor.field(brandingEn.videos.link).fill('https://youtu.be/dQw4w9WgXcQ');
      await page.getByRole('button', { name: brandingEn.videos.add }).click();
      // no internet here: oEmbed cannot answer, the owner types the title
      await editor.toast(brandingEn.videos.titleNotFound).waitFor({ timeout: 10000 });
      await editor.videoRows.first().getByLabel(brandingEn.videos.title).fill('Our bakery');
      await editor.screenshot(`${SHOTS}/branding-videos.png`);

      await editor.openTab('social');
      for (let i = 0; i < 5; i++) await editor.addSocialLink.click();
      expect(await editor.socialRows.count()).toBe(5);
      for (let i = 0; i < 5; i++) {
        const url = editor.socialRows.nth(i).getByRole('textbox');
        await url.fill(`${await url.inputValue()}fournil${i}`);
      }
      await editor.addSocialLink.click();
      await editor.toast(brandingEn.social.limit).waitFor();
      expect(await editor.socialRows.count()).toBe(5);
      await editor.screenshot(`${SHOTS}/branding-social.png`);

      await editor.openTab('seo');
      await editor.field(brandingEn.seo.metaTitle).fill('Fournil - fresh sourdough bread in Lyon every day');
      expect(await page.getByTestId('meta-title-bar').getAttribute('data-level')).toBe('under');
      await editor.field(brandingEn.seo.metaTitle).fill('Fournil - fresh sourdough bread and pastries in Lyon');
      expect(await page.getByTestId('meta-title-bar').getAttribute('data-level')).toBe('optimal');
      await editor.field(brandingEn.seo.metaDescription).fill('Organic sourdough, baked daily.');
      await editor.screenshot(`${SHOTS}/branding-seo.png`);

      await editor.openTab('integrations');
      await page.getByText(brandingEn.integrations.googleAnalytics, { exact: true }).click();
      await page.getByText(brandingEn.integrations.required).waitFor();
      await editor.textbox(brandingEn.integrations.googleAnalytics).fill('G-FOURNIL42');
      await editor.screenshot(`${SHOTS}/branding-integrations.png`);

      // The editor must know it has changes before the shortcut; then the save's own toast says it
      // is done (the unsaved tag alone can vanish before the request under a loaded machine).
      await editor.unsaved.waitFor();
      await page.keyboard.press('Control+s');
      await editor.toast(brandingEn.saved).waitFor();
      await editor.unsaved.waitFor({ state: 'detached' });
      const { data: row } = await owner.from('agents').select('branding').eq('id', agentId).single();
      const branding = (row as { branding: Record<string, unknown> }).branding;
      expect(branding).toMatchObject({
        primary_color: '#e11d48',
        font_family: 'poppins',
        hero_title: 'Fresh bread every morning',
        hero_subtitle: 'Sourdough since 1982',
        meta_title: 'Fournil - fresh sourdough bread and pastries in Lyon',
        youtube_videos: [{ id: 'dQw4w9WgXcQ', title: 'Our bakery' }],
        integrations: { google_analytics: { enabled: true, value: 'G-FOURNIL42' } },
      });
      expect(branding.about_text).toContain('<b>organic flour</b>');
      expect(branding.social_links).toHaveLength(5);

      const site = new AgentSitePage(page, product.publicSiteUrl);
      await site.openAgent(SUBDOMAIN);
      expect(await site.heroTitle.textContent()).toBe('Fresh bread every morning');
      const brand = await page
        .getByTestId('agent-page')
        .evaluate((el) => getComputedStyle(el).getPropertyValue('--brand').trim());
      expect(brand).toBe('#e11d48');
      // the page loads the brand font's own faces (self-hosted woff2, not a system fallback)
      await expect.poll(() => poppinsLoaded(page)).toBe(true);
      expect(await site.heroTitle.evaluate((el) => getComputedStyle(el).fontFamily.split(',')[0]?.trim())).toBe(
        'Poppins',
      );
      expect(await page.locator('.site-footer__social li').count()).toBe(5);
      expect(await page.title()).toBe('Fournil - fresh sourdough bread and pastries in Lyon');
      // Google Analytics loads once the visitor accepts tracking.
      expect(await page.locator('script[src*="gtag/js?id=G-FOURNIL42"]').count()).toBe(0);
      await site.acceptTracking();
      expect(await page.locator('script[src*="gtag/js?id=G-FOURNIL42"]').count()).toBe(1);
      await site.openTab('about');
      expect(await site.aboutText.innerHTML()).toContain('organic flour');
      await page.screenshot({ path: `${SHOTS}/branding-public-page.png` });
      await site.openTab('media');
      expect(await page.getByTestId('media-item').count()).toBe(2);
      expect(await page.locator('.media-album__name').allTextContents()).toEqual(['Shop']);
      await page.screenshot({ path: `${SHOTS}/branding-public-media.png` });
      await site.openTab('videos');
      expect(await page.locator('.videos__title').allTextContents()).toEqual(['Our bakery']);

      // removing the image and saving deletes it from storage
      const folder = `${ownerId}/${agentId}/gallery`;
      const before = await owner.storage.from('agent-media').list(folder);
      expect(before.data).toHaveLength(2);
      await editor.open(agentId);
      await editor.openTab('media');
      await page.getByRole('button', { name: brandingEn.media.removeImage }).first().click();
      await page.getByRole('button', { name: brandingEn.media.removeImage }).first().click();
      await editor.saveButton.click();
      await editor.unsaved.waitFor({ state: 'detached' });
      await expect.poll(async () => (await owner.storage.from('agent-media').list(folder)).data?.length).toBe(0);
      await page.close();
    },
  );

  it('explains instead of editing while the virtual business card is off', async () => {
    const agentId = await createAgent(CLOSED_AGENT, 'branding-e2e-closed');
    const { error } = await owner
      .from('agent_integrations')
      .update({ enabled: false })
      .eq('agent_id', agentId)
      .eq('kind', 'virtual_business_card');
    expect(error).toBeNull();
    const { page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const editor = new BrandingEditorPage(page, product.consoleUrl, brandingEn);
    await editor.open(agentId);
    await page.getByText(brandingEn.cardDisabled.title).waitFor();
    expect(await page.getByTestId('branding-preview').count()).toBe(0);
    expect(await editor.panelLink.getAttribute('href')).toBeNull(); // disabled: no address
    await page.getByRole('button', { name: brandingEn.cardDisabled.action }).click();
    await page.waitForURL((url) => url.pathname === `/agents/${agentId}/integrations`);
    await page.close();
  });
});
