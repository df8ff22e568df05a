// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

type AuthListener = (event: string, session: { access_token: string } | null) => void;
const listeners: AuthListener[] = [];
const onAuthStateChange = vi.fn((listener: AuthListener) => {
  listeners.push(listener);
  return { data: { subscription: { unsubscribe: vi.fn() } } };
});
vi.mock('../../../lib/supabase.ts', () => ({ getSupabase: () => ({ auth: { onAuthStateChange } }) }));

/** A fresh module each time: the session sync is once per page. */
async function loadWithLibrary(setSession: (token: string | null) => Promise<void>) {
  vi.resetModules();
  listeners.length = 0;
  onAuthStateChange.mockClear();
  vi.stubGlobal('concierge', { library: { setSession } });
  return import('./desktopLibrary.ts');
}

function emit(event: string, session: { access_token: string } | null) {
  for (const listener of listeners) listener(event, session);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ensureLibrarySession', () => {
  it('tells main the signed-in token, then null on sign-out (which closes or wipes the library)', async () => {
    const setSession = vi.fn((_token: string | null) => Promise.resolve());
    const { ensureLibrarySession } = await loadWithLibrary(setSession);

    const ready = ensureLibrarySession();
    expect(onAuthStateChange).toHaveBeenCalledTimes(1);
    emit('INITIAL_SESSION', { access_token: 'token-1' });
    await ready;
    expect(setSession).toHaveBeenLastCalledWith('token-1');

    emit('TOKEN_REFRESHED', { access_token: 'token-2' });
    await vi.waitFor(() => expect(setSession).toHaveBeenLastCalledWith('token-2'));

    // supabase-js may still hand a session object with SIGNED_OUT; main must get null regardless.
    emit('SIGNED_OUT', { access_token: 'token-2' });
    await vi.waitFor(() => expect(setSession).toHaveBeenLastCalledWith(null));
    expect(setSession).toHaveBeenCalledTimes(3);
  });

  it('subscribes once per page however many screens ask', async () => {
    const setSession = vi.fn((_token: string | null) => Promise.resolve());
    const { ensureLibrarySession } = await loadWithLibrary(setSession);
    const first = ensureLibrarySession();
    const second = ensureLibrarySession();
    expect(second).toBe(first);
    expect(onAuthStateChange).toHaveBeenCalledTimes(1);
  });

  it('resolves even when main refuses the first session', async () => {
    const setSession = vi.fn((_token: string | null) => Promise.reject(new Error('backend_unavailable')));
    const { ensureLibrarySession } = await loadWithLibrary(setSession);
    const ready = ensureLibrarySession();
    emit('INITIAL_SESSION', null);
    await expect(ready).resolves.toBeUndefined();
    expect(setSession).toHaveBeenCalledWith(null);
  });

  it('does nothing in a browser, where there is no library', async () => {
    vi.resetModules();
    onAuthStateChange.mockClear();
    const { ensureLibrarySession } = await import('./desktopLibrary.ts');
    await ensureLibrarySession();
    expect(onAuthStateChange).not.toHaveBeenCalled();
  });
});
