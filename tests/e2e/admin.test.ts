import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_LOGINS } from '../../scripts/lib/demo-logins.ts';
import { adminEn } from '../../renderer/src/features/admin/locales/en.ts';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { AdminSettingsPage, AdminUsersPage } from './pages/AdminPages.ts';
import { AgentWizardPage } from './pages/AgentsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { startAiProduct, systemText, type AiProduct } from './support/temp-product.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';

/**
 * The admin's users and settings screens, on a product whose model is the fake OpenAI:
 * the demo admin finds a user, grants 50 credits (the ledger entry shows in the user's Credits
 * tab), makes them admin, changes the chat model (the next chat turn asks the model for it) and
 * adds a custom tool with two parameters that the demo owner's wizard then offers.
 */
const TARGET = {
  email: `admin-e2e-${Date.now().toString(36)}@example.com`,
  password: 'Target-user-42',
  name: 'Zoé Target',
};
const TOOL = {
  name: 'Loyalty points',
  description: 'Looks up a customer’s loyalty points',
  icon: 'star',
  functionName: 'loyalty_points',
  parameters: [
    { name: 'customer_email', type: 'string', description: 'Customer email', required: true },
    { name: 'tier', type: 'string', description: 'Tier', required: false, enumValues: 'gold, , silver ' },
  ],
};

describe('admin users and settings', () => {
  let ai: AiProduct;
  let browser: Browser;
  let page: Page;
  let service: SupabaseClient;
  let targetId = '';

  beforeAll(async () => {
    // The wizard's extraction gets an empty JSON object; every other turn the default reply.
    ai = await startAiProduct((request) =>
      systemText(request).startsWith('Extract the business') ? { text: '{}' } : null,
    );
    service = createClient(ai.product.stack.url, ai.product.stack.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const created = await service.auth.admin.createUser({
      email: TARGET.email,
      password: TARGET.password,
      email_confirm: true,
      user_metadata: { name: TARGET.name },
    });
    if (created.error) throw created.error;
    targetId = created.data.user.id;
    browser = await launchBrowser();
    ({ page } = await newPage(browser, DESKTOP));
    await new ConsolePage(page, ai.product.consoleUrl).signIn(
      DEMO_LOGINS.DEMO_ADMIN_EMAIL,
      DEMO_LOGINS.DEMO_ADMIN_PASSWORD,
    );
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await ai?.stop();
  });

  it('finds a user, grants 50 credits with a reason and makes them admin', async () => {
    const users = new AdminUsersPage(page, ai.product.consoleUrl, adminEn);
    await users.open();
    await users.search().fill(TARGET.email.slice(0, 14).toUpperCase());
    await users.row(TARGET.email).waitFor();
    await expect.poll(() => users.rows().count()).toBe(1);
    expect(await users.row(TARGET.email).textContent()).toContain(adminEn.users.roleUser);

    await users.edit(TARGET.email);
    await users.grantCredits(50, 'Welcome gift');
    await users.balance().filter({ hasText: '80' }).waitFor();
    await users.historyRow('Welcome gift').waitFor();
    expect(await users.historyRow('Welcome gift').textContent()).toContain('+50');

    await users.dialogTab(adminEn.userDialog.profileTab).click();
    await users.adminSwitch().check({ force: true });
    await users.saveProfile();
    await users.dialog().waitFor({ state: 'detached' });
    await users.row(TARGET.email).filter({ hasText: adminEn.users.roleAdmin }).waitFor();
    expect(await users.row(TARGET.email).textContent()).toContain('80');

    const { data: profile } = await service.from('profiles').select('credits, is_admin').eq('id', targetId).single();
    expect(profile).toEqual({ credits: 80, is_admin: true });
    const { data: audit } = await service
      .from('admin_audit_log')
      .select('action')
      .eq('target_id', targetId)
      .order('id');
    expect(audit?.map((r: { action: string }) => r.action)).toEqual(['credits.adjust', 'user.set_role']);
  });

  it('changes the chat model and the next chat turn asks the model for it', async () => {
    const settings = new AdminSettingsPage(page, ai.product.consoleUrl, adminEn);
    await settings.open();
    await settings.model('chatModel').waitFor();
    expect(await settings.saveButton().isDisabled()).toBe(true);
    await settings.model('chatModel').selectOption('gpt-4.1-nano');
    expect(await settings.saveButton().isDisabled()).toBe(false);
    await settings.saveButton().click();
    await settings.toast(adminEn.settings.saved).waitFor();
    expect(await settings.saveButton().isDisabled()).toBe(true);

    const { url, anonKey } = ai.product.stack;
    const turn = await fetch(`${url}/functions/v1/agent-chat`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subdomain: 'demo', message: 'Do you have a terrace?' }),
    });
    expect(turn.status).toBe(200);
    await turn.text();
    const lastChat = ai.fake.requestsTo('chat').at(-1)?.body as { model?: string } | undefined;
    expect(lastChat?.model).toBe('gpt-4.1-nano');
  });

  it('creates a custom tool with two parameters that the wizard then offers', async () => {
    const settings = new AdminSettingsPage(page, ai.product.consoleUrl, adminEn);
    await settings.open();
    await settings.tab(adminEn.settings.toolsTab).click();
    await settings.addTool(TOOL);
    await settings.toolRow(TOOL.name).waitFor();
    expect(await settings.toolRow(TOOL.name).textContent()).toContain('2 parameters');
    await settings.saveButton().click();
    await settings.toast(adminEn.settings.toolsSaved).waitFor();

    const { data: saved } = await service
      .from('tool_catalogue')
      .select('id, icon, enabled, function_definition')
      .eq('name', TOOL.name)
      .single();
    const tool = saved as { id: string; icon: string; enabled: boolean; function_definition: unknown };
    expect(tool.id).toMatch(/^custom_\d+$/);
    expect(tool).toMatchObject({ icon: 'star', enabled: true });
    expect(tool.function_definition).toMatchObject({
      name: 'loyalty_points',
      parameters: {
        properties: {
          customer_email: { type: 'string', description: 'Customer email' },
          tier: { type: 'string', enum: ['gold', 'silver'] },
        },
        required: ['customer_email'],
      },
    });

    // The demo owner, in a separate session, reaches the wizard's tools step.
    const { page: ownerPage } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(ownerPage, ai.product.consoleUrl);
    await shell.signIn(DEMO_LOGINS.DEMO_OWNER_EMAIL, DEMO_LOGINS.DEMO_OWNER_PASSWORD);
    await shell.goto('/agents/new');
    const wizard = new AgentWizardPage(ownerPage, agentsEn);
    await wizard.choice('Food & Restaurant').click();
    await wizard.choice('Takeaway and delivery').click();
    await wizard.nextButton().click();
    await wizard.brief().fill('A small takeaway pizzeria that rewards loyal customers with points.');
    await wizard.nextButton().click();
    await wizard.field('name').fill('Loyal pizzeria');
    await wizard.field('subdomain').fill(`loyal-${Date.now().toString(36)}`);
    await ownerPage.getByText(agentsEn.wizard.basicInfo.available).waitFor();
    await wizard.nextButton().click();
    await wizard.tool(tool.id).waitFor();
    expect(await wizard.tool(tool.id).textContent()).toContain(TOOL.name);
  });
});
