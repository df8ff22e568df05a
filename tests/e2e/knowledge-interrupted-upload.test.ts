import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { knowledgeEn } from '../../renderer/src/features/knowledge/locales/en.ts';
import { KnowledgeTabPage } from './pages/ConfigureTabsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';

/**
 * An owner reloads the configure screen while a knowledge file is still uploading: the document
 * does not vanish nor stay "uploading" for ever; it is listed as an interrupted upload with a
 * Retry, which takes the file again into that same document until it is ready.
 */
const product = inject('product');
const { demo } = product;
const SHOTS = '/tmp/shots';
const AGENT = 'Interrupted upload agent';
const FILE = 'horaires.txt';

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/knowledge-interrupted-${name}.png`, fullPage: true });
}

describe('knowledge uploads', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let agentId: string;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    const signedIn = await signInDemoOwner(product);
    owner = signedIn.client;
    const created = await owner
      .from('agents')
      .insert({ user_id: signedIn.userId, name: AGENT, company_name: 'Fournil & Co' })
      .select('id')
      .single<{ id: string }>();
    if (created.error) throw created.error;
    agentId = created.data.id;
    ({ page } = await newPage(browser, DESKTOP));
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
  });

  afterAll(async () => {
    await owner?.from('agents').delete().eq('name', AGENT);
    await browser?.close();
  });

  it('an upload interrupted by a reload is listed as failed with a retry', async () => {
    const file = {
      name: FILE,
      mimeType: 'text/plain',
      buffer: await readFile(new URL('../integration/engine/fixtures/sample.txt', import.meta.url)),
    };
    const rows = async () =>
      (
        await owner
          .from('knowledge_documents')
          .select('id, status, error_code, chunk_count')
          .eq('agent_id', agentId)
          .eq('name', FILE)
      ).data ?? [];

    const tab = new KnowledgeTabPage(page, product.consoleUrl, knowledgeEn);
    await tab.open(agentId);
    await tab.emptyState().waitFor();

    // The file starts going up, and the network holds it there.
    const transfers = await tab.holdFileTransfers();
    await tab.upload([file]);
    await transfers.held;
    const [recorded] = await rows();
    expect(recorded?.status).toBe('uploading');
    await expect.poll(() => tab.status(FILE)).toBe('uploading');
    await shot(page, 'uploading');

    // The owner reloads before it finishes.
    await tab.reload();
    await expect.poll(() => tab.status(FILE)).toBe('failed');
    expect(await tab.document(FILE).textContent()).toContain(knowledgeEn.status.interrupted);
    expect(await tab.failureReason(FILE)).toBe(knowledgeEn.serverErrors.upload_interrupted);
    expect(await tab.retryButton(FILE).isVisible()).toBe(true);
    expect(await rows()).toEqual([
      { id: recorded!.id, status: 'failed', error_code: 'upload_interrupted', chunk_count: 0 },
    ]);
    await shot(page, 'interrupted');

    // The network is back; Retry takes the file again into the same document.
    await transfers.release();
    await tab.retry(FILE, file);
    await expect.poll(() => tab.status(FILE), { timeout: 30_000 }).toBe('uploaded');
    expect(await tab.document(FILE).textContent()).toContain(knowledgeEn.status.ready);
    expect(await tab.documentNames()).toEqual([FILE]);
    const [ready] = await rows();
    expect(ready).toMatchObject({ id: recorded!.id, status: 'uploaded', error_code: null });
    expect(ready!.chunk_count).toBeGreaterThan(0);
    await shot(page, 'retried');
  });
});
