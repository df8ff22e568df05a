import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ONE_NUMBER_MESSAGE } from '../../supabase/functions/_shared/contracts/phone.ts';
import { numbersEn } from '../../renderer/src/features/phoneNumbers/locales/en.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio/index.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DeployPage } from './pages/DeployPage.ts';
import { BuyNumberDialogModel, PhoneNumbersPage } from './pages/PhoneNumbersPage.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';
import { startTempProduct } from './support/temp-product.ts';

/**
 * Phone numbers: with Twilio configured (the loopback fake), the demo owner buys a
 * number, assigns it to their agent, sees it on Deploy and in Active Numbers; a second purchase is
 * refused with the one-number message (in the console and by the server); then releases it.
 */
const shared = inject('product');
const demo = shared.demo;
const FIRST = '+14155550100';

let browser: Browser;
let twilio: FakeTwilio;
let running: Awaited<ReturnType<typeof startTempProduct>> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  twilio = await startFakeTwilio();
  running = await startTempProduct({ ...process.env, ...twilio.env });
});
afterAll(async () => {
  await browser?.close();
  await running?.stop();
  await twilio?.close();
});

describe('phone numbers', () => {
  it('buys a number, assigns it, shows it on Deploy and in Active Numbers, refuses a second, releases it', async () => {
    const product = running!.product;
    const urls = { ...shared, apiUrl: product.stack.url, anonKey: product.stack.anonKey };
    const { client: owner } = await signInDemoOwner(urls);
    const { data: agent } = await owner
      .from('agents')
      .select('id, name')
      .order('created_at')
      .limit(1)
      .single<{ id: string; name: string }>();
    expect(agent).not.toBeNull();

    const { context, page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const numbers = new PhoneNumbersPage(page, product.consoleUrl);
    const dialog = new BuyNumberDialogModel(page);

    // Buy: Active Numbers is empty; the dialog asks for a country, then shows the first five
    // numbers with a locality for the area code.
    await numbers.gotoActive();
    await numbers.emptyText().waitFor();
    await numbers.buyButton().click();
    await dialog.dialog().getByText(numbersEn.buy.subtitle).waitFor();
    expect(
      await dialog
        .dialog()
        .getByTestId(/^country-/)
        .count(),
    ).toBe(3);
    await dialog.chooseCountry('US');
    await dialog.searchAreaCode('415');
    await dialog.result(FIRST).waitFor();
    expect(await dialog.results().count()).toBe(5);
    await screenshot(page, 'numbers-buy-dialog');
    await dialog.buy(FIRST);
    await dialog.dialog().waitFor({ state: 'detached' });
    await numbers.row(FIRST).waitFor();
    expect(await numbers.row(FIRST).textContent()).toContain('+1 415 555 0100');
    expect(twilio.numbers.ownedNumber(FIRST)?.voiceUrl).toMatch(/\/functions\/v1\/twilio-voice\/incoming$/);

    // Assign it to the agent.
    expect(await numbers.agentSelect(FIRST).inputValue()).toBe('');
    await numbers.agentSelect(FIRST).selectOption(agent!.id);
    await numbers.toast(numbersEn.active.assigned).waitFor();

    // Deploy shows it on the agent's phone card.
    const deploy = new DeployPage(page, product.consoleUrl);
    await deploy.goto(agent!.id);
    await expect.poll(() => page.getByTestId('phone-assigned').textContent()).toContain('+1 415 555 0100');

    // A second purchase: the console disables Buy with the one-number message, and the server refuses.
    await numbers.gotoActive();
    await numbers.row(FIRST).waitFor();
    expect(await numbers.agentSelect(FIRST).inputValue()).toBe(agent!.id);
    expect(await numbers.blockedReason().textContent()).toBe(ONE_NUMBER_MESSAGE);
    expect(await numbers.buyButton().isDisabled()).toBe(true);
    const purchases = twilio.requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/IncomingPhoneNumbers.json'),
    );
    const second = await owner.functions.invoke('phone-numbers/buy', {
      body: { phoneNumber: '+14155550101', countryCode: 'US' },
    });
    expect(second.error).not.toBeNull();
    const refusal = (await (second.error as { context: Response }).context.json()) as {
      error: { code: string; message: string };
    };
    expect(refusal.error).toEqual({ code: 'number_limit_reached', message: ONE_NUMBER_MESSAGE });
    expect(
      twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/IncomingPhoneNumbers.json')),
    ).toHaveLength(purchases.length);
    await screenshot(page, 'numbers-active');

    // Release: gone from the list and from Twilio; Buy is possible again.
    await numbers.release(FIRST);
    await numbers.toast(numbersEn.active.released).waitFor();
    await numbers.emptyText().waitFor();
    expect(twilio.numbers.ownedNumber(FIRST)).toBeUndefined();
    expect(await numbers.buyButton().isDisabled()).toBe(false);
    await context.close();
  });
});
