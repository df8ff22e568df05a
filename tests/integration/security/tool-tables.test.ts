/**
 * RLS on the tables the agent's tools write (migration 20261121211000): an owner reads and manages
 * their agents' rows, another owner sees none of them and cannot write into them, payment links and
 * sent messages are read-only for owners (only the functions write them), and visitors get nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createOwner, startTestStack, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';

let stack: TestStack;
let owner: Owner;
let other: Owner;
let agentId: string;

const TABLES = [
  'calendar_hours',
  'calendar_settings',
  'appointments',
  'customers',
  'customer_interactions',
  'orders',
  'inventory_items',
  'payment_links',
  'outbound_messages',
] as const;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await createOwner(stack, 'owner');
  other = await createOwner(stack, 'other');
  agentId = (await createAgent(stack, owner)).id;
  const service = stack.serviceClient();
  const base = { agent_id: agentId, user_id: owner.id };
  const customer = await service
    .from('customers')
    .insert({ ...base, name: 'Ada' })
    .select('id')
    .single<{ id: string }>();
  // One insert per table, each checked against the table's generated Insert type.
  const results = [
    [
      'calendar_hours',
      await service.from('calendar_hours').insert({ ...base, weekday: 1, opens_at: '09:00', closes_at: '12:00' }),
    ],
    ['calendar_settings', await service.from('calendar_settings').insert({ ...base, time_zone: 'Europe/Paris' })],
    [
      'appointments',
      await service.from('appointments').insert({
        ...base,
        title: 'Cut',
        starts_on: '2030-01-07',
        starts_at_time: '10:00',
        duration_minutes: 30,
        time_zone: 'Europe/Paris',
      }),
    ],
    [
      'customer_interactions',
      await service
        .from('customer_interactions')
        .insert({ ...base, customer_id: customer.data!.id, summary: 'Called' }),
    ],
    ['orders', await service.from('orders').insert({ ...base, items: [{ product: 'bread', quantity: 1 }] })],
    [
      'inventory_items',
      await service.from('inventory_items').insert({ ...base, sku: 'BREAD', name: 'Bread', quantity: 3 }),
    ],
    [
      'payment_links',
      await service.from('payment_links').insert({
        ...base,
        provider: 'stripe',
        provider_id: 'plink_1',
        url: 'https://buy.stripe.com/x',
        amount: 10,
        currency: 'EUR',
      }),
    ],
    [
      'outbound_messages',
      await service
        .from('outbound_messages')
        .insert({ ...base, channel: 'email', recipient: 'a@example.com', body: 'Hi', status: 'sent' }),
    ],
  ] as const;
  for (const [table, { error }] of results) {
    if (error) throw new Error(`${table}: ${error.message}`);
  }
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('tool tables', () => {
  it("an owner reads their agent's rows in every tool table", async () => {
    for (const table of TABLES) {
      const { data, error } = await owner.client.from(table).select('agent_id');
      expect(error, table).toBeNull();
      expect(data?.length, table).toBeGreaterThan(0);
    }
  });

  it("another owner sees none of them and cannot write into that agent's tables", async () => {
    for (const table of TABLES) {
      const { data } = await other.client.from(table).select('agent_id');
      expect(data ?? [], table).toEqual([]);
    }
    const forged = await other.client
      .from('orders')
      .insert({ agent_id: agentId, user_id: owner.id, items: [{ product: 'x', quantity: 1 }] });
    expect(forged.error).not.toBeNull();
    const asSelf = await other.client
      .from('orders')
      .insert({ agent_id: agentId, user_id: other.id, items: [{ product: 'x', quantity: 1 }] });
    expect(asSelf.error).not.toBeNull();
    const { data: stillOne } = await owner.client.from('orders').select('id');
    expect(stillOne).toHaveLength(1);
    const changed = await other.client
      .from('inventory_items')
      .update({ quantity: 0 })
      .eq('agent_id', agentId)
      .select('id');
    expect(changed.data ?? []).toEqual([]);
  });

  it('an owner manages opening hours, orders and stock but cannot forge payment links or sent messages', async () => {
    const hours = await owner.client
      .from('calendar_hours')
      .insert({ agent_id: agentId, user_id: owner.id, weekday: 2, opens_at: '14:00', closes_at: '18:00' });
    expect(hours.error).toBeNull();
    const bad = await owner.client
      .from('calendar_hours')
      .insert({ agent_id: agentId, user_id: owner.id, weekday: 3, opens_at: '18:00', closes_at: '09:00' });
    expect(bad.error).not.toBeNull();
    const stock = await owner.client
      .from('inventory_items')
      .update({ quantity: 10 })
      .eq('sku', 'BREAD')
      .select('quantity');
    expect(stock.data).toEqual([{ quantity: 10 }]);
    const link = await owner.client.from('payment_links').insert({
      agent_id: agentId,
      user_id: owner.id,
      provider: 'stripe',
      provider_id: 'p',
      url: 'https://x',
      amount: 1,
      currency: 'EUR',
    });
    expect(link.error).not.toBeNull();
    const sent = await owner.client.from('outbound_messages').insert({
      agent_id: agentId,
      user_id: owner.id,
      channel: 'sms',
      recipient: '+33600000000',
      body: 'x',
      status: 'sent',
    });
    expect(sent.error).not.toBeNull();
  });

  it('a visitor can neither read nor write any tool table, nor call the service-only functions', async () => {
    const anon = stack.anonClient();
    for (const table of TABLES) {
      expect((await anon.from(table).select('*')).error, table).not.toBeNull();
    }
    expect(
      (await anon.rpc('reserve_inventory', { agent_id: agentId, sku: 'BREAD', quantity: 1 })).error,
    ).not.toBeNull();
    expect(
      (await owner.client.rpc('reserve_inventory', { agent_id: agentId, sku: 'BREAD', quantity: 1 })).error,
    ).not.toBeNull();
  });

  it('reserving stock never oversells', async () => {
    const service = stack.serviceClient();
    await service.from('inventory_items').update({ quantity: 3, reserved: 0 }).eq('sku', 'BREAD');
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        service.rpc('reserve_inventory', { agent_id: agentId, sku: 'BREAD', quantity: 1 }),
      ),
    );
    expect(attempts.filter((a) => a.error === null)).toHaveLength(3);
    expect(attempts.filter((a) => a.error?.code === '23514')).toHaveLength(2);
    const { data } = await service.from('inventory_items').select('quantity, reserved').eq('sku', 'BREAD').single();
    expect(data).toEqual({ quantity: 3, reserved: 3 });
  });
});
