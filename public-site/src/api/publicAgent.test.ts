import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from './branding.ts';
import { AgentLoadError, fetchPublicAgent, parsePublicAgent } from './publicAgent.ts';

const config = { supabaseUrl: 'http://127.0.0.1:54321/', supabaseAnonKey: 'anon' };

describe('parsePublicAgent', () => {
  it('returns null for a missing or disabled page', () => {
    expect(parsePublicAgent(null)).toBeNull();
  });

  it('reads the snake_case branding keys the database validates into one shape', () => {
    expect(
      parsePublicAgent({
        name: 'Acme',
        subdomain: 'acme',
        avatar_url: 'https://cdn.example.com/a.png',
        branding: { hero_title: 'Hi', hero_subtitle: ' We help ' },
      }),
    ).toMatchObject({
      name: 'Acme',
      subdomain: 'acme',
      avatarUrl: 'https://cdn.example.com/a.png',
      heroTitle: 'Hi',
      heroSubtitle: 'We help',
    });
  });

  it('drops non-http avatars and blank titles', () => {
    expect(
      parsePublicAgent({
        name: 'Acme',
        subdomain: 'acme',
        avatarUrl: 'javascript:alert(1)',
        branding: { heroTitle: '  ' },
      }),
    ).toEqual({
      name: 'Acme',
      subdomain: 'acme',
      branding: DEFAULT_BRANDING,
    });
  });

  it('rejects a payload without a name as misconfigured', () => {
    expect(() => parsePublicAgent({ subdomain: 'acme' })).toThrow(AgentLoadError);
    try {
      parsePublicAgent({ name: '', subdomain: 'acme' });
    } catch (e) {
      expect((e as AgentLoadError).kind).toBe('misconfigured');
    }
  });
});

describe('fetchPublicAgent', () => {
  it('calls the RPC with the anon key and the subdomain', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fake: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), init });
      return Response.json({ name: 'Demo', subdomain: 'demo' });
    };
    const agent = await fetchPublicAgent(config, 'demo', fake);
    expect(agent).toEqual({ name: 'Demo', subdomain: 'demo', branding: DEFAULT_BRANDING });
    expect(calls[0]?.url).toBe('http://127.0.0.1:54321/rest/v1/rpc/public_agent');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ subdomain: 'demo' });
    expect((calls[0]?.init?.headers as Record<string, string>).apikey).toBe('anon');
  });

  it.each([
    ['null body', async () => Response.json(null), 'not_found'],
    ['404 (RPC not deployed yet)', async () => new Response('{}', { status: 404 }), 'failed'],
    ['network error', async () => Promise.reject(new TypeError('fetch failed')), 'failed'],
    ['invalid JSON', async () => new Response('<html>', { status: 200 }), 'misconfigured'],
  ] as const)('maps %s to %s', async (_label, impl, kind) => {
    await expect(fetchPublicAgent(config, 'x', impl as typeof fetch)).rejects.toMatchObject({ kind });
  });
});
