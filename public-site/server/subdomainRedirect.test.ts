import { describe, expect, it } from 'vitest';
import { createSubdomainRedirect } from './subdomainRedirect.ts';

function redirectWith(answer: string, status = 200) {
  const calls: string[] = [];
  const redirect = createSubdomainRedirect({
    supabaseUrl: () => 'http://api.test',
    supabaseAnonKey: () => 'anon',
    fetchFn: (async (_url: string, init: { body: string }) => {
      calls.push(init.body);
      return new Response(answer, { status });
    }) as unknown as typeof fetch,
  });
  return { redirect, calls };
}

describe('renamed subdomain redirect', () => {
  it('a page on the old subdomain answers 302 (kept by nobody) to the same path and query on the new one', async () => {
    const { redirect, calls } = redirectWith('"new-name"');
    const answer = await redirect({ url: '/chat?x=1', headers: { host: 'old-name.localhost:5181' } });
    expect(answer).toMatchObject({
      status: 302,
      headers: { location: 'http://new-name.localhost:5181/chat?x=1', 'cache-control': 'no-store' },
    });
    expect(calls).toEqual([JSON.stringify({ subdomain: 'old-name' })]);
  });

  it('the widget script URL follows too, over https behind a proxy', async () => {
    const { redirect } = redirectWith('"new-name"');
    const answer = await redirect({
      url: '/api/live-audio-widget',
      headers: { host: 'old-name.agents.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(answer?.headers.location).toBe('https://new-name.agents.example.com/api/live-audio-widget');
  });

  it('no redirect without one, for files, for the main host, or when the lookup fails', async () => {
    expect(await redirectWith('null').redirect({ url: '/', headers: { host: 'shop.localhost' } })).toBeNull();
    expect(await redirectWith('').redirect({ url: '/', headers: { host: 'shop.localhost' } })).toBeNull();
    const { redirect, calls } = redirectWith('"new-name"');
    expect(await redirect({ url: '/assets/app.js', headers: { host: 'old.localhost' } })).toBeNull();
    expect(await redirect({ url: '/test-agent', headers: { host: 'localhost:5181' } })).toBeNull();
    expect(calls).toEqual([]);
    expect(await redirectWith('oops', 500).redirect({ url: '/', headers: { host: 'old.localhost' } })).toBeNull();
    expect(
      await redirectWith('"evil.example.com/x"').redirect({ url: '/', headers: { host: 'old.localhost' } }),
    ).toBeNull();
  });
});
