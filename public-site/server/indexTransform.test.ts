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
    expect(out.injectedScripts).toEqual([]);
  });

  it("names the tracking snippets it inserted, and only those, not the template's own scripts", async () => {
    const template = html.replace('</head>', '<script>window.fromTemplate = 1;</script></head>');
    const out = await transform(async () =>
      Response.json({
        name: 'Clara',
        subdomain: 'demo',
        branding: { integrations: { google_analytics: { enabled: true, value: 'G-ABCDEF1234' } } },
      }),
    )(template, { url: '/', headers: { host: 'demo.localhost:5181' } });
    expect(out.injectedScripts).toHaveLength(2);
    for (const tag of out.injectedScripts) expect(out.html).toContain(tag);
    expect(out.injectedScripts.join('')).not.toContain('fromTemplate');
  });

  it('marks unknown agents and agent-less hosts noindex', async () => {
    const unknown = await transform(async () => Response.json(null))(html, {
      url: '/',
      headers: { host: 'nope.localhost:5181' },
    });
    expect(unknown.html).toContain('noindex');
    const calls: string[] = [];
    const bare = await transform(async () => Response.json(null), calls)(html, {
      url: '/',
      headers: { host: 'localhost:5181' },
    });
    expect(bare.html).toContain('noindex');
    expect(calls).toEqual([]);
  });

  it('serves the page unchanged when the database fails', async () => {
    const out = await transform(async () => new Response('down', { status: 503 }))(html, {
      url: '/',
      headers: { host: 'demo.localhost' },
    });
    expect(out).toEqual({ html, injectedScripts: [] });
  });
});
