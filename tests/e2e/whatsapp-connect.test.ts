import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deployEn } from '../../renderer/src/features/deploy/locales/en.ts';
import { startFakeMeta, type FakeMeta } from '../fakes/meta/server.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai/server.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio/index.ts';
import { givePack } from '../integration/whatsapp/support.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DeployPage } from './pages/DeployPage.ts';
import { MessagesPage } from './pages/MessagesPage.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { productClient, signInDemoOwner } from './support/clients.ts';
import { startTempProduct } from './support/temp-product.ts';

/**
 * Connecting WhatsApp: with Twilio (loopback fake) and a Facebook app (the fake
 * Meta SDK) configured, the demo owner's agent has a number; Meta's sign-up is cancelled (a
 * "cancelled" toast), then finished: the server creates the sub-account and the sender, the card shows CREATING,
 * and the console's own 30-second poll brings ONLINE with the quality colour and "Ready". A WhatsApp
 * user then writes to the number (a webhook signed by the sender's sub-account, to the sender's
 * callback URL): the agent's reply goes out through Twilio and shows in /agents/{id}/messages.
 * Disconnect. The whole path in one test.
 */
const shared = inject('product');
const demo = shared.demo;
const NUMBER = '+14155550177';
const CUSTOMER = '+33611223344';

let browser: Browser;
let twilio: FakeTwilio;
let meta: FakeMeta;
let openai: FakeOpenAI;
let running: Awaited<ReturnType<typeof startTempProduct>> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  twilio = await startFakeTwilio();
  meta = await startFakeMeta();
  openai = await startFakeOpenAI();
  running = await startTempProduct({
    ...process.env,
    ...twilio.env,
    ...meta.env,
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: openai.apiKey,
    OPENAI_BASE_URL: openai.baseURL,
  });
});
afterAll(async () => {
  await browser?.close();
  await running?.stop();
  await twilio?.close();
  await meta?.close();
  await openai?.close();
});

describe('connecting WhatsApp', () => {
  it('cancel shows the toast; finish creates the sender, which the card follows from CREATING to ONLINE; a customer writes and the reply shows in Messages', async () => {
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
    // The owner's plan includes WhatsApp conversations (unlimited).
    await givePack(productClient(urls, product.stack.serviceRoleKey), userId, -1);

    const { context, page } = await newPage(browser, DESKTOP);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const deploy = new DeployPage(page, product.consoleUrl);
    await deploy.goto(agent!.id);
    await deploy.whatsAppReadiness(deployEn.whatsApp.notReady).waitFor();

    // Meta's window closed before the end: the "cancelled" toast, nothing created.
    meta.next({ event: 'CANCEL' });
    await deploy.whatsAppConnect().click();
    await deploy.toast(deployEn.whatsApp.toasts.cancelled).waitFor();
    expect(twilio.senders.all()).toHaveLength(0);
    expect(meta.logins.at(-1)).toMatchObject({
      appId: meta.appId,
      version: 'v23.0',
      configId: meta.configId,
      responseType: 'code',
      // Twilio's Partner Solution ID goes with the sign-up, or Twilio cannot reach the WABA (63101).
      extras: {
        messagingPrimaryLanguage: 'fr_FR',
        useCase: 'customer_support',
        setup: { solutionID: meta.solutionId },
      },
    });

    // Finished: the WABA id goes to the server, which creates the sender (ONLINE after one poll).
    twilio.senders.planNext({ final: 'ONLINE', afterFetches: 1, qualityRating: 'HIGH', messagingLimit: '1K' });
    meta.next({ event: 'FINISH', wabaId: '555000111', code: 'meta-code' });
    await deploy.whatsAppConnect().click();
    await deploy.toast(deployEn.whatsApp.toasts.connected).waitFor();
    await deploy.whatsAppStatus('CREATING').waitFor();
    const sender = twilio.senders.bySenderId(`whatsapp:${NUMBER}`);
    expect(sender?.configuration).toEqual({ waba_id: '555000111', account_type: 'ISVSubAccount' });
    expect(sender?.webhook.callback_url).toMatch(/\/functions\/v1\/whatsapp-webhook\/inbound$/);
    await screenshot(page, 'whatsapp-creating');

    // The console polls every 30 s while CREATING: the next poll sees ONLINE.
    await deploy.whatsAppStatus('ONLINE').waitFor({ timeout: 45_000 });
    expect(await deploy.whatsAppQuality().getAttribute('data-colour')).toBe('green');
    expect(await deploy.whatsAppQuality().textContent()).toBe('HIGH');
    await deploy.whatsAppReadiness(deployEn.whatsApp.ready).waitFor();
    expect(sender?.fetches).toBe(1);
    await screenshot(page, 'whatsapp-online');

    // A WhatsApp user writes: Twilio posts to the sender's callback URL, signed by its sub-account.
    const account = twilio.senders.subAccounts().find((candidate) => candidate.sid === sender!.accountSid)!;
    const callback = String(sender!.webhook.callback_url);
    twilio.messages.webhookBaseUrl = callback.replace(/\/whatsapp-webhook\/inbound$/, '');
    openai.queueChat({ text: 'Bonjour ! Nous ouvrons à 9 h.' });
    const inbound = await twilio.messages.inbound('text', {
      from: CUSTOMER,
      to: NUMBER,
      profileName: 'Inès',
      body: 'Vous ouvrez à quelle heure ?',
      account,
    });
    expect(inbound.status).toBe(200);
    const reply = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${CUSTOMER}`);
    expect(reply).toMatchObject({
      account: account.sid,
      from: `whatsapp:${NUMBER}`,
      body: 'Bonjour ! Nous ouvrons à 9 h.',
    });
    const messages = new MessagesPage(page, product.consoleUrl);
    const agentName = (await owner.from('agents').select('name').eq('id', agent!.id).single<{ name: string }>()).data!
      .name;
    await messages.gotoAgent(agent!.id, agentName);
    await messages.open(CUSTOMER);
    await messages.message('Vous ouvrez à quelle heure ?', 'inbound').waitFor();
    await messages.message('Nous ouvrons à 9 h.', 'outbound').waitFor();
    await screenshot(page, 'whatsapp-first-reply');
    await deploy.goto(agent!.id);
    await deploy.whatsAppStatus('ONLINE').waitFor();

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
