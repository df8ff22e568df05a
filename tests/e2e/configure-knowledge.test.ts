import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectorsEn } from '../../renderer/src/features/connectors/locales/en.ts';
import { knowledgeEn } from '../../renderer/src/features/knowledge/locales/en.ts';
import { ConnectorsTabPage, KnowledgeTabPage } from './pages/ConfigureTabsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { productClient, signInDemoOwner } from './support/clients.ts';

/**
 * The configure screen's knowledge and connectors tabs as the demo owner uses them, against the
 * product as `npm start` runs it (offline AI: documents are embedded locally).
 */
const product = inject('product');
const { demo } = product;
const SHOTS = '/tmp/shots';
const AGENT = 'Knowledge tab agent';
const fixture = (name: string) => readFile(new URL(`../integration/engine/fixtures/${name}`, import.meta.url));

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/knowledge-${name}.png`, fullPage: true });
}

describe('configure: knowledge and connectors', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let service: SupabaseClient;
  let agentId: string;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    service = productClient(product, product.serviceRoleKey);
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

  it('uploads a PDF and a CSV, watches them become ready, refuses a picture and deletes the CSV', async () => {
    const tab = new KnowledgeTabPage(page, product.consoleUrl, knowledgeEn);
    await tab.open(agentId);
    await tab.emptyState().waitFor();
    await shot(page, 'empty');

    await tab.upload([
      { name: 'menu.pdf', mimeType: 'application/pdf', buffer: await fixture('sample.pdf') },
      { name: 'tarifs.csv', mimeType: 'text/csv', buffer: await fixture('sample.csv') },
    ]);
    // Both appear at once, each with its own progress, before they are ready.
    await expect.poll(() => tab.documentNames()).toEqual(expect.arrayContaining(['menu.pdf', 'tarifs.csv']));
    await shot(page, 'uploading');
    await expect.poll(() => tab.status('menu.pdf'), { timeout: 30_000 }).toBe('uploaded');
    await expect.poll(() => tab.status('tarifs.csv'), { timeout: 30_000 }).toBe('uploaded');
    await expect.poll(() => tab.document('menu.pdf').textContent()).toContain(knowledgeEn.status.ready);
    await shot(page, 'ready');

    const rows = await owner.from('knowledge_documents').select('name, status, chunk_count').eq('agent_id', agentId);
    expect(rows.data?.map((r) => r.name).sort()).toEqual(['menu.pdf', 'tarifs.csv']);
    expect(rows.data?.every((r) => r.status === 'uploaded' && (r.chunk_count as number) > 0)).toBe(true);

    // Refused in the browser before any upload: not a knowledge format.
    await tab.upload([{ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') }]);
    await expect
      .poll(() => page.getByText('Unsupported file type: photo.png', { exact: false }).count())
      .toBeGreaterThan(0);
    await shot(page, 'refused');
    expect(await tab.documentNames()).not.toContain('photo.png');

    // Passes the browser's checks but not the server's: a text file named .pdf. The upload failure message,
    // the server's reason, and nothing left in the list or the bucket.
    await tab.upload([{ name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') }]);
    await expect
      .poll(() => page.getByText('Failed to process faux.pdf.', { exact: false }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // Newest first: the two parallel uploads may have been created in either order.
    await expect.poll(async () => (await tab.documentNames()).sort()).toEqual(['menu.pdf', 'tarifs.csv']);
    await shot(page, 'processing-failed');

    await tab.delete('tarifs.csv');
    await expect.poll(() => tab.documentNames()).toEqual(['menu.pdf']);
    const left = await owner.from('knowledge_documents').select('name').eq('agent_id', agentId);
    expect(left.data).toEqual([{ name: 'menu.pdf' }]);
    const chunks = await owner.from('knowledge_chunks').select('document_id').eq('agent_id', agentId);
    expect(new Set(chunks.data?.map((c) => c.document_id)).size).toBe(1);
    await shot(page, 'deleted');
  });

  it('configures a Zapier webhook, sees it enabled, and lists the delivery of a finished conversation', async () => {
    const tab = new ConnectorsTabPage(page, product.consoleUrl, connectorsEn);
    await tab.open(agentId);
    await expect.poll(() => tab.card('zapier').textContent()).toContain(connectorsEn.card.disabled);
    await shot(page, 'connectors');

    await tab.openDialog('zapier');
    expect(await tab.saveButton().isDisabled()).toBe(true);
    await tab.urlField().fill('http://hooks.zapier.com/hooks/catch/1/abc');
    await tab.saveButton().click();
    await tab.dialog().getByText(connectorsEn.dialog.notHttps).waitFor();
    await shot(page, 'connector-dialog');
    await tab.urlField().fill('https://hooks.zapier.com/hooks/catch/1/abc');
    await tab.saveButton().click();
    await tab.dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => tab.card('zapier').textContent()).toContain(connectorsEn.card.enabled);
    expect(await tab.toggle('zapier').isChecked()).toBe(true);
    await page.getByText('Zapier is configured and enabled.').waitFor();
    const saved = await owner
      .from('agent_integrations')
      .select('enabled, config, connected_at, disconnected_at')
      .eq('agent_id', agentId)
      .eq('kind', 'zapier')
      .single();
    expect(saved.data).toMatchObject({
      enabled: true,
      config: { webhook_url: 'https://hooks.zapier.com/hooks/catch/1/abc' },
      disconnected_at: null,
    });

    // A conversation that has ended goes out on the next dispatcher run; this machine has no
    // internet, so the attempt is recorded as failed-to-reach and scheduled for a retry.
    const ownerId = (await owner.auth.getUser()).data.user!.id;
    const conversation = await service
      .from('conversations')
      .insert({ user_id: ownerId, agent_id: agentId, channel: 'web_chat', visitor_id: 'visitor:e2e' })
      .select('id')
      .single<{ id: string }>();
    expect(conversation.error).toBeNull();
    await service.from('messages').insert({
      conversation_id: conversation.data!.id,
      user_id: ownerId,
      agent_id: agentId,
      role: 'user',
      content: 'Bonjour',
    });
    await service.from('conversations').update({ ended_at: new Date().toISOString() }).eq('id', conversation.data!.id);
    const run = await fetch(`${product.apiUrl}/functions/v1/connector-dispatch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${product.serviceRoleKey}`, apikey: product.anonKey },
    });
    expect(run.status).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: connectorsEn.tab }).click();
    await tab.deliveries().waitFor();
    const row = tab.deliveries().locator('tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/Zapier(Retrying|Failed)/);
    await shot(page, 'deliveries');

    await tab.toggle('zapier').click({ force: true });
    await expect.poll(() => tab.card('zapier').textContent()).toContain(connectorsEn.card.disabled);
    const off = await owner
      .from('agent_integrations')
      .select('enabled, config, disconnected_at')
      .eq('agent_id', agentId)
      .eq('kind', 'zapier')
      .single();
    expect(off.data).toMatchObject({
      enabled: false,
      config: { webhook_url: 'https://hooks.zapier.com/hooks/catch/1/abc' },
    });
    expect(off.data?.disconnected_at).not.toBeNull();
  });
});
