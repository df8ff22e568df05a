// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeSseEvent, type AgentChatEvent } from '@contracts/conversation-events.ts';
import { MAX_MESSAGE_LENGTH } from '@contracts/agent-chat.ts';
import { ChatView } from './ChatView.tsx';
import type { KeyValueStore } from './session.ts';

const CONVERSATION = '3f2c1c7e-8d2a-4b1e-9a55-0c6f4f9d2a10';
const endpoint = { supabaseUrl: 'http://api.test', anonKey: 'anon' };

function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A fake agent-chat whose stream the test pushes event by event. */
function controllableStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const bodies: unknown[] = [];
  const fetchFn: typeof fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  const push = async (event: AgentChatEvent) => {
    await act(async () => {
      controller.enqueue(new TextEncoder().encode(encodeSseEvent(event)));
      await new Promise((r) => setTimeout(r, 10));
    });
  };
  const close = async () => act(async () => controller.close());
  return { fetchFn, push, close, bodies };
}

afterEach(cleanup);

describe('ChatView', () => {
  it('sends on Enter, streams tokens, shows typing, citations and the offline label', async () => {
    const stream = controllableStream();
    render(
      <ChatView
        endpoint={endpoint}
        agent={{ subdomain: 'demo', name: 'Clara' }}
        channel="web"
        locale="en"
        store={memoryStore()}
        fetchFn={stream.fetchFn}
      />,
    );
    const input = screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement;

    // Blank text is ignored; Shift+Enter is a line break, not a send.
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(stream.bodies).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'Table for two?' } });
    expect(fireEvent.keyDown(input, { key: 'Enter', shiftKey: true })).toBe(true);
    expect(stream.bodies).toHaveLength(0);

    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(stream.bodies).toEqual([{ subdomain: 'demo', message: 'Table for two?', channel: 'web' }]);
    expect(input.value).toBe('');
    expect(screen.getByTestId('chat-typing')).toBeTruthy();
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);

    await stream.push({
      event: 'meta',
      data: {
        conversationId: CONVERSATION,
        language: 'en',
        offline: true,
        citations: [{ documentId: 'd1', name: 'menu.pdf', snippet: 'Soups' }],
      },
    });
    await stream.push({ event: 'delta', data: { text: 'Yes, ' } });
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    expect(screen.getAllByTestId('chat-message-assistant')[0]?.textContent).toContain('Yes, ');
    await stream.push({ event: 'delta', data: { text: 'we have room.' } });
    await stream.push({ event: 'done', data: { messageId: 'm1', usage: null } });
    await stream.close();

    const reply = screen.getAllByTestId('chat-message-assistant')[0]!;
    expect(reply.textContent).toContain('Yes, we have room.');
    expect(screen.getByTestId('chat-citation').textContent).toBe('menu.pdf');
    expect(screen.getByTestId('chat-offline').textContent).toBe('Offline answer');
    expect(reply.querySelector('time')?.textContent).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('shows the apology in French when the function fails', async () => {
    const fetchFn: typeof fetch = async () =>
      Response.json({ error: { code: 'internal_error', message: 'boom' } }, { status: 500 });
    render(
      <ChatView
        endpoint={endpoint}
        agent={{ subdomain: 'demo', name: 'Clara' }}
        channel="web"
        locale="fr"
        store={memoryStore()}
        fetchFn={fetchFn}
      />,
    );
    const input = screen.getByPlaceholderText('Tapez votre message...');
    fireEvent.change(input, { target: { value: 'Bonjour' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getAllByTestId('chat-message-assistant')[0]?.textContent).toContain("Je m'excuse");
  });

  it('reloads the saved conversation for this agent', async () => {
    const store = memoryStore();
    store.setItem('concierge.conversation.web.demo', CONVERSATION);
    const fetchFn: typeof fetch = async () =>
      Response.json([
        {
          id: '1',
          role: 'user',
          content: 'Earlier question',
          citations: null,
          metadata: {},
          timestamp: '2026-11-21T19:00:00Z',
        },
        {
          id: '2',
          role: 'assistant',
          content: 'Earlier answer',
          citations: null,
          metadata: {},
          timestamp: '2026-11-21T19:00:05Z',
        },
      ]);
    render(
      <ChatView
        endpoint={endpoint}
        agent={{ subdomain: 'demo', name: 'Clara' }}
        channel="web"
        locale="en"
        store={store}
        fetchFn={fetchFn}
      />,
    );
    expect((await screen.findByText('Earlier answer')).textContent).toBe('Earlier answer');
    expect(screen.getByText('Earlier question')).toBeTruthy();
  });
  it('sandbox options: greeting bubble, composer addon with send, stream events and state, disabled input', async () => {
    const stream = controllableStream();
    const events: string[] = [];
    const counts: number[] = [];
    const { rerender } = render(
      <ChatView
        endpoint={{ ...endpoint, accessToken: 'owner-token' }}
        agent={{ id: '0b8c2a47-62d5-4f0e-8f8c-2f3c1b7d9e01', name: 'Clara' }}
        channel="sandbox"
        locale="en"
        store={null}
        fetchFn={stream.fetchFn}
        greeting="Hi there! I'm Clara. How can I assist you today?"
        composerAddon={({ send }) => (
          <button type="button" onClick={() => void send('from the microphone')}>
            mic
          </button>
        )}
        composerNote={<p>Failed to start recording</p>}
        onEvent={(e) => events.push(e.event)}
        onStateChange={(s) => counts.push(s.messages.length)}
      />,
    );
    expect(screen.getByTestId('chat-greeting').textContent).toBe("Hi there! I'm Clara. How can I assist you today?");
    expect(screen.queryByText('Start the conversation')).toBeNull();
    expect(screen.getByText('Failed to start recording')).toBeTruthy();
    fireEvent.click(screen.getByText('mic'));
    await stream.push({
      event: 'meta',
      data: { conversationId: CONVERSATION, language: 'en', offline: false, citations: [] },
    });
    await stream.push({ event: 'tool', data: { name: 'get_time', status: 'running' } });
    await stream.push({ event: 'delta', data: { text: 'It is noon.' } });
    await stream.push({ event: 'done', data: { messageId: 'm1', usage: null } });
    await stream.close();
    expect(stream.bodies[0]).toMatchObject({ message: 'from the microphone', channel: 'sandbox' });
    expect(events).toEqual(['meta', 'tool', 'delta', 'done']);
    // The owner's test conversations are never rated (they must not move the owner's satisfaction).
    expect(screen.queryByTestId('rating-chat')).toBeNull();
    expect(counts.at(-1)).toBe(2);
    expect(screen.getAllByTestId('chat-message-assistant').at(-1)?.textContent).toContain('It is noon.');

    rerender(
      <ChatView
        endpoint={endpoint}
        agent={{ id: '0b8c2a47-62d5-4f0e-8f8c-2f3c1b7d9e01', name: 'Clara' }}
        channel="sandbox"
        locale="en"
        store={null}
        fetchFn={stream.fetchFn}
        inputDisabled
      />,
    );
    const input = screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement;
    expect(input.disabled).toBe(true);
  });

  it('offers a 1-5 rating once the agent answered (French, keyboard), sends it with the visitor key, thanks and lets the visitor change it', async () => {
    const stream = controllableStream();
    const ratings: { body: unknown; visitor: string | null }[] = [];
    let failNext = false;
    const fetchFn: typeof fetch = async (input, init) => {
      if (!String(input).endsWith('/agent-chat/rating')) return stream.fetchFn(input, init);
      ratings.push({ body: JSON.parse(String(init?.body)), visitor: new Headers(init?.headers).get('x-visitor-key') });
      if (failNext) return Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 });
      return Response.json({ satisfaction: 0.5 });
    };
    const store = memoryStore();
    render(
      <ChatView
        endpoint={endpoint}
        agent={{ subdomain: 'demo', name: 'Clara' }}
        channel="web"
        locale="fr"
        store={store}
        fetchFn={fetchFn}
      />,
    );
    const input = screen.getByPlaceholderText('Tapez votre message...');
    fireEvent.change(input, { target: { value: 'Bonjour' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await stream.push({
      event: 'meta',
      data: { conversationId: CONVERSATION, language: 'fr', offline: false, citations: [] },
    });
    // No rating before the agent has answered.
    expect(screen.queryByTestId('rating-chat')).toBeNull();
    await stream.push({ event: 'delta', data: { text: 'Bonjour !' } });
    await stream.push({ event: 'done', data: { messageId: 'm1', usage: null } });
    await stream.close();

    expect(screen.getByText("Comment s'est passée cette conversation ?")).toBeTruthy();
    const three = screen.getByRole('button', { name: 'Noter 3 sur 5' });
    // The arrow keys move between the stars; Enter on a button is a click.
    three.focus();
    fireEvent.keyDown(three, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Noter 4 sur 5' }));
    await act(async () => {
      fireEvent.click(three);
    });
    const visitor = store.getItem('concierge.visitorKey');
    expect(ratings).toEqual([{ body: { conversationId: CONVERSATION, rating: 3 }, visitor }]);
    expect(screen.getByTestId('rating-chat-status').textContent).toContain('Merci pour votre avis');
    expect(three.getAttribute('aria-pressed')).toBe('true');

    failNext = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Noter 5 sur 5' }));
    });
    expect(screen.getByTestId('rating-chat-status').textContent).toBe(
      "Votre note n'a pas pu être envoyée. Veuillez réessayer.",
    );
    failNext = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Noter 5 sur 5' }));
    });
    expect(ratings.map((r) => (r.body as { rating: number }).rating)).toEqual([3, 5, 5]);
    expect(screen.getByRole('button', { name: 'Noter 5 sur 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('rating-chat-status').textContent).toContain('Merci');
  });

  it('signs the rating with the current access token after the session was refreshed', async () => {
    const stream = controllableStream();
    const authorizations: (string | null)[] = [];
    const fetchFn: typeof fetch = async (input, init) => {
      if (!String(input).endsWith('/agent-chat/rating')) return stream.fetchFn(input, init);
      authorizations.push(new Headers(init?.headers).get('authorization'));
      return Response.json({ satisfaction: 1 });
    };
    const view = (accessToken: string) => (
      <ChatView
        endpoint={{ ...endpoint, accessToken }}
        agent={{ subdomain: 'demo', name: 'Clara' }}
        channel="web"
        locale="en"
        store={memoryStore()}
        fetchFn={fetchFn}
      />
    );
    const { rerender } = render(view('expired-token'));
    const input = screen.getByPlaceholderText('Type your message...');
    fireEvent.change(input, { target: { value: 'Hello' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await stream.push({
      event: 'meta',
      data: { conversationId: CONVERSATION, language: 'en', offline: false, citations: [] },
    });
    await stream.push({ event: 'delta', data: { text: 'Hi!' } });
    await stream.push({ event: 'done', data: { messageId: 'm1', usage: null } });
    await stream.close();

    // The session refreshed: same conversation, same endpoint fields but the token.
    rerender(view('fresh-token'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Rate 5 out of 5' }));
    });
    expect(authorizations).toEqual(['Bearer fresh-token']);
  });

  describe('limits shown before they bite', () => {
    const view = (fetchFn: typeof fetch, locale: 'en' | 'fr' = 'en', store = memoryStore()) =>
      render(
        <ChatView
          endpoint={endpoint}
          agent={{ subdomain: 'demo', name: 'Clara' }}
          channel="web"
          locale={locale}
          store={store}
          fetchFn={fetchFn}
        />,
      );
    const send = async (input: HTMLElement, text: string) => {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => {
        fireEvent.submit(input.closest('form')!);
        await new Promise((r) => setTimeout(r, 20));
      });
    };
    const never: typeof fetch = async () => {
      throw new Error('not sent');
    };

    it('the counter reads the message length against the server limit and the input refuses more', () => {
      view(never);
      const input = screen.getByTestId('chat-input') as HTMLTextAreaElement;
      expect(screen.getByTestId('chat-counter-count').textContent).toBe(`0 / 4,000`);
      expect(input.getAttribute('aria-describedby')).toBe(screen.getByTestId('chat-counter').id);
      fireEvent.change(input, { target: { value: 'x'.repeat(3_600) } });
      expect(screen.getByTestId('chat-counter').getAttribute('data-level')).toBe('near');
      fireEvent.change(input, { target: { value: 'y'.repeat(MAX_MESSAGE_LENGTH + 250) } });
      expect(input.value).toHaveLength(MAX_MESSAGE_LENGTH);
      expect(screen.getByTestId('chat-counter-count').textContent).toBe('4,000 / 4,000');
      expect(screen.getByTestId('chat-counter-full').textContent).toContain('Limit reached: 4,000 characters at most.');
    });

    it('a French visitor reads French digit grouping', () => {
      view(never, 'fr');
      fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'x'.repeat(1_234) } });
      expect(screen.getByTestId('chat-counter-count').textContent?.replace(/\u202f/g, ' ')).toBe('1 234 / 4 000');
    });

    it('a rate-limited message names the limit and when to write again', async () => {
      const limit = { kind: 'chat_messages', scope: 'visitor', max: 10, perMinute: 20, retryAfterSeconds: 3 };
      view(async () =>
        Response.json(
          { error: { code: 'rate_limited', message: 'You have reached the message limit.', details: { limit } } },
          { status: 429, headers: { 'retry-after': '3' } },
        ),
      );
      await send(screen.getByTestId('chat-input'), 'One more?');
      expect(screen.getAllByTestId('chat-message-assistant')[0]?.textContent).toContain(
        'You have reached the message limit: 10 messages at once, then 20 a minute. You can write again in 3 seconds.',
      );
    });

    it('a 429 from an older server without details still says when to write again, in French', async () => {
      view(
        async () =>
          Response.json(
            { error: { code: 'rate_limited', message: 'Too many.' } },
            { status: 429, headers: { 'retry-after': '120' } },
          ),
        'fr',
      );
      await send(screen.getByTestId('chat-input'), 'Encore ?');
      expect(screen.getAllByTestId('chat-message-assistant')[0]?.textContent).toContain(
        'Trop de demandes pour le moment. Vous pourrez réessayer dans 2 minutes.',
      );
    });

    it('a message over the length limit (sent by the sandbox microphone) names the limit', async () => {
      const limit = { kind: 'message_length', max: MAX_MESSAGE_LENGTH };
      view(async () =>
        Response.json({ error: { code: 'invalid_request', message: 'too long', details: { limit } } }, { status: 400 }),
      );
      await send(screen.getByTestId('chat-input'), 'hello');
      expect(screen.getAllByTestId('chat-message-assistant')[0]?.textContent).toContain(
        'Your message is over the limit of 4,000 characters.',
      );
    });

    it('a full conversation says its limit, and the next message starts a new conversation', async () => {
      const store = memoryStore();
      store.setItem(`concierge.conversation.web.demo`, CONVERSATION);
      const bodies: Record<string, unknown>[] = [];
      let answer = 0;
      const fetchFn: typeof fetch = async (input, init) => {
        if (String(input).includes('/rest/v1/'))
          return Response.json([
            {
              id: 'm1',
              role: 'user',
              content: 'Earlier',
              citations: null,
              metadata: null,
              timestamp: '2026-01-01T10:00:00Z',
            },
          ]);
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        answer++;
        return answer === 1
          ? Response.json(
              {
                error: {
                  code: 'conversation_full',
                  message: 'full',
                  details: { limit: { kind: 'conversation_messages', max: 200 } },
                },
              },
              { status: 409 },
            )
          : Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 });
      };
      view(fetchFn, 'en', store);
      await act(async () => new Promise((r) => setTimeout(r, 20)));
      const input = screen.getByTestId('chat-input');
      await send(input, 'One more');
      expect(screen.getAllByTestId('chat-message-assistant')[0]?.textContent).toContain(
        'This conversation has reached its limit of 200 messages. Your next message starts a new conversation.',
      );
      await send(input, 'Hello again');
      expect(bodies[0]?.conversationId).toBe(CONVERSATION);
      expect(bodies[1]?.conversationId).toBeUndefined();
    });
  });
});
