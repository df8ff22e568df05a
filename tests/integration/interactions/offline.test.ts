/**
 * Offline mode (no AI key, so no tool calling): an interaction is sent only when the visitor's
 * message names it and gives an email address; anything vaguer gets the usual offline answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chat,
  createAgent,
  createOwner,
  eventOf,
  newVisitorId,
  startTestStack,
  type Owner,
} from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';

let stack: TestStack;
let owner: Owner;
let agent: { id: string; subdomain: string };

beforeAll(async () => {
  stack = await startTestStack({ functionEnv: { CHAT_RATE_VISITOR: '100/100' } });
  owner = await createOwner(stack, 'offline');
  agent = await createAgent(stack, owner);
  const { error } = await owner.client.from('interactions').insert({
    agent_id: agent.id,
    user_id: owner.id,
    type: 'share_url',
    name: 'Carte du restaurant',
    instructions: [{ id: '1', type: 'keyword', value: 'menu' }],
    config: {
      url: 'https://bistrot.example/carte',
      url_title: 'Notre carte',
      url_description: '',
      send_url_email: true,
      send_url_whatsapp: false,
    },
  });
  if (error) throw new Error(error.message);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('interactions offline', () => {
  it('sends the link when the message names it and gives an email, asked twice to confirm the address', async () => {
    const to = `offline-${Date.now()}@example.com`;
    const visitorId = newVisitorId();
    const message = `Pouvez-vous m'envoyer la carte à ${to} ?`;
    const asked = await chat(stack, { agentId: agent.id, message }, { visitorId });
    expect(asked.text).toBe(
      `Dois-je envoyer « Carte du restaurant » à l'adresse ${to} ? Pour confirmer qu'il s'agit bien de votre adresse, renvoyez votre demande.`,
    );
    const conversationId = eventOf(asked, 'meta').data.conversationId;
    const turn = await chat(stack, { agentId: agent.id, message, conversationId }, { visitorId });
    expect(turn.events.filter((e) => e.event === 'tool').map((e) => e.data.status)).toEqual(['running', 'succeeded']);
    expect(turn.text).toBe(`Je vous ai envoyé « Carte du restaurant » à l'adresse ${to}.`);
    const inbox = await stack.readInbox(to);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.text).toContain('https://bistrot.example/carte');
  });

  it('does nothing without an email address or without naming the resource', async () => {
    for (const message of ['Can you send me the menu?', 'My address is someone@example.com, what time do you open?']) {
      const turn = await chat(stack, { agentId: agent.id, message }, { visitorId: newVisitorId() });
      expect(turn.events.some((e) => e.event === 'tool')).toBe(false);
    }
    const { count } = await owner.client
      .from('outbound_messages')
      .select('id', { count: 'exact', head: true })
      .eq('agent_id', agent.id);
    expect(count).toBe(1);
  });
});
