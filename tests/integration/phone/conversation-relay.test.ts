import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRelayCall } from '../../fakes/twilio/conversation-relay.ts';
import { MemoryCallStore, TOKEN_SECRET } from '../../support/phone-relay-fakes.ts';
import {
  addKnowledge,
  createAgent,
  createOwner,
  nextWeekday,
  startProviderChatStack,
  type Owner,
  type ProviderChatStack,
} from '../agent-chat/support.ts';
import { agentGreeting } from '../../../supabase/functions/_shared/contracts/greeting.ts';
import { makeRelay } from '../../../supabase/functions/phone-relay/handler.ts';
import { startRelayServer, type RelayServer } from '../../../supabase/functions/phone-relay/node-server.ts';

/**
 * A phone call's "any model" path on a real stack: the relay's session with the production turn
 * dependencies (agent loader, hybrid retrieval, tool runner, the call's conversation in Postgres,
 * the transcript writer), driven by Twilio's side of ConversationRelay. The call row and its
 * lease come from an in-memory PhoneCallStore here; the voice webhook and Postgres call store (the
 * calls part) replace it end to end in tests/integration/phone/.
 */
const AUTH_TOKEN = 'relay-test-auth-token';
const PUBLIC = 'wss://relay.example.com/phone-relay';

let chatStack: ProviderChatStack;
let owner: Owner;
let agentId: string;
const relays: RelayServer[] = [];

async function startRelay(ai: Record<string, string>) {
  const { stack } = chatStack;
  const values: Record<string, string> = {
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    PHONE_CALL_TOKEN_SECRET: TOKEN_SECRET,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    PHONE_RELAY_URL: PUBLIC,
    ...ai,
  };
  const env = { get: (name: string) => values[name] };
  const store = new MemoryCallStore();
  const running = await startRelayServer({ relay: makeRelay(env, { store }), env });
  relays.push(running);
  return {
    store,
    async dial() {
      const { data, error } = await stack
        .serviceClient()
        .from('conversations')
        .insert({ user_id: owner.id, agent_id: agentId, channel: 'phone' })
        .select('id')
        .single();
      if (error) throw new Error(error.message);
      const { call, token } = await store.open({ agentId, ownerId: owner.id, conversationId: data.id });
      const socket = await FakeRelayCall.connect({
        url: `ws://127.0.0.1:${running.port}/phone-relay/conversation-relay`,
        publicUrl: `${PUBLIC}/conversation-relay`,
        authToken: AUTH_TOKEN,
        callSid: call.callSid,
        customParameters: { callToken: token },
      });
      await socket.waitFor((frame) => frame.type === 'language', { fromStart: true });
      return { call, socket };
    },
  };
}

async function transcript(conversationId: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const { data } = await chatStack.stack
      .serviceClient()
      .from('messages')
      .select('role, content, metadata')
      .eq('conversation_id', conversationId)
      .order('timestamp', { ascending: true });
    if ((data?.length ?? 0) >= count) return data!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the transcript never reached ${count} lines`);
}

beforeAll(async () => {
  chatStack = await startProviderChatStack();
  owner = await createOwner(chatStack.stack, 'phone-owner');
  ({ id: agentId } = await createAgent(chatStack.stack, owner, { name: 'Clara', tools: ['calendar'] }));
  await addKnowledge(
    chatStack.stack,
    owner,
    agentId,
    'hours.txt',
    'Our opening hours are 7am to 7pm, Monday to Saturday. We are closed on Sundays.',
  );
});

afterAll(async () => {
  for (const relay of relays) await relay.shutdown(0);
  await chatStack?.stop();
});

describe('a phone call through ConversationRelay', () => {
  it('answers from the knowledge base, books through the tool, keeps what was heard, and ends on hang-up', async () => {
    const { fake } = chatStack;
    const relay = await startRelay({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
    });
    const { call, socket } = await relay.dial();

    fake.queueChat({ text: 'We are open from 7am to 7pm, Monday to Saturday.' });
    expect(await socket.ask('What are your opening hours?')).toBe('We are open from 7am to 7pm, Monday to Saturday.');
    const asked = fake.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: string }[] };
    // The knowledge passage was retrieved before the turn and given to the model, spoken style.
    expect(asked.messages[0]!.content).toContain('Our opening hours are 7am to 7pm');
    expect(asked.messages[0]!.content).toContain('speaking with the caller by voice');

    const date = nextWeekday();
    fake.queueChat(
      {
        toolCalls: [
          { name: 'manage_calendar', arguments: { action: 'create_appointment', date, time: '09:00', title: 'Table' } },
        ],
      },
      { text: `You are booked at 9am on ${date}.` },
    );
    expect(await socket.ask(`Book me a table at 9am on ${date}, please.`)).toBe(`You are booked at 9am on ${date}.`);
    const { data: appointments } = await chatStack.stack
      .serviceClient()
      .from('appointments')
      .select('title, agent_id')
      .eq('agent_id', agentId);
    expect(appointments).toEqual([{ title: 'Table', agent_id: agentId }]);

    fake.setDelays({ tokenDelayMs: 40 });
    fake.queueChat({ text: 'We also cater weddings, birthdays, corporate events and many other occasions.' });
    const heard = await socket.askAndInterrupt('Do you cater events?', 12);
    fake.setDelays({ tokenDelayMs: 0 });
    await socket.hangup();

    const lines = await transcript(call.conversationId, 7);
    expect(lines.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'assistant', content: agentGreeting('Clara', 'en_US') },
      { role: 'user', content: 'What are your opening hours?' },
      { role: 'assistant', content: 'We are open from 7am to 7pm, Monday to Saturday.' },
      { role: 'user', content: `Book me a table at 9am on ${date}, please.` },
      { role: 'assistant', content: `You are booked at 9am on ${date}.` },
      { role: 'user', content: 'Do you cater events?' },
      { role: 'assistant', content: heard },
    ]);
    expect(lines.every((line) => (line.metadata as { channel?: string }).channel === 'phone')).toBe(true);
    expect((lines[6]!.metadata as { interrupted?: boolean }).interrupted).toBe(true);
    expect(relay.store.calls.get(call.callId)!.ended).toBe('hangup');
  });

  it('cuts a reply already stored when the caller interrupts while it is being spoken', async () => {
    const { fake } = chatStack;
    const relay = await startRelay({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
    });
    const { call, socket } = await relay.dial();
    fake.queueChat({ text: 'We are closed on Sundays but open every other day.' });
    await socket.ask('Are you open on Sunday?');
    await transcript(call.conversationId, 3);
    socket.send({
      type: 'interrupt',
      utteranceUntilInterrupt: 'We are closed on Sundays',
      durationUntilInterruptMs: 1500,
    });
    for (let i = 0; i < 100; i++) {
      const lines = await transcript(call.conversationId, 3);
      if (lines[2]!.content !== 'We are closed on Sundays but open every other day.') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lines = await transcript(call.conversationId, 3);
    expect(lines[2]).toMatchObject({ role: 'assistant', content: 'We are closed on Sundays' });
    await socket.hangup();
  });

  it('answers a call in offline mode, with no AI key, from the knowledge base', async () => {
    const relay = await startRelay({ AI_PROVIDER: 'offline' });
    const { call, socket } = await relay.dial();
    const reply = await socket.ask('What are your opening hours?');
    expect(reply).toContain('7am to 7pm');
    await socket.hangup();
    const lines = await transcript(call.conversationId, 3);
    expect((lines[2]!.metadata as { offline?: boolean }).offline).toBe(true);
  });
});
