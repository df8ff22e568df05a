import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { agentsFr } from '../../renderer/src/features/agents/locales/fr.ts';
import { AgentListPage, AgentWizardPage } from './pages/AgentsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * Limits shown before they bite: a new owner on the free pack reads how many agents the pack
 * allows on the agents page and on the wizard's first step, before typing any answer, and once
 * the allowance is used both say so with a way to upgrade.
 */
const product = inject('product');
const stamp = Date.now().toString(36);

async function freeOwner(lang: 'en' | 'fr') {
  const service = productClient(product, product.serviceRoleKey);
  const email = `allowance-${lang}-${stamp}@example.com`;
  const password = 'allowance-owner-pass';
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = productClient(product);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  const userId = created.data.user.id;
  await client.from('profiles').update({ lang }).eq('id', userId);
  return { email, password, client, userId };
}

describe('the agent allowance is said before it bites', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'the agents page says 0 of 1 agents used, then 1 of 1 agents used — upgrade, and the wizard says it on its first step',
    {
      timeout: 90000,
    },
    async () => {
      const owner = await freeOwner('en');
      const { page } = await newPage(browser, DESKTOP);
      await new ConsolePage(page, product.consoleUrl).signIn(owner.email, owner.password);
      const list = new AgentListPage(page, product.consoleUrl, agentsEn);
      await list.open();
      await expect.poll(() => list.allowance().textContent()).toBe('0 of 1 agents used');

      const first = await owner.client.from('agents').insert({ user_id: owner.userId, name: 'First agent' });
      expect(first.error).toBeNull();
      await list.open();
      await expect.poll(() => list.allowance().textContent()).toMatch(/^\s*1 of 1 agents used — upgrade$/);
      await list.allowance().getByRole('link', { name: agentsEn.allowance.upgrade }).waitFor();

      await page.goto(new URL('/agents/new', product.consoleUrl).toString());
      const wizard = new AgentWizardPage(page, agentsEn);
      await expect.poll(() => wizard.allowance().textContent()).toMatch(/1 of 1 agents used — upgrade/);
      expect(await wizard.allowanceFull().textContent()).toContain(agentsEn.allowance.full);
      await page.context().close();
    },
  );

  it('a French owner reads the allowance in French', { timeout: 90000 }, async () => {
    const owner = await freeOwner('fr');
    const { page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(owner.email, owner.password);
    const list = new AgentListPage(page, product.consoleUrl, agentsFr);
    await list.open();
    await expect.poll(() => list.allowance().textContent()).toBe('Agents utilisés : 0 sur 1');
    await page.context().close();
  });
});
