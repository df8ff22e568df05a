import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { createAuthStore } from './authStore.ts';

type Callback = (event: AuthChangeEvent, session: Session | null) => void;

/** A supabase client double that records subscribers and replays INITIAL_SESSION like supabase-js. */
function fakeSupabase() {
  const subscribers = new Set<Callback>();
  let session: Session | null = null;
  const client = {
    auth: {
      onAuthStateChange(cb: Callback) {
        subscribers.add(cb);
        cb('INITIAL_SESSION', session);
        return { data: { subscription: { unsubscribe: () => subscribers.delete(cb) } } };
      },
      getSession: async () => ({ data: { session } }),
    },
  } as unknown as SupabaseClient;
  return {
    client,
    subscribers,
    signIn(id: string) {
      session = { user: { id, email_confirmed_at: '2026-01-01' } } as unknown as Session;
      for (const cb of subscribers) cb('SIGNED_IN', session);
    },
  };
}

describe('auth store', () => {
  it('still sees a sign-in after its listener unsubscribed and subscribed again (StrictMode)', () => {
    const fake = fakeSupabase();
    const store = createAuthStore(fake.client);
    const stop = store.subscribe(() => {});
    stop();
    expect(fake.subscribers.size).toBe(0);
    store.subscribe(() => {});
    expect(fake.subscribers.size).toBe(1);
    fake.signIn('u1');
    expect(store.getSnapshot()).toMatchObject({ initialized: true, user: { id: 'u1' } });
  });

  it('keeps one supabase subscription however many listeners there are', () => {
    const fake = fakeSupabase();
    const store = createAuthStore(fake.client);
    store.subscribe(() => {});
    store.subscribe(() => {});
    expect(fake.subscribers.size).toBe(1);
  });
});
