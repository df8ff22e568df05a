import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardAggregateSchema, INSIGHTS_PERIODS } from '@contracts/insights.ts';
import { agentAllowanceRow, minutesUsageRow, whatsappUsageRow } from '@contracts/usage.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

/**
 * The read RPCs' answers on the seed, as the role the console calls them with, parse with the
 * contracts the console parses them with: a change of a function's result shape fails here.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function signedInOwner() {
  const client = stack.anonClient();
  const { error } = await client.auth.signInWithPassword({
    email: 'demo.owner@example.com',
    password: 'concierge-demo',
  });
  expect(error).toBeNull();
  return client;
}

describe('read RPC results parse with their contracts (the demo owner)', () => {
  it('agent_allowance: one agent of the free pack', async () => {
    const owner = await signedInOwner();
    const { data, error } = await owner.rpc('agent_allowance').single();
    expect(error).toBeNull();
    expect(agentAllowanceRow.parse(data)).toMatchObject({ used_agents: 1 });
  });

  it('minutes_usage: the seeded subscription, no minute used yet', async () => {
    const owner = await signedInOwner();
    const { data, error } = await owner.rpc('minutes_usage').single();
    expect(error).toBeNull();
    expect(minutesUsageRow.parse(data)).toMatchObject({ subscribed: true, used_minutes: 0 });
  });

  it('insights_dashboard: one aggregate per period', async () => {
    const owner = await signedInOwner();
    for (const period of INSIGHTS_PERIODS) {
      const { data, error } = await owner.rpc('insights_dashboard', { period, time_zone: 'Europe/Paris' });
      expect(error, period).toBeNull();
      expect(() => dashboardAggregateSchema.parse(data), period).not.toThrow();
    }
  });

  it('whatsapp_usage: nothing sent yet this month', async () => {
    const owner = await signedInOwner();
    const { data, error } = await owner.rpc('whatsapp_usage').single();
    expect(error).toBeNull();
    expect(whatsappUsageRow.parse(data)).toMatchObject({ messages_sent: 0, tokens: 0, speech_characters: 0 });
  });
});
