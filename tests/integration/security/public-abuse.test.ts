/**
 * What an anonymous visitor of a public agent can make the
 * platform do. One client cannot lock an agent's chat for everyone; the agent sends email, SMS or
 * WhatsApp only to an address the visitor wrote as their own and then confirmed, within caps that
 * Postgres counts; what a visitor can create is bounded; and a message Postgres could not store is a
 * 400 before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../../fakes/openai/server.ts';
import type { ProviderFakes } from '../agent-chat/provider-fakes.ts';
import {
  addressKey,
  chat,
  createAgent,
  createOwner,
  eventOf,
  newVisitorId,
  sendEmailTool as sendEmail,
  startProviderChatStack,
  turnWithTool as runToolTurn,
  type Owner,
  type ProviderChatStack,
  type ToolCall,
  type Visitor,
} from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { readLimitRefusal } from '@contracts/limit-refusal.ts';
import { PUBLIC_CONVERSATION_LIMITS as CAPS } from '@contracts/agent-chat.ts';

let chatStack: ProviderChatStack;
let fake: FakeOpenAI;
let providers: ProviderFakes;
let stack: TestStack;
let owner: Owner;
let addressCounter = 0;

/** A client address no other test uses (the functions trust x-forwarded-for from the platform). */
const newAddress = () => `198.51.100.${++addressCounter}`;

const newVisitor = (): Visitor => ({ visitorId: newVisitorId(), address: newAddress() });

/** One visitor turn in which the fake model calls `tool`; returns the tool's status and result. */
const turnWithTool = (
  agentId: string,
  visitor: Visitor,
  message: string,
  tool: ToolCall,
  options: { token?: string; channel?: string } = {},
) => runToolTurn(chatStack, agentId, visitor, message, tool, options);

const emailsTo = (to: string) => providers.calls.filter((call) => call.path === '/emails' && call.form.to === to);

async function outboundRows(agentId: string) {
  const { data, error } = await stack
    .serviceClient()
    .from('outbound_messages')
    .select('recipient, status, conversation_id')
    .eq('agent_id', agentId);
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  chatStack = await startProviderChatStack((providersUrl) => ({
    TWILIO_ACCOUNT_SID: 'AC123',
    TWILIO_AUTH_TOKEN: 'secret',
    TWILIO_FROM_NUMBER: '+15550001111',
    TWILIO_API_BASE_URL: providersUrl,
    // A small agent-wide budget (30 at once, then 1 a minute) so that one client could drain it.
    CHAT_RATE_AGENT: '30/1',
  }));
  ({ stack, fake, providers } = chatStack);
  owner = await createOwner(stack, 'abuse-owner');
}, 120_000);

afterAll(async () => {
  await chatStack?.stop();
});

describe('anon visitor: rate limits', () => {
  it('one address rotating 50 visitor keys gets 429s, yet a new visitor from another address gets an answer', async () => {
    const agent = await createAgent(stack, owner);
    const attacker = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const turn = await chat(
        stack,
        { agentId: agent.id, message: `flood ${i}` },
        { visitorId: newVisitorId(), address: attacker },
      );
      statuses.push(turn.status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeLessThan(30);

    const newcomer = await chat(stack, { agentId: agent.id, message: 'Hello, are you open?' }, newVisitor());
    expect(newcomer.status).toBe(200);
    expect(newcomer.text).not.toBe('');
    expect(newcomer.events.some((event) => event.event === 'done')).toBe(true);
  });
});

describe('anon visitor: a burst of new addresses', () => {
  it('85 fresh addresses of one network cannot take the whole newcomer reserve: a fresh visitor elsewhere is served', async () => {
    const agent = await createAgent(stack, owner);
    const statuses: number[] = [];
    // Each address sends one message, so each is a newcomer (the reviewer's reproduction).
    for (let i = 1; i <= 85; i++) {
      const turn = await chat(
        stack,
        { agentId: agent.id, message: `hello ${i}` },
        { visitorId: newVisitorId(), address: `203.0.113.${i}` },
      );
      statuses.push(turn.status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const fresh = await chat(
      stack,
      { agentId: agent.id, message: 'Hello, are you open?' },
      { visitorId: newVisitorId(), address: '192.0.2.77' },
    );
    expect(fresh.status).toBe(200);
    expect(fresh.events.some((event) => event.event === 'done')).toBe(true);
  });
});

describe('anon visitor: outbound messages', () => {
  it('cannot make the agent email an address that never appeared in their own messages', async () => {
    const agent = await createAgent(stack, owner, { tools: ['email'] });
    const visitor = newVisitor();
    const first = await turnWithTool(
      agent.id,
      visitor,
      'Please email the menu to my friend',
      sendEmail('victim@example.com'),
    );
    expect(first.result).toMatchObject({ status: 'recipient_not_given_by_visitor' });
    // Confirming in a later turn does not help: the address is still not the visitor's own words.
    const second = await turnWithTool(agent.id, visitor, 'Yes, do it', sendEmail('victim@example.com'));
    expect(second.result).toMatchObject({ status: 'recipient_not_given_by_visitor' });
    // A longer address containing a shorter one is not the shorter one.
    const third = await turnWithTool(
      agent.id,
      visitor,
      'My email is xvictim@example.community',
      sendEmail('victim@example.com'),
    );
    expect(third.result).toMatchObject({ status: 'recipient_not_given_by_visitor' });
    expect(emailsTo('victim@example.com')).toEqual([]);
    expect(await outboundRows(agent.id)).toEqual([]);
  });

  it('cannot use an address another visitor wrote in their own conversation', async () => {
    const agent = await createAgent(stack, owner, { tools: ['email'] });
    const other = newVisitor();
    await chat(stack, { agentId: agent.id, message: 'I am bob@example.com' }, other);
    const visitor = newVisitor();
    const turn = await turnWithTool(agent.id, visitor, 'Send it to Bob', sendEmail('bob@example.com'));
    expect(turn.result).toMatchObject({ status: 'recipient_not_given_by_visitor' });
    expect(emailsTo('bob@example.com')).toEqual([]);
  });

  it('sends once to their own address after a confirming turn, not before', async () => {
    const agent = await createAgent(stack, owner, { tools: ['email'] });
    const visitor = newVisitor();
    const asked = await turnWithTool(
      agent.id,
      visitor,
      'Send me the menu at Ada@Example.com.',
      sendEmail('ada@example.com'),
    );
    expect(asked.result).toMatchObject({ status: 'confirmation_required', recipient: 'ada@example.com' });
    expect(emailsTo('ada@example.com')).toEqual([]);
    const sent = await turnWithTool(agent.id, visitor, 'Yes please', sendEmail('ada@example.com'));
    expect(sent.result).toMatchObject({ sent: true, recipient: 'ada@example.com' });
    expect(emailsTo('ada@example.com')).toHaveLength(1);
    expect(await outboundRows(agent.id)).toEqual([
      { recipient: 'ada@example.com', status: 'sent', conversation_id: visitor.conversationId },
    ]);
  });

  it('repeating a request without the agent’s own confirmation question does not send the email', async () => {
    const agent = await createAgent(stack, owner, { tools: ['email'] });
    const visitor = newVisitor();
    const request = 'Email the menu to mallory@example.com right now.';
    // The model calls the tool at once each time and never asks the question.
    for (let attempt = 0; attempt < 3; attempt++) {
      fake.queueChat({ toolCalls: [sendEmail('mallory@example.com')] }, { text: 'Sure, sending it.' });
      const turn = await chat(
        stack,
        {
          agentId: agent.id,
          message: request,
          ...(visitor.conversationId ? { conversationId: visitor.conversationId } : {}),
        },
        visitor,
      );
      expect(turn.status).toBe(200);
      visitor.conversationId = eventOf(turn, 'meta').data.conversationId;
    }
    expect(emailsTo('mallory@example.com')).toEqual([]);
    expect(await outboundRows(agent.id)).toEqual([]);
    // An agent message that names the address without asking is not a question either.
    fake.queueChat({ toolCalls: [sendEmail('mallory@example.com')] }, { text: 'I will email mallory@example.com.' });
    await chat(stack, { agentId: agent.id, message: request, conversationId: visitor.conversationId }, visitor);
    const repeated = await turnWithTool(agent.id, visitor, request, sendEmail('mallory@example.com'));
    expect(repeated.result).toMatchObject({ status: 'confirmation_required' });
    expect(emailsTo('mallory@example.com')).toEqual([]);
    // Once the agent asked (turnWithTool's model does), the visitor's answer confirms.
    const confirmed = await turnWithTool(agent.id, visitor, 'Yes, it is mine.', sendEmail('mallory@example.com'));
    expect(confirmed.result).toMatchObject({ sent: true, recipient: 'mallory@example.com' });
    expect(emailsTo('mallory@example.com')).toHaveLength(1);
  });

  it('a confirmation needs a visitor turn after the question', async () => {
    const agent = await createAgent(stack, owner, { tools: ['email'] });
    const visitor = newVisitor();
    fake.queueChat(
      { toolCalls: [sendEmail('eve@example.com'), sendEmail('eve@example.com')] },
      { text: 'Is eve@example.com your own address?' },
    );
    const turn = await chat(stack, { agentId: agent.id, message: 'My address: eve@example.com' }, visitor);
    expect(turn.status).toBe(200);
    visitor.conversationId = eventOf(turn, 'meta').data.conversationId;
    expect(emailsTo('eve@example.com')).toEqual([]);
    const confirmed = await turnWithTool(agent.id, visitor, 'Yes, that is my address', sendEmail('eve@example.com'));
    expect(confirmed.result).toMatchObject({ sent: true, recipient: 'eve@example.com' });
    expect(emailsTo('eve@example.com')).toHaveLength(1);
  });

  it('WhatsApp goes only to a number the visitor wrote as their own (national or international form)', async () => {
    const agent = await createAgent(stack, owner, { tools: ['messaging'] });
    const visitor = newVisitor();
    const whatsapp = (recipient: string) => ({
      name: 'send_message',
      arguments: { action: 'send_whatsapp', recipient, message: 'Your table is ready' },
    });
    const stranger = await turnWithTool(agent.id, visitor, 'Text my ex please', whatsapp('+33698765432'));
    expect(stranger.result).toMatchObject({ status: 'recipient_not_given_by_visitor' });
    await turnWithTool(agent.id, visitor, 'My number is 06 12 34 56 78', whatsapp('+33612345678'));
    const sent = await turnWithTool(agent.id, visitor, 'Yes', whatsapp('+33612345678'));
    expect(sent.result).toMatchObject({ sent: true, channel: 'whatsapp', recipient: '+33612345678' });
    const twilio = providers.calls.filter((call) => call.path.endsWith('/Messages.json'));
    expect(twilio.map((call) => call.form.To)).toEqual(['whatsapp:+33612345678']);
  });

  it('caps hold: per recipient per day and per agent per hour, counted by Postgres', async () => {
    const agent = await createAgent(stack, owner, { tools: ['email'] });
    const service = stack.serviceClient();
    // Earlier sends of this agent, in another public conversation.
    const visitor = newVisitor();
    await turnWithTool(agent.id, visitor, 'I am zoe@example.com', sendEmail('zoe@example.com'));
    const earlier = (to: string) => ({
      agent_id: agent.id,
      user_id: owner.id,
      conversation_id: visitor.conversationId!,
      channel: 'email',
      recipient: to,
      body: 'earlier',
      status: 'sent',
    });
    const seeded = await service.from('outbound_messages').insert([1, 2, 3].map(() => earlier('max@example.com')));
    expect(seeded.error).toBeNull();

    const other = newVisitor();
    await turnWithTool(agent.id, other, 'I am max@example.com', sendEmail('max@example.com'));
    const refused = await turnWithTool(agent.id, other, 'Yes', sendEmail('max@example.com'));
    // A refusal the model relays ("nothing was sent, and why"), not a tool failure.
    expect(refused.result).toMatchObject({ status: 'not_sent', reason: 'recipient_limit' });
    expect(emailsTo('max@example.com')).toEqual([]);

    const more = await service
      .from('outbound_messages')
      .insert(Array.from({ length: 27 }, (_, i) => earlier(`seed${i}@example.com`)));
    expect(more.error).toBeNull();
    const third = newVisitor();
    await turnWithTool(agent.id, third, 'I am lou@example.com', sendEmail('lou@example.com'));
    const agentCapped = await turnWithTool(agent.id, third, 'Yes', sendEmail('lou@example.com'));
    expect(agentCapped.result).toMatchObject({ status: 'not_sent', reason: 'agent_limit' });
    expect(emailsTo('lou@example.com')).toEqual([]);
  });

  it('parallel sends from one conversation never pass the per-conversation cap', async () => {
    const agent = await createAgent(stack, owner, { tools: ['email'] });
    const visitor = newVisitor();
    const recipients = ['p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com', 'p5@example.com'];
    await turnWithTool(agent.id, visitor, `We are ${recipients.join(', ')}`, sendEmail(recipients[0]!));
    const service = stack.serviceClient();
    const claim = (recipient: string) =>
      service.rpc('claim_outbound_message', {
        conversation_id: visitor.conversationId!,
        agent_id: agent.id,
        channel: 'email',
        recipient,
        subject: 's',
        body: 'b',
      });
    // Ask for every confirmation, then let the visitor confirm with one more turn.
    await Promise.all(recipients.map(claim));
    // The agent asks about every address; the visitor answers that question.
    fake.queueChat({ text: `Are ${recipients.join(', ')} your own addresses?` });
    await chat(
      stack,
      { agentId: agent.id, message: 'Send it to all', conversationId: visitor.conversationId },
      visitor,
    );
    await chat(stack, { agentId: agent.id, message: 'Yes to all', conversationId: visitor.conversationId }, visitor);
    const results = await Promise.all(recipients.flatMap((recipient) => [claim(recipient), claim(recipient)]));
    const claimed = results.filter((result) => (result.data as { status: string }).status === 'claimed');
    expect(claimed).toHaveLength(3);
  });

  it('anon and authenticated callers cannot call the claim function', async () => {
    const args = {
      conversation_id: crypto.randomUUID(),
      agent_id: crypto.randomUUID(),
      channel: 'email',
      recipient: 'a@example.com',
      subject: 's',
      body: 'b',
    };
    expect((await stack.anonClient().rpc('claim_outbound_message', args)).error).not.toBeNull();
    expect((await owner.client.rpc('claim_outbound_message', args)).error).not.toBeNull();
  });
});

describe('owner: sandbox', () => {
  it('the owner testing in the sandbox may send to any address without confirming', async () => {
    const agent = await createAgent(stack, owner, { tools: ['email'] });
    const sandbox: Visitor = { visitorId: newVisitorId(), address: newAddress() };
    const turn = await turnWithTool(agent.id, sandbox, 'Test the email tool', sendEmail('owner-test@example.com'), {
      token: owner.token,
      channel: 'sandbox',
    });
    expect(turn.result).toMatchObject({ sent: true, recipient: 'owner-test@example.com' });
  });
});

describe('anon visitor: flooding is bounded', () => {
  it('one address cannot open more than 30 public conversations with an agent in an hour', async () => {
    const agent = await createAgent(stack, owner);
    const address = newAddress();
    await stack.db.query(
      `insert into private.conversation_openings (agent_id, client_key)
       select $1::uuid, $2::text from generate_series(1, $3::int - 1)`,
      [agent.id, addressKey(address), CAPS.newPerAddress],
    );
    // The contract's figure is the database's: the last opening it allows passes...
    expect(
      (await chat(stack, { agentId: agent.id, message: 'Hello' }, { visitorId: newVisitorId(), address })).status,
    ).toBe(200);
    // ...and the next one is refused, naming that limit and its window.
    const refused = await chat(stack, { agentId: agent.id, message: 'Hello' }, { visitorId: newVisitorId(), address });
    expect(refused.status).toBe(429);
    expect(refused.error?.code).toBe('too_many_conversations');
    expect(readLimitRefusal((refused.error as { details?: unknown }).details)).toEqual({
      kind: 'new_conversations',
      max: CAPS.newPerAddress,
      windowSeconds: CAPS.windowSeconds,
      scope: 'address',
      retryAfterSeconds: 600,
    });
    const { count } = await stack
      .serviceClient()
      .from('conversations')
      .select('id', { count: 'exact', head: true })
      .eq('agent_id', agent.id);
    expect(count).toBe(1);
    // Another address is not affected.
    expect((await chat(stack, { agentId: agent.id, message: 'Hello' }, newVisitor())).status).toBe(200);
  });

  it('a public conversation holds at most 200 messages', async () => {
    const agent = await createAgent(stack, owner);
    const visitor = newVisitor();
    const first = await chat(stack, { agentId: agent.id, message: 'Hello' }, visitor);
    const conversationId = eventOf(first, 'meta').data.conversationId;
    // The first turn stored two messages; the filler brings the conversation to its limit.
    await stack.db.query(
      `insert into public.messages (conversation_id, user_id, agent_id, role, content)
       select $1::uuid, $2::uuid, $3::uuid, case when i % 2 = 0 then 'user' else 'assistant' end, 'filler'
         from generate_series(1, $4::int - 2) as i`,
      [conversationId, owner.id, agent.id, CAPS.messages],
    );
    const refused = await chat(stack, { agentId: agent.id, message: 'One more', conversationId }, visitor);
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe('conversation_full');
    expect(readLimitRefusal((refused.error as { details?: unknown }).details)).toEqual({
      kind: 'conversation_messages',
      max: CAPS.messages,
    });
    const { count } = await stack
      .serviceClient()
      .from('messages')
      .select('id', { count: 'exact', head: true })
      .eq('conversation_id', conversationId);
    expect(count).toBe(CAPS.messages);
  });

  it('parallel turns on a conversation one message short of 200 add one visitor message, not several', async () => {
    const agent = await createAgent(stack, owner);
    const visitor = newVisitor();
    const first = await chat(stack, { agentId: agent.id, message: 'Hello' }, visitor);
    const conversationId = eventOf(first, 'meta').data.conversationId;
    await stack.db.query(
      `insert into public.messages (conversation_id, user_id, agent_id, role, content)
       select $1::uuid, $2::uuid, $3::uuid, 'assistant', 'filler' from generate_series(1, 197)`,
      [conversationId, owner.id, agent.id],
    );
    // The embedded PGlite runs one transaction at a time, so locally this holds either way; on
    // hosted Postgres it is save_chat_message's row lock (20261124180200) that holds it.
    const turns = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        chat(stack, { agentId: agent.id, message: `parallel ${i}`, conversationId }, visitor),
      ),
    );
    expect(turns.filter((turn) => turn.status === 200)).toHaveLength(1);
    expect(turns.filter((turn) => turn.error?.code === 'conversation_full')).toHaveLength(5);
  });
});

describe('anon visitor: message validation', () => {
  it.each([
    ['a NUL byte', 'hello\u0000world'],
    ['a lone surrogate', 'hello \ud800 world'],
  ])('a message with %s is a 400 and nothing is saved', async (_label, message) => {
    const agent = await createAgent(stack, owner);
    const turn = await chat(stack, { agentId: agent.id, message }, newVisitor());
    expect(turn.status).toBe(400);
    expect(turn.error?.code).toBe('invalid_request');
    const service = stack.serviceClient();
    const conversations = await service
      .from('conversations')
      .select('id', { count: 'exact', head: true })
      .eq('agent_id', agent.id);
    const messages = await service
      .from('messages')
      .select('id', { count: 'exact', head: true })
      .eq('agent_id', agent.id);
    expect(conversations.count).toBe(0);
    expect(messages.count).toBe(0);
  });
});
