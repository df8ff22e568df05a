import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { creditsEn } from '../../renderer/src/features/credits/locales/en.ts';
import { creditsFr } from '../../renderer/src/features/credits/locales/fr.ts';
import { sandboxEn } from '../../renderer/src/features/sandbox/locales/en.ts';
import { CreditsPage } from './pages/AccountPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { SandboxPage } from './pages/SandboxPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * Money said before it is spent: the sandbox's voice and phone-caller tests say they use minutes
 * before the owner starts them, and the sidebar's minutes box and the Credits page say the same
 * figures in the same words.
 */
const product = inject('product');
const stamp = Date.now().toString(36);

async function owner(tag: string, lang: 'en' | 'fr') {
  const service = productClient(product, product.serviceRoleKey);
  const email = `money-${tag}-${stamp}@example.com`;
  const password = 'money-owner-pass';
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = productClient(product);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  const userId = created.data.user.id;
  await client.from('profiles').update({ lang }).eq('id', userId);
  return { email, password, client, userId };
}

describe('money is said before it is spent', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'the phone-caller test and the voice test say they use minutes before they start',
    { timeout: 90000 },
    async () => {
      const o = await owner('sandbox', 'en');
      const agent = await o.client
        .from('agents')
        .insert({ user_id: o.userId, name: 'Cost agent' })
        .select('id')
        .single();
      if (agent.error) throw agent.error;
      const { page } = await newPage(browser, DESKTOP);
      await new ConsolePage(page, product.consoleUrl).signIn(o.email, o.password);
      const sandbox = new SandboxPage(page, product.consoleUrl);
      await sandbox.open(agent.data.id);
      // Said on the cards themselves, before any button is pressed and with no call dialog open.
      expect((await sandbox.phoneCost().textContent())?.trim()).toBe(sandboxEn.cost.note);
      expect((await sandbox.voiceCost().textContent())?.trim()).toBe(sandboxEn.cost.note);
      expect(sandboxEn.cost.note).toContain('1 credit per started minute');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.context().close();
    },
  );

  it('sidebar and Credits show the same balance and pack minutes, in the same words', { timeout: 90000 }, async () => {
    const o = await owner('figures', 'en');
    const { page } = await newPage(browser, DESKTOP);
    const credits = new CreditsPage(page, product.consoleUrl);
    await credits.signIn(o.email, o.password);
    await credits.goto('/credits');
    await credits.freePackButton().click();
    await expect.poll(() => credits.figuresBalance().textContent()).toBe('Balance: 60 minutes');
    await expect.poll(() => credits.usageBalance().textContent()).toBe('Balance: 60 minutes');
    await expect.poll(() => credits.figuresPeriod().textContent()).toBe('Pack minutes this period: 0 / 60');
    expect(await credits.usageMinutes().textContent()).toBe(await credits.figuresPeriod().textContent());
    expect(creditsEn.figures.balance_other).toContain('Balance');
    await page.context().close();
  });

  it('a French owner reads the same figures in French in both places', { timeout: 90000 }, async () => {
    const o = await owner('figures-fr', 'fr');
    const { page } = await newPage(browser, DESKTOP);
    const credits = new CreditsPage(page, product.consoleUrl);
    await credits.signIn(o.email, o.password);
    await credits.goto('/credits');
    const balance = creditsFr.figures.balance_other.replace('{{count}}', '30');
    await expect.poll(() => credits.figuresBalance().textContent()).toBe(balance);
    await expect.poll(() => credits.usageBalance().textContent()).toBe(balance);
    await expect
      .poll(() => credits.usageMinutes().textContent())
      .toMatch(/^Minutes du pack sur la période : 0 \/ \d+$/);
    expect(await credits.usageMinutes().textContent()).toBe(await credits.figuresPeriod().textContent());
    await page.context().close();
  });
});
