/**
 * agent-chat against the local stack and a fake OpenAI server: citations from
 * the right document, the French reply path, tools whose effects land in their tables, model
 * failure (apology, nothing charged), refusal rules, and conversation isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLimitRefusal } from '@contracts/limit-refusal.ts';
import { chatFailureApology } from '../../../supabase/functions/_shared/conversation/messages.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import {
  addKnowledge,
  chat,
  createAgent,
  createOwner,
  eventOf,
  newVisitorId,
  nextWeekday,
  startTestStack,
  type Owner,
} from './support.ts';
import type { TestStack } from '../support/stack.ts';

let fake: FakeOpenAI;
let stack: TestStack;
let owner: Owner;
let otherOwner: Owner;
let agent: { id: string; subdomain: string };
let parkingDoc: string;
let menuDoc: string;

function systemPromptOf(requestIndex: number): string {
  const request = fake.requestsTo('chat')[requestIndex];
  const messages = (request?.body as { messages: { role: string; content: string }[] }).messages;
  return messages.find((message) => message.role === 'system')?.content ?? '';
}

async function metricsFor(conversationId: string): Promise<number> {
  const { data, error } = await stack
    .serviceClient()
    .from('analytics_metrics')
    .select('id')
    .eq('name', 'chat.tokens')
    .eq('dimensions->>conversation_id', conversationId);
  if (error) throw new Error(error.message);
  return data.length;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  stack = await startTestStack({
    functionEnv: {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
      CHAT_RATE_VISITOR: '4/1',
    },
  });
  owner = await createOwner(stack, 'owner');
  otherOwner = await createOwner(stack, 'other');
  agent = await createAgent(stack, owner, { tools: ['calendar', 'orders', 'email'] });
  menuDoc = await addKnowledge(
    stack,
    owner,
    agent.id,
    'menu.txt',
    'Our bouillabaisse costs 32 euros and is served on Fridays. The chocolate mousse is homemade every morning.',
  );
  parkingDoc = await addKnowledge(
    stack,
    owner,
    agent.id,
    'access.txt',
    'Free parking is available in the underground garage on Rue Lepic, entrance next to the bakery. Parking closes at midnight.',
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

describe('agent-chat for a visitor of a public agent', () => {
  it('cites the document that answers the question and grounds the model in it', async () => {
    fake.clearLog();
    const turn = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'Where is the parking garage?' },
      { visitorId: newVisitorId() },
    );
    expect(turn.status).toBe(200);
    const meta = eventOf(turn, 'meta');
    expect(meta.data.citations[0]?.documentId).toBe(parkingDoc);
    expect(meta.data.citations[0]?.name).toBe('access.txt');
    expect(meta.data.offline).toBe(false);
    expect(systemPromptOf(0)).toContain('underground garage on Rue Lepic');
    // One embedding call and one completion before the first token.
    expect(fake.requestsTo('embeddings')).toHaveLength(1);
    expect(fake.requestsTo('chat')).toHaveLength(1);
    expect(turn.text).toBe('echo: Where is the parking garage?');
    const done = eventOf(turn, 'done');
    expect(done.data.usage?.modelCalls).toBe(1);

    const { data: messages } = await owner.client
      .from('messages')
      .select('role, content, language, citations, timestamp')
      .eq('conversation_id', meta.data.conversationId)
      .order('timestamp');
    expect(messages?.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages?.[1]?.content).toBe('echo: Where is the parking garage?');
    expect(messages?.[1]?.citations).toEqual(meta.data.citations);
    expect(Date.parse(messages![1]!.timestamp)).toBeGreaterThanOrEqual(Date.parse(messages![0]!.timestamp));
    expect(await metricsFor(meta.data.conversationId)).toBe(1);
  });

  it('answers a French question on the French path', async () => {
    fake.clearLog();
    const turn = await chat(
      stack,
      { agentId: agent.id, message: 'Bonjour, est-ce que vous servez la bouillabaisse le vendredi ?' },
      { visitorId: newVisitorId() },
    );
    const meta = eventOf(turn, 'meta');
    expect(meta.data.language).toBe('fr');
    expect(meta.data.citations[0]?.documentId).toBe(menuDoc);
    expect(systemPromptOf(0)).toMatch(/answer in French/);
    const { data } = await stack
      .serviceClient()
      .from('messages')
      .select('language')
      .eq('conversation_id', meta.data.conversationId);
    expect(data?.map((m) => m.language)).toEqual(['fr', 'fr']);
  });

  it('continues a conversation with its history', async () => {
    const visitorId = newVisitorId();
    const first = await chat(stack, { subdomain: agent.subdomain, message: 'My name is Ada.' }, { visitorId });
    const conversationId = eventOf(first, 'meta').data.conversationId;
    fake.clearLog();
    const second = await chat(
      stack,
      { subdomain: agent.subdomain, conversationId, message: 'What is my name?' },
      { visitorId },
    );
    expect(eventOf(second, 'meta').data.conversationId).toBe(conversationId);
    const sent = (fake.requestsTo('chat')[0]?.body as { messages: { role: string; content: string }[] }).messages;
    expect(sent.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      'My name is Ada.',
      'echo: My name is Ada.',
      'What is my name?',
    ]);
  });

  it('books an appointment through the calendar tool', async () => {
    const date = nextWeekday();
    fake.queueChat({
      toolCalls: [
        {
          name: 'manage_calendar',
          arguments: { action: 'create_appointment', date, time: '10:30', duration: 45, title: 'Table for 4' },
        },
      ],
    });
    const turn = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'Book me a table at 10:30' },
      { visitorId: newVisitorId() },
    );
    const tools = turn.events.filter((e) => e.event === 'tool').map((e) => e.data);
    expect(tools).toEqual([
      { name: 'Calendar', status: 'running', step: 1 },
      { name: 'Calendar', status: 'succeeded', step: 1 },
    ]);
    expect(turn.text).toContain('"booked":true');
    expect(eventOf(turn, 'done').data.usage?.modelCalls).toBe(2);
    const conversationId = eventOf(turn, 'meta').data.conversationId;
    const { data } = await owner.client
      .from('appointments')
      .select('starts_on, starts_at_time, duration_minutes, title, status, conversation_id')
      .eq('agent_id', agent.id);
    expect(data).toContainEqual({
      starts_on: date,
      starts_at_time: '10:30:00',
      duration_minutes: 45,
      title: 'Table for 4',
      status: 'booked',
      conversation_id: conversationId,
    });

    // The same slot cannot be booked twice.
    fake.queueChat({
      toolCalls: [
        { name: 'manage_calendar', arguments: { action: 'create_appointment', date, time: '11:00', title: 'Other' } },
      ],
    });
    const clash = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'And 11:00?' },
      { visitorId: newVisitorId() },
    );
    expect(clash.text).toContain('already taken');
    const after = await owner.client.from('appointments').select('id').eq('agent_id', agent.id);
    expect(after.data).toHaveLength(1);
  });

  it('creates an order through the orders tool', async () => {
    fake.queueChat({
      toolCalls: [
        {
          name: 'manage_orders',
          arguments: { action: 'create_order', items: [{ product: 'bouillabaisse', quantity: 2 }], total: 64 },
        },
      ],
    });
    const turn = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'Two bouillabaisses to take away' },
      { visitorId: newVisitorId() },
    );
    expect(turn.events.filter((e) => e.event === 'tool').at(-1)?.data).toEqual({
      name: 'Orders',
      status: 'succeeded',
      step: 1,
    });
    const { data } = await owner.client.from('orders').select('items, total, currency, status, conversation_id');
    expect(data).toEqual([
      {
        items: [{ product: 'bouillabaisse', quantity: 2 }],
        total: 64,
        currency: 'EUR',
        status: 'pending',
        conversation_id: eventOf(turn, 'meta').data.conversationId,
      },
    ]);
  });

  it('sends an email that arrives in the local inbox, once the visitor confirmed their address', async () => {
    const to = `guest-${Date.now()}@example.com`;
    const sendEmail = {
      name: 'send_email',
      arguments: { action: 'send_email', to, subject: 'Your booking', body: 'See you on Friday.' },
    };
    const visitorId = newVisitorId();
    // the first call asks for a confirmation, which the model puts to the visitor as a question
    fake.queueChat({ toolCalls: [sendEmail] }, { text: `Is ${to} your own address?` });
    const asked = await chat(
      stack,
      { subdomain: agent.subdomain, message: `Email me the confirmation at ${to}` },
      { visitorId },
    );
    expect(asked.events.filter((e) => e.event === 'tool').at(-1)?.data.status).toBe('succeeded');
    fake.queueChat({ toolCalls: [sendEmail] });
    const turn = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'Yes', conversationId: eventOf(asked, 'meta').data.conversationId },
      { visitorId },
    );
    expect(turn.events.filter((e) => e.event === 'tool').at(-1)?.data.status).toBe('succeeded');
    const inbox = await stack.readInbox(to);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.subject).toBe('Your booking');
    expect(inbox[0]?.text).toContain('See you on Friday.');
    const { data } = await owner.client.from('outbound_messages').select('channel, recipient, status');
    expect(data).toContainEqual({ channel: 'email', recipient: to, status: 'sent' });
  });

  it('says plainly when payments, SMS or location are not configured', async () => {
    const unconfigured = await createAgent(stack, owner, { tools: ['payments', 'messaging', 'maps'] });
    fake.queueChat({
      toolCalls: [
        { name: 'process_payment', arguments: { action: 'create_payment_link', amount: 20, currency: 'EUR' } },
        { name: 'send_message', arguments: { action: 'send_sms', recipient: '+33612345678', message: 'Hello' } },
        { name: 'manage_location', arguments: { action: 'geocode_address', address: '1 rue Lepic, Paris' } },
      ],
    });
    const turn = await chat(
      stack,
      { agentId: unconfigured.id, message: 'Pay, text me and find me' },
      { visitorId: newVisitorId() },
    );
    const results = fake.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: string }[] };
    const toolResults = results.messages
      .filter((m) => m.role === 'tool')
      .map((m) => JSON.parse(m.content) as { status: string; message: string });
    expect(toolResults.map((r) => r.status)).toEqual(['not_configured', 'not_configured', 'not_configured']);
    expect(toolResults[0]?.message).toBe('Online payment is not configured for this agent.');
    expect(turn.events.filter((e) => e.event === 'tool' && e.data.status === 'succeeded')).toHaveLength(3);
    const { data } = await owner.client.from('outbound_messages').select('id').eq('agent_id', unconfigured.id);
    expect(data).toEqual([]);
  });

  it('apologises and charges nothing when the model fails', async () => {
    fake.failNext(
      'chat',
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
    );
    const turn = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'Are you open on Sunday?' },
      { visitorId: newVisitorId() },
    );
    const error = eventOf(turn, 'error');
    expect(error.data.code).toBe('model_unavailable');
    expect(error.data.message).toBe(chatFailureApology('en'));
    expect(turn.events.some((e) => e.event === 'done')).toBe(false);
    const conversationId = eventOf(turn, 'meta').data.conversationId;
    const { data } = await owner.client
      .from('messages')
      .select('role, content, metadata')
      .eq('conversation_id', conversationId)
      .order('timestamp');
    expect(data?.[0]).toMatchObject({ role: 'user', content: 'Are you open on Sunday?' });
    expect(data?.[1]).toMatchObject({ role: 'assistant', metadata: { failed: true } });
    expect(await metricsFor(conversationId)).toBe(0);
  });
});

describe('who may chat, and with which conversation', () => {
  it('refuses bad input, a forged token and a private agent', async () => {
    expect((await chat(stack, { subdomain: agent.subdomain })).status).toBe(400);
    expect((await chat(stack, { subdomain: agent.subdomain, message: 'hi', extra: 1 })).error?.code).toBe(
      'invalid_request',
    );
    expect((await chat(stack, { subdomain: agent.subdomain, message: 'hi' }, { token: 'not.a.jwt' })).status).toBe(401);
    const privateAgent = await createAgent(stack, owner);
    await stack
      .serviceClient()
      .from('agent_integrations')
      .update({ enabled: false })
      .eq('agent_id', privateAgent.id)
      .eq('kind', 'virtual_business_card');
    expect((await chat(stack, { agentId: privateAgent.id, message: 'hi' })).status).toBe(404);
    // Its owner can still test it in the sandbox; a visitor cannot use the sandbox.
    const sandbox = await chat(
      stack,
      { agentId: privateAgent.id, message: 'hi', channel: 'sandbox' },
      { token: owner.token },
    );
    expect(eventOf(sandbox, 'done')).toBeTruthy();
    expect(
      (await chat(stack, { agentId: privateAgent.id, message: 'hi', channel: 'sandbox' }, { token: otherOwner.token }))
        .status,
    ).toBe(404);
    expect((await chat(stack, { agentId: agent.id, message: 'hi', channel: 'sandbox' })).status).toBe(403);
  });

  it('answers CORS preflights for browsers on agent pages, including the visitor id header', async () => {
    const response = await fetch(`${stack.url}/functions/v1/agent-chat`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://demo.localhost:5181',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-visitor-key',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-visitor-key');
    // The event stream itself goes through the platform's CORS untouched (headers merged in).
    const streamed = await fetch(`${stack.url}/functions/v1/agent-chat`, {
      method: 'POST',
      headers: {
        origin: 'http://demo.localhost:5181',
        'content-type': 'application/json',
        apikey: stack.anonKey,
        authorization: `Bearer ${stack.anonKey}`,
      },
      body: JSON.stringify({ subdomain: agent.subdomain, message: 'Are you open on Sunday?' }),
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    expect(streamed.headers.get('access-control-allow-origin')).toBe('*');
    expect(streamed.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(await streamed.text()).toContain('event: done');
  });

  it("a visitor cannot read or continue another visitor's or another agent's conversation", async () => {
    const visitorA = newVisitorId();
    const first = await chat(
      stack,
      { subdomain: agent.subdomain, message: 'My table number is 12.' },
      { visitorId: visitorA },
    );
    const conversationId = eventOf(first, 'meta').data.conversationId;

    const otherVisitor = await chat(
      stack,
      { subdomain: agent.subdomain, conversationId, message: 'What did I say?' },
      { visitorId: newVisitorId() },
    );
    expect(otherVisitor.status).toBe(404);
    expect(otherVisitor.error?.code).toBe('conversation_not_found');

    const otherAgent = await createAgent(stack, otherOwner);
    const crossAgent = await chat(
      stack,
      { agentId: otherAgent.id, conversationId, message: 'What did I say?' },
      { visitorId: visitorA },
    );
    expect(crossAgent.status).toBe(404);

    const anon = stack.anonClient();
    expect((await anon.from('messages').select('content').eq('conversation_id', conversationId)).error).not.toBeNull();
    expect((await anon.from('conversations').select('id')).error).not.toBeNull();
    expect(
      (
        await anon.rpc('match_knowledge_chunks', {
          agent_id: agent.id,
          query_embedding: `[${new Array(1536).fill(0.01).join(',')}]`,
        })
      ).error,
    ).not.toBeNull();
    expect((await anon.rpc('agent_for_turn', { agent_id: agent.id })).error).not.toBeNull();
    // Another owner sees none of it either.
    const { data } = await otherOwner.client.from('messages').select('id').eq('conversation_id', conversationId);
    expect(data).toEqual([]);
  });

  it('rate-limits one visitor without blocking others', async () => {
    const visitorId = newVisitorId();
    const turns = [];
    for (let i = 0; i < 5; i++)
      turns.push(await chat(stack, { subdomain: agent.subdomain, message: `hello ${i}` }, { visitorId }));
    expect(turns.slice(0, 4).map((turn) => turn.status)).toEqual([200, 200, 200, 200]);
    expect(turns[4]?.status).toBe(429);
    // The refusal names the visitor's limit (4 at once, then 1 a minute) and when to try again.
    expect(readLimitRefusal((turns[4]?.error as { details?: unknown } | undefined)?.details)).toMatchObject({
      kind: 'chat_messages',
      scope: 'visitor',
      max: 4,
      perMinute: 1,
    });
    expect(
      (await chat(stack, { subdomain: agent.subdomain, message: 'hello' }, { visitorId: newVisitorId() })).status,
    ).toBe(200);
  });
});
