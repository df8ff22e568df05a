import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { agentToolsEn } from '../../renderer/src/features/agents/locales/tools.en.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { ToolsTabPage } from './pages/ToolsTabPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';

/** Tools after creation: Configure's Tools tab on the seeded demo agent (calendar and orders). */
const product = inject('product');
const { demo } = product;
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';

describe('Configure tools', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an owner adds the booking tool in Configure and tries it in the sandbox', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const tools = new ToolsTabPage(page, product.consoleUrl, agentToolsEn);
    await tools.open(DEMO_AGENT_ID);

    // The wizard's tools are listed, the calendar with what it needs.
    await tools.agentTool('orders').waitFor();
    expect(await tools.need('calendar').textContent()).toContain(agentToolsEn.needs.calendarMissing);

    // Remove the booking tool, add it back: it stays after a reload.
    await tools.remove('calendar');
    await tools.add('calendar');
    await page.reload();
    await page.getByRole('tab', { name: agentToolsEn.tab }).click();
    await tools.agentTool('calendar').waitFor();

    // Payments says it needs the payment provider.
    await tools.add('payments');
    expect(await tools.need('payments').textContent()).toContain(agentToolsEn.needs.paymentProvider);
    await tools.remove('payments');

    // Try it: the sandbox sends the ready-made booking message.
    await tools.tryTool('calendar');
    const replies = page.getByTestId('chat-message-assistant');
    const before = await replies.count();
    await tools.sandboxTryButton().click();
    await page.getByTestId('chat-message-user').filter({ hasText: agentToolsEn.sample.calendar }).waitFor();
    // The agent answers it.
    await replies.nth(before).waitFor();
    await context.close();
  });
});
