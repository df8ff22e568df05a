import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { deployEn } from '../../renderer/src/features/deploy/locales/en.ts';
import { insightsEn } from '../../renderer/src/features/insights/locales/en.ts';
import { messagesEn } from '../../renderer/src/features/messages/locales/en.ts';
import { AgentPromptsPage } from './pages/AgentsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DeployPage } from './pages/DeployPage.ts';
import { InsightsPage } from './pages/InsightsPages.ts';
import { MessagesPage } from './pages/MessagesPage.ts';
import { SandboxPage } from './pages/SandboxPage.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * Small things a new owner meets in their first minutes, each as they see it in the console: a
 * switched-off business card, Messages before WhatsApp is connected, the empty dashboard of an
 * account without agents, and restoring a prompt backup.
 */
const product = inject('product');
const PHONE_390 = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const email = `first-minutes-${stamp}@example.com`;
const password = 'first-minutes-pass';
const AGENT = 'First minutes agent';
const SUBDOMAIN = `first-minutes-${stamp}`;

let browser: Browser;
let service: SupabaseClient<Database>;
let ownerId = '';

async function signedIn(viewport = DESKTOP): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  await new ConsolePage(page, product.consoleUrl).signIn(email, password);
  return page;
}

async function createAgent(description = ''): Promise<string> {
  const { data, error } = await service
    .from('agents')
    .insert({ user_id: ownerId, name: AGENT, subdomain: SUBDOMAIN, description })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  ownerId = created.data.user.id;
  await service.from('profiles').update({ lang: 'en' }).eq('id', ownerId);
});

afterAll(async () => {
  if (ownerId) await service.auth.admin.deleteUser(ownerId);
  await browser?.close();
});

describe('the first minutes of a new owner', () => {
  // First: the account has no agent yet.
  it('the empty dashboard of an owner without agents offers to create one, and its button opens the wizard', async () => {
    const page = await signedIn();
    const dashboard = new InsightsPage(page, product.consoleUrl);
    const empty = await dashboard.openEmptyMain();
    const create = empty.getByRole('button', { name: insightsEn.dashboard.emptyCreate });
    await create.waitFor();
    expect(await empty.getByRole('button', { name: insightsEn.dashboard.emptyAction }).count()).toBe(0);
    await screenshot(page, 'first-minutes-empty-dashboard');
    await create.click();
    await page.waitForURL((url) => url.pathname === '/agents/new');
    await page.context().close();
  });

  it('the empty dashboard of an owner with an agent opens their agents instead', async () => {
    const agentId = await createAgent();
    try {
      const page = await signedIn();
      const empty = await new InsightsPage(page, product.consoleUrl).openEmptyMain();
      await empty.getByRole('button', { name: insightsEn.dashboard.emptyAction }).click();
      await page.waitForURL((url) => url.pathname === '/agents');
      await page.context().close();
    } finally {
      await service.from('agents').delete().eq('id', agentId);
    }
  });

  it('a disabled business card offers no "Open page", and says to turn the page on', async () => {
    const agentId = await createAgent();
    try {
      const page = await signedIn();
      const deploy = new DeployPage(page, product.consoleUrl);
      await deploy.goto(agentId);
      await deploy.openPageLink().waitFor();

      await deploy.toggleBusinessCard();
      await deploy.toast(deployEn.businessCard.disabledToast).waitFor();
      await deploy.businessCard().getByText(deployEn.businessCard.offHint, { exact: true }).waitFor();
      expect(await deploy.openPageLink().count()).toBe(0);
      await screenshot(page, 'first-minutes-card-off');

      await deploy.toggleBusinessCard();
      await deploy.openPageLink().waitFor();
      expect(await deploy.openPageLink().getAttribute('href')).toContain(SUBDOMAIN);
      await page.context().close();
    } finally {
      await service.from('agents').delete().eq('id', agentId);
    }
  });

  it('Messages without WhatsApp shows how to connect it, not a template error', async () => {
    const agentId = await createAgent();
    try {
      const page = await signedIn();
      const messages = new MessagesPage(page, product.consoleUrl);
      await messages.gotoAgent(agentId, AGENT);
      await messages.notConnected().getByText(messagesEn.notConnected.title).waitFor();
      expect(await page.getByText(messagesEn.template.loadError).count()).toBe(0);
      expect(await page.getByText(messagesEn.template.title, { exact: true }).count()).toBe(0);
      await screenshot(page, 'first-minutes-messages-not-connected');
      await messages.connectWhatsAppLink().click();
      await page.waitForURL((url) => url.pathname === `/agents/${agentId}/integrations`);
      await page.context().close();
    } finally {
      await service.from('agents').delete().eq('id', agentId);
    }
  });

  it('restoring a prompt backup asks first: Cancel keeps the prompt being edited, Restore replaces it', async () => {
    const original = 'You are the First minutes agent.';
    const agentId = await createAgent(original);
    try {
      const page = await signedIn();
      const prompts = new AgentPromptsPage(page, product.consoleUrl, agentsEn);
      await prompts.open(agentId);
      await prompts.createBackup('Original', 'Before my edits');
      await prompts.backupsButton(1).waitFor();
      const edited = `${original} Speak formally.`;
      await prompts.editor().fill(edited);

      await prompts.backupsButton(1).click();
      const question = await prompts.askToRestore('Original');
      expect(await question.textContent()).toContain(
        agentsEn.prompts.backup.confirmRestore.replace('{{name}}', 'Original'),
      );
      await screenshot(page, 'first-minutes-restore-question');
      await question.getByRole('button', { name: agentsEn.prompts.backup.cancel, exact: true }).click();
      await question.waitFor({ state: 'hidden' });
      expect(await prompts.editor().inputValue()).toBe(edited);

      await prompts.restoreBackup('Original');
      await expect.poll(() => prompts.editor().inputValue()).toBe(original);
      await page.context().close();
    } finally {
      await service.from('agents').delete().eq('id', agentId);
    }
  });

  it('the sandbox input is above the bottom bar at 390 px, so the owner can type without scrolling', async () => {
    const agentId = await createAgent();
    try {
      const page = await signedIn(PHONE_390);
      const sandbox = new SandboxPage(page, product.consoleUrl);
      await sandbox.open(agentId);
      await sandbox.mobileBar().waitFor();
      const input = await sandbox.chatInput().boundingBox();
      const bar = await sandbox.mobileBar().boundingBox();
      expect(input).not.toBeNull();
      expect(bar).not.toBeNull();
      expect(input!.y + input!.height).toBeLessThanOrEqual(bar!.y);
      expect(input!.y).toBeGreaterThan(0);
      await screenshot(page, 'first-minutes-sandbox-390');
      await sandbox.chatInput().click();
      await sandbox.chatInput().fill('Bonjour');
      expect(await sandbox.chatInput().inputValue()).toBe('Bonjour');
      await page.context().close();
    } finally {
      await service.from('agents').delete().eq('id', agentId);
    }
  });

  it('the per-agent dashboard fits 390 px: nothing sticks out past the right edge', async () => {
    const agentId = await createAgent();
    try {
      // A day of activity, so the figures, charts and tables are drawn (not the empty state).
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      const calls = await service.from('calls').insert(
        ['+33611223344', '+33622334455'].map((from, i) => ({
          user_id: ownerId,
          assigned_agent: agentId,
          from_number: from,
          to_number: '+33100000000',
          status: 'completed',
          duration: 60 + i * 30,
          timestamp: hourAgo,
          settled_at: hourAgo,
        })),
      );
      if (calls.error) throw calls.error;
      const page = await signedIn(PHONE_390);
      const dashboard = new InsightsPage(page, product.consoleUrl);
      await dashboard.openAgent(agentId);
      await dashboard.waitForContent();
      await screenshot(page, 'first-minutes-agent-dashboard-390');
      expect(await dashboard.elementsPastTheRightEdge()).toEqual([]);
      expect(await dashboard.overflowsHorizontally()).toBe(false);
      await page.context().close();
    } finally {
      await service.from('agents').delete().eq('id', agentId);
    }
  });

  it('the admin billing, packs and numbers tables fit 390 px: each page keeps its content inside the window', async () => {
    const { page } = await newPage(browser, PHONE_390);
    const admin = new ConsolePage(page, product.consoleUrl);
    await admin.signIn(product.demo.DEMO_ADMIN_EMAIL, product.demo.DEMO_ADMIN_PASSWORD);
    const wide: Record<string, string[]> = {};
    for (const path of ['/admin/billing', '/admin/packs', '/admin/numbers']) {
      await admin.goto(path);
      await admin.waitForContent();
      const past = await admin.elementsPastTheRightEdge();
      if (past.length > 0 || (await admin.overflowsHorizontally())) wide[path] = past;
    }
    await screenshot(page, 'first-minutes-admin-390');
    expect(wide).toEqual({});
    await page.context().close();
  });

  it('the admin users list fits 390 px: its search, filters and table stay inside the window', async () => {
    const { page } = await newPage(browser, PHONE_390);
    const admin = new ConsolePage(page, product.consoleUrl);
    await admin.signIn(product.demo.DEMO_ADMIN_EMAIL, product.demo.DEMO_ADMIN_PASSWORD);
    await admin.goto('/admin/users');
    // measured with the users listed, not the loading rows
    await page.locator('table td').getByText(product.demo.DEMO_ADMIN_EMAIL).first().waitFor();
    await admin.waitForContent();
    await screenshot(page, 'first-minutes-admin-users-390');
    expect(await admin.elementsPastTheRightEdge()).toEqual([]);
    expect(await admin.overflowsHorizontally()).toBe(false);
    await page.context().close();
  });

  it('long names wrap inside their cards on the agent list, at 390 px and on a desktop', async () => {
    const name = 'Assistante-de-la-Boulangerie-Pâtisserie-Traiteur-du-Vieux-Lyon';
    const company = 'BoulangeriePâtisserieTraiteurDuVieuxLyonEtDesMontsDuLyonnaisEtDuBeaujolais';
    const { data, error } = await service
      .from('agents')
      .insert({ user_id: ownerId, name, company_name: company })
      .select('id')
      .single();
    if (error) throw error;
    try {
      for (const viewport of [PHONE_390, DESKTOP]) {
        const page = await signedIn(viewport);
        const list = new ConsolePage(page, product.consoleUrl);
        await list.goto('/agents');
        await page.getByText(company).waitFor();
        const card = page.locator(`[data-agent-id="${data.id}"]`);
        const cardBox = (await card.boundingBox())!;
        for (const text of [name, company]) {
          const box = (await card.getByText(text).boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 1);
        }
        expect(await list.elementsPastTheRightEdge()).toEqual([]);
        await screenshot(page, `first-minutes-long-names-${viewport.width}`);
        await page.context().close();
      }
    } finally {
      await service.from('agents').delete().eq('id', data.id);
    }
  });
});
