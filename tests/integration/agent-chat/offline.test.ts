/**
 * agent-chat with no model configured (AI_PROVIDER=offline): answers come extractively from the
 * agent's knowledge, are labelled offline in `meta` and on the stored message, and are not metered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addKnowledge,
  chat,
  createAgent,
  createOwner,
  eventOf,
  newVisitorId,
  startTestStack,
  type Owner,
} from './support.ts';
import type { TestStack } from '../support/stack.ts';

let stack: TestStack;
let owner: Owner;
let agent: { id: string; subdomain: string };

beforeAll(async () => {
  stack = await startTestStack({ functionEnv: { AI_PROVIDER: 'offline' } });
  owner = await createOwner(stack, 'owner');
  agent = await createAgent(stack, owner, { tools: ['calendar'] });
  await addKnowledge(
    stack,
    owner,
    agent.id,
    'hours.txt',
    'We are open from Tuesday to Sunday, 11am to 10pm. On Mondays the restaurant is closed.',
  );
  await addKnowledge(
    stack,
    owner,
    agent.id,
    'wine.txt',
    'Our wine list has forty natural wines from the Loire valley.',
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('offline mode', () => {
  it('answers from knowledge, labelled offline, without metering', async () => {
    const turn = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'Are you open on Mondays?' },
      { visitorId: newVisitorId() },
    );
    const meta = eventOf(turn, 'meta');
    expect(meta.data.offline).toBe(true);
    expect(meta.data.citations[0]?.name).toBe('hours.txt');
    expect(turn.text).toContain('On Mondays the restaurant is closed.');
    expect(turn.text).not.toContain('natural wines');
    eventOf(turn, 'done');
    const { data: messages } = await owner.client
      .from('messages')
      .select('role, metadata')
      .eq('conversation_id', meta.data.conversationId)
      .order('timestamp');
    expect(messages?.[1]).toMatchObject({ role: 'assistant', metadata: { offline: true } });
    const { data: metrics } = await stack
      .serviceClient()
      .from('analytics_metrics')
      .select('id')
      .eq('agent_id', agent.id);
    expect(metrics).toEqual([]);
  });

  it('says it has no answer when the knowledge does not cover the question', async () => {
    const turn = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'Do you repair bicycles?' },
      { visitorId: newVisitorId() },
    );
    expect(eventOf(turn, 'meta').data.offline).toBe(true);
    expect(turn.text).not.toContain('natural wines');
    expect(turn.text).not.toContain('Tuesday to Sunday');
    expect(turn.text.length).toBeGreaterThan(0);
  });
});
