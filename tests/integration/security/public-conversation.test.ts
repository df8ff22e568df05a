import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInsert, startCast, type Cast } from './support/actors.ts';

/**
 * public_conversation_messages: a visitor reloads their own web chat, nobody reads anyone else's.
 */
let cast: Cast;
let agentId: string;
const KEY = '0123456789abcdef0123456789abcdef';
const OTHER_KEY = 'fedcba9876543210fedcba9876543210';

async function conversation(channel: string, visitorId: string): Promise<string> {
  const row = await serviceInsert<{ id: string }>(cast.service, 'conversations', {
    user_id: cast.owner.id,
    agent_id: agentId,
    channel,
    // Stored the way agent-chat stores a visitor who sends x-visitor-key.
    visitor_id: `visitor:${visitorId}`,
  });
  return row.id;
}

async function message(
  conversationId: string,
  role: string,
  content: string,
  extra: Record<string, unknown> = {},
  at?: string,
) {
  await serviceInsert(cast.service, 'messages', {
    conversation_id: conversationId,
    user_id: cast.owner.id,
    agent_id: agentId,
    role,
    content,
    ...(at ? { timestamp: at } : {}),
    ...extra,
  });
}

beforeAll(async () => {
  cast = await startCast();
  const { data, error } = await cast.owner.client
    .from('agents')
    .insert({ user_id: cast.owner.id, name: 'Chat agent' })
    .select('id')
    .single();
  if (error || !data) throw new Error(error?.message);
  agentId = (data as { id: string }).id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('public_conversation_messages', () => {
  it('a visitor reads the user and assistant turns of their web chat, in order, with the offline flag only', async () => {
    const id = await conversation('web_chat', KEY);
    await message(id, 'user', 'Hello', {}, '2026-11-21T10:00:00Z');
    await message(id, 'tool', '{"secret":"tool output"}', {}, '2026-11-21T10:00:01Z');
    await message(
      id,
      'assistant',
      'Hi there',
      {
        metadata: { offline: true, usage: { totalTokens: 42 } },
        citations: [{ documentId: 'd', name: 'menu.pdf', snippet: 's' }],
      },
      '2026-11-21T10:00:02Z',
    );
    const { data, error } = await cast.anon.rpc('public_conversation_messages', {
      conversation_id: id,
      visitor_key: KEY,
    });
    expect(error).toBeNull();
    const rows = data as { role: string; content: string; metadata: unknown; citations: unknown }[];
    expect(rows.map((r) => [r.role, r.content])).toEqual([
      ['user', 'Hello'],
      ['assistant', 'Hi there'],
    ]);
    expect(rows[1]?.metadata).toEqual({ offline: true });
    expect(rows[1]?.citations).toEqual([{ documentId: 'd', name: 'menu.pdf', snippet: 's' }]);
    expect(rows[0]?.metadata).toEqual({ offline: false });
  });

  it('another visitor key, a malformed key or an unknown conversation reads nothing', async () => {
    const id = await conversation('web_chat', KEY);
    await message(id, 'user', 'Private question');
    for (const [conversationId, visitorKey] of [
      [id, OTHER_KEY],
      [id, ''],
      [id, KEY.toUpperCase()],
      ['00000000-0000-4000-8000-000000000000', KEY],
    ] as const) {
      const { data, error } = await cast.anon.rpc('public_conversation_messages', {
        conversation_id: conversationId,
        visitor_key: visitorKey,
      });
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });

  it('phone and WhatsApp conversations are never readable this way, even with the right visitor id', async () => {
    const phoneNumber = '33612345678';
    for (const channel of ['whatsapp', 'phone', 'sandbox']) {
      const id = await conversation(channel, channel === 'sandbox' ? KEY : phoneNumber);
      await message(id, 'user', 'hidden');
      for (const key of [phoneNumber, KEY]) {
        const { data } = await cast.anon.rpc('public_conversation_messages', { conversation_id: id, visitor_key: key });
        expect(data).toEqual([]);
      }
    }
  });

  it('visitors still cannot read conversations or messages directly', async () => {
    const id = await conversation('web_chat', KEY);
    const direct = await cast.anon.from('messages').select('id').eq('conversation_id', id);
    expect(direct.data ?? []).toEqual([]);
  });

  it('a bad conversation id is a 4xx, not a crash', async () => {
    const { error } = await cast.anon.rpc('public_conversation_messages', {
      conversation_id: 'not-a-uuid',
      visitor_key: KEY,
    });
    expect(error?.code).toBe('22P02');
  });
});
