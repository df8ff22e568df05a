import { describe, expect, it } from 'vitest';
import { encodeSseEvent, type AgentChatEvent } from '@contracts/conversation-events.ts';
import { loadConversation, sendTurn, toChatMessages, turnBody, VISITOR_KEY_HEADER } from './api.ts';
import { conversationCatalogues } from './messages.ts';
import { saveConversationId, savedConversationId, visitorKey, type KeyValueStore } from './session.ts';
import { conversationReducer, initialConversation, type ChatMessage, type ConversationState } from './state.ts';

const CONVERSATION = '3f2c1c7e-8d2a-4b1e-9a55-0c6f4f9d2a10';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const user = (text: string): ChatMessage => ({
  id: `u-${text}`,
  role: 'user',
  text,
  at: '2026-11-21T20:00:00.000Z',
  citations: [],
  offline: false,
  status: 'done',
});

function sent(state: ConversationState, text: string): ConversationState {
  return conversationReducer(state, {
    type: 'sent',
    user: user(text),
    replyId: 'reply',
    at: '2026-11-21T20:00:00.000Z',
  });
}

function apply(state: ConversationState, ...events: AgentChatEvent[]): ConversationState {
  return events.reduce((s, event) => conversationReducer(s, { type: 'event', event }), state);
}

describe('conversation reducer', () => {
  it('streams tokens into the reply and ends with the stored message id', () => {
    let s = sent(initialConversation, 'Hello');
    expect(s.pending).toBe(true);
    s = apply(s, {
      event: 'meta',
      data: {
        conversationId: CONVERSATION,
        language: 'en',
        offline: true,
        citations: [{ documentId: 'd1', name: 'menu.pdf', snippet: 'Soup' }],
      },
    });
    s = apply(s, { event: 'delta', data: { text: 'Good ' } });
    expect(s.messages.at(-1)).toMatchObject({ text: 'Good ', status: 'streaming', offline: true });
    s = apply(
      s,
      { event: 'delta', data: { text: 'evening' } },
      { event: 'done', data: { messageId: 'm-1', usage: null } },
    );
    expect(s.pending).toBe(false);
    expect(s.conversationId).toBe(CONVERSATION);
    expect(s.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Hello'],
      ['assistant', 'Good evening'],
    ]);
    expect(s.messages.at(-1)).toMatchObject({ id: 'm-1', status: 'done', citations: [{ name: 'menu.pdf' }] });
  });

  it('refuses a second send while a reply is pending', () => {
    const s = sent(initialConversation, 'one');
    expect(sent(s, 'two')).toBe(s);
  });

  it('shows the apology on failure and keeps tokens already shown', () => {
    const empty = conversationReducer(sent(initialConversation, 'x'), { type: 'failed', text: 'Sorry' });
    expect(empty.messages.at(-1)).toMatchObject({ text: 'Sorry', status: 'failed' });
    expect(empty.pending).toBe(false);
    const partial = conversationReducer(
      apply(sent(initialConversation, 'x'), { event: 'delta', data: { text: 'Half' } }),
      { type: 'failed', text: 'Sorry' },
    );
    expect(partial.messages.at(-1)?.text).toBe('Half\n\nSorry');
  });

  it('does not let a late history restore wipe a turn already started', () => {
    const s = sent(initialConversation, 'x');
    expect(conversationReducer(s, { type: 'restored', conversationId: CONVERSATION, messages: [user('old')] })).toBe(s);
    const restored = conversationReducer(initialConversation, {
      type: 'restored',
      conversationId: CONVERSATION,
      messages: [user('old')],
    });
    expect(restored.messages).toHaveLength(1);
    expect(restored.conversationId).toBe(CONVERSATION);
  });
});

describe('session', () => {
  it('keeps one random visitor key per browser', () => {
    const store = memoryStore();
    const key = visitorKey(store);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorKey(store)).toBe(key);
    expect(visitorKey(memoryStore())).not.toBe(key);
  });

  it('remembers the conversation per agent and channel, only as a UUID', () => {
    const store = memoryStore();
    saveConversationId(store, 'agent-a', 'web', CONVERSATION);
    expect(savedConversationId(store, 'agent-a', 'web')).toBe(CONVERSATION);
    expect(savedConversationId(store, 'agent-b', 'web')).toBeNull();
    expect(savedConversationId(store, 'agent-a', 'sandbox')).toBeNull();
    store.setItem('concierge.conversation.web.agent-a', 'not-a-uuid');
    expect(savedConversationId(store, 'agent-a', 'web')).toBeNull();
  });

  it('survives a storage that throws', () => {
    const hostile: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(visitorKey(hostile)).toMatch(/^[0-9a-f]{32}$/);
    expect(savedConversationId(hostile, 'a', 'web')).toBeNull();
    expect(() => saveConversationId(hostile, 'a', 'web', CONVERSATION)).not.toThrow();
  });
});

describe('api', () => {
  const endpoint = { supabaseUrl: 'http://127.0.0.1:54321/', anonKey: 'anon-key' };

  it('builds the agent-chat body with exactly one agent reference', () => {
    expect(turnBody({ id: 'a1', subdomain: 'demo' }, 'Hi', 'web', null)).toEqual({
      agentId: 'a1',
      message: 'Hi',
      channel: 'web',
    });
    expect(turnBody({ subdomain: 'demo' }, 'Hi', 'sandbox', CONVERSATION)).toEqual({
      subdomain: 'demo',
      conversationId: CONVERSATION,
      message: 'Hi',
      channel: 'sandbox',
    });
  });

  it('posts a turn with the visitor key and yields the streamed events', async () => {
    const seen: Request[] = [];
    const events: AgentChatEvent[] = [
      { event: 'meta', data: { conversationId: CONVERSATION, language: 'en', citations: [], offline: true } },
      { event: 'delta', data: { text: 'Hi' } },
      { event: 'done', data: { messageId: 'm1', usage: null } },
    ];
    const fetchFn: typeof fetch = async (input, init) => {
      seen.push(new Request(input, init));
      return new Response(events.map(encodeSseEvent).join(''), { headers: { 'content-type': 'text/event-stream' } });
    };
    const got: AgentChatEvent[] = [];
    for await (const e of sendTurn({
      endpoint,
      agent: { subdomain: 'demo' },
      message: 'Hello',
      channel: 'web',
      conversationId: null,
      visitorKey: 'k'.repeat(32),
      fetchFn,
    }))
      got.push(e);
    expect(got).toEqual(events);
    expect(seen[0]?.url).toBe('http://127.0.0.1:54321/functions/v1/agent-chat');
    expect(seen[0]?.headers.get(VISITOR_KEY_HEADER)).toBe('k'.repeat(32));
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer anon-key');
    await expect(seen[0]?.json()).resolves.toEqual({ subdomain: 'demo', message: 'Hello', channel: 'web' });
  });

  it('surfaces a 4xx before the stream as an AgentChatHttpError', async () => {
    const fetchFn: typeof fetch = async () =>
      Response.json({ error: { code: 'rate_limited', message: 'Wait 3 s' } }, { status: 429 });
    const run = async () => {
      for await (const _ of sendTurn({
        endpoint,
        agent: { subdomain: 'demo' },
        message: 'x',
        channel: 'web',
        conversationId: null,
        visitorKey: 'k',
        fetchFn,
      }))
        void _;
    };
    await expect(run()).rejects.toMatchObject({ status: 429, code: 'rate_limited', message: 'Wait 3 s' });
  });

  it('reloads earlier user and assistant messages through the RPC', async () => {
    let body: unknown;
    const fetchFn: typeof fetch = async (input, init) => {
      expect(String(input)).toBe('http://127.0.0.1:54321/rest/v1/rpc/public_conversation_messages');
      body = JSON.parse(String(init?.body));
      return Response.json([
        { id: '1', role: 'user', content: 'Hello', citations: null, metadata: {}, timestamp: '2026-11-21T20:00:00Z' },
        { id: '2', role: 'tool', content: '{}', citations: null, metadata: {}, timestamp: '2026-11-21T20:00:01Z' },
        {
          id: '3',
          role: 'assistant',
          content: 'Hi',
          citations: [{ document_id: 'd', name: 'menu.pdf', snippet: 's' }],
          metadata: { offline: true },
          timestamp: '2026-11-21T20:00:02Z',
        },
      ]);
    };
    const messages = await loadConversation({ endpoint, conversationId: CONVERSATION, visitorKey: 'k', fetchFn });
    expect(body).toEqual({ conversation_id: CONVERSATION, visitor_key: 'k' });
    expect(messages?.map((m) => [m.role, m.text, m.offline])).toEqual([
      ['user', 'Hello', false],
      ['assistant', 'Hi', true],
    ]);
    expect(messages?.[1]?.citations).toEqual([{ documentId: 'd', name: 'menu.pdf', snippet: 's' }]);
    await expect(
      loadConversation({
        endpoint,
        conversationId: CONVERSATION,
        visitorKey: 'k',
        fetchFn: async () => Response.json([]),
      }),
    ).resolves.toBeNull();
    expect(toChatMessages({ not: 'an array' })).toEqual([]);
  });
});

describe('conversation texts', () => {
  it('have the same keys in en and fr, none empty, with the apology for a failed turn', () => {
    expect(Object.keys(conversationCatalogues.fr).sort()).toEqual(Object.keys(conversationCatalogues.en).sort());
    for (const text of [...Object.values(conversationCatalogues.en), ...Object.values(conversationCatalogues.fr)])
      expect(text.trim()).not.toBe('');
    expect(conversationCatalogues.en.placeholder).toBe('Type your message...');
    expect(conversationCatalogues.fr.apology.startsWith("Je m'excuse")).toBe(true);
  });
});
