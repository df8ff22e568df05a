import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/runtimeConfig.ts';
import { readPageData } from './pageData.ts';

const config = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon-key', siteDomain: 'agents.example.com' };

/** The public_agent RPC answering one agent by subdomain, recording what was asked. */
function rpc(asked: string[]): typeof fetch {
  return async (input, init) => {
    const body = JSON.parse(String(init?.body)) as { subdomain: string };
    asked.push(`${String(input)} ${body.subdomain}`);
    return Response.json({ id: 'not-a-uuid', name: 'Clara', subdomain: body.subdomain, branding: null });
  };
}

describe('readPageData', () => {
  it('reads the config file, the agent the host names and its public data', async () => {
    const asked: string[] = [];
    const data = await readPageData(
      Promise.resolve(config),
      {},
      { host: 'bistrot.agents.example.com', pathname: '/' },
      rpc(asked),
    );
    expect(asked).toEqual(['http://127.0.0.1:54321/rest/v1/rpc/public_agent bistrot']);
    expect(data?.config).toEqual(config);
    expect(data?.agent).toMatchObject({ name: 'Clara', subdomain: 'bistrot', branding: { primaryColor: '#6366f1' } });
  });

  it('falls back to the build-time env when no file was served, and knows /test-agent', async () => {
    const asked: string[] = [];
    const data = await readPageData(
      Promise.resolve(undefined),
      { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' },
      { host: 'localhost:5181', pathname: '/test-agent' },
      rpc(asked),
    );
    expect(asked).toEqual(['https://abc.supabase.co/rest/v1/rpc/public_agent demo']);
    expect(data?.agent.subdomain).toBe('demo');
  });

  it('answers null, without asking the database, when the URL names no agent', async () => {
    const asked: string[] = [];
    const data = await readPageData(
      Promise.resolve(config),
      {},
      { host: 'agents.example.com', pathname: '/' },
      rpc(asked),
    );
    expect(data).toBeNull();
    expect(asked).toEqual([]);
  });

  it('refuses an invalid config file', async () => {
    await expect(
      readPageData(
        Promise.resolve({ supabaseUrl: 'javascript:alert(1)', supabaseAnonKey: 'k' }),
        {},
        { host: 'bistrot.localhost', pathname: '/' },
        rpc([]),
      ),
    ).rejects.toBeInstanceOf(ConfigError);
  });
});
