import { describe, expect, it, vi } from 'vitest';
import { FINISH_GRACE_MS, createSignupSession } from './embeddedSignup.ts';

const SDK = 'https://connect.facebook.net/en_US/sdk.js';
const FB = 'https://www.facebook.com';
const post = (event: string, data: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event, version: 3, data });

describe('an embedded sign-up session', () => {
  it('finishes with the WABA id whichever comes first, the message or the login', async () => {
    const a = createSignupSession(SDK);
    a.onMessage({ origin: FB, data: post('FINISH', { waba_id: '42' }) });
    a.onLogin({ authResponse: { code: 'c1' } });
    await expect(a.outcome).resolves.toEqual({ kind: 'finish', wabaId: '42', code: 'c1' });

    const b = createSignupSession(SDK);
    b.onLogin({ authResponse: { code: 'c2' } });
    b.onMessage({ origin: FB, data: post('FINISH_ONLY_WABA', { waba_id: '43' }) });
    await expect(b.outcome).resolves.toEqual({ kind: 'finish', wabaId: '43', code: 'c2' });
  });

  it('tells cancel, error, a closed login and a missing WABA id apart', async () => {
    const cancel = createSignupSession(SDK);
    cancel.onMessage({ origin: FB, data: post('CANCEL', { current_step: 'PHONE_NUMBER' }) });
    await expect(cancel.outcome).resolves.toEqual({ kind: 'cancel' });

    const error = createSignupSession(SDK);
    error.onMessage({ origin: FB, data: post('ERROR', { error_message: 'Business not verified' }) });
    await expect(error.outcome).resolves.toEqual({ kind: 'error', message: 'Business not verified' });

    const closed = createSignupSession(SDK);
    closed.onLogin({ authResponse: null });
    await expect(closed.outcome).resolves.toEqual({ kind: 'loginCancelled' });

    const noWaba = createSignupSession(SDK);
    noWaba.onMessage({ origin: FB, data: post('FINISH', {}) });
    noWaba.onLogin({ authResponse: { code: 'c' } });
    await expect(noWaba.outcome).resolves.toEqual({ kind: 'missingWaba' });
  });

  it('waits a little for FINISH after the login, then says the WABA id is missing', async () => {
    vi.useFakeTimers();
    try {
      const session = createSignupSession(SDK);
      session.onLogin({ authResponse: { code: 'c' } });
      let done = false;
      void session.outcome.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(FINISH_GRACE_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(session.outcome).resolves.toEqual({ kind: 'missingWaba' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores posts from other origins and other kinds of messages', async () => {
    const session = createSignupSession(SDK);
    session.onMessage({ origin: 'https://evil.example', data: post('FINISH', { waba_id: '666' }) });
    session.onMessage({ origin: FB, data: 'not json' });
    session.onMessage({ origin: FB, data: post('FINISH', { waba_id: '42' }) });
    session.onLogin({ authResponse: { code: 'c' } });
    await expect(session.outcome).resolves.toEqual({ kind: 'finish', wabaId: '42', code: 'c' });
  });
});
