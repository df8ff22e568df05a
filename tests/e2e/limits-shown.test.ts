import { mkdirSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '@contracts/agent-chat.ts';
import { AGENT_LIMITS, OWNER_ASSIST_LIMITS } from '@contracts/field-limits.ts';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { AgentConfigurePage, AgentPromptsPage, AgentWizardPage } from './pages/AgentsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';
import { startTempProduct } from './support/temp-product.ts';

/**
 * Limits shown before they bite: the owner sees how much of each limited text is used (the wizard
 * brief, the Configure prompt, the prompt editor) and cannot type past it; a visitor sees the same
 * on the chat input, and a message refused for the chat's rate limit says which limit and when to
 * write again. The product runs with a small visitor limit (2 messages at once, then 1 a minute)
 * so the third message is refused whatever the machine's speed. Screenshots: /tmp/shots/limits-*.png.
 */
const SHOTS = '/tmp/shots';
const { demo } = inject('product');
const stamp = Date.now().toString(36);
const SUBDOMAIN = `limits-${stamp}`;
const AGENT = 'Limits e2e bakery';
const PROMPT = 'You are the bakery assistant. Answer about bread and opening hours.';

let product: Awaited<ReturnType<typeof startTempProduct>> | undefined;
let browser: Browser;
let owner: SupabaseClient;
let agentId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  product = await startTempProduct({ ...process.env, CHAT_RATE_VISITOR: '2/1' });
  browser = await launchBrowser();
  const running = product.product;
  ({ client: owner } = await signInDemoOwner({
    apiUrl: running.stack.url,
    anonKey: running.stack.anonKey,
    consoleUrl: running.consoleUrl,
    publicSiteUrl: running.publicSiteUrl,
    serviceRoleKey: running.stack.serviceRoleKey,
    inboxUrl: running.stack.inboxUrl,
    demo,
  }));
  const { data: user } = await owner.auth.getUser();
  const { data, error } = await owner
    .from('agents')
    .insert({
      user_id: user.user!.id,
      name: AGENT,
      subdomain: SUBDOMAIN,
      description: PROMPT,
    })
    .select('id')
    .single();
  if (error) throw error;
  agentId = (data as { id: string }).id;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function signedInConsole() {
  const { page } = await newPage(browser, DESKTOP);
  const shell = new ConsolePage(page, product!.product.consoleUrl);
  await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
  return { page, shell };
}

describe('limits are shown before they bite', () => {
  it(
    'the wizard brief counts against its limit, warns near it and refuses typing past it',
    { timeout: 90_000 },
    async () => {
      const { page } = await signedInConsole();
      await page.goto(new URL('/agents/new', product!.product.consoleUrl).toString());
      const wizard = new AgentWizardPage(page, agentsEn);
      await wizard.choice('Food & Restaurant').click();
      await wizard.choice('Takeaway and delivery').click();
      await wizard.nextButton().click();

      const counter = wizard.counter('brief');
      await expect.poll(() => counter.count()).toBe('0 / 20,000');
      expect(await counter.level()).toBe('ok');
      await wizard.brief().fill('We bake sourdough every morning.');
      expect(await counter.count()).toBe('32 / 20,000');
      // Near the limit the counter turns to the warning colour.
      await wizard.brief().fill('b'.repeat(18_500));
      expect(await counter.level()).toBe('near');
      // A paste past the limit keeps what fits, and the counter says the limit is reached.
      await wizard.brief().fill('b'.repeat(OWNER_ASSIST_LIMITS.brief + 50));
      expect((await wizard.brief().inputValue()).length).toBe(OWNER_ASSIST_LIMITS.brief);
      expect(await counter.count()).toBe('20,000 / 20,000');
      expect(await counter.note().textContent()).toBe('Limit reached: 20,000 characters at most.');
      // One more keystroke is refused.
      await wizard.brief().press('End');
      await wizard.brief().press('x');
      expect((await wizard.brief().inputValue()).length).toBe(OWNER_ASSIST_LIMITS.brief);
      await page.screenshot({ path: `${SHOTS}/limits-wizard-brief.png`, fullPage: true });
      await page.context().close();
    },
  );

  it('the Configure prompt and the prompt editor show the prompt against its limit', { timeout: 90_000 }, async () => {
    const { page } = await signedInConsole();
    const configure = new AgentConfigurePage(page, product!.product.consoleUrl, agentsEn);
    await configure.open(agentId);
    await configure.field('description').waitFor();
    const counter = configure.counter('description');
    await expect.poll(() => counter.count()).toBe(`${PROMPT.length} / 100,000`);
    await configure.field('description').fill('p'.repeat(AGENT_LIMITS.prompt + 1));
    expect((await configure.field('description').inputValue()).length).toBe(AGENT_LIMITS.prompt);
    expect(await counter.count()).toBe('100,000 / 100,000');
    expect(await counter.level()).toBe('full');
    // The name has its counter too, from the same contract.
    expect(await configure.counter('name').count()).toBe(`${AGENT.length} / ${AGENT_LIMITS.name}`);
    await page.screenshot({ path: `${SHOTS}/limits-configure-prompt.png`, fullPage: true });

    const prompts = new AgentPromptsPage(page, product!.product.consoleUrl, agentsEn);
    await prompts.open(agentId);
    await expect.poll(() => prompts.counter().count()).toBe(`${PROMPT.length} / 100,000`);
    await page.context().close();
  });

  it('the public chat input counts against the message limit and refuses more', { timeout: 90_000 }, async () => {
    const { page } = await newPage(browser, DESKTOP);
    const site = new AgentSitePage(page, product!.product.publicSiteUrl);
    await site.openAgent(SUBDOMAIN);
    await site.openChat();
    await expect.poll(() => site.chatCounter.count()).toBe('0 / 4,000');
    await site.chatInput.fill('m'.repeat(MAX_MESSAGE_LENGTH + 10));
    expect((await site.chatInput.inputValue()).length).toBe(MAX_MESSAGE_LENGTH);
    expect(await site.chatCounter.count()).toBe('4,000 / 4,000');
    expect(await site.chatCounter.note().textContent()).toContain('Limit reached: 4,000 characters at most.');
    await page.screenshot({ path: `${SHOTS}/limits-chat-input.png` });
    await page.context().close();

    // A French visitor reads French digit grouping.
    const fr = await newPage(browser, DESKTOP, 'fr-FR');
    const frSite = new AgentSitePage(fr.page, product!.product.publicSiteUrl);
    await frSite.openAgent(SUBDOMAIN);
    await frSite.openChat();
    await expect.poll(() => frSite.chatCounter.count()).toBe('0 / 4 000');
    await fr.page.context().close();
  });

  it(
    'a message refused by the chat rate limit names the limit and when to write again',
    { timeout: 90_000 },
    async () => {
      const { page } = await newPage(browser, DESKTOP);
      const site = new AgentSitePage(page, product!.product.publicSiteUrl);
      await site.openAgent(SUBDOMAIN);
      await site.openChat();
      for (const [i, text] of ['Hello', 'Are you open on Sunday?'].entries()) {
        await site.sendChat(text);
        await expect.poll(() => site.userMessages.count()).toBe(i + 1);
        await site.typingIndicator.waitFor({ state: 'detached' });
      }
      await site.sendChat('And tomorrow?');
      const refusal = site.assistantMessages.last();
      await expect
        .poll(() => refusal.textContent(), { timeout: 20_000 })
        .toMatch(
          /You have reached the message limit: 2 messages at once, then 1 a minute\. You can write again in \d+ seconds\./,
        );
      await page.screenshot({ path: `${SHOTS}/limits-chat-rate-limited.png` });
      await page.context().close();
    },
  );
});
