/**
 * The fake OpenAI server at the byte level: what a non-SDK client (curl, another language, a
 * compatible-server parser) would see must match OpenAI's wire format (chat completions, embeddings,
 * audio).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ maxBodyBytes: 64 * 1024, maxLoggedRequests: 5 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.clearLog();
  fake.setDelays({ firstTokenDelayMs: 0, tokenDelayMs: 0 });
});

const auth = { authorization: 'Bearer test-key', 'content-type': 'application/json' };

function post(path: string, body: unknown, headers: Record<string, string> = auth): Promise<Response> {
  return fetch(`${fake.baseURL}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Reads an SSE body, noting when each `data:` event arrived (ms after the headers). */
/** Reads SSE data events, timing each from `started` (default: when reading begins). */
async function readEvents(response: Response, started = performance.now()): Promise<{ data: string; at: number }[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: { data: string; at: number }[] = [];
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      expect(block.startsWith('data: ')).toBe(true);
      events.push({ data: block.slice(6), at: performance.now() - started });
    }
  }
  expect(buffer).toBe('');
  return events;
}

describe('fake OpenAI wire format', () => {
  it('streams chat.completion.chunk events: role chunk, one chunk per word, finish, usage, [DONE]', async () => {
    fake.queueChat({ text: 'Hello there' });
    const response = await post('/chat/completions', {
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = await readEvents(response);
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as Record<string, unknown>);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ id: chunks[0]!.id, object: 'chat.completion.chunk', model: 'gpt-test' });
      expect(chunk).toHaveProperty('usage');
    }
    expect(chunks.map((chunk) => (chunk.choices as { delta: unknown; finish_reason: unknown }[])[0] ?? null)).toEqual([
      { index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null },
      { index: 0, delta: { content: 'Hello ' }, logprobs: null, finish_reason: null },
      { index: 0, delta: { content: 'there' }, logprobs: null, finish_reason: null },
      { index: 0, delta: {}, logprobs: null, finish_reason: 'stop' },
      null,
    ]);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 1, completion_tokens: 3, total_tokens: 4 },
    });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  it('sends no usage field at all without stream_options.include_usage', async () => {
    const response = await post('/chat/completions', {
      model: 'm',
      messages: [{ role: 'user', content: 'a' }],
      stream: true,
    });
    const chunks = (await readEvents(response)).slice(0, -1).map((event) => JSON.parse(event.data) as object);
    expect(chunks.some((chunk) => 'usage' in chunk)).toBe(false);
  });

  it('streams tool calls as id+name first, then argument fragments that join into the JSON', async () => {
    fake.queueChat({
      toolCalls: [
        { name: 'get_time', arguments: { format: 'iso' } },
        { name: 'send_email', arguments: '{"to":"a@b.c"}' },
      ],
    });
    const response = await post('/chat/completions', {
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    const deltas = (await readEvents(response))
      .slice(0, -1)
      .map(
        (event) =>
          (JSON.parse(event.data) as { choices: { delta: { tool_calls?: unknown[] }; finish_reason: string | null }[] })
            .choices[0]!,
      );
    const fragments = deltas.flatMap(
      (choice) =>
        (choice.delta.tool_calls ?? []) as {
          index: number;
          id?: string;
          function: { name?: string; arguments: string };
        }[],
    );
    const byIndex = new Map<number, { id?: string; name?: string; args: string }>();
    for (const fragment of fragments) {
      const entry = byIndex.get(fragment.index);
      if (!entry) {
        expect(fragment).toMatchObject({ type: 'function', function: { arguments: '' } });
        expect(fragment.id).toMatch(/^call_/);
        byIndex.set(fragment.index, { id: fragment.id, name: fragment.function.name, args: '' });
      } else {
        expect(fragment.id).toBeUndefined();
        entry.args += fragment.function.arguments;
      }
    }
    expect([...byIndex.values()].map((call) => [call.name, JSON.parse(call.args)])).toEqual([
      ['get_time', { format: 'iso' }],
      ['send_email', { to: 'a@b.c' }],
    ]);
    expect(deltas.at(-1)?.finish_reason).toBe('tool_calls');
  });

  it('waits the first-token delay, then the per-token delay between words', async () => {
    fake.setDelays({ firstTokenDelayMs: 300, tokenDelayMs: 40 });
    fake.queueChat({ text: 'one two three' });
    // Timed from the request so a loaded machine (late headers, coalesced reads) can only make
    // events later, never earlier: every bound below is a lower bound the server guarantees.
    const sent = performance.now();
    const response = await post('/chat/completions', {
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    const events = await readEvents(response, sent);
    // events[0] is the role chunk (sent with the headers), then one, two, three.
    const words = events
      .slice(1, 4)
      .map((e) => (JSON.parse(e.data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content);
    expect(words.join('')).toBe('one two three');
    expect(events[1]!.at).toBeGreaterThanOrEqual(295);
    expect(events[2]!.at).toBeGreaterThanOrEqual(295 + 40);
    expect(events[3]!.at).toBeGreaterThanOrEqual(295 + 80);
  });

  it("uses OpenAI's error body and Retry-After headers for injected faults", async () => {
    fake.failNext('chat', { kind: 'status', status: 429, retryAfterSeconds: 2, retryAfterMs: 2000 });
    const limited = await post('/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('retry-after-ms')).toBe('2000');
    expect(await limited.json()).toEqual({
      error: { message: 'Fake fault 429', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' },
    });
    fake.failNext('embeddings', { kind: 'status', status: 500 });
    const broken = await post('/embeddings', { model: 'm', input: 'x' });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toMatchObject({ error: { type: 'server_error' } });
  });

  it('refuses bad requests like OpenAI: auth, unknown routes, bad JSON, missing fields, oversized bodies', async () => {
    expect((await post('/chat/completions', {}, { 'content-type': 'application/json' })).status).toBe(401);
    const unknown = await post('/models/none', {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'unknown_url' } });
    const badJson = await fetch(`${fake.baseURL}/chat/completions`, {
      method: 'POST',
      headers: auth,
      body: '{"model":',
    });
    expect(badJson.status).toBe(400);
    expect((await post('/chat/completions', { messages: [{ role: 'user', content: 'x' }] })).status).toBe(400);
    expect((await post('/chat/completions', { model: 'm', messages: [] })).status).toBe(400);
    const huge = await post('/embeddings', { model: 'm', input: 'x'.repeat(70 * 1024) });
    expect(huge.status).toBe(413);
  });

  it('returns float embeddings on request and validates inputs', async () => {
    const floats = await post('/embeddings', {
      model: 'text-embedding-3-small',
      input: ['a', 'b'],
      encoding_format: 'float',
      dimensions: 8,
    });
    const body = (await floats.json()) as {
      object: string;
      data: { index: number; embedding: number[] }[];
      usage: object;
    };
    expect(body.object).toBe('list');
    expect(body.data.map((item) => [item.index, item.embedding.length])).toEqual([
      [0, 8],
      [1, 8],
    ]);
    expect(body.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 });
    const tooMany = await post('/embeddings', { model: 'm', input: Array.from({ length: 2049 }, () => 'x') });
    expect(tooMany.status).toBe(400);
    expect((await post('/embeddings', { model: 'm', input: [1, 2] })).status).toBe(400);
  });

  it('transcribes multipart uploads, honouring response_format text', async () => {
    fake.setTranscript('bonjour je voudrais réserver');
    const form = new FormData();
    form.set('file', new File([new Uint8Array([1, 2, 3])], 'voice.webm', { type: 'audio/webm' }));
    form.set('model', 'whisper-1');
    form.set('response_format', 'text');
    const response = await fetch(`${fake.baseURL}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key' },
      body: form,
    });
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toBe('bonjour je voudrais réserver');
    expect(fake.requestsTo('transcriptions')[0]?.body).toEqual({
      file: { name: 'voice.webm', size: 3, type: 'audio/webm' },
      model: 'whisper-1',
      response_format: 'text',
    });
    const noFile = new FormData();
    noFile.set('model', 'whisper-1');
    const missing = await fetch(`${fake.baseURL}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key' },
      body: noFile,
    });
    expect(missing.status).toBe(400);
  });

  it('keeps its request log and queues bounded', async () => {
    for (let i = 0; i < 8; i++) await post('/embeddings', { model: 'm', input: `text ${i}` });
    expect(fake.requests).toHaveLength(5);
    expect((fake.requests.at(-1)?.body as { input: string }).input).toBe('text 7');
    expect(() => fake.queueChat(...Array.from({ length: 1_001 }, () => ({ text: 'x' })))).toThrow(/queue limit/);
  });

  it('drops the connection mid-stream when told to', async () => {
    fake.failNext('chat', { kind: 'drop', afterChunks: 1 });
    fake.queueChat({ text: 'a b c d' });
    const response = await post('/chat/completions', {
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    await expect(readEvents(response)).rejects.toThrow();
  });
});
