import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { createAuthStore } from './authStore.ts';

type Callback = (event: AuthChangeEvent, session: Session | null) => void;

/** A supabase client double that records subscribers and replays INITIAL_SESSION like supabase-js. */
function fakeSupabase() {
  const subscribers = new Set<Callback>();
  let session: Session | null = null;
  let userError: { name: string; status?: number; code?: string } | null = null;
  const signOuts: unknown[] = [];
  const client = {
    auth: {
      onAuthStateChange(cb: Callback) {
        subscribers.add(cb);
        cb('INITIAL_SESSION', session);
        return { data: { subscription: { unsubscribe: () => subscribers.delete(cb) } } };
      },
      getSession: async () => ({ data: { session } }),
      getUser: async () => ({ data: { user: userError ? null : session?.user }, error: userError }),
      signOut: async (options: unknown) => {
        signOuts.push(options);
        session = null;
        for (const cb of subscribers) cb('SIGNED_OUT', null);
        return { error: null };
      },
    },
  } as unknown as SupabaseClient;
  return {
    client,
    subscribers,
    signOuts,
    /** The session leaves storage without an event (another tab, a sign-out racing an announcement). */
    dropStoredSession() {
      session = null;
    },
    serverAnswers(error: { name: string; status?: number; code?: string } | null) {
      userError = error;
    },
    /** An event carrying a session the client does not hold (supabase-js's delayed URL announcement). */
    announce(id: string) {
      const stale = { user: { id, email_confirmed_at: '2026-01-01' } } as unknown as Session;
      for (const cb of subscribers) cb('SIGNED_IN', stale);
    },
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

describe('auth store and dead sessions', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('does not keep a user announced after their session was already removed', async () => {
    const fake = fakeSupabase();
    const store = createAuthStore(fake.client);
    store.subscribe(() => {});
    fake.announce('u1');
    expect(store.getSnapshot().user?.id).toBe('u1');
    await tick();
    expect(store.getSnapshot().user).toBeNull();
  });

  it('signs out with the session-expired notice when the server no longer knows the session', async () => {
    const fake = fakeSupabase();
    const store = createAuthStore(fake.client);
    store.subscribe(() => {});
    fake.signIn('u1');
    fake.serverAnswers({ name: 'AuthApiError', status: 403, code: 'session_not_found' });
    expect(await store.checkSession()).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ user: null, notice: 'sessionExpired' });
    expect(fake.signOuts).toEqual([{ scope: 'local' }]);
  });

  it('signs out with the notice when the console shows a user whose session is gone from storage', async () => {
    const fake = fakeSupabase();
    const store = createAuthStore(fake.client);
    store.subscribe(() => {});
    fake.signIn('u1');
    fake.dropStoredSession();
    expect(await store.checkSession()).toBe(true);
    expect(store.getSnapshot().notice).toBe('sessionExpired');
  });

  it('keeps a session the server accepts, and one it cannot reach', async () => {
    const fake = fakeSupabase();
    const store = createAuthStore(fake.client);
    store.subscribe(() => {});
    fake.signIn('u1');
    expect(await store.checkSession()).toBe(false);
    fake.serverAnswers({ name: 'AuthRetryableFetchError', status: 0 });
    expect(await store.checkSession()).toBe(false);
    expect(store.getSnapshot()).toMatchObject({ user: { id: 'u1' }, notice: null });
  });

  it('clears the notice once the user signs in again', async () => {
    const fake = fakeSupabase();
    const store = createAuthStore(fake.client);
    store.subscribe(() => {});
    fake.signIn('u1');
    fake.dropStoredSession();
    await store.checkSession();
    fake.signIn('u1');
    expect(store.getSnapshot()).toMatchObject({ user: { id: 'u1' }, notice: null });
  });
});
