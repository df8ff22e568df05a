import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { PHONE, launchBrowser } from './support/browser.ts';

/**
 * A visitor asks the demo agent's public page a question its knowledge file answers, with no AI
 * key configured (offline mode): the reply states the fact from the file, labelled offline, with
 * that file as its source; in French from the French sentence. A question the file does not
 * answer gets the plain "no information" reply and no source next to it.
 */
const product = inject('product');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function askDemo(question: string, locale: string) {
  const context = await browser.newContext({ viewport: PHONE, locale, isMobile: true, hasTouch: true });
  const site = new AgentSitePage(await context.newPage(), product.publicSiteUrl);
  await site.openAgent('demo');
  await site.openChat();
  await site.sendChat(question);
  await site.offlineLabels.first().waitFor({ timeout: 30_000 });
  const reply = ((await site.assistantMessages.last().textContent()) ?? '').trim();
  const sources = await site.citations.allTextContents();
  const label = await site.offlineLabels.first().textContent();
  await context.close();
  return { reply, sources, label };
}

describe('offline answers on the demo agent page', () => {
  it("the demo agent answers 'Are you open on Sunday?' with 'closed'", async () => {
    const { reply, sources, label } = await askDemo('Are you open on Sunday?', 'en-US');
    expect(reply).toMatch(/closed on sunday/i);
    expect(reply).not.toMatch(/don't have that information/i);
    expect(sources.length).toBeGreaterThan(0);
    expect(label).toBe('Offline answer');
  }, 60_000);

  it("the demo agent answers 'Êtes-vous ouverts le dimanche ?' with 'fermé', in French", async () => {
    const { reply, sources } = await askDemo('Êtes-vous ouverts le dimanche ?', 'fr-FR');
    expect(reply).toMatch(/fermé le dimanche/i);
    expect(reply).not.toMatch(/pas cette information/i);
    expect(sources.length).toBeGreaterThan(0);
  }, 60_000);

  it('a question the file does not answer gets the plain refusal, with no source next to it', async () => {
    const { reply, sources } = await askDemo('Do you repair bicycles?', 'en-US');
    expect(reply).toMatch(/don't have that information/i);
    expect(sources).toEqual([]);
  }, 60_000);
});
