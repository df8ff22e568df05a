import { describe, expect, it } from 'vitest';
import {
  backendConfigSchema,
  deepLinkEventSchema,
  invokeContract,
  IpcChannel,
  openExternalRequestSchema,
} from './ipc-contract.ts';

describe('IPC contract', () => {
  it('has unique, namespaced channel names', () => {
    const names = Object.values(IpcChannel);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^concierge:/);
  });

  it('accepts a valid backend config and rejects bad ones', () => {
    expect(
      backendConfigSchema.safeParse({ supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'k', mode: 'embedded' })
        .success,
    ).toBe(true);
    expect(
      backendConfigSchema.safeParse({ supabaseUrl: 'file:///etc/passwd', supabaseAnonKey: 'k', mode: 'embedded' })
        .success,
    ).toBe(false);
    expect(
      backendConfigSchema.safeParse({ supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: '', mode: 'hosted' })
        .success,
    ).toBe(false);
    expect(
      backendConfigSchema.safeParse({ supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'k', mode: 'cloud' })
        .success,
    ).toBe(false);
  });

  it('validates open-external requests', () => {
    expect(openExternalRequestSchema.safeParse({ url: 'https://supabase.com/docs' }).success).toBe(true);
    expect(openExternalRequestSchema.safeParse({ url: 42 }).success).toBe(false);
    expect(openExternalRequestSchema.safeParse('https://supabase.com').success).toBe(false);
    expect(openExternalRequestSchema.safeParse({ url: `https://a.com/${'x'.repeat(3000)}` }).success).toBe(false);
  });

  it('only lets concierge:// deep links through', () => {
    expect(deepLinkEventSchema.safeParse({ url: 'concierge://auth/callback#access_token=x' }).success).toBe(true);
    expect(deepLinkEventSchema.safeParse({ url: 'https://evil.example/concierge://' }).success).toBe(false);
  });

  it('takes no payload for getBackendConfig and a result union in response', () => {
    const c = invokeContract[IpcChannel.getBackendConfig];
    expect(c.request.safeParse(undefined).success).toBe(true);
    expect(c.request.safeParse({ sneaky: true }).success).toBe(false);
    expect(
      c.response.safeParse({ ok: false, error: { code: 'backend_unavailable', message: 'starting' } }).success,
    ).toBe(true);
    expect(c.response.safeParse({ ok: false, error: { code: 'teapot', message: '' } }).success).toBe(false);
    expect(
      c.response.safeParse({
        ok: true,
        value: { supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'k', mode: 'hosted' },
      }).success,
    ).toBe(true);
    expect(c.response.safeParse({ ok: true }).success).toBe(false);
  });

  it('rejects an open-external response without the opened flag', () => {
    const c = invokeContract[IpcChannel.openExternal];
    expect(c.response.safeParse({ ok: true, value: { opened: true } }).success).toBe(true);
    expect(c.response.safeParse({ ok: true, value: {} }).success).toBe(false);
  });
});
