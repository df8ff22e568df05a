import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardAggregateSchema,
  insightsAggregateSchema,
  type InsightsAggregate,
} from '../../../supabase/functions/_shared/contracts/insights.ts';
import { serviceInsert, startCast, type Cast } from '../security/support/actors.ts';

/**
 * Figures an owner can recount: one agent gets a known mix of what happens in a day (the owner's
 * sandbox chat and sandbox phone call, two visitors' web chats, an answered, a missed and a busy
 * phone call, a WhatsApp thread with a text, a voice note, the agent's replies and a line the
 * owner typed), written the way the server writes it; every figure of the main and the agent's
 * dashboards, Top questions, the contacts, the inbox and the notifications is compared with the
 * count made here by hand.
 */
let cast: Cast;
let agent = '';
const minute = 60_000;

interface Line {
  role: 'user' | 'assistant';
  content: string;
  metadata?: Record<string, unknown>;
  tools?: { name: string; function: string; status: string; step: number }[];
}

async function conversation(
  channel: 'web_chat' | 'phone' | 'whatsapp' | 'sandbox',
  visitor: string,
  lineChannel: string,
  startedAt: Date,
  lines: Line[],
): Promise<string> {
  const id = randomUUID();
  await serviceInsert(cast.service, 'conversations', {
    id,
    user_id: cast.owner.id,
    agent_id: agent,
    channel,
    visitor_id: visitor,
    started_at: startedAt.toISOString(),
    last_message_at: new Date(startedAt.getTime() + lines.length * minute).toISOString(),
  });
  for (const [i, line] of lines.entries()) {
    await serviceInsert(cast.service, 'messages', {
      conversation_id: id,
      user_id: cast.owner.id,
      agent_id: agent,
      role: line.role,
      content: line.content,
      tool_calls: line.tools ?? null,
      metadata: { channel: lineChannel, ...line.metadata },
      timestamp: new Date(startedAt.getTime() + (i + 1) * minute).toISOString(),
    });
  }
  return id;
}

/** A phone call as the call lifecycle writes it: its conversation opened with the call, then the call's end. */
async function phoneCall(
  from: string,
  at: Date,
  end: 'completed' | 'no-answer' | 'busy',
  source: 'twilio' | 'sandbox',
  lines: Line[],
): Promise<string> {
  const conversationId = await conversation(source === 'sandbox' ? 'sandbox' : 'phone', from, 'phone', at, lines);
  const call = await serviceInsert<{ id: string }>(cast.service, 'calls', {
    user_id: cast.owner.id,
    assigned_agent: agent,
    from_number: from,
    to_number: '+33100000000',
    status: 'in_progress',
    source,
    duration: 0,
    timestamp: at.toISOString(),
    conversation_id: conversationId,
  });
  const ended = await cast.service
    .from('calls')
    .update({ status: end, duration: end === 'completed' ? 90 : 0 })
    .eq('id', call.id);
  expect(ended.error).toBeNull();
  return conversationId;
}

const calendar = { name: 'Calendar', function: 'manage_calendar', status: 'ok', step: 1 };
const ANSWERED = '+33611111111';
const MISSED = '+33622222222';
const BUSY = '+33633333333';
const WHATSAPP = '+33644444444';
let whatsappConversation = '';
let answeredConversation = '';

beforeAll(async () => {
  cast = await startCast();
  agent = (await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: cast.owner.id, name: 'Bistrot' })).id;
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  // The owner's own tests: a sandbox chat and a sandbox phone call (its lines say 'phone').
  await conversation('sandbox', 'user:owner', 'sandbox', ago(5), [
    { role: 'user', content: 'Are you open on Sunday?' },
    { role: 'assistant', content: 'Closed on Sunday.', tools: [calendar] },
  ]);
  await phoneCall('+33100000009', ago(4), 'completed', 'sandbox', [
    { role: 'assistant', content: 'Bonjour, Bistrot.', metadata: { welcome: true } },
    { role: 'user', content: 'Do you deliver on Sunday?' },
    { role: 'assistant', content: 'No.', tools: [calendar] },
  ]);

  // Two visitors on the web page.
  await conversation('web_chat', 'visitor:one', 'web', ago(3), [
    { role: 'user', content: 'Are you open on Sunday?' },
    { role: 'assistant', content: 'Closed on Sunday.', tools: [calendar] },
    { role: 'user', content: 'merci beaucoup' },
    { role: 'assistant', content: 'You are welcome.' },
    { role: 'user', content: 'My number is +33 6 12 34 56 78' },
    { role: 'user', content: 'or write to lea@example.com' },
    { role: 'assistant', content: 'Noted.' },
  ]);
  await conversation('web_chat', 'visitor:two', 'web', ago(2), [
    { role: 'user', content: 'are you open on sunday' },
    { role: 'assistant', content: 'Closed on Sunday.' },
    { role: 'user', content: 'Bonjour' },
  ]);

  // Phone: one answered, one unanswered, one busy.
  answeredConversation = await phoneCall(ANSWERED, ago(6), 'completed', 'twilio', [
    { role: 'assistant', content: 'Bonjour, Bistrot.', metadata: { welcome: true } },
    { role: 'user', content: 'Can I book a table?' },
    { role: 'assistant', content: 'Yes, for how many?' },
  ]);
  await phoneCall(MISSED, ago(7), 'no-answer', 'twilio', [
    { role: 'assistant', content: 'Bonjour, Bistrot.', metadata: { welcome: true } },
  ]);
  await phoneCall(BUSY, ago(8), 'busy', 'twilio', []);

  // WhatsApp: a text, a voice note (its transcript), the agent's replies and the owner's line.
  whatsappConversation = await conversation('whatsapp', WHATSAPP, 'whatsapp', ago(1), [
    { role: 'user', content: 'Is there parking?' },
    { role: 'assistant', content: 'Yes, behind.' },
    { role: 'user', content: 'Do you have vegan dishes?', metadata: { voiceNote: true } },
    { role: 'assistant', content: 'Two of them.', metadata: { voiceNote: true } },
    { role: 'assistant', content: 'The owner here: see you tonight.', metadata: { sentByOwner: true } },
  ]);
}, 120_000);

afterAll(async () => {
  await cast?.stack.stop();
});

/** What the owner counts by hand in the mix above (all of it within the last 24 hours). */
const counted = {
  // visitor one, visitor two, the answered call, the WhatsApp thread
  conversations: 4,
  // the answered phone call only (the sandbox call is a test, the missed and busy ones never connected)
  calls: { total: 1, gsm: 1, voice: 0, uniqueUsers: 1, totalDuration: 90 },
  // web: 7 + 3 lines; WhatsApp: text, voice note, two replies, the owner's line
  messages: { total: 15, web: 10, whatsapp: 5, uniqueUsers: 3 },
  // visitor one, visitor two, the caller, the WhatsApp number
  uniqueUsers: 4,
  topQuestions: [
    { question: 'are you open on sunday', count: 2 },
    { question: 'can i book a table', count: 1 },
    { question: 'do you have vegan dishes', count: 1 },
    { question: 'is there parking', count: 1 },
  ],
  toolUsage: [{ tool: 'manage_calendar', name: 'Calendar', count: 1, failed: 0 }],
};

function expectCounted(got: InsightsAggregate): void {
  expect(got.conversations.total).toBe(counted.conversations);
  expect(got.calls).toMatchObject(counted.calls);
  expect(got.messages).toMatchObject(counted.messages);
  expect(got.uniqueUsers).toBe(counted.uniqueUsers);
}

describe('figures an owner can recount', () => {
  it('the main dashboard shows what the owner counts', async () => {
    const { data, error } = await cast.owner.client.rpc('insights_dashboard', { period: '24h', time_zone: 'UTC' });
    expect(error).toBeNull();
    const got = dashboardAggregateSchema.parse(data);
    expectCounted(got);
    expect(got.topQuestions).toEqual(counted.topQuestions);
    expect(got.toolUsage).toEqual(counted.toolUsage);
  });

  it('the agent’s dashboard shows the same figures', async () => {
    const { data, error } = await cast.owner.client.rpc('insights_agent_statistics', {
      agent_id: agent,
      period: '24h',
      time_zone: 'UTC',
    });
    expect(error).toBeNull();
    expectCounted(insightsAggregateSchema.parse(data));
  });

  it('Top questions leave out sandbox tests, phone numbers, emails, thanks and greetings', async () => {
    const { data } = await cast.owner.client.rpc('insights_dashboard', { period: '24h', time_zone: 'UTC' });
    const questions = dashboardAggregateSchema.parse(data).topQuestions.map((q) => q.question);
    expect(questions).not.toContain('do you deliver on sunday');
    expect(questions.some((q) => /merci|bonjour|33|example/.test(q))).toBe(false);
  });

  it('an unanswered or busy call is a call, not a contact', async () => {
    const { data, error } = await cast.owner.client.from('contacts').select('phone').order('phone');
    expect(error).toBeNull();
    // The caller who was answered, the WhatsApp number and the number visitor one wrote in the chat.
    expect(data?.map((c) => c.phone)).toEqual([ANSWERED.slice(1), '33612345678', WHATSAPP.slice(1)]);
  });

  it('an unanswered or busy call is no conversation in the inbox, and the calls list still has it', async () => {
    const inbox = await cast.owner.client.rpc('conversation_inbox', { filter_channel: 'phone' });
    expect(inbox.error).toBeNull();
    expect((inbox.data as { id: string }[]).map((c) => c.id)).toEqual([answeredConversation]);
    const calls = await cast.owner.client.from('calls').select('from_number, status').eq('source', 'twilio');
    expect(new Set(calls.data?.map((c) => `${c.from_number} ${c.status}`))).toEqual(
      new Set([`${ANSWERED} completed`, `${MISSED} no-answer`, `${BUSY} busy`]),
    );
  });

  it('notifications: a new conversation for each visitor conversation, a failed call for the missed and the busy one', async () => {
    const { data, error } = await cast.owner.client.from('notifications').select('kind, data');
    expect(error).toBeNull();
    const rows = (data ?? []) as { kind: string; data: { channel?: string; status?: string } }[];
    const newConversations = rows.filter((n) => n.kind === 'new_conversation').map((n) => n.data.channel);
    expect(newConversations.sort()).toEqual(['phone', 'web_chat', 'web_chat', 'whatsapp']);
    const failed = rows.filter((n) => n.kind === 'failed_call').map((n) => n.data.status);
    expect(failed.sort()).toEqual(['busy', 'no-answer']);
  });

  it('the voice note, the replies and the owner’s line are in the WhatsApp transcript', async () => {
    const { data, error } = await cast.owner.client
      .from('messages')
      .select('content')
      .eq('conversation_id', whatsappConversation)
      .order('timestamp');
    expect(error).toBeNull();
    expect(data?.map((m) => m.content)).toEqual([
      'Is there parking?',
      'Yes, behind.',
      'Do you have vegan dishes?',
      'Two of them.',
      'The owner here: see you tonight.',
    ]);
  });
});
