import { describe, expect, it } from 'vitest';
import { appUrl, canSubmit, isLoginFormValid, loginFieldErrors, returnStateFrom } from './loginForm.ts';

const filled = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' };

describe('login form validity', () => {
  it('accepts a complete sign-in and sign-up', () => {
    expect(isLoginFormValid('signIn', { ...filled, name: '' })).toBe(true);
    expect(isLoginFormValid('signUp', filled)).toBe(true);
  });
  it('requires an e-mail shaped address and a password', () => {
    expect(isLoginFormValid('signIn', { ...filled, email: 'ada' })).toBe(false);
    expect(isLoginFormValid('signIn', { ...filled, email: 'ada@example' })).toBe(false);
    expect(isLoginFormValid('signIn', { ...filled, password: '' })).toBe(false);
  });
  it('requires a name and 6 characters to sign up', () => {
    expect(isLoginFormValid('signUp', { ...filled, name: '   ' })).toBe(false);
    expect(isLoginFormValid('signUp', { ...filled, password: '12345' })).toBe(false);
    expect(isLoginFormValid('signUp', { ...filled, password: '123456' })).toBe(true);
  });
  it('lets a short password through sign-in (the server judges existing accounts)', () => {
    expect(isLoginFormValid('signIn', { ...filled, password: '1' })).toBe(true);
  });
  it('disables submit while a request runs', () => {
    expect(canSubmit('signIn', filled, true)).toBe(false);
    expect(canSubmit('signIn', filled, false)).toBe(true);
  });
});

describe('login field messages', () => {
  const all = new Set(['name', 'email', 'password'] as const);
  it('says nothing about fields the user has not left yet', () => {
    expect(loginFieldErrors('signUp', { name: '', email: 'ada', password: '1' }, new Set())).toEqual({});
  });
  it('names the invalid email and the weak password once the fields were touched', () => {
    expect(loginFieldErrors('signUp', { name: '', email: 'ada@example', password: '12345' }, all)).toEqual({
      name: 'auth:login.nameRequired',
      email: 'errors:auth.invalidEmail',
      password: 'errors:auth.weakPassword',
    });
    expect(loginFieldErrors('signUp', filled, all)).toEqual({});
  });
  it('does not judge the length of a sign-in password, only its absence', () => {
    expect(loginFieldErrors('signIn', { ...filled, password: '1' }, all)).toEqual({});
    expect(loginFieldErrors('signIn', { ...filled, password: '' }, all)).toEqual({
      password: 'auth:login.passwordRequired',
    });
  });
});

describe('return path and URLs', () => {
  it('reads the requested path from route state, else from ?next=', () => {
    expect(returnStateFrom({ from: '/agents', lang: 'en' }, '?next=/credits')).toEqual({ from: '/agents', lang: 'en' });
    expect(returnStateFrom(null, '?next=%2Fcredits%3Fx%3D1')).toEqual({ from: '/credits?x=1' });
    expect(returnStateFrom({ signUp: true, lang: 'fr' }, '')).toEqual({ signUp: true, lang: 'fr' });
    expect(returnStateFrom({ signUp: 'yes' }, '')).toEqual({});
    expect(returnStateFrom(undefined, '')).toEqual({});
  });
  it('builds return URLs only on http(s) origins', () => {
    expect(appUrl('http://localhost:5180', '/email-verification')).toBe('http://localhost:5180/email-verification');
    expect(appUrl('app://concierge', '/login')).toBeUndefined();
  });
});
