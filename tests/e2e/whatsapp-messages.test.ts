import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { messagesEn } from '../../renderer/src/features/messages/locales/en.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { MessagesPage } from './pages/MessagesPage.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot } from './support/browser.ts';
import { productClient, signInDemoOwner } from './support/clients.ts';

/**
 * Issue 17 §6: the owner's WhatsApp screens. An agent with an assigned number has a conversation
 * with a WhatsApp user (the messages the webhook writes, inserted here as the service role): the
 * message and the agent's reply appear in /agents/{id}/messages with their delivery, a reply that
 * could not be sent says why, a message arriving while the page is open appears live, and
 * /messages lists the conversation under its agent.
 */
const product = inject('product');
const { demo } = product;
const AGENT_NAME = 'WhatsApp desk';
const CUSTOMER = '+33612345678';
const sid = () => `SM${randomBytes(16).toString('hex')}`;

describe('WhatsApp messages', () => {
  let browser: Browser;
  let service: SupabaseClient<Database>;
  let owner: SupabaseClient<Database>;
  let ownerId: string;
  let agentId: string;
  let numberId: string;
  let business = '+14155550142';
  let createdNumber = false;

  const write = async (row: Partial<Database['public']['Tables']['whatsapp_messages']['Insert']>) => {
    const { error } = await service.from('whatsapp_messages').insert({
      user_id: ownerId,
      assigned_agent: agentId,
      message_sid: sid(),
      from_number: CUSTOMER,
      ...row,
    });
    if (error) throw new Error(error.message);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    service = productClient(product, product.serviceRoleKey);
    const signedIn = await signInDemoOwner(product);
    owner = signedIn.client;
    ownerId = signedIn.userId;
    const agent = await owner.from('agents').insert({ user_id: ownerId, name: AGENT_NAME }).select('id').single();
    if (agent.error) throw new Error(agent.error.message);
    agentId = agent.data.id;
    // The agent answers the owner's number (one number per owner: reuse theirs when they have one).
    const existing = await service
      .from('phone_numbers')
      .select('id, phone_number')
      .eq('user_id', ownerId)
      .maybeSingle();
    if (existing.data) {
      numberId = existing.data.id;
      business = existing.data.phone_number;
    } else {
      const number = await service
        .from('phone_numbers')
        .insert({ phone_number: business, user_id: ownerId, country_code: 'US' })
        .select('id')
        .single();
      if (number.error) throw new Error(number.error.message);
      numberId = number.data.id;
      createdNumber = true;
    }
    const taken = await service.from('phone_number_assignments').select('agent_id').eq('phone_number_id', numberId);
    if ((taken.data ?? []).length === 0) {
      const assigned = await service
        .from('phone_number_assignments')
        .insert({ phone_number_id: numberId, agent_id: agentId, user_id: ownerId });
      if (assigned.error) throw new Error(assigned.error.message);
    }
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    await write({
      direction: 'inbound',
      to_number: business,
      profile_name: 'Camille',
      body: 'Bonjour, vous êtes ouverts samedi ?',
      status: 'received',
      timestamp: minutesAgo(5),
    });
    await write({
      direction: 'outbound',
      from_number: business,
      to_number: CUSTOMER,
      body: 'Oui, de 9 h à 17 h.',
      status: 'read',
      timestamp: minutesAgo(4),
    });
    await write({
      direction: 'outbound',
      from_number: business,
      to_number: CUSTOMER,
      body: 'Rappel : votre rendez-vous est demain.',
      status: 'undelivered',
      error_code: 63016,
      timestamp: minutesAgo(3),
    });
  });
  afterAll(async () => {
    await service?.from('whatsapp_messages').delete().eq('assigned_agent', agentId);
    await service?.from('phone_number_assignments').delete().eq('agent_id', agentId);
    if (createdNumber) await service?.from('phone_numbers').delete().eq('id', numberId);
    await owner?.from('agents').delete().eq('id', agentId);
    await browser?.close();
  });

  it('shows the conversation and the agent’s reply, a message arriving live, and lists it on /messages', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const messages = new MessagesPage(page, product.consoleUrl);
    await messages.gotoAgent(agentId, AGENT_NAME);
    await messages.thread(CUSTOMER).waitFor();
    expect(await messages.thread(CUSTOMER).textContent()).toContain('Camille');
    await messages.open(CUSTOMER);
    await messages.message('vous êtes ouverts samedi', 'inbound').waitFor();
    await messages.message('de 9 h à 17 h', 'outbound').waitFor();
    expect(await messages.delivery('de 9 h à 17 h').textContent()).toBe(messagesEn.delivery.read);
    expect(await messages.failure('votre rendez-vous est demain').textContent()).toBe(
      messagesEn.twilioError['63016'].replace('{{code}}', '63016'),
    );
    await screenshot(page, 'whatsapp-messages-thread');

    // A message arrives while the page is open: it appears in the thread without a reload.
    await write({ direction: 'inbound', to_number: business, body: 'Parfait, merci !', status: 'received' });
    await messages.message('Parfait, merci !', 'inbound').waitFor({ timeout: 10_000 });
    await messages.thread(CUSTOMER).filter({ hasText: 'Parfait, merci !' }).waitFor();

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

  it('takes turns between list and thread on a phone, without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const messages = new MessagesPage(page, product.consoleUrl);
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
