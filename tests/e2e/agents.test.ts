import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { AgentListPage } from './pages/AgentsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser.ts';

/**
 * The agent lifecycle pages as the seeded demo owner uses them (English profile), against the
 * product as `npm start` runs it.
 */
const product = inject('product');
const { demo } = product;
const screenshotDir = path.resolve('test-results/agents');
const PAGING_PREFIX = 'Paging agent';

describe('agents console', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let ownerId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = createClient(product.apiUrl, product.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { data, error } = await owner.auth.signInWithPassword({ email: demo.DEMO_OWNER_EMAIL, password: demo.DEMO_OWNER_PASSWORD });
    if (error) throw error;
    ownerId = data.user.id;
  });
  afterAll(async () => {
    await owner?.from('agents').delete().like('name', `${PAGING_PREFIX}%`);
    await browser?.close();
  });

  it('lists the demo agent, pages newest first, searches and deletes an agent by its exact name', async () => {
    // Eleven agents newer than the demo one: a full first page of ten, then the rest.
    for (let i = 1; i <= 11; i++) {
      const { error } = await owner.from('agents').insert({ user_id: ownerId, name: `${PAGING_PREFIX} ${String(i).padStart(2, '0')}`, company_name: 'Paging & Co' });
      expect(error).toBeNull();
    }
    const { page } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const list = new AgentListPage(page, product.consoleUrl, agentsEn);
    await list.open();

    await expect.poll(() => list.cards().count()).toBe(10);
    const firstPage = await list.cardNames();
    expect(firstPage[0]).toBe(`${PAGING_PREFIX} 11`);
    expect(firstPage[9]).toBe(`${PAGING_PREFIX} 02`);
    await list.loadMoreButton().click();
    await expect.poll(() => list.cards().count()).toBe(12);
    expect((await list.cardNames()).slice(10)).toEqual([`${PAGING_PREFIX} 01`, 'Clara']);
    // The last page was not full: nothing more to load.
    expect(await list.loadMoreButton().count()).toBe(0);

    const clara = list.card('Clara');
    for (const text of ['Le Petit Bistrot', '2 tools', '1 document', 'Female voice', agentsEn.card.noNumber]) {
      expect(await clara.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    await shell.screenshot(path.join(screenshotDir, 'list-1280.png'));

    // Search is case-insensitive over name and description (Clara's prompt mentions the bistro).
    await list.search('BISTROT');
    await expect.poll(() => list.cardNames()).toEqual(['Clara']);
    await list.search('paging agent 0');
    await expect.poll(() => list.cards().count()).toBe(9);
    await list.search('no agent has this, (really)');
    await page.getByRole('heading', { name: agentsEn.list.noMatchTitle }).waitFor();
    // Back to the full list: both loaded pages are still there.
    await list.search('');
    await expect.poll(() => list.cards().count()).toBe(12);

    // Delete needs the exact name.
    const victim = `${PAGING_PREFIX} 05`;
    await list.openDelete(victim);
    await list.typeDeleteConfirmation(victim, victim.toLowerCase());
    expect(await list.confirmDeleteButton().isDisabled()).toBe(true);
    await list.typeDeleteConfirmation(victim, victim);
    expect(await list.confirmDeleteButton().isDisabled()).toBe(false);
    await shell.screenshot(path.join(screenshotDir, 'delete-dialog-1280.png'));
    await list.confirmDeleteButton().click();
    await shell.toast(agentsEn.delete.deleted).waitFor();
    await expect.poll(() => list.card(victim).count()).toBe(0);
    const { data: left } = await owner.from('agents').select('id').eq('name', victim);
    expect(left).toEqual([]);

    await shell.setViewport(PHONE.width, PHONE.height);
    await shell.screenshot(path.join(screenshotDir, 'list-375.png'));
    await page.context().close();
  });

  it('shows six skeleton cards while loading and the error state with a retry when the list fails', async () => {
    const { page } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/agents?*', async (route) => {
      await held;
      if (fail) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }) });
      else await route.continue();
    });
    const list = new AgentListPage(page, product.consoleUrl, agentsEn);
    await list.open();
    await expect.poll(() => list.skeletons().count()).toBe(6);
    release();
    // TanStack Query retries before giving up; the error screen then offers Try Again.
    const retry = page.getByRole('button', { name: agentsEn.list.retry });
    await retry.waitFor({ timeout: 20_000 });
    expect(await page.getByText('Failed to fetch agents').count()).toBe(1);
    fail = false;
    await retry.click();
    await expect.poll(() => list.cards().count()).toBeGreaterThan(0);
    expect(await list.skeletons().count()).toBe(0);
    await page.context().close();
  });
});
