import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, resolveRuntimeConfig } from './runtimeConfig.ts';

const good = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey: 'anon',
  publicSiteUrl: 'http://{agent}.localhost:5181',
};

describe('runtime config', () => {
  it('prefers the config file over build env', () => {
    const result = resolveRuntimeConfig(good, {
      VITE_SUPABASE_URL: 'https://x.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'k',
    });
    expect(result).toEqual({ ok: true, config: good, source: 'file' });
  });

  it('falls back to VITE_* when no file was served', () => {
    const result = resolveRuntimeConfig(undefined, {
      VITE_SUPABASE_URL: 'https://x.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'k',
    });
    expect(result).toEqual({
      ok: true,
      config: { supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'k' },
      source: 'env',
    });
  });

  it('reports every problem of an invalid file and of a missing fallback', () => {
    const result = resolveRuntimeConfig({ supabaseUrl: 'not a url' }, {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.some((p) => p.includes('supabaseUrl'))).toBe(true);
    expect(result.problems.some((p) => p.includes('supabaseAnonKey'))).toBe(true);
  });

  it('says what is missing when nothing is configured', () => {
    const result = resolveRuntimeConfig(undefined, {});
    expect(result).toEqual({ ok: false, problems: [expect.stringContaining('VITE_SUPABASE_URL')] });
  });

  it('rejects a non-http supabase URL', () => {
    expect(resolveRuntimeConfig({ ...good, supabaseUrl: 'ftp://host' }, {}).ok).toBe(false);
  });

  it('ignores an HTML fallback page served for the config path', async () => {
    const fetchFn = (async () =>
      new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } })) as typeof fetch;
    const result = await loadRuntimeConfig(fetchFn, {
      VITE_SUPABASE_URL: 'http://localhost:1',
      VITE_SUPABASE_ANON_KEY: 'k',
    });
    expect(result).toMatchObject({ ok: true, source: 'env' });
  });

  it('reads a served JSON file', async () => {
    const fetchFn = (async () => Response.json(good)) as typeof fetch;
    expect(await loadRuntimeConfig(fetchFn, {})).toEqual({ ok: true, config: good, source: 'file' });
  });

  it('treats a network failure as no file', async () => {
    const fetchFn = (async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    expect((await loadRuntimeConfig(fetchFn, {})).ok).toBe(false);
  });
});
