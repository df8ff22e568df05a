import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { calendarEn } from '../../renderer/src/features/deploy/locales/calendar.en.ts';
import { CALENDAR_AGENT_KEY } from '../../renderer/src/features/deploy/connection.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';

/**
 * /auth/google/callback in the product as `npm start` runs it, for the signed-in demo owner
 *. The e2e product has no Google client configured (GOOGLE_CLIENT_ID would also
 * switch on Google sign-in for every other e2e file), so the full consent round trip against a
 * fake Google is covered by tests/integration/google-calendar; here the page's own decisions run
 * in a real browser: Google's error → straight back, a refused exchange → logged, then back.
 */
const product = inject('product');
const { demo } = product;

describe('Google Calendar callback page', () => {
  let browser: Browser;
  let agentId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { client: owner } = await signInDemoOwner(product);
    const { data, error } = await owner
      .from('agents')
      .select('id')
      .order('created_at')
      .limit(1)
      .single<{ id: string }>();
    if (error) throw error;
    agentId = data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('returns to the agent integrations on a Google error, and after a refused code exchange', async () => {
    const { context, page } = await newPage(browser);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const integrations = `/agents/${agentId}/integrations`;

    // The owner declined on Google's page: no exchange at all.
    const exchanges: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/functions/v1/google-calendar')) exchanges.push(response.status());
    });
    await page.evaluate(([key, id]) => window.sessionStorage.setItem(key!, id!), [CALENDAR_AGENT_KEY, agentId]);
    await shell.goto('/auth/google/callback?error=access_denied');
    await shell.waitForPath(integrations);
    expect(exchanges).toEqual([]);

    // A code with a state the server did not sign: the exchange is refused (400), the page logs
    // its message and still returns to integrations, with the stored agent id cleared.
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    // Hold the exchange a moment so the page's waiting text can be seen.
    await page.route('**/functions/v1/google-calendar', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.evaluate(([key, id]) => window.sessionStorage.setItem(key!, id!), [CALENDAR_AGENT_KEY, agentId]);
    await shell.goto('/auth/google/callback?code=4%2Ffake&state=forged.state');
    await page.getByText(calendarEn.callback.connecting).waitFor();
    await shell.waitForPath(integrations);
    expect(exchanges).toEqual([400]);
    expect(logged.some((text) => text.includes('Failed to exchange code for tokens'))).toBe(true);
    expect(await page.evaluate((key) => window.sessionStorage.getItem(key), CALENDAR_AGENT_KEY)).toBeNull();
    await context.close();
  });
});
