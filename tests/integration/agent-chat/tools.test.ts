/**
 * The agent's tools through agent-chat with providers configured (Stripe, Twilio and geocoding
 * answered by loopback fakes): each effect is visible in its table or at the provider, and a
 * visitor only ever reaches the records of their own conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startProviderFakes, type ProviderFakes } from './provider-fakes.ts';
import {
  chat,
  createAgent,
  createOwner,
  eventOf,
  newVisitorId,
  nextWeekday,
  startTestStack,
  type Owner,
  type TurnOutcome,
} from './support.ts';
import type { TestStack } from '../support/stack.ts';

let fake: FakeOpenAI;
let providers: ProviderFakes;
let stack: TestStack;
let owner: Owner;
let agent: { id: string; subdomain: string };

/**
 * Runs one turn in which the model calls `name` with `args`. A succeeded tool's result is what the
 * follow-up completion received; a failed tool gets the fixed tool-failure message and no follow-up.
 */
async function callTool(
  name: string,
  args: Record<string, unknown>,
  options: { visitorId?: string; conversationId?: string; token?: string; channel?: string; message?: string } = {},
) {
  // After a send tool the model asks the visitor to confirm the recipient, as the tool result says.
  const recipient = args.to ?? args.recipient;
  fake.queueChat(
    { toolCalls: [{ name, arguments: args }] },
    ...(typeof recipient === 'string' ? [{ text: `Is ${recipient} yours, and shall I send it there?` }] : []),
  );
  const before = fake.requestsTo('chat').length;
  const turn: TurnOutcome = await chat(
    stack,
    {
      agentId: agent.id,
      message: options.message ?? `please ${name}`,
      ...(options.conversationId ? { conversationId: options.conversationId } : {}),
      ...(options.channel ? { channel: options.channel } : {}),
    },
    { visitorId: options.visitorId ?? newVisitorId(), token: options.token },
  );
  const status = turn.events.filter((e) => e.event === 'tool').at(-1)?.data.status;
  const requests = fake.requestsTo('chat');
  let result: Record<string, unknown> = {};
  if (status === 'succeeded') {
    expect(requests.length).toBe(before + 2);
    const followUp = requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    result = JSON.parse(followUp.messages.filter((m) => m.role === 'tool').at(-1)!.content) as Record<string, unknown>;
  } else {
    expect(requests.length).toBe(before + 1);
  }
  return { turn, status, result, conversationId: eventOf(turn, 'meta').data.conversationId };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  providers = await startProviderFakes();
  stack = await startTestStack({
    functionEnv: {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_URL: providers.url,
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM_NUMBER: '+15550001111',
      TWILIO_API_BASE_URL: providers.url,
      GOOGLE_MAPS_API_KEY: 'maps-key',
      GOOGLE_MAPS_API_URL: providers.url,
      CHAT_RATE_VISITOR: '100/100',
      CHAT_RATE_ADDRESS: '100/100',
    },
  });
  owner = await createOwner(stack, 'owner');
  agent = await createAgent(stack, owner, {
    tools: ['calendar', 'crm', 'orders', 'inventory', 'payments', 'messaging', 'maps'],
  });
  const { error } = await owner.client
    .from('inventory_items')
    .insert({ agent_id: agent.id, user_id: owner.id, sku: 'CROISSANT', name: 'Croissant', quantity: 5, price: 1.4 });
  if (error) throw new Error(error.message);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  await providers?.close();
});

describe('tools with providers configured', () => {
  it('creates a Stripe payment link and records it', async () => {
    const { result, conversationId } = await callTool('process_payment', {
      action: 'create_payment_link',
      amount: 12.5,
      currency: 'eur',
    });
    expect(result).toMatchObject({ amount: 12.5, currency: 'EUR' });
    const price = providers.calls.find((c) => c.path === '/v1/prices');
    expect(price?.form).toMatchObject({ currency: 'eur', unit_amount: '1250' });
    expect(price?.authorization).toBe('Bearer sk_test_fake');
    const link = providers.calls.find((c) => c.path === '/v1/payment_links');
    expect(link?.form['line_items[0][price]']).toBe('price_1');
    const { data } = await owner.client.from('payment_links').select('url, amount, currency, conversation_id');
    expect(data).toEqual([
      { url: result.payment_link, amount: 12.5, currency: 'EUR', conversation_id: conversationId },
    ]);
  });

  it('sends an SMS and a WhatsApp message through Twilio and logs them', async () => {
    const visitorId = newVisitorId();
    const smsArgs = { action: 'send_sms', recipient: '+33 6 12 34 56 78', message: 'Your table is ready' };
    const asked = await callTool('send_message', smsArgs, { visitorId, message: 'Text me at +33 6 12 34 56 78' });
    expect(asked.result).toMatchObject({ status: 'confirmation_required', recipient: '+33612345678' });
    const sms = await callTool('send_message', smsArgs, {
      visitorId,
      conversationId: asked.conversationId,
      message: 'Yes',
    });
    expect(sms.result).toEqual({ sent: true, channel: 'sms', recipient: '+33612345678' });
    // WhatsApp to the same number is a new channel: confirmed again.
    const whatsappArgs = { action: 'send_whatsapp', recipient: '+33612345678', message: 'See you' };
    await callTool('send_message', whatsappArgs, { visitorId, conversationId: sms.conversationId });
    await callTool('send_message', whatsappArgs, { visitorId, conversationId: sms.conversationId, message: 'Yes' });
    const twilio = providers.calls.filter((c) => c.path.endsWith('/Messages.json'));
    expect(twilio.map((c) => [c.form.To, c.form.From, c.form.Body])).toEqual([
      ['+33612345678', '+15550001111', 'Your table is ready'],
      ['whatsapp:+33612345678', 'whatsapp:+15550001111', 'See you'],
    ]);
    expect(twilio[0]?.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    const { data } = await owner.client
      .from('outbound_messages')
      .select('channel, status, provider, provider_id')
      .eq('conversation_id', sms.conversationId)
      .order('created_at');
    expect(data).toEqual([
      { channel: 'sms', status: 'sent', provider: 'twilio', provider_id: expect.stringMatching(/^SM/) },
      { channel: 'whatsapp', status: 'sent', provider: 'twilio', provider_id: expect.stringMatching(/^SM/) },
    ]);
  });

  it('stops a conversation from sending more than three messages', async () => {
    const visitorId = newVisitorId();
    const asked = await callTool(
      'send_message',
      { action: 'send_sms', recipient: '+33611111111', message: 'spam' },
      { visitorId, message: 'My number: +33611111111' },
    );
    expect(asked.result).toMatchObject({ status: 'confirmation_required' });
    let conversationId: string | undefined = asked.conversationId;
    const results: Record<string, unknown>[] = [];
    for (let i = 0; i < 4; i++) {
      const call = await callTool(
        'send_message',
        { action: 'send_sms', recipient: '+33611111111', message: `spam ${i}` },
        { visitorId, conversationId },
      );
      conversationId = call.conversationId;
      results.push(call.status === 'succeeded' ? call.result : {});
    }
    expect(results.slice(0, 3).every((r) => r.sent === true)).toBe(true);
    // The fourth is refused with a reason the model relays, and nothing is sent.
    expect(results[3]).toMatchObject({ status: 'not_sent', reason: 'conversation_limit' });
    const { count } = await owner.client
      .from('outbound_messages')
      .select('id', { count: 'exact', head: true })
      .eq('conversation_id', conversationId!);
    expect(count).toBe(3);
  });

  it('geocodes an address', async () => {
    const { result } = await callTool('manage_location', { action: 'geocode_address', address: '1 rue Lepic, Paris' });
    expect(result).toEqual({
      found: true,
      address: '1 Rue Lepic, 75018 Paris, France',
      latitude: 48.884,
      longitude: 2.333,
    });
    const call = providers.calls.find((c) => c.path === '/maps/api/geocode/json');
    expect(call).toBeTruthy();
  });

  it('keeps a customer record with its interaction log, reachable only from its conversation', async () => {
    const visitorId = newVisitorId();
    const created = await callTool(
      'manage_customers',
      { action: 'create_customer', name: 'Ada Lovelace', email: 'ADA@example.com', phone: '+44 20 7946 0000' },
      { visitorId },
    );
    const customerId = created.result.customer_id as string;
    expect(created.result).toMatchObject({
      created: true,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+442079460000',
    });
    const logged = await callTool(
      'manage_customers',
      { action: 'log_interaction', customer_id: customerId, notes: 'Asked for a gluten-free menu' },
      { visitorId, conversationId: created.conversationId },
    );
    expect(logged.result).toEqual({ logged: true, customer_id: customerId });
    const { data } = await owner.client
      .from('customer_interactions')
      .select('summary')
      .eq('customer_id', customerId)
      .order('created_at');
    expect(data?.map((row) => row.summary)).toEqual([
      'Customer record created during a web conversation.',
      'Asked for a gluten-free menu',
    ]);
    // Another visitor who learns the id gets nothing.
    const stranger = await callTool('manage_customers', { action: 'get_customer', customer_id: customerId });
    expect(stranger.status).toBe('failed');
    expect(stranger.turn.text).not.toContain('Ada');
    // The owner's sandbox reaches it.
    const sandbox = await callTool(
      'manage_customers',
      { action: 'get_customer', customer_id: customerId },
      { token: owner.token, channel: 'sandbox' },
    );
    expect(sandbox.result).toMatchObject({ customer_id: customerId, name: 'Ada Lovelace' });
  });

  it('checks and reserves stock; visitors cannot change stock levels', async () => {
    const check = await callTool('manage_inventory', { action: 'check_stock', product_id: 'croissant' });
    expect(check.result).toMatchObject({ found: true, product_id: 'CROISSANT', available: 5 });
    const reserve = await callTool('manage_inventory', {
      action: 'reserve_stock',
      product_id: 'CROISSANT',
      quantity: 4,
    });
    expect(reserve.result).toMatchObject({ reserved: true, available: 1 });
    const tooMany = await callTool('manage_inventory', {
      action: 'reserve_stock',
      product_id: 'CROISSANT',
      quantity: 2,
    });
    expect(tooMany.result).toMatchObject({ reserved: false, reason: 'not enough stock' });
    const update = await callTool('manage_inventory', {
      action: 'update_stock',
      product_id: 'CROISSANT',
      quantity: 999,
    });
    expect(update.status).toBe('failed');
    const { data } = await owner.client
      .from('inventory_items')
      .select('quantity, reserved')
      .eq('sku', 'CROISSANT')
      .single();
    expect(data).toEqual({ quantity: 5, reserved: 4 });
  });

  it('moves and cancels only the visitor’s own appointment', async () => {
    const date = nextWeekday();
    const visitorId = newVisitorId();
    const booked = await callTool(
      'manage_calendar',
      { action: 'create_appointment', date, time: '09:00', title: 'Fitting' },
      { visitorId },
    );
    expect(booked.result).toMatchObject({ booked: true, time: '09:00', duration: 30 });
    const closed = await callTool('manage_calendar', {
      action: 'create_appointment',
      date,
      time: '19:00',
      title: 'Late',
    });
    expect(closed.result).toMatchObject({ booked: false, reason: 'outside opening hours' });
    const availability = await callTool('manage_calendar', { action: 'check_availability', date });
    expect(availability.result.available_times).not.toContain('09:00');
    expect(availability.result.available_times).toContain('09:30');
    const strangerCancel = await callTool('manage_calendar', { action: 'cancel_appointment', date });
    expect(strangerCancel.status).toBe('failed');
    const moved = await callTool(
      'manage_calendar',
      { action: 'update_appointment', date, time: '14:00' },
      { visitorId, conversationId: booked.conversationId },
    );
    expect(moved.result).toMatchObject({ updated: true, time: '14:00' });
    const cancelled = await callTool(
      'manage_calendar',
      { action: 'cancel_appointment' },
      { visitorId, conversationId: booked.conversationId },
    );
    expect(cancelled.result).toMatchObject({ cancelled: true });
    const { data } = await owner.client
      .from('appointments')
      .select('starts_at_time, status')
      .eq('conversation_id', booked.conversationId);
    expect(data).toEqual([{ starts_at_time: '14:00:00', status: 'cancelled' }]);
  });

  it('orders: a visitor sees only their own and cannot mark one delivered', async () => {
    const visitorId = newVisitorId();
    const placed = await callTool(
      'manage_orders',
      { action: 'create_order', items: ['2 croissants', '1 baguette'] },
      { visitorId },
    );
    expect(placed.result).toMatchObject({
      created: true,
      items: [
        { product: 'croissants', quantity: 2 },
        { product: 'baguette', quantity: 1 },
      ],
    });
    const orderId = placed.result.order_id as string;
    expect((await callTool('manage_orders', { action: 'get_order', order_id: orderId })).status).toBe('failed');
    const delivered = await callTool(
      'manage_orders',
      { action: 'update_order', order_id: orderId, status: 'delivered' },
      { visitorId, conversationId: placed.conversationId },
    );
    expect(delivered.status).toBe('failed');
    const cancelled = await callTool(
      'manage_orders',
      { action: 'cancel_order', order_id: orderId },
      { visitorId, conversationId: placed.conversationId },
    );
    expect(cancelled.result).toMatchObject({ updated: true, status: 'cancelled' });
  });
});
