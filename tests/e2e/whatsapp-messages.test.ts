import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messagesEn } from '../../renderer/src/features/messages/locales/en.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai/server.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio/index.ts';
import { connectSender, givePack } from '../integration/whatsapp/support.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { MessagesPage } from './pages/MessagesPage.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from './support/browser.ts';
import { productClient, signInDemoOwner } from './support/clients.ts';
import { startTempProduct } from './support/temp-product.ts';

/**
 * WhatsApp messaging: a product with Twilio (the loopback fake) and a model (the fake
 * OpenAI) configured; the demo owner's agent answers a number with an ONLINE sender. A WhatsApp user
 * writes: the fake Twilio posts a signed inbound webhook to the running stack's whatsapp-webhook,
 * the conversation core answers, the reply goes out through the Messages API, and the owner sees
 * both appear live in /agents/{id}/messages; Twilio's status callbacks (read; failed with 63016)
 * update the reply on screen; /messages lists the conversation under its agent.
 */
const shared = inject('product');
const { demo } = shared;
const AGENT_NAME = 'WhatsApp desk';
const CUSTOMER = '+33612345678';
const NUMBER = '+14155550142';
/** Wrote two days ago: only a template can reach them now. */
const PAST_CUSTOMER = '+33698765432';

describe('WhatsApp messages', () => {
  let browser: Browser;
  let twilio: FakeTwilio;
  let openai: FakeOpenAI;
  let running: Awaited<ReturnType<typeof startTempProduct>> | undefined;
  let consoleUrl: string;
  let agentId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    twilio = await startFakeTwilio();
    openai = await startFakeOpenAI();
    running = await startTempProduct({
      ...process.env,
      ...twilio.env,
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.baseURL,
    });
    const { product } = running;
    consoleUrl = product.consoleUrl;
    twilio.messages.webhookBaseUrl = `${product.stack.url}/functions/v1`;
    const urls = { ...shared, apiUrl: product.stack.url, anonKey: product.stack.anonKey };
    const service = productClient(urls, product.stack.serviceRoleKey);
    const { client: owner, userId } = await signInDemoOwner(urls);
    const agent = await owner.from('agents').insert({ user_id: userId, name: AGENT_NAME }).select('id').single();
    if (agent.error) throw new Error(agent.error.message);
    agentId = agent.data.id;
    // The agent's number (bought through phone-numbers in the phone suite) and its ONLINE sender
    // (connected through Meta and the Senders API in whatsapp-connect), set up directly here.
    await product.stack.db.query(
      `with n as (insert into public.phone_numbers (phone_number, user_id, country_code) values ($1, $2, 'US') returning id)
       insert into public.phone_number_assignments (phone_number_id, agent_id, user_id) select n.id, $3, $2 from n`,
      [NUMBER, userId, agentId],
    );
    const numberId = (
      await product.stack.db.query<{ id: string }>('select id from public.phone_numbers where phone_number = $1', [
        NUMBER,
      ])
    ).rows[0]!.id;
    await givePack(service, userId, -1);
    await connectSender(service, userId, { agentId, number: NUMBER, numberId });
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    await twilio?.close();
    await openai?.close();
  });

  it('a fake WhatsApp user writes: the agent’s reply appears live, its delivery and failure follow, /messages lists it', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const messages = new MessagesPage(page, consoleUrl);
    await messages.gotoAgent(agentId, AGENT_NAME);
    await messages.emptyState().waitFor();

    // The page is open when the user writes: signed webhook in, the core's reply out through Twilio.
    openai.queueChat({ text: 'Oui, de 9 h à 17 h.' });
    const inbound = await twilio.messages.inbound('text', {
      from: CUSTOMER,
      to: NUMBER,
      profileName: 'Camille',
      body: 'Bonjour, vous êtes ouverts samedi ?',
    });
    expect(inbound.status).toBe(200);
    const reply = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${CUSTOMER}`);
    expect(reply).toMatchObject({ from: `whatsapp:${NUMBER}`, body: 'Oui, de 9 h à 17 h.' });
    await messages.thread(CUSTOMER).waitFor();
    expect(await messages.thread(CUSTOMER).textContent()).toContain('Camille');
    await messages.open(CUSTOMER);
    await messages.message('vous êtes ouverts samedi', 'inbound').waitFor();
    await messages.message('de 9 h à 17 h', 'outbound').waitFor();
    expect(await messages.author('de 9 h à 17 h').textContent()).toBe(messagesEn.thread.agent);

    // Twilio's status callbacks move the reply on screen.
    expect((await twilio.messages.status(reply.sid, 'read')).status).toBe(204);
    await page.waitForFunction(
      ({ text, read }) =>
        [...document.querySelectorAll('[data-testid="wa-message"]')].some(
          (m) => m.textContent?.includes(text) && m.querySelector('[data-testid="wa-delivery"]')?.textContent === read,
        ),
      { text: 'de 9 h à 17 h', read: messagesEn.delivery.read },
    );
    await screenshot(page, 'whatsapp-messages-thread');

    // A second message while the page is open; its reply fails at WhatsApp (63016) and says so.
    openai.queueChat({ text: 'Votre rendez-vous est confirmé.' });
    await twilio.messages.inbound('text', { from: CUSTOMER, to: NUMBER, body: 'Parfait, merci !' });
    const second = await twilio.messages.waitForSend((m) => m.body === 'Votre rendez-vous est confirmé.');
    await messages.message('Parfait, merci !', 'inbound').waitFor({ timeout: 10_000 });
    await messages.message('rendez-vous est confirmé', 'outbound').waitFor({ timeout: 10_000 });
    await messages.thread(CUSTOMER).filter({ hasText: 'rendez-vous est confirmé' }).waitFor();
    await twilio.messages.status(second.sid, 'failed', { code: 63016, message: 'Outside the allowed window' });
    await messages.failure('rendez-vous est confirmé').waitFor();
    expect(await messages.failure('rendez-vous est confirmé').textContent()).toBe(
      messagesEn.twilioError['63016'].replace('{{code}}', '63016'),
    );

    // /messages lists the conversation under its agent; the agent filter keeps it.
    await messages.gotoAll();
    await messages.thread(CUSTOMER).first().waitFor();
    const mine = messages.thread(CUSTOMER).filter({ has: page.getByText(AGENT_NAME, { exact: true }) });
    expect(await mine.count()).toBe(1);
    await messages.filterByAgent(AGENT_NAME);
    await page.waitForURL(/[?&]agent=/);
    await messages.thread(CUSTOMER).waitFor();
    expect(await messages.threadAgent(CUSTOMER).textContent()).toBe(AGENT_NAME);
    await context.close();
  });

  it('the owner sends an approved template to a customer who last wrote more than 24 hours ago', async () => {
    const template = twilio.messages.addTemplate({
      friendlyName: 'table_ready',
      language: 'fr',
      body: 'Bonjour {{1}}, votre table est prête.',
      variables: { 1: 'prénom' },
      status: 'approved',
    });
    // Léa wrote two days ago: her text in the transcript, its delivery in whatsapp_messages.
    await running!.product.stack.db.query(
      `with conversation as (
         insert into public.conversations (user_id, agent_id, channel, visitor_id, started_at)
         select a.user_id, a.id, 'whatsapp', $3, now() - interval '2 days' from public.agents a where a.id = $1
         returning id, user_id, agent_id),
       line as (
         insert into public.messages (conversation_id, user_id, agent_id, role, content, metadata, "timestamp")
         select c.id, c.user_id, c.agent_id, 'user', 'Une table pour deux ce soir ?', '{"channel": "whatsapp"}',
                now() - interval '2 days'
           from conversation c
         returning id, conversation_id, user_id, agent_id)
       insert into public.whatsapp_messages (user_id, assigned_agent, conversation_id, message_id, message_sid, direction,
                                             from_number, to_number, profile_name, status, "timestamp")
       select l.user_id, l.agent_id, l.conversation_id, l.id, $2, 'inbound', $3, $4, 'Léa', 'received',
              now() - interval '2 days'
         from line l`,
      [agentId, `SM${'e'.repeat(32)}`, PAST_CUSTOMER, NUMBER],
    );
    const { page, context } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const messages = new MessagesPage(page, consoleUrl);
    await messages.gotoAgent(agentId, AGENT_NAME);
    await messages.open(PAST_CUSTOMER);
    await messages.windowClosedNotice().waitFor();
    expect(await messages.windowClosedNotice().textContent()).toBe(messagesEn.composer.outsideWindow);

    await messages.sendTemplate('table_ready (fr)', { 1: 'Léa' });
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${PAST_CUSTOMER}`);
    expect(sent).toMatchObject({
      from: `whatsapp:${NUMBER}`,
      contentSid: template.sid,
      contentVariables: '{"1":"Léa"}',
      body: null,
    });
    // The thread shows what the customer reads.
    await messages.message('Bonjour Léa, votre table est prête.', 'outbound').waitFor();
    // The owner sent it, not the agent: an owner reply is labelled as the owner.
    expect(await messages.author('Bonjour Léa, votre table est prête.').textContent()).toBe(messagesEn.thread.owner);
    await screenshot(page, 'whatsapp-messages-template');
    await context.close();
  });

  it('takes turns between list and thread on a phone, without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await new ConsolePage(page, consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const messages = new MessagesPage(page, consoleUrl);
    await messages.gotoAgent(agentId, AGENT_NAME);
    await messages.open(CUSTOMER);
    expect(await messages.thread(CUSTOMER).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'whatsapp-messages-phone');
    await page.getByRole('button', { name: messagesEn.thread.back }).click();
    await messages.thread(CUSTOMER).waitFor();
    await context.close();
  });
});
