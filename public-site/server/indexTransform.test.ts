import { describe, expect, it } from 'vitest';
import { createAgentIndexTransform } from './indexTransform.ts';

const html = '<!doctype html><html><head><title>Concierge</title></head><body><div id="root"></div></body></html>';

function transform(answer: () => Promise<Response>, calls: string[] = []) {
  return createAgentIndexTransform({
    supabaseUrl: 'http://api.test',
    supabaseAnonKey: 'anon',
    fetchFn: async (_input, init) => {
      calls.push(String(init?.body));
      return answer();
    },
  });
}

describe('createAgentIndexTransform', () => {
  it('injects the head of the agent named by the host', async () => {
    const calls: string[] = [];
    const out = await transform(
      async () => Response.json({ name: 'Clara', subdomain: 'demo', branding: { meta_title: 'Bistrot' } }),
      calls,
    )(html, {
      url: '/about?x=1',
      headers: { host: 'demo.localhost:5181' },
    });
    expect(calls).toEqual(['{"subdomain":"demo"}']);
    expect(out.html).toContain('<title>Bistrot</title>');
    expect(out.html).toContain('<link rel="canonical" href="http://demo.localhost:5181/" />');
    expect(out).toMatchObject({ status: 200, trackers: [] });
  });

  it('names the trackers the agent enabled, for the CSP, without writing their scripts', async () => {
    const out = await transform(async () =>
      Response.json({
        name: 'Clara',
        subdomain: 'demo',
        branding: { integrations: { google_analytics: { enabled: true, value: 'G-ABCDEF1234' } } },
      }),
    )(html, { url: '/', headers: { host: 'demo.localhost:5181' } });
    expect(out.trackers).toEqual(['googleAnalytics']);
    expect(out.html).not.toContain('<script');
  });

  it('answers unknown agents and agent-less hosts with a noindex 404', async () => {
    const unknown = await transform(async () => Response.json(null))(html, {
      url: '/',
      headers: { host: 'nope.localhost:5181' },
    });
    expect(unknown.html).toContain('noindex');
    expect(unknown.status).toBe(404);
    const calls: string[] = [];
    const bare = await transform(async () => Response.json(null), calls)(html, {
      url: '/',
      headers: { host: 'localhost:5181' },
    });
    expect(bare.html).toContain('noindex');
    expect(bare.status).toBe(404);
    expect(calls).toEqual([]);
  });

  it('serves the page unchanged when the database fails', async () => {
    const out = await transform(async () => new Response('down', { status: 503 }))(html, {
      url: '/',
      headers: { host: 'demo.localhost' },
    });
    expect(out).toEqual({ html, status: 200, trackers: [] });
  });
});
