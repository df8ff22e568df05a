import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError, StorageApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { signInThrottleMessage } from '@contracts/sign-in-throttle.ts';
import { createI18n } from '../i18n/index.ts';
import { AppError, toAppError, type AppErrorContext } from './appError.ts';
import { errorText } from './errorText.ts';

describe('toAppError maps auth failures to one message per sign-in, sign-up and account failure', () => {
  it.each([
    ['invalid_credentials', 400, 'signIn', 'errors:auth.invalidCredentials'],
    ['email_not_confirmed', 400, 'signIn', 'errors:auth.emailNotConfirmed'],
    ['user_banned', 400, 'signIn', 'errors:auth.accountDisabled'],
    ['over_request_rate_limit', 429, 'signIn', 'errors:auth.tooManyAttempts'],
    ['user_already_exists', 422, 'signUp', 'errors:auth.emailInUse'],
    ['email_exists', 422, 'signUp', 'errors:auth.emailInUse'],
    ['signup_disabled', 422, 'signUp', 'errors:auth.signUpDisabled'],
    ['over_email_send_rate_limit', 429, 'signUp', 'errors:auth.emailRateLimited'],
    ['email_address_invalid', 400, 'signUp', 'errors:auth.invalidEmail'],
  ] as const)('%s during %s', (code, status, context, key) => {
    const error = toAppError(new AuthApiError('server text', status, code), context);
    expect(error).toBeInstanceOf(AppError);
    expect(error.source).toBe('auth');
    expect(error.code).toBe(code);
    expect(error.messageKey).toBe(key);
  });

  it("names the wait when the account's failed sign-in throttle refuses, in the user's language", () => {
    const error = toAppError(new AuthApiError(signInThrottleMessage(12), 400, 'invalid_credentials'), 'signIn');
    expect(error.code).toBe('sign_in_throttled');
    expect(error.messageKey).toBe('errors:auth.signInThrottled');
    const fr = createI18n('fr');
    expect(errorText(fr.t, error)).toContain('patienter 12 min');
    const en = createI18n('en');
    expect(errorText(en.t, error)).toContain('wait 12 min');
    // An ordinary wrong password stays the ordinary message.
    expect(toAppError(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'), 'signIn').code).toBe(
      'invalid_credentials',
    );
  });

  it('maps a weak password', () => {
    const error = toAppError(
      new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']),
      'signUp',
    );
    expect(error.messageKey).toBe('errors:auth.weakPassword');
  });

  it('recognises the invalid-format validation message as an invalid email', () => {
    const error = toAppError(
      new AuthApiError('Unable to validate email address: invalid format', 400, 'validation_failed'),
      'signIn',
    );
    expect(error.messageKey).toBe('errors:auth.invalidEmail');
  });

  it('uses the per-operation fallback and keeps the provider message for interpolation', () => {
    const signIn = toAppError(new AuthApiError('boom', 500, 'unexpected_failure'), 'signIn');
    expect(signIn.messageKey).toBe('errors:auth.signInFailed');
    const signUp = toAppError(new AuthApiError('Database error saving new user', 500, 'unexpected_failure'), 'signUp');
    expect(signUp.messageKey).toBe('errors:auth.signUpFailed');
    expect(signUp.params).toEqual({ message: 'Database error saving new user' });
    const google = toAppError(
      new AuthApiError('Unsupported provider: provider is not enabled', 400, 'validation_failed'),
      'google',
    );
    expect(google.messageKey).toBe('errors:auth.googleFailed');
    expect(google.params.message).toBe('Unsupported provider: provider is not enabled');
  });

  it('reports any sign-out failure, offline included, as Failed to sign out', () => {
    expect(toAppError(new AuthRetryableFetchError('Failed to fetch', 0), 'signOut')).toMatchObject({
      source: 'network',
      messageKey: 'errors:auth.signOutFailed',
    });
    expect(toAppError(new AuthApiError('boom', 500, 'unexpected_failure'), 'signOut').messageKey).toBe(
      'errors:auth.signOutFailed',
    );
  });

  it('turns a fetch failure into the network message', () => {
    const error = toAppError(new AuthRetryableFetchError('Failed to fetch', 0), 'signUp');
    expect(error.source).toBe('network');
    expect(error.messageKey).toBe('errors:network.offline');
  });
});

describe('toAppError maps PostgREST and other failures', () => {
  it('maps an RLS denial to forbidden', () => {
    const error = toAppError({
      code: '42501',
      message: 'permission denied for table profiles',
      details: null,
      hint: null,
    });
    expect(error).toMatchObject({ source: 'database', code: '42501', messageKey: 'errors:database.forbidden' });
  });

  it('maps an expired JWT to session expired', () => {
    const error = toAppError({ code: 'PGRST301', message: 'JWT expired', details: null, hint: null }, 'profile');
    expect(error.messageKey).toBe('errors:database.sessionExpired');
  });

  it('falls back to the operation wording for other database errors', () => {
    const error = toAppError(
      { code: 'PGRST205', message: "Could not find the table 'public.profiles'", details: null, hint: 'Perhaps…' },
      'profile',
    );
    expect(error).toMatchObject({ source: 'database', messageKey: 'errors:profile.fetchFailed' });
  });

  it.each([
    [
      '23514',
      'new row for relation "agents" violates check constraint "agents_name_check"',
      'invalidValue',
      'agents_name_check',
    ],
    [
      '23505',
      'duplicate key value violates unique constraint "agents_subdomain_key"',
      'duplicate',
      'agents_subdomain_key',
    ],
    ['22001', 'value too long for type character varying(40)', 'tooLong', undefined],
    ['P0001', 'Only an admin can do this', 'refused', undefined],
    ['PT400', 'Unknown tool', 'refused', undefined],
  ])(
    'names a refused value (%s) instead of the operation failing, with its constraint',
    (code, message, key, constraint) => {
      const error = toAppError({ code, message, details: null, hint: null }, 'createAgent');
      expect(error).toMatchObject({ source: 'database', code, messageKey: `errors:database.${key}` });
      expect(error.params.constraint).toBe(constraint);
      expect(error.params.message).toBe(message);
    },
  );

  it('keeps Storage’s real status (404, 403) rather than the HTTP 400 it answers with', () => {
    expect(toAppError(new StorageApiError('Object not found', 400, '404', 'storage', 'NoSuchKey')).status).toBe(404);
    expect(toAppError(new StorageApiError('Unauthorized', 400, '403', 'storage', 'AccessDenied')).status).toBe(403);
    expect(toAppError(new StorageApiError('Bad', 400, 'InvalidKey', 'storage')).status).toBe(400);
  });

  it('wraps unknown throwables and passes AppErrors through unchanged', () => {
    const wrapped = toAppError('weird');
    expect(wrapped).toMatchObject({ source: 'app', messageKey: 'errors:generic.somethingWentWrong', message: 'weird' });
    expect(toAppError(wrapped, 'signIn')).toBe(wrapped);
  });
});

describe('every key toAppError produces exists in both languages', () => {
  const codes = [
    'invalid_credentials',
    'user_not_found',
    'email_not_confirmed',
    'email_address_invalid',
    'user_banned',
    'over_request_rate_limit',
    'over_email_send_rate_limit',
    'user_already_exists',
    'email_exists',
    'weak_password',
    'signup_disabled',
    'email_provider_disabled',
    'provider_disabled',
    'oauth_provider_not_supported',
    'unexpected_failure',
  ];
  const contexts: AppErrorContext[] = [
    'signIn',
    'signUp',
    'signOut',
    'google',
    'profile',
    'fetchAgents',
    'loadMoreAgents',
    'createAgent',
    'updateAgent',
    'deleteAgent',
    'generic',
  ];
  it.each(['en', 'fr'] as const)('%s', (lang) => {
    const i18n = createI18n(lang);
    const keys = new Set<string>();
    for (const context of contexts) {
      for (const code of codes) keys.add(toAppError(new AuthApiError('m', 400, code), context).messageKey);
      keys.add(toAppError({ code: '42501', message: 'm', details: null, hint: null }, context).messageKey);
      keys.add(toAppError({ code: 'PGRST301', message: 'm', details: null, hint: null }, context).messageKey);
      keys.add(toAppError({ code: 'XX000', message: 'm', details: null, hint: null }, context).messageKey);
      keys.add(toAppError(new TypeError('Failed to fetch'), context).messageKey);
    }
    for (const key of keys) expect(i18n.exists(key), key).toBe(true);
  });
});
