import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deployEn } from '../../renderer/src/features/deploy/locales/en.ts';
import { startFakeMeta, type FakeMeta } from '../fakes/meta/server.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio/index.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DeployPage } from './pages/DeployPage.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { signInDemoOwner } from './support/clients.ts';
import { startTempProduct } from './support/temp-product.ts';

/**
 * Issue 17 acceptance, connecting WhatsApp: with Twilio (loopback fake) and a Facebook app (the fake
 * Meta SDK) configured, the demo owner's agent has a number; Meta's sign-up is cancelled (the spec's
 * toast), then finished: the server creates the sub-account and the sender, the card shows CREATING,
 * and the console's own 30-second poll brings ONLINE with the quality colour and "Ready". Disconnect.
 */
const shared = inject('product');
const demo = shared.demo;
const NUMBER = '+14155550177';

let browser: Browser;
let twilio: FakeTwilio;
let meta: FakeMeta;
let running: Awaited<ReturnType<typeof startTempProduct>> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  twilio = await startFakeTwilio();
  meta = await startFakeMeta();
  running = await startTempProduct({ ...process.env, ...twilio.env, ...meta.env });
});
afterAll(async () => {
  await browser?.close();
  await running?.stop();
  await twilio?.close();
  await meta?.close();
});

describe('connecting WhatsApp', () => {
  it('cancel shows the toast; finish creates the sender, which the card follows from CREATING to ONLINE', async () => {
    const product = running!.product;
    const urls = { ...shared, apiUrl: product.stack.url, anonKey: product.stack.anonKey };
    const { client: owner, userId } = await signInDemoOwner(urls);
    const { data: agent } = await owner
      .from('agents')
      .select('id')
      .order('created_at')
      .limit(1)
      .single<{ id: string }>();
    // The agent's number (bought through phone-numbers in the phone suite; set up directly here).
    await product.stack.db.query(
      `with n as (insert into public.phone_numbers (phone_number, user_id, country_code) values ($1, $2, 'US') returning id)
       insert into public.phone_number_assignments (phone_number_id, agent_id, user_id) select n.id, $3, $2 from n`,
      [NUMBER, userId, agent!.id],
    );

    const { context, page } = await newPage(browser, DESKTOP);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const deploy = new DeployPage(page, product.consoleUrl);
    await deploy.goto(agent!.id);
    await deploy.whatsAppReadiness(deployEn.whatsApp.notReady).waitFor();

    // Meta's window closed before the end: the spec's toast, nothing created.
    meta.next({ event: 'CANCEL' });
    await deploy.whatsAppConnect().click();
    await deploy.toast(deployEn.whatsApp.toasts.cancelled).waitFor();
    expect(twilio.senders.all()).toHaveLength(0);
    expect(meta.logins.at(-1)).toMatchObject({
      appId: meta.appId,
      version: 'v23.0',
      configId: meta.configId,
      responseType: 'code',
      extras: { messagingPrimaryLanguage: 'fr_FR', useCase: 'customer_support' },
    });

    // Finished: the WABA id goes to the server, which creates the sender (ONLINE after one poll).
    twilio.senders.planNext({ final: 'ONLINE', afterFetches: 1, qualityRating: 'HIGH', messagingLimit: '1K' });
    meta.next({ event: 'FINISH', wabaId: '555000111', code: 'meta-code' });
    await deploy.whatsAppConnect().click();
    await deploy.toast(deployEn.whatsApp.toasts.connected).waitFor();
    await deploy.whatsAppStatus('CREATING').waitFor();
    const sender = twilio.senders.bySenderId(`whatsapp:${NUMBER}`);
    expect(sender?.configuration).toEqual({ waba_id: '555000111' });
    expect(sender?.webhook.callback_url).toMatch(/\/functions\/v1\/whatsapp-webhook\/inbound$/);
    await screenshot(page, 'whatsapp-creating');

    // The console polls every 30 s while CREATING: the next poll sees ONLINE.
    await deploy.whatsAppStatus('ONLINE').waitFor({ timeout: 45_000 });
    expect(await deploy.whatsAppQuality().getAttribute('data-colour')).toBe('green');
    expect(await deploy.whatsAppQuality().textContent()).toBe('HIGH');
    await deploy.whatsAppReadiness(deployEn.whatsApp.ready).waitFor();
    expect(sender?.fetches).toBe(1);
    await screenshot(page, 'whatsapp-online');

    // Disconnect: the sender is deleted at Twilio.
    await deploy.whatsAppDisconnect().click();
    // The confirmation's button, inside its alert dialog (the card's own button has the same name).
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: deployEn.whatsApp.disconnect, exact: true })
      .click();
    await deploy.toast(deployEn.whatsApp.toasts.disconnected).waitFor();
    await deploy.whatsAppConnect().waitFor();
    expect(sender?.deleted).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  });
});
