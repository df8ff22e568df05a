import { describe, expect, it } from 'vitest';
import { isDeadSessionAnswer, maySignalDeadSession } from './authState.ts';

describe('which failures make the console check its session', () => {
  it.each([
    [{ source: 'database', code: '42501' }, true],
    [{ source: 'database', code: 'PGRST301' }, true],
    [{ source: 'auth', code: 'session_not_found' }, true],
    [{ source: 'auth', code: 'refresh_token_not_found' }, true],
    [{ source: 'function', code: 'unauthorized', status: 401 }, true],
    [{ source: 'database', code: '23505' }, false],
    [{ source: 'function', code: 'rate_limited', status: 429 }, false],
    [{ source: 'network', code: 'network_error' }, false],
  ])('%j → %s', (error, expected) => {
    expect(maySignalDeadSession(error)).toBe(expected);
  });

  it('reads a 4xx or a missing session from "who am I" as dead, a network failure as alive', () => {
    expect(isDeadSessionAnswer({ name: 'AuthApiError', status: 403, code: 'session_not_found' })).toBe(true);
    expect(isDeadSessionAnswer({ name: 'AuthSessionMissingError', status: 400 })).toBe(true);
    expect(isDeadSessionAnswer({ name: 'AuthRetryableFetchError', status: 0 })).toBe(false);
    expect(isDeadSessionAnswer({ name: 'AuthApiError', status: 500 })).toBe(false);
    expect(isDeadSessionAnswer(null)).toBe(false);
  });
});
