import { describe, expect, it } from 'vitest';
import { createOpenAiRealtime, providerCallIdOf } from './openai-realtime.ts';

const ANSWER = 'v=0\r\ns=answer\r\n';

/** Answers every request with `respond` and keeps what was asked. */
function api(respond: (url: string) => Response) {
  const asked: { url: string; method: string; authorization: string | null }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push({ url, method: init?.method ?? 'GET', authorization: new Headers(init?.headers).get('authorization') });
    return respond(url);
  }) as typeof fetch;
  return { asked, provider: createOpenAiRealtime({ apiKey: 'sk-test', baseUrl: 'http://openai.test/v1/', fetchFn }) };
}

describe('OpenAI realtime calls', () => {
  it('reads the call id from the Location header, relative or absolute', () => {
    expect(providerCallIdOf('/v1/realtime/calls/rtc_abc123')).toBe('rtc_abc123');
    expect(providerCallIdOf('https://api.openai.com/v1/realtime/calls/rtc_X-9/')).toBe('rtc_X-9');
    expect(providerCallIdOf(null)).toBeNull();
    expect(providerCallIdOf('/v1/realtime/calls/rtc_bad id')).toBeNull();
  });

  it('creates a call and keeps its id; refuses an answer without one (it could never be hung up)', async () => {
    const { provider } = api(
      () => new Response(ANSWER, { status: 201, headers: { location: '/v1/realtime/calls/rtc_1' } }),
    );
    await expect(provider.createCall('v=0\r\n', {})).resolves.toEqual({ sdp: ANSWER, providerCallId: 'rtc_1' });
    const { provider: noLocation } = api(() => new Response(ANSWER, { status: 201 }));
    await expect(noLocation.createCall('v=0\r\n', {})).rejects.toThrow(/Location/);
  });

  it('hangs up with POST /realtime/calls/{id}/hangup; 404 means the call is already gone; other errors throw', async () => {
    const { provider, asked } = api((url) =>
      url.includes('rtc_gone')
        ? new Response('{}', { status: 404 })
        : url.includes('rtc_down')
          ? new Response('{}', { status: 500 })
          : new Response('{}'),
    );
    await expect(provider.hangUp('rtc_1')).resolves.toBe('hung_up');
    expect(asked[0]).toEqual({
      url: 'http://openai.test/v1/realtime/calls/rtc_1/hangup',
      method: 'POST',
      authorization: 'Bearer sk-test',
    });
    await expect(provider.hangUp('rtc_gone')).resolves.toBe('gone');
    await expect(provider.hangUp('rtc_down')).rejects.toThrow(/500/);
  });
});
