import { decodeJwt } from 'jose';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, uniqueEmail, type AuthHarness } from './support.ts';

/**
 * Short-lived and anonymous sessions. auth-js refreshes tokens that expire within 90 s, so
 * jwt_expiry = 20 s makes that immediate.
 */
describe('auth-js auto refresh and anonymous users against the local stack', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthStack('short-jwt');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('refreshes a short-lived session by itself and keeps the user signed in', async () => {
    const email = uniqueEmail('refresh');
    await h.client().auth.signUp({ email, password: 'secret123' });
    const client = h.client({ autoRefreshToken: true });
    const events: AuthChangeEvent[] = [];
    const refreshed = new Promise<string>((resolve) => {
      client.auth.onAuthStateChange((event, session) => {
        events.push(event);
        if (event === 'TOKEN_REFRESHED' && session) resolve(session.refresh_token);
      });
    });
    const { data, error } = await client.auth.signInWithPassword({ email, password: 'secret123' });
    expect(error).toBeNull();
    expect(data.session!.expires_in).toBe(20);
    await client.auth.startAutoRefresh();
    try {
      const newRefreshToken = await refreshed;
      expect(newRefreshToken).not.toBe(data.session!.refresh_token);
      const current = (await client.auth.getSession()).data.session!;
      expect(decodeJwt(current.access_token).session_id).toBe(decodeJwt(data.session!.access_token).session_id);
      const { data: me } = await client.auth.getUser();
      expect(me.user?.email).toBe(email);
      expect(events).toContain('SIGNED_IN');
    } finally {
      await client.auth.stopAutoRefresh();
    }
  });

  it('signs in anonymously, then turns the anonymous user into an e-mail user', async () => {
    const client = h.client();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { source: 'widget' } } });
    expect(error).toBeNull();
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', email: '' });
    expect((claims.amr as { method: string }[])[0]?.method).toBe('anonymous');
    expect(data.user?.is_anonymous).toBe(true);

    const email = uniqueEmail('converted');
    const converted = await client.auth.updateUser({ email, password: 'secret123' });
    expect(converted.error).toBeNull();
    expect(converted.data.user).toMatchObject({ email, is_anonymous: false, id: data.user!.id });
    expect(converted.data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    const again = await h.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(again.data.user?.id).toBe(data.user!.id);
  });
});
