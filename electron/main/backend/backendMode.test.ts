import { describe, expect, it } from 'vitest';
import { BackendSettingsError, resolveBackendMode } from './backendMode.ts';

describe('resolveBackendMode', () => {
  it('starts the embedded stack when nothing is configured', () => {
    expect(resolveBackendMode({}, null)).toEqual({ mode: 'embedded' });
    expect(resolveBackendMode({ CONCIERGE_SUPABASE_URL: '  ' }, '  ')).toEqual({ mode: 'embedded' });
  });

  it('uses the hosted project from the environment first', () => {
    expect(
      resolveBackendMode(
        { CONCIERGE_SUPABASE_URL: 'https://abc.supabase.co', CONCIERGE_SUPABASE_ANON_KEY: 'anon' },
        '{"supabaseUrl":"https://other.supabase.co","supabaseAnonKey":"x"}',
      ),
    ).toEqual({
      mode: 'hosted',
      source: 'env',
      project: { supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'anon' },
    });
  });

  it('reads the settings file', () => {
    expect(resolveBackendMode({}, '{"supabaseUrl":"https://abc.supabase.co","supabaseAnonKey":"anon"}')).toEqual({
      mode: 'hosted',
      source: 'settings',
      project: { supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'anon' },
    });
  });

  it('refuses half a configuration instead of falling back', () => {
    expect(() => resolveBackendMode({ CONCIERGE_SUPABASE_URL: 'https://abc.supabase.co' }, null)).toThrow(
      BackendSettingsError,
    );
    expect(() => resolveBackendMode({ CONCIERGE_SUPABASE_ANON_KEY: 'anon' }, null)).toThrow(/both/);
  });

  it('refuses a bad URL or a broken settings file', () => {
    expect(() =>
      resolveBackendMode({ CONCIERGE_SUPABASE_URL: 'ftp://x', CONCIERGE_SUPABASE_ANON_KEY: 'k' }, null),
    ).toThrow(/http/);
    expect(() => resolveBackendMode({}, '{not json')).toThrow(/JSON/);
    expect(() => resolveBackendMode({}, '{"supabaseUrl":"https://abc.supabase.co"}')).toThrow(BackendSettingsError);
  });
});
