import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestStack, TEST_AUTH_RATE_LIMIT, type TestStack } from '../support/stack.ts';
import { uniqueEmail } from './support.ts';

/**
 * The product's auth emails (supabase/config.toml templates) against the product's own config:
 * French for a user whose chosen language is French, English otherwise, with the link and code
 * the local inbox and the console rely on.
 */
describe('auth emails in the user’s language', () => {
  let stack: TestStack;
  let anon: SupabaseClient;
  beforeAll(async () => {
    stack = await startTestStack({ authRateLimit: TEST_AUTH_RATE_LIMIT });
    anon = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const latest = async (to: string) => {
    for (let i = 0; i < 40; i++) {
      const [mail] = await stack.readInbox(to);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no email to ${to}`);
  };

  it('a French sign-up gets its verification email in French, with the verify link and the code', async () => {
    const email = uniqueEmail('fr-signup');
    const { error } = await anon.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { name: 'Ada', lang: 'fr' } },
    });
    expect(error).toBeNull();
    const mail = await latest(email);
    expect(mail.subject).toBe('Confirmez votre inscription à Concierge');
    expect(mail.html).toContain('Confirmer mon adresse e-mail');
    expect(mail.text).toMatch(/Ou saisissez ce code : \d{6}/);
    const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
    expect(new URL(link!).searchParams.get('type')).toBe('signup');
    // The link still confirms the address.
    const followed = await fetch(link!, { redirect: 'manual' });
    expect(followed.headers.get('location')).toContain('access_token=');
  });

  it('an English sign-up, or one without a language, gets English', async () => {
    for (const data of [{ lang: 'en' }, {}]) {
      const email = uniqueEmail('en-signup');
      await anon.auth.signUp({ email, password: 'secret123', options: { data } });
      const mail = await latest(email);
      expect(mail.subject).toBe('Confirm Your Signup');
      expect(mail.text).toContain('Alternatively, enter the code:');
    }
  });

  it('a French user’s password reset email is French and its link opens a recovery session', async () => {
    const email = uniqueEmail('fr-reset');
    await stack.serviceClient().auth.admin.createUser({
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { lang: 'fr' },
    });
    expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await latest(email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Concierge');
    const link = mail.links.find((l) => l.includes('/auth/v1/verify'))!;
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    const followed = await fetch(link, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(followed.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it('follows the language changed later in the user metadata', async () => {
    const email = uniqueEmail('switch');
    const created = await stack.serviceClient().auth.admin.createUser({
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { lang: 'fr' },
    });
    await stack.serviceClient().auth.admin.updateUserById(created.data.user!.id, { user_metadata: { lang: 'en' } });
    await anon.auth.resetPasswordForEmail(email);
    expect((await latest(email)).subject).toBe('Reset Your Password');
  });
});
