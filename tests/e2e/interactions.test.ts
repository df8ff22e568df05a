import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { interactionsEn as texts } from '../../renderer/src/features/interactions/locales/en.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { InteractionsEditorPage } from './pages/InteractionsPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';

/**
 * The interactions editor as the demo owner uses it: add a share_url
 * interaction through Ctrl/Cmd+N, see it autosaved (reload), toggle it, reopen it by adding the
 * same type, a refused file type then a real upload, delete with confirmation, the configure tab.
 */
const product = inject('product');
const { demo } = product;
const SHOTS = '/tmp/shots';
const AGENT_NAME = 'Interactions agent';

describe('interactions console', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let agentId: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    const signedIn = await signInDemoOwner(product);
    owner = signedIn.client;
    const created = await owner
      .from('agents')
      .insert({ user_id: signedIn.userId, name: AGENT_NAME, company_name: 'Bistrot' })
      .select('id')
      .single<{ id: string }>();
    if (created.error) throw created.error;
    agentId = created.data.id;
  });
  afterAll(async () => {
    await owner?.from('agents').delete().eq('name', AGENT_NAME);
    await browser?.close();
  });

  const rows = async () =>
    (await owner.from('interactions').select('type, name, enabled, config').eq('agent_id', agentId).order('type'))
      .data as { type: string; name: string; enabled: boolean; config: Record<string, unknown> }[];

  it('adds, autosaves, toggles, reopens, rejects a wrong file, uploads and deletes', async () => {
    const { page } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const editor = new InteractionsEditorPage(page, product.consoleUrl, texts);

    await editor.open(randomUUID());
    await page.getByText(texts.page.notFound, { exact: true }).waitFor();
    await shell.screenshot(`${SHOTS}/interactions-not-found.png`);

    await editor.open(agentId);
    await editor.waitReady();
    await page.getByText(texts.list.emptyTitle).waitFor();
    await shell.screenshot(`${SHOTS}/interactions-empty.png`);

    // Ctrl/Cmd+N opens the picker; other types are there, labelled coming soon.
    await editor.pressNew();
    await editor.picker().waitFor();
    expect(await editor.picker().getByText(texts.picker.comingSoon).count()).toBe(3);
    await shell.screenshot(`${SHOTS}/interactions-picker.png`);
    await editor.pickType('share_url').click();
    await editor.configDialog().waitFor();
    // A new interaction starts with one empty instruction.
    expect(await editor.configDialog().getByPlaceholder(texts.config.instructionPlaceholder).count()).toBe(1);
    await editor.field(texts.config.name).fill('Our menu');
    await editor.field(texts.config.url).fill('not a url');
    await editor.configDialog().getByText(texts.config.invalidUrl).waitFor();
    await editor.field(texts.config.url).fill('https://bistrot.example/menu');
    await editor.field(texts.config.urlTitle).fill('Weekly menu');
    await editor.configDialog().getByPlaceholder(texts.config.instructionPlaceholder).fill('When asked about food');
    // No channel while enabled is refused, with “Select at least one channel”.
    await editor.channel(texts.config.email).click();
    await editor.configDialog().getByText(texts.config.selectChannel).waitFor();
    await shell.screenshot(`${SHOTS}/interactions-config-no-channel.png`);
    await editor.channel(texts.config.email).click();
    await shell.screenshot(`${SHOTS}/interactions-config-url.png`);
    // Escape from a field of the dialog, so the overlay that handles it has the focus.
    await editor.field(texts.config.name).press('Escape');
    await editor.configDialog().waitFor({ state: 'detached' });

    await editor.waitSaved();
    expect(await rows()).toEqual([
      {
        type: 'share_url',
        name: 'Our menu',
        enabled: true,
        config: {
          url: 'https://bistrot.example/menu',
          url_title: 'Weekly menu',
          url_description: '',
          send_url_email: true,
          send_url_whatsapp: false,
        },
      },
    ]);
    await page.reload();
    await editor.card('share_url').getByText('Our menu').waitFor();
    expect(await editor.toggle('share_url').textContent()).toContain(texts.list.enabled);
    // Loading never saves.
    await page.waitForTimeout(1500);
    expect(await editor.status().getAttribute('data-status')).toBe('idle');

    await editor.toggle('share_url').click();
    expect(await editor.toggle('share_url').textContent()).toContain(texts.list.disabled);
    await editor.waitSaved();
    expect((await rows())[0]?.enabled).toBe(false);
    await shell.screenshot(`${SHOTS}/interactions-list.png`);

    // Adding an existing type opens it.
    await editor.addButton().click();
    await editor.pickType('share_url').click();
    expect(await editor.field(texts.config.name).inputValue()).toBe('Our menu');
    // Escape from inside the dialog: pressed on the page right after it opened, the key can land
    // before the overlay has taken the focus, and Blueprint's overlay never sees it.
    await editor.field(texts.config.name).press('Escape');
    await editor.configDialog().waitFor({ state: 'detached' });
    expect(await editor.cards().count()).toBe(1);

    // share_document: a wrong type is refused with “Unsupported file type”, a PDF is uploaded.
    await editor.pressNew();
    await editor.pickType('share_document').click();
    const fileInput = editor.configDialog().locator('input[type=file]');
    await fileInput.setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await editor.configDialog().getByText(texts.errors.fileType, { exact: true }).waitFor();
    await shell.screenshot(`${SHOTS}/interactions-wrong-file-type.png`);
    await fileInput.setInputFiles({
      name: 'tarifs.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%tarifs\n'),
    });
    await editor.configDialog().getByText('tarifs.pdf').first().waitFor();
    await expect.poll(() => editor.configDialog().getByText(texts.errors.fileType).count()).toBe(0);
    await editor.configDialog().getByRole('button', { name: texts.config.done }).click();
    await editor.waitSaved();
    await expect
      .poll(async () => (await rows()).find((row) => row.type === 'share_document')?.config.file_name)
      .toBe('tarifs.pdf');
    const stored = (await rows()).find((row) => row.type === 'share_document')!;
    expect(stored.config.storage_path).toMatch(new RegExp(`/${agentId}/interactions/\\d+-tarifs\\.pdf$`));
    expect(stored.config.file_size).toBe(17);

    // Delete with confirmation: cancel keeps it, confirm removes it (and the removal is saved).
    await editor.card('share_url').getByRole('button', { name: texts.list.delete }).click();
    await editor.deleteAlert().getByText('Delete "Our menu"?', { exact: false }).waitFor();
    await shell.screenshot(`${SHOTS}/interactions-delete-confirm.png`);
    await editor.deleteAlert().getByRole('button', { name: texts.confirmDelete.cancel }).click();
    expect(await editor.cards().count()).toBe(2);
    await editor.card('share_url').getByRole('button', { name: texts.list.delete }).click();
    await editor.deleteAlert().getByRole('button', { name: texts.confirmDelete.confirm }).click();
    await editor.card('share_url').waitFor({ state: 'detached' });
    await editor.waitSaved();
    expect((await rows()).map((row) => row.type)).toEqual(['share_document']);
    await page.reload();
    await editor.card('share_document').waitFor();
    expect(await editor.cards().count()).toBe(1);

    // The configure screen's Interactions tab is the same editor.
    await shell.goto(`/agents/${agentId}/configure`);
    await page.getByRole('tab', { name: texts.page.title }).click();
    await editor.card('share_document').getByText('tarifs.pdf').first().waitFor();
    await shell.screenshot(`${SHOTS}/interactions-configure-tab.png`);
  });
});
