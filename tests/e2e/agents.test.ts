import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { AgentConfigurePage, AgentListPage, AgentPromptsPage, AgentWizardPage } from './pages/AgentsPages.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser.ts';
import { productClient, signInDemoOwner } from './support/clients.ts';

/**
 * The agent lifecycle pages as the seeded demo owner uses them (English profile), against the
 * product as `npm start` runs it.
 */
const product = inject('product');
const { demo } = product;
const screenshotDir = path.resolve('test-results/agents');
const PAGING_PREFIX = 'Paging agent';
const WIZARD_AGENT = 'Fournil assistant';
const CONFIGURE_AGENT = 'Configure agent';
const PROMPTS_AGENT = 'Prompts agent';
const VOICE_AGENT = 'Voice bounds agent';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('agents console', () => {
  let browser: Browser;
  let owner: SupabaseClient;
  let ownerId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ client: owner, userId: ownerId } = await signInDemoOwner(product));
  });
  afterAll(async () => {
    await owner?.from('agents').delete().like('name', `${PAGING_PREFIX}%`);
    await owner
      ?.from('agents')
      .delete()
      .in('name', [WIZARD_AGENT, CONFIGURE_AGENT, `${CONFIGURE_AGENT} renamed`, PROMPTS_AGENT, VOICE_AGENT]);
    await browser?.close();
  });

  it('lists the demo agent, pages newest first, searches and deletes an agent by its exact name', async () => {
    // Eleven agents newer than the demo one: a full first page of ten, then the rest.
    for (let i = 1; i <= 11; i++) {
      const { error } = await owner.from('agents').insert({
        user_id: ownerId,
        name: `${PAGING_PREFIX} ${String(i).padStart(2, '0')}`,
        company_name: 'Paging & Co',
      });
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
      if (fail)
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
        });
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

  it('creates an agent through the five wizard steps and finds it in the list', async () => {
    // The AI helpers (owner-assist) answer from templates: no model is configured (offline).
    const { page } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const list = new AgentListPage(page, product.consoleUrl, agentsEn);
    await list.open();
    await list.createButton().click();
    await shell.waitForPath('/agents/new');
    const wizard = new AgentWizardPage(page, agentsEn);
    const w = agentsEn.wizard;

    // Sector, then specialization; changing the sector clears it.
    await wizard.choice('Food & Restaurant').click();
    expect(await wizard.previousButton().isDisabled()).toBe(true);
    expect(await wizard.nextButton().isDisabled()).toBe(true);
    await wizard.choice('Takeaway and delivery').click();
    expect(await wizard.nextButton().isDisabled()).toBe(false);
    await wizard.choice('Retail').click();
    expect(await wizard.nextButton().isDisabled()).toBe(true);
    await wizard.choice('Food & Restaurant').click();
    await wizard.choice('Takeaway and delivery').click();
    await shell.screenshot(path.join(screenshotDir, 'wizard-1-sector-1280.png'));
    await wizard.nextButton().click();

    // Brief: Next waits for text.
    expect(await wizard.nextButton().isDisabled()).toBe(true);
    await wizard
      .brief()
      .fill(
        'Company: Le Fournil du Parc. 3 rue du Pain, 69001 Lyon. Phone +33 4 78 00 00 00, email contact@fournil.example. ' +
          'Customers order bread and cakes for pick-up and ask for delivery by email.',
      );
    await shell.screenshot(path.join(screenshotDir, 'wizard-2-brief-1280.png'));
    // Hold each AI answer briefly so the blocking overlays can be seen.
    await page.route('**/functions/v1/owner-assist', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await wizard.nextButton().click();
    await wizard.overlay(w.overlays.basicInfo).waitFor();
    await shell.screenshot(path.join(screenshotDir, 'wizard-overlay-1280.png'));
    await wizard.field('name').waitFor();
    expect(await wizard.overlay(w.overlays.basicInfo).count()).toBe(0);
    expect(await wizard.field('companyName').inputValue()).toBe('Le Fournil du Parc');
    expect(await wizard.field('email').inputValue()).toBe('contact@fournil.example');
    expect(await wizard.field('address').inputValue()).toBe('3 rue du Pain, 69001 Lyon');
    await page.getByText(w.basicInfo.offline).waitFor();

    // Name and subdomain: normalised as typed, too short, taken, then free.
    await wizard.field('name').fill(WIZARD_AGENT);
    await wizard.field('subdomain').fill('');
    await wizard.field('subdomain').pressSequentially('Ab');
    expect(await wizard.field('subdomain').inputValue()).toBe('ab');
    await page.getByText(w.basicInfo.tooShort).waitFor();
    await wizard.field('subdomain').fill('demo');
    await page.getByText(w.basicInfo.taken).waitFor();
    expect(await wizard.nextButton().isDisabled()).toBe(true);
    const subdomain = `fournil-${Date.now().toString(36)}`;
    await wizard.field('subdomain').fill(`${subdomain.toUpperCase()} !`);
    expect(await wizard.field('subdomain').inputValue()).toBe(subdomain);
    await page.getByText(w.basicInfo.available).waitFor();
    await wizard.voice(w.basicInfo.voiceFemale).check({ force: true });
    await wizard.field('phone').fill('+33 4 78 00 00 00');
    await shell.screenshot(path.join(screenshotDir, 'wizard-3-basic-info-1280.png'));
    await shell.setViewport(PHONE.width, PHONE.height);
    await shell.screenshot(path.join(screenshotDir, 'wizard-3-basic-info-375.png'));
    await shell.setViewport(DESKTOP.width, DESKTOP.height);

    // Completed steps are clickable; going back keeps what was typed (and the draft survives a reload).
    await wizard.stepButton('brief', 2).click();
    expect(await wizard.brief().inputValue()).toContain('Le Fournil du Parc');
    await page.reload();
    await wizard.brief().waitFor();
    expect(await wizard.brief().inputValue()).toContain('Le Fournil du Parc');
    await wizard.stepButton('basicInfo', 3).click();
    expect(await wizard.field('name').inputValue()).toBe(WIZARD_AGENT);
    await page.getByText(w.basicInfo.available).waitFor();
    await wizard.nextButton().click();

    // Tools: Recommended from the sector (calendar, maps) and the brief ("email").
    for (const id of ['calendar', 'maps', 'email']) {
      expect(await wizard.tool(id).getByText(w.tools.recommended).count(), id).toBe(1);
    }
    expect(await wizard.tool('payments').getByText(w.tools.recommended).count()).toBe(0);
    await wizard.tool('orders').click();
    await wizard.tool('email').click();
    await wizard.tool('email').click();
    await wizard.tool('calendar').click();
    expect(await wizard.tool('orders').getAttribute('aria-pressed')).toBe('true');
    expect(await wizard.tool('email').getAttribute('aria-pressed')).toBe('false');
    await shell.screenshot(path.join(screenshotDir, 'wizard-4-tools-1280.png'));
    await shell.setViewport(PHONE.width, PHONE.height);
    await shell.screenshot(path.join(screenshotDir, 'wizard-4-tools-375.png'));
    await shell.setViewport(DESKTOP.width, DESKTOP.height);
    await wizard.nextButton().click();

    // Review: the generated prompt (offline template) is editable.
    await wizard.overlay(w.overlays.finalConfiguration).waitFor();
    await wizard.prompt().waitFor();
    expect(await wizard.prompt().inputValue()).toContain(
      `You are ${WIZARD_AGENT}, the assistant of Le Fournil du Parc.`,
    );
    await page.getByText(w.review.offline).waitFor();
    await wizard.prompt().fill(`${await wizard.prompt().inputValue()}\nAlways mention the daily special.`);
    await shell.screenshot(path.join(screenshotDir, 'wizard-5-review-1280.png'));
    await wizard.createButton().click();
    await shell.waitForPath('/agents');
    await list.card(WIZARD_AGENT).waitFor();
    const card = list.card(WIZARD_AGENT);
    expect(await card.getByText('2 tools').count()).toBe(1);
    expect(await card.getByText('Female voice').count()).toBe(1);

    const { data, error } = await owner
      .from('agents')
      .select('id, subdomain, voice, sector, sub_sector, capabilities, description, branding, tools')
      .eq('name', WIZARD_AGENT)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      subdomain,
      voice: 'female',
      sector: 'food_restaurant',
      sub_sector: 'takeaway_delivery',
    });
    expect([...(data?.capabilities as string[])].sort()).toEqual(['calendar', 'orders']);
    expect(data?.description).toContain('Always mention the daily special.');
    expect(data?.branding).toMatchObject({ primary_color: '#6366f1', secondary_color: '#4f46e5' });
    expect((data?.tools as { type: string }[]).every((tool) => tool.type === 'system')).toBe(true);
    const { data: card_ } = await owner
      .from('agent_integrations')
      .select('enabled')
      .eq('agent_id', data?.id)
      .eq('kind', 'virtual_business_card')
      .single();
    expect(card_).toEqual({ enabled: true });
    // With no model and no document yet, the new agent answers from its brief on its public page,
    // labelled offline, with no source next to it (the brief is not a document).
    const visitor = await browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true });
    const site = new AgentSitePage(await visitor.newPage(), product.publicSiteUrl);
    await site.openAgent(subdomain);
    await site.openChat();
    await site.sendChat('Where are you located?');
    await site.offlineLabels.first().waitFor({ timeout: 30_000 });
    expect(await site.assistantMessages.last().textContent()).toContain('3 rue du Pain, 69001 Lyon');
    expect(await site.citations.count()).toBe(0);
    await visitor.close();
    // The draft is gone: a new wizard starts empty.
    await page.goto(new URL('/agents/new', product.consoleUrl).toString());
    await wizard.choice('Retail').waitFor();
    expect(await wizard.choice('Retail').getAttribute('aria-pressed')).toBe('false');
    expect(await wizard.choice('Food & Restaurant').getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('tells a free owner who already has an agent that the pack allows one, and that platform names are reserved', async () => {
    // A new owner on the free pack (no subscription) whose one agent already exists.
    const service = productClient(product, product.serviceRoleKey);
    const email = `free-${Date.now().toString(36)}@example.com`;
    const password = 'free-owner-pass';
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    expect(created.error).toBeNull();
    const freeOwner = productClient(product);
    expect((await freeOwner.auth.signInWithPassword({ email, password })).error).toBeNull();
    const userId = created.data.user!.id;
    await freeOwner.from('profiles').update({ lang: 'en' }).eq('id', userId);
    const first = await freeOwner
      .from('agents')
      .insert({ user_id: userId, name: 'First agent', subdomain: `first-${Date.now().toString(36)}` });
    expect(first.error).toBeNull();
    try {
      const { page } = await newPage(browser, DESKTOP);
      const shell = new ConsolePage(page, product.consoleUrl);
      await shell.signIn(email, password);
      await shell.goto('/agents/new');
      const wizard = new AgentWizardPage(page, agentsEn);
      const w = agentsEn.wizard;
      await wizard.choice('Retail').click();
      await wizard.choice('Clothing store').click();
      await wizard.nextButton().click();
      await wizard.brief().fill('Company: Second Shop. We sell shoes and answer questions about sizes.');
      await wizard.nextButton().click();
      await wizard.field('name').waitFor();
      await wizard.field('name').fill('Second agent');
      // A platform name is refused with its own message, not "taken".
      await wizard.field('subdomain').fill('admin');
      await page.getByText(w.basicInfo.reserved).waitFor();
      expect(await wizard.nextButton().isDisabled()).toBe(true);
      await shell.screenshot(path.join(screenshotDir, 'wizard-reserved-subdomain-1280.png'));
      await wizard.field('subdomain').fill(`second-${Date.now().toString(36)}`);
      await page.getByText(w.basicInfo.available).waitFor();
      await wizard.nextButton().click();
      await wizard.nextButton().click();
      await wizard.prompt().waitFor();
      await wizard.createButton().click();
      // Postgres refuses the second agent; the wizard says why and keeps the answers.
      await page.getByText('Your pack allows 1 agent.', { exact: false }).waitFor();
      expect(await page.getByRole('link', { name: w.seePacks }).count()).toBe(1);
      await page.getByText(w.packLimitReached.replace('{{max}}', '1')).waitFor();
      expect(await wizard.prompt().inputValue()).not.toBe('');
      await shell.screenshot(path.join(screenshotDir, 'wizard-pack-limit-1280.png'));
      const { count } = await freeOwner.from('agents').select('id', { count: 'exact', head: true });
      expect(count).toBe(1);
      await page.context().close();
    } finally {
      await service.auth.admin.deleteUser(userId);
    }
  });

  it('an owner sets the longest call and the idle cut-off, and they are saved', async () => {
    // An agent with no phone number and no public page: browser voice still uses its bounds.
    const { data: created, error } = await owner
      .from('agents')
      .insert({ user_id: ownerId, name: VOICE_AGENT })
      .select('id')
      .single();
    expect(error).toBeNull();
    const agentId = (created as { id: string }).id;
    const { page } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const configure = new AgentConfigurePage(page, product.consoleUrl, agentsEn);
    await configure.open(agentId);

    // The defaults: an hour at most, a minute of silence.
    await configure.voiceBound('voiceMaxCall').waitFor();
    expect(await configure.voiceBound('voiceMaxCall').inputValue()).toBe('60');
    expect(await configure.voiceBound('voiceIdle').inputValue()).toBe('60');

    // Longer than four hours is not allowed: Save stays off.
    await configure.voiceBound('voiceMaxCall').fill('300');
    await expect.poll(() => configure.saveButton().isDisabled()).toBe(true);
    await configure.voiceBound('voiceMaxCall').fill('90');
    await configure.voiceBound('voiceIdle').fill('30');
    await expect.poll(() => configure.saveButton().isDisabled()).toBe(false);
    await configure.saveButton().click();
    await shell.toast(agentsEn.configure.saved).waitFor();
    const { data: saved } = await owner
      .from('agents')
      .select('voice_max_call_seconds, voice_idle_seconds')
      .eq('id', agentId)
      .single();
    expect(saved).toEqual({ voice_max_call_seconds: 90 * 60, voice_idle_seconds: 30 });

    await page.reload();
    await configure.voiceBound('voiceMaxCall').waitFor();
    expect(await configure.voiceBound('voiceMaxCall').inputValue()).toBe('90');
    expect(await configure.voiceBound('voiceIdle').inputValue()).toBe('30');
  });

  it('edits the general configuration, rejects bad subdomains, saves with Ctrl+S and uploads an avatar', async () => {
    const { data: created, error } = await owner
      .from('agents')
      .insert({ user_id: ownerId, name: CONFIGURE_AGENT, subdomain: `cfg-${Date.now().toString(36)}` })
      .select('id, subdomain')
      .single();
    expect(error).toBeNull();
    const agentId = (created as { id: string }).id;
    const { page } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const configure = new AgentConfigurePage(page, product.consoleUrl, agentsEn);
    const c = agentsEn.configure;

    // An unknown agent sends the user back to the list.
    await configure.open('00000000-0000-4000-8000-00000000dead');
    await shell.waitForPath('/agents');

    await configure.open(agentId);
    await configure.field('name').waitFor();
    expect(await configure.saveButton().isDisabled()).toBe(true);
    await configure.field('name').fill(`${CONFIGURE_AGENT} renamed`);
    await configure.field('companyName').fill('Configured & Co');
    await configure.field('subdomain').fill('de');
    await page.getByText(c.tooShort).waitFor();
    expect(await configure.saveButton().isDisabled()).toBe(true);
    await configure.field('subdomain').fill('demo');
    await page.getByText(c.taken).waitFor();
    expect(await configure.saveButton().isDisabled()).toBe(true);
    const subdomain = `cfg2-${Date.now().toString(36)}`;
    await configure.field('subdomain').fill(subdomain);
    await page.getByText(c.available).waitFor();
    await configure.pickLanguage('french', 'French \\(France\\)');
    await page.getByText(c.directoryListed).click();
    await page.getByLabel(c.voiceFemale).check({ force: true });
    await configure.field('description').fill('You are the configured agent.');
    await shell.screenshot(path.join(screenshotDir, 'configure-1280.png'));
    await configure.field('description').press('Control+s');
    // A new subdomain changes the page's links, QR code and widget snippet: the owner confirms it.
    await configure.confirmAddressChange();
    await shell.toast(c.saved).waitFor();
    const { data: saved } = await owner
      .from('agents')
      .select('name, company_name, subdomain, default_language, directory_listed, voice, description')
      .eq('id', agentId)
      .single();
    expect(saved).toEqual({
      name: `${CONFIGURE_AGENT} renamed`,
      company_name: 'Configured & Co',
      subdomain,
      default_language: 'fr_FR',
      directory_listed: true,
      voice: 'female',
      description: 'You are the configured agent.',
    });
    expect(await configure.saveButton().isDisabled()).toBe(true);

    // The saved subdomain is the agent's own: no error for it.
    await page.reload();
    await configure.field('subdomain').waitFor();
    expect(await configure.field('subdomain').inputValue()).toBe(subdomain);
    expect(await page.getByText(c.taken).count()).toBe(0);

    await configure.avatarInput().setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await shell.toast(c.avatarUploaded).waitFor();
    const { data: withAvatar } = await owner.from('agents').select('avatar_url').eq('id', agentId).single();
    expect((withAvatar as { avatar_url: string }).avatar_url).toMatch(
      new RegExp(`/agent-media/${ownerId}/${agentId}/avatar/\\d+\\.png$`),
    );
    await expect.poll(() => page.locator('img.configure-avatar-image').count()).toBe(1);
    await shell.setViewport(PHONE.width, PHONE.height);
    await shell.screenshot(path.join(screenshotDir, 'configure-375.png'));
    await page.context().close();
  });

  it('edits the system prompt, previews it as Markdown, backs it up, restores and deletes the backup, and asks the assistant', async () => {
    const original = '# Role\nYou are **Prompts agent**.\n\n- Greet visitors\n- Book tables';
    const { data: created, error } = await owner
      .from('agents')
      .insert({ user_id: ownerId, name: PROMPTS_AGENT, description: original })
      .select('id')
      .single();
    expect(error).toBeNull();
    const agentId = (created as { id: string }).id;
    const { page } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const prompts = new AgentPromptsPage(page, product.consoleUrl, agentsEn);
    const p = agentsEn.prompts;
    await prompts.open(agentId);
    expect(await prompts.editor().inputValue()).toBe(original);
    await page.getByText(p.assistant.greeting).waitFor();

    // Markdown is a read-only rendering.
    await prompts.modeButton('markdown').click();
    expect(await prompts.preview().getByRole('heading', { name: 'Role' }).count()).toBe(1);
    expect(await prompts.preview().locator('strong').textContent()).toBe('Prompts agent');
    expect(await prompts.preview().locator('li').count()).toBe(2);
    await prompts.modeButton('raw').click();

    // Backup of the original, then an edit saved with Ctrl+S.
    await prompts.createBackup('Original', 'Before the tone change');
    await shell.toast(p.backup.created).waitFor();
    await prompts.backupsButton(1).waitFor();
    const edited = `${original}\n\nSpeak formally.`;
    await prompts.editor().fill(edited);
    expect(await page.getByText(p.unsaved).isVisible()).toBe(true);
    await prompts.editor().press('Control+s');
    // (No toast check here: the shell's single toaster drops a toast that replaces a visible one.)
    const description = async () =>
      ((await owner.from('agents').select('description').eq('id', agentId).single()).data as { description: string })
        .description;
    await expect.poll(description).toBe(edited);
    // The tag keeps its place (hidden) so the toolbar does not move.
    await expect.poll(() => page.getByText(p.unsaved).isVisible()).toBe(false);
    expect(await prompts.saveButton().isDisabled()).toBe(true);
    await shell.screenshot(path.join(screenshotDir, 'prompts-1280.png'));

    // Restore puts the backup in the editor and on the server.
    await prompts.backupsButton(1).click();
    await prompts.restoreBackup('Original');
    await expect.poll(() => prompts.editor().inputValue()).toBe(original);
    await expect.poll(description).toBe(original);

    // Delete after confirmation.
    await prompts.backupsButton(1).click();
    await prompts
      .backupItem('Original')
      .getByRole('button', { name: `${p.backup.delete} Original` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: p.backup.delete, exact: true }).click();
    await page.getByText(p.backup.empty).waitFor();
    const { data: left } = await owner.from('prompt_backups').select('id').eq('agent_id', agentId);
    expect(left).toEqual([]);
    await page
      .getByRole('dialog', { name: p.backup.listTitle })
      .getByRole('button', { name: p.backup.close, exact: true })
      .last()
      .click();
    await prompts.backupsButton(0).waitFor();
    // A closing dialog keeps the focus until its transition ends; typing before that loses the Enter.
    await page.getByRole('dialog', { name: p.backup.listTitle }).waitFor({ state: 'hidden' });

    // The assistant (offline template) replaces the editor text with its answer and confirms.
    await prompts.askAssistant('Add that we are closed on Mondays.');
    await page.getByText('Add that we are closed on Mondays.', { exact: true }).waitFor();
    await expect.poll(() => prompts.editor().inputValue()).not.toBe(original);
    expect(await prompts.editor().inputValue()).toContain('closed on Mondays');
    expect(await page.locator('.assistant-line.is-assistant').count()).toBe(2);
    expect(await page.getByText(p.assistant.offline, { exact: false }).count()).toBe(1);
    await shell.setViewport(PHONE.width, PHONE.height);
    await shell.screenshot(path.join(screenshotDir, 'prompts-375.png'));
    await page.context().close();
  });
});
