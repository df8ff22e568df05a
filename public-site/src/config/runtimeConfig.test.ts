import { describe, expect, it } from 'vitest';
import { ConfigError, loadRuntimeConfig } from './runtimeConfig.ts';

const good = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon-key' };

function serve(status: number, body: string, contentType: string): typeof fetch {
  return async () => new Response(body, { status, headers: { 'content-type': contentType } });
}

describe('loadRuntimeConfig', () => {
  it('reads the served JSON file', async () => {
    const cfg = await loadRuntimeConfig(
      serve(200, JSON.stringify({ ...good, siteDomain: 'agents.example.com' }), 'application/json'),
      {},
    );
    expect(cfg).toEqual({ ...good, siteDomain: 'agents.example.com' });
  });

  it('falls back to the build-time env when the file is missing', async () => {
    const cfg = await loadRuntimeConfig(serve(404, 'nope', 'text/plain'), {
      VITE_SUPABASE_URL: 'https://abc.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'k',
    });
    expect(cfg).toEqual({ supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'k' });
  });

  it('treats an SPA fallback (HTML with 200) as a missing file', async () => {
    const cfg = await loadRuntimeConfig(serve(200, '<!doctype html>', 'text/html'), {
      VITE_SUPABASE_URL: 'http://localhost:54321',
      VITE_SUPABASE_ANON_KEY: 'k',
    });
    expect(cfg.supabaseUrl).toBe('http://localhost:54321');
  });

  it('falls back to the env when fetching fails', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('network');
    };
    const cfg = await loadRuntimeConfig(failing, {
      VITE_SUPABASE_URL: 'http://localhost:1',
      VITE_SUPABASE_ANON_KEY: 'k',
    });
    expect(cfg.supabaseAnonKey).toBe('k');
  });

  it('reports an invalid file instead of silently using the env', async () => {
    const bad = serve(
      200,
      JSON.stringify({ supabaseUrl: 'javascript:alert(1)', supabaseAnonKey: 'k' }),
      'application/json',
    );
    await expect(
      loadRuntimeConfig(bad, { VITE_SUPABASE_URL: 'http://x', VITE_SUPABASE_ANON_KEY: 'k' }),
    ).rejects.toBeInstanceOf(ConfigError);
  });

  it('fails clearly when there is neither a file nor env', async () => {
    await expect(loadRuntimeConfig(serve(404, '', 'text/plain'), {})).rejects.toThrow(/VITE_SUPABASE_URL/);
  });

  it('rejects an empty anon key', async () => {
    await expect(
      loadRuntimeConfig(serve(200, JSON.stringify({ ...good, supabaseAnonKey: '' }), 'application/json'), {}),
    ).rejects.toBeInstanceOf(ConfigError);
  });
});
