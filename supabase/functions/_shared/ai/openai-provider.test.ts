import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import {
  imageUrls,
  startFakeOpenAI,
  type ChatRequestBody,
  type FakeOpenAI,
} from '../../../../tests/fakes/openai/server.ts';
import { createAiProvider } from './factory.ts';
import { OpenAiProvider } from './openai-provider.ts';
import { OfflineProvider } from './offline-provider.ts';
import { ProviderError } from './errors.ts';
import type { ChatStreamEvent } from './types.ts';
import { cosineSimilarity } from '../text/lexical.ts';

let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.clearLog();
  fake.setDelays({ firstTokenDelayMs: 0, tokenDelayMs: 0 });
  fake.setChatResponder(null);
});

function provider(overrides: Partial<ConstructorParameters<typeof OpenAiProvider>[0]> = {}) {
  return new OpenAiProvider({
    kind: 'openai',
    apiKey: fake.apiKey,
    baseURL: fake.baseURL,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  });
}

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const hello = { model: 'gpt-test', messages: [{ role: 'user' as const, content: 'Hello there' }] };

describe('the fake OpenAI server, seen through the official SDK', () => {
  it('streams a reply chunk by chunk, then a usage chunk and [DONE]', async () => {
    const client = new OpenAI({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0 });
    fake.queueChat({ text: 'Our shop opens at nine.' });
    const stream = await client.chat.completions.create({
      ...hello,
      stream: true,
      stream_options: { include_usage: true },
    });
    const contents: string[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice?.delta.content) contents.push(choice.delta.content);
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(contents).toEqual(['Our ', 'shop ', 'opens ', 'at ', 'nine.']);
    expect(finish).toBe('stop');
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
    expect(usage?.completion_tokens).toBe(Math.ceil('Our shop opens at nine.'.length / 4));
  });

  it('answers non-streaming requests with a chat.completion body', async () => {
    const client = new OpenAI({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0 });
    const completion = await client.chat.completions.create(hello);
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toBe('echo: Hello there');
  });

  it('rejects a wrong key with 401 invalid_api_key', async () => {
    const client = new OpenAI({ apiKey: 'wrong', baseURL: fake.baseURL, maxRetries: 0 });
    const failure = await client.chat.completions.create(hello).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((failure as InstanceType<typeof OpenAI.APIError>).code).toBe('invalid_api_key');
  });

  it('returns base64 embeddings the SDK decodes into unit vectors that reflect word overlap', async () => {
    const client = new OpenAI({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0 });
    const result = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['opening hours of the bakery', 'bakery opening hours', 'refund policy for returns'],
    });
    expect(fake.requestsTo('embeddings')[0]?.body).toMatchObject({ encoding_format: 'base64' });
    const [a, b, c] = result.data.map((item) => Array.from(item.embedding));
    expect(a).toHaveLength(1536);
    const norm = Math.sqrt(a!.reduce((sum, x) => sum + x * x, 0));
    expect(norm).toBeCloseTo(1, 4);
    expect(cosineSimilarity(a!, b!)).toBeGreaterThan(0.6);
    expect(cosineSimilarity(a!, c!)).toBeLessThan(0.25);
  });

  it('refuses empty embedding inputs like OpenAI does', async () => {
    const client = new OpenAI({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0 });
    const failure = await client.embeddings.create({ model: 'm', input: ['ok', ''] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
  });
});

describe('OpenAiProvider', () => {
  it('streams deltas and reports usage and metadata', async () => {
    fake.queueChat({ text: 'Bonjour à vous' });
    const events = await collect(provider().streamChat(hello));
    expect(events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : ''))).toEqual([
      'Bonjour ',
      'à ',
      'vous',
    ]);
    const done = events.at(-1);
    expect(done).toMatchObject({
      type: 'done',
      finishReason: 'stop',
      metadata: { provider: 'openai', model: 'gpt-test', offline: false },
    });
    expect(done?.type === 'done' && done.usage?.totalTokens).toBeGreaterThan(0);
  });

  it('sends tools as function definitions and joins argument fragments into one tool call', async () => {
    fake.queueChat({
      toolCalls: [{ name: 'manage_calendar', arguments: { action: 'check_availability', date: '2026-12-01' } }],
    });
    const result = await provider().completeChat({
      ...hello,
      tools: [
        {
          name: 'manage_calendar',
          description: 'Calendar',
          parameters: { type: 'object', properties: { action: { type: 'string' } }, required: ['action'] },
        },
      ],
      temperature: 0.7,
    });
    expect(result.finishReason).toBe('tool_calls');
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]?.name).toBe('manage_calendar');
    expect(JSON.parse(result.toolCalls[0]!.arguments)).toEqual({ action: 'check_availability', date: '2026-12-01' });
    const sent = fake.requestsTo('chat')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.7,
      tool_choice: 'auto',
      tools: [{ type: 'function', function: { name: 'manage_calendar' } }],
    });
  });

  it('sends the assistant tool call and the tool result back in OpenAI message shape', async () => {
    const result = await provider().completeChat({
      model: 'gpt-test',
      messages: [
        { role: 'user', content: 'What time is it?' },
        { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'get_time', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'call_1', content: '{"time":"12:00"}' },
      ],
      temperature: 0.3,
    });
    expect(result.text).toBe('tool said: {"time":"12:00"}');
    const sent = fake.requestsTo('chat')[0]?.body as { messages: unknown[] };
    expect(sent.messages[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_time', arguments: '{}' } }],
    });
    expect(sent.messages[2]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '{"time":"12:00"}' });
  });

  it('retries a 429 after the Retry-After delay, then succeeds', async () => {
    fake.failNext('chat', { kind: 'status', status: 429, retryAfterSeconds: 0.2 });
    fake.queueChat({ text: 'ok' });
    const started = Date.now();
    const result = await provider().completeChat(hello);
    expect(result.text).toBe('ok');
    expect(fake.requestsTo('chat')).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('retries 500s with backoff and gives up after maxRetries with upstream_unavailable', async () => {
    fake.failNext('chat', ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
    const failure = await provider({ retry: { maxRetries: 2, baseDelayMs: 5 } })
      .completeChat(hello)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).code).toBe('upstream_unavailable');
    expect(fake.requestsTo('chat')).toHaveLength(3);
  });

  it('does not retry insufficient_quota, a 400 or a 401', async () => {
    fake.failNext('chat', { kind: 'status', status: 429, code: 'insufficient_quota' });
    const quota = await provider()
      .completeChat(hello)
      .catch((error: unknown) => error);
    expect((quota as ProviderError).code).toBe('quota_exceeded');
    fake.failNext('chat', { kind: 'status', status: 400 });
    const bad = await provider()
      .completeChat(hello)
      .catch((error: unknown) => error);
    expect((bad as ProviderError).code).toBe('bad_request');
    const auth = await provider({ apiKey: 'nope' })
      .completeChat(hello)
      .catch((error: unknown) => error);
    expect((auth as ProviderError).code).toBe('auth_failed');
    expect(fake.requestsTo('chat')).toHaveLength(3);
  });

  it('never retries once text has been streamed: a mid-stream drop is stream_interrupted', async () => {
    fake.failNext('chat', { kind: 'drop', afterChunks: 2 });
    fake.queueChat({ text: 'one two three four five' });
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const event of provider().streamChat(hello)) if (event.type === 'delta') seen.push(event.text);
    })().catch((error: unknown) => error);
    expect(seen).toEqual(['one ', 'two ']);
    expect((failure as ProviderError).code).toBe('stream_interrupted');
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });

  it('retries a stream that broke before any token was emitted', async () => {
    fake.failNext('chat', { kind: 'drop', afterChunks: 0 });
    fake.queueChat({ text: 'lost' }, { text: 'second try' });
    const result = await provider().completeChat(hello);
    expect(result.text).toBe('second try');
    expect(fake.requestsTo('chat')).toHaveLength(2);
  });

  it('turns an error event inside the stream into stream_interrupted when text was already shown', async () => {
    fake.failNext('chat', { kind: 'stream-error', afterChunks: 1 });
    fake.queueChat({ text: 'partial answer here' });
    const failure = await provider()
      .completeChat(hello)
      .catch((error: unknown) => error);
    expect((failure as ProviderError).code).toBe('stream_interrupted');
  });

  it('times out when the first token takes longer than the idle budget', async () => {
    fake.setDelays({ firstTokenDelayMs: 2_000 });
    const started = Date.now();
    const failure = await provider({ idleTimeoutMs: 150 })
      .completeChat(hello)
      .catch((error: unknown) => error);
    expect((failure as ProviderError).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('times out when the response headers do not come in time', async () => {
    fake.failNext('chat', { kind: 'slow', delayMs: 1_000 });
    const failure = await provider({ requestTimeoutMs: 150, retry: { maxRetries: 0 } })
      .completeChat(hello)
      .catch((error: unknown) => error);
    expect((failure as ProviderError).code).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    fake.setDelays({ firstTokenDelayMs: 1_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const failure = await provider()
      .completeChat({ ...hello, signal: controller.signal })
      .catch((error: unknown) => error);
    expect((failure as ProviderError).code).toBe('aborted');
  });

  it('embeds a batch in order, with 1536 dimensions requested for text-embedding-3 models', async () => {
    const result = await provider().embed({ model: 'text-embedding-3-small', inputs: ['alpha', 'beta'] });
    expect(result.vectors).toHaveLength(2);
    expect(result.vectors[0]).toHaveLength(1536);
    expect(cosineSimilarity(result.vectors[0]!, result.vectors[1]!)).toBeLessThan(0.5);
    expect(fake.requestsTo('embeddings')[0]?.body).toMatchObject({ dimensions: 1536, input: ['alpha', 'beta'] });
  });

  it('refuses embedding models whose vectors do not fit the 1536-dimension store', async () => {
    const compatible = provider({ kind: 'openai-compatible' });
    // The fake honours `dimensions`; a compatible server model with another size is simulated by
    // asking OpenAI kind for a non-3 model through a custom fetch that rewrites dimensions.
    const failure = await new OpenAiProvider({
      kind: 'openai-compatible',
      apiKey: fake.apiKey,
      baseURL: fake.baseURL,
      fetch: (input, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return fetch(input, { ...init, body: JSON.stringify({ ...body, dimensions: 768 }) });
      },
    })
      .embed({ model: 'nomic-embed-text', inputs: ['hello'] })
      .catch((error: unknown) => error);
    expect((failure as ProviderError).code).toBe('bad_request');
    expect((failure as ProviderError).message).toContain('768');
    const ok = await compatible.embed({ model: 'nomic-embed-text', inputs: ['hello'] });
    expect(fake.requestsTo('embeddings').at(-1)?.body).toMatchObject({ encoding_format: 'float' });
    expect(ok.metadata.provider).toBe('openai-compatible');
  });

  it('transcribes audio through multipart upload', async () => {
    fake.setTranscript((file) => `heard ${file.name}`);
    const result = await provider().transcribe({
      model: 'whisper-1',
      audio: new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'audio/webm' }),
      fileName: 'message.webm',
      language: 'fr',
    });
    expect(result.text).toBe('heard message.webm');
    expect(fake.requestsTo('transcriptions')[0]?.body).toMatchObject({ model: 'whisper-1', language: 'fr' });
  });

  it('shows a user turn’s images to the model as image_url content parts after its text', async () => {
    const url = 'data:image/png;base64,iVBORw0KGgo=';
    const result = await provider().completeChat({
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: 'earlier' },
        { role: 'user', content: '[image] What is this?', images: [{ url }] },
      ],
    });
    expect(result.text).toBe('echo: [image] What is this?');
    const body = fake.requestsTo('chat').at(-1)!.body as ChatRequestBody;
    expect((body.messages as unknown[]).at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: '[image] What is this?' },
        { type: 'image_url', image_url: { url } },
      ],
    });
    expect(imageUrls(body)).toEqual([url]);
    expect((body.messages as unknown[])[0]).toEqual({ role: 'user', content: 'earlier' });
  });

  it('gets an image OpenAI would refuse answered 400 by the fake, as a bad request', async () => {
    const failure = await provider()
      .completeChat({
        model: 'gpt-4.1',
        messages: [{ role: 'user', content: 'x', images: [{ url: 'http://twilio.example/Media/ME1' }] }],
      })
      .catch((error: unknown) => error);
    expect((failure as ProviderError).code).toBe('bad_request');
  });

  it('speaks text as Ogg/Opus with the chosen voice', async () => {
    const speech = await provider().synthesizeSpeech({
      model: 'gpt-4o-mini-tts',
      text: 'Hello there',
      voice: 'marin',
      format: 'opus',
    });
    expect(speech.contentType).toBe('audio/ogg');
    expect(speech.audio.type).toBe('audio/ogg');
    expect(new TextDecoder().decode(await speech.audio.arrayBuffer())).toBe('OggSfake-speech:Hello there');
    expect(fake.requestsTo('speech').at(-1)?.body).toEqual({
      model: 'gpt-4o-mini-tts',
      voice: 'marin',
      input: 'Hello there',
      response_format: 'opus',
    });
    const compatible = await provider({ kind: 'openai-compatible' })
      .synthesizeSpeech({ model: 'tts-1', text: 'x', voice: 'alloy', format: 'mp3' })
      .catch((error: unknown) => error);
    expect((compatible as ProviderError).code).toBe('unsupported');
    expect(provider({ kind: 'openai-compatible' }).capabilities.speech).toBe(false);
  });

  it('refuses transcription on an OpenAI-compatible server', async () => {
    const failure = await provider({ kind: 'openai-compatible' })
      .transcribe({ model: 'whisper-1', audio: new Blob([new Uint8Array([1])]), fileName: 'a.wav' })
      .catch((error: unknown) => error);
    expect((failure as ProviderError).code).toBe('unsupported');
  });
});

describe('createAiProvider', () => {
  it('picks OpenAI with a key, a compatible server with a base URL, offline with neither', () => {
    expect(createAiProvider({ OPENAI_API_KEY: 'sk-x' }).kind).toBe('openai');
    const compatible = createAiProvider({ OPENAI_BASE_URL: 'http://localhost:11434/v1' });
    expect(compatible.kind).toBe('openai-compatible');
    expect(compatible.capabilities).toMatchObject({ transcription: false, realtime: false });
    expect(createAiProvider({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'https://api.openai.com/v1' }).kind).toBe(
      'openai',
    );
    const offline = createAiProvider({ OPENAI_API_KEY: '  ' });
    expect(offline).toBeInstanceOf(OfflineProvider);
    expect(offline.capabilities.offline).toBe(true);
    expect(createAiProvider({ OPENAI_API_KEY: 'sk-x' }).capabilities.realtime).toBe(true);
  });

  it('lets AI_PROVIDER force a choice and rejects nonsense configuration', () => {
    expect(createAiProvider({ AI_PROVIDER: 'offline', OPENAI_API_KEY: 'sk-x' }).kind).toBe('offline');
    expect(
      createAiProvider({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }).kind,
    ).toBe('openai');
    expect(() => createAiProvider({ AI_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => createAiProvider({ AI_PROVIDER: 'claude' })).toThrow(/AI_PROVIDER/);
    expect(() => createAiProvider({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });
});
