/**
 * The embedded stack runs the hosted project's cron job itself when asked (`schedule: true`, as
 * `npm start` and the desktop app start it): a finished conversation reaches the owner's Zapier
 * webhook without anyone calling connector-dispatch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createOwner, startTestStack, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let stack: TestStack;
let owner: Owner;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startTestStack({
    functionEnv: { CONNECTOR_ALLOW_LOOPBACK: 'true' },
    env: { ...process.env, CONCIERGE_CONNECTOR_DISPATCH_MS: '1000' },
    schedule: true,
  });
  owner = await createOwner(stack, 'scheduled');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

describe('scheduled connector dispatch', () => {
  it('delivers a finished conversation on its own', async () => {
    const agent = await createAgent(stack, owner);
    const connected = await owner.client.from('agent_integrations').insert({
      agent_id: agent.id,
      user_id: owner.id,
      kind: 'zapier',
      enabled: true,
      config: { webhook_url: `${receiver.url}/hook` },
      connected_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(connected.error).toBeNull();
    const service = stack.serviceClient();
    // Ended after the connector was connected (older conversations are not sent).
    const at = new Date(Date.now() - 1000).toISOString();
    const { data, error } = await service
      .from('conversations')
      .insert({
        user_id: owner.id,
        agent_id: agent.id,
        channel: 'web_chat',
        visitor_id: 'visitor:scheduled',
        language: 'en',
        started_at: at,
        last_message_at: at,
      })
      .select('id')
      .single<{ id: string }>();
    expect(error).toBeNull();
    const conversationId = data!.id;
    await service.from('messages').insert({
      conversation_id: conversationId,
      user_id: owner.id,
      agent_id: agent.id,
      role: 'user',
      content: 'Is the terrace open tonight?',
      timestamp: at,
    });
    await service.from('conversations').update({ ended_at: at }).eq('id', conversationId);

    // Nobody calls connector-dispatch here: the stack's own scheduler (every second) does.
    const statuses = async () =>
      (await service.from('connector_deliveries').select('status').eq('conversation_id', conversationId)).data;
    const deadline = Date.now() + 15_000;
    while (JSON.stringify(await statuses()) !== '[{"status":"delivered"}]' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await statuses()).toEqual([{ status: 'delivered' }]);
    expect(receiver.received.some((hit) => hit.body.includes(conversationId))).toBe(true);
  });
});
