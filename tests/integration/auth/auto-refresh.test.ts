import { decodeJwt } from 'jose';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, uniqueEmail, type AuthHarness } from './support.ts';

/** auth-js refreshes tokens that expire within 90 s; jwt_expiry = 20 s makes that immediate. */
describe('auth-js auto refresh against the local stack', () => {
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
});
