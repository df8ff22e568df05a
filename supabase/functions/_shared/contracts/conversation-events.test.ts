import { describe, expect, it } from 'vitest';
import { readLimitRefusal } from './limit-refusal.ts';
import {
  AgentChatHttpError,
  AgentChatProtocolError,
  encodeSseEvent,
  parseAgentChatEvents,
  parseSseMessages,
  readAgentChatResponse,
  sseBody,
  type AgentChatEvent,
} from './conversation-events.ts';

/** A body delivered in the given pieces, to exercise events split across reads. */
function bodyOf(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const turn: AgentChatEvent[] = [
  {
    event: 'meta',
    data: {
      conversationId: 'c1',
      language: 'fr',
      citations: [{ documentId: 'd1', name: 'menu.pdf', snippet: 'Ouvert\nle lundi' }],
      offline: false,
    },
  },
  { event: 'delta', data: { text: 'Bonjour ' } },
  { event: 'tool', data: { name: 'Calendar', status: 'running' } },
  { event: 'delta', data: { text: 'à « vous » 👋\n' } },
  {
    event: 'done',
    data: { messageId: 'm1', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3, modelCalls: 1 } },
  },
];

describe('agent-chat SSE', () => {
  it('encodes one event per block with a single JSON data line', () => {
    expect(encodeSseEvent({ event: 'delta', data: { text: 'a\nb' } })).toBe('event: delta\ndata: {"text":"a\\nb"}\n\n');
  });

  it('round-trips a turn through sseBody and the browser parser', async () => {
    async function* events() {
      yield* turn;
    }
    expect(await all(parseAgentChatEvents(sseBody(events())))).toEqual(turn);
  });

  it('parses events split at any byte, including inside a multi-byte character', async () => {
    const wire = turn.map(encodeSseEvent).join('');
    const bytes = new TextEncoder().encode(wire);
    for (const size of [1, 2, 3, 7, 64]) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
          controller.close();
        },
      });
      expect(await all(parseAgentChatEvents(stream))).toEqual(turn);
    }
  });

  it('follows the SSE rules: CRLF and CR line ends, comments, multi-line data, no trailing blank line', async () => {
    const messages = await all(
      parseSseMessages(
        bodyOf(': keep-alive\r\n\r\nevent: a\r\ndata: 1\r\ndata:2\r\n\r', '\nevent:b\rdata: x\r\rdata: last'),
      ),
    );
    expect(messages).toEqual([
      { event: 'a', data: '1\n2' },
      { event: 'b', data: 'x' },
      { event: 'message', data: 'last' },
    ]);
  });

  it('skips unknown events and rejects malformed JSON', async () => {
    expect(
      await all(parseAgentChatEvents(bodyOf('event: future\ndata: {}\n\nevent: delta\ndata: {"text":"a"}\n\n'))),
    ).toEqual([{ event: 'delta', data: { text: 'a' } }]);
    await expect(all(parseAgentChatEvents(bodyOf('event: delta\ndata: {oops\n\n')))).rejects.toBeInstanceOf(
      AgentChatProtocolError,
    );
  });

  it('turns a producer crash into a final error event', async () => {
    async function* events(): AsyncGenerator<AgentChatEvent> {
      yield { event: 'delta', data: { text: 'a' } };
      throw new Error('boom');
    }
    expect(await all(parseAgentChatEvents(sseBody(events())))).toEqual([
      { event: 'delta', data: { text: 'a' } },
      { event: 'error', data: { code: 'internal_error', message: 'boom' } },
    ]);
  });

  it('stops the producer when the reader cancels', async () => {
    let finished = false;
    async function* events(): AsyncGenerator<AgentChatEvent> {
      try {
        for (;;) yield { event: 'delta', data: { text: 'x' } };
      } finally {
        finished = true;
      }
    }
    const reader = sseBody(events()).getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });

  it('sends keep-alive comments while the turn is quiet', async () => {
    async function* events(): AsyncGenerator<AgentChatEvent> {
      await new Promise((resolve) => setTimeout(resolve, 120));
      yield { event: 'delta', data: { text: 'late' } };
    }
    const text = await new Response(sseBody(events(), { keepAliveMs: 30 })).text();
    expect(text).toContain(': keep-alive\n\n');
    expect(text.endsWith('event: delta\ndata: {"text":"late"}\n\n')).toBe(true);
  });

  it('reads an error response as AgentChatHttpError', async () => {
    const response = new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many messages.' } }), {
      status: 429,
      headers: { 'content-type': 'application/json' },
    });
    const failure = await all(readAgentChatResponse(response)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AgentChatHttpError);
    expect(failure).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many messages.' });
  });

  it('keeps the limit a refusal names and its Retry-After', async () => {
    const limit = { kind: 'chat_messages', scope: 'visitor', max: 10, perMinute: 20, retryAfterSeconds: 3 };
    const response = new Response(
      JSON.stringify({
        error: { code: 'rate_limited', message: 'You have reached the message limit.', details: { limit } },
      }),
      { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '3' } },
    );
    const failure = (await all(readAgentChatResponse(response)).catch((error: unknown) => error)) as AgentChatHttpError;
    expect(failure.retryAfterSeconds).toBe(3);
    expect(readLimitRefusal(failure.details)).toEqual(limit);
  });
});
