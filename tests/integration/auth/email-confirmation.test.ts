import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authFetch,
  fragmentOf,
  otpOf,
  startAuthStack,
  uniqueEmail,
  verifyLinkOf,
  type AuthHarness,
} from './support.ts';

/** Confirmations on (the product's setting): nothing signs in before the e-mailed link or code. */
describe('auth with e-mail confirmations on', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthStack('confirm-on');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('signs up, mails a confirmation link that redirects with a session, then allows password sign-in', async () => {
    const email = uniqueEmail('confirm');
    const client = h.client();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { emailRedirectTo: 'http://localhost:3000/welcome', data: { full_name: 'Ada Lovelace' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);

    // The app's trigger on auth.users ran in the same transaction.
    const profile = await h.stack.db.query<{ full_name: string }>(
      'select full_name from public.profiles where id = $1',
      [data.user!.id],
    );
    expect(profile.rows[0]?.full_name).toBe('Ada Lovelace');

    const early = await client.auth.signInWithPassword({ email, password: 'secret123' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const mail = await h.latestEmail(email, 'Confirm Your Signup');
    const link = verifyLinkOf(mail);
    const linkUrl = new URL(link);
    expect(linkUrl.origin + linkUrl.pathname).toBe(`${h.url}/auth/v1/verify`);
    expect(linkUrl.searchParams.get('type')).toBe('signup');
    expect(linkUrl.searchParams.get('redirect_to')).toBe('http://localhost:3000/welcome');
    expect(otpOf(mail)).toMatch(/^\d{6}$/);

    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = followed.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/welcome#')).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/);
    const confirmed = await client.auth.getUser(fragment.get('access_token')!);
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    expect(confirmed.data.user?.user_metadata.email_verified).toBe(true);

    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const reused = fragmentOf(again.headers.get('location')!);
    expect(reused.get('error')).toBe('access_denied');
    expect(reused.get('error_code')).toBe('otp_expired');

    // Consumed tokens are stored empty: a bare prefix or an empty hash must not match them.
    for (const token of ['pkce_', '%20']) {
      const probe = await fetch(
        `${h.url}/auth/v1/verify?type=signup&token=${token}&redirect_to=http://localhost:3000/x`,
        { redirect: 'manual' },
      );
      expect(probe.headers.get('location') ?? String(probe.status)).not.toContain('access_token');
    }
    const probeOtp = await authFetch(h, '/verify', { body: { type: 'signup', token_hash: 'pkce_' } });
    expect(probeOtp.status).toBe(403);

    const signedIn = await client.auth.signInWithPassword({ email, password: 'secret123' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.id).toBe(data.user!.id);
    const wrong = await h.client().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
  });

  it('answers a repeated sign-up of a confirmed address with an obfuscated user and sends nothing', async () => {
    const email = uniqueEmail('enumerate');
    const admin = h.admin();
    const created = await admin.auth.admin.createUser({ email, password: 'secret123', email_confirm: true });
    expect(created.error).toBeNull();
    const { data, error } = await h.client().auth.signUp({ email, password: 'other-password' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(created.data.user!.id);
    expect(data.user?.identities).toEqual([]);
    expect(await h.emailsTo(email)).toHaveLength(0);
  });

  it('sends a redirect_to outside the allow list to site_url instead', async () => {
    const email = uniqueEmail('redirect');
    await h
      .client()
      .auth.signUp({ email, password: 'secret123', options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = verifyLinkOf(await h.latestEmail(email));
    expect(new URL(link).searchParams.get('redirect_to')).toBe('http://localhost:3000');
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.headers.get('location')!.startsWith('http://localhost:3000/#access_token=')).toBe(true);
  });

  it('PKCE sign-up: the link redirects with ?code= that exchangeCodeForSession turns into a session', async () => {
    const email = uniqueEmail('pkce');
    const client = h.client({ flowType: 'pkce' });
    const { error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { emailRedirectTo: 'http://localhost:3000/cb' },
    });
    expect(error).toBeNull();
    const link = verifyLinkOf(await h.latestEmail(email));
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/cb');
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const forged = await authFetch(h, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'x'.repeat(64) },
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe('bad_code_verifier');

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    expect(exchanged.data.session?.user.email_confirmed_at).toBeTruthy();

    const replay = await authFetch(h, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'x'.repeat(64) },
    });
    expect(replay.status).toBe(404);
    expect((await replay.json()).code).toBe('flow_state_not_found');
  });

  it('verifies the e-mailed six-digit code with verifyOtp', async () => {
    const email = uniqueEmail('otp');
    const client = h.client();
    await client.auth.signUp({ email, password: 'secret123' });
    const code = otpOf(await h.latestEmail(email));
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await client.auth.verifyOtp({ email, token: wrongCode, type: 'email' });
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.status).toBe(403);
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('rate-limits confirmation e-mails by max_frequency and resends after it', async () => {
    const email = uniqueEmail('resend');
    const client = h.client();
    await client.auth.signUp({ email, password: 'secret123' });
    const tooSoon = await client.auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    await new Promise((r) => setTimeout(r, 1100));
    const later = await client.auth.resend({ type: 'signup', email });
    expect(later.error).toBeNull();
    expect(await h.emailsTo(email)).toHaveLength(2);
    // Unknown addresses get the same empty answer.
    const unknown = await client.auth.resend({ type: 'signup', email: uniqueEmail('nobody') });
    expect(unknown.error).toBeNull();
  });

  it('recovers a password: the e-mailed link signs in and updateUser sets the new password', async () => {
    const email = uniqueEmail('recover');
    const admin = h.admin();
    await admin.auth.admin.createUser({ email, password: 'old-password', email_confirm: true });
    const client = h.client();
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset' });
    expect(error).toBeNull();
    const link = verifyLinkOf(await h.latestEmail(email, 'Reset Your Password'));
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    const followed = await fetch(link, { redirect: 'manual' });
    const fragment = fragmentOf(followed.headers.get('location')!);
    expect(fragment.get('type')).toBe('recovery');
    const set = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    const same = await client.auth.updateUser({ password: 'old-password' });
    expect(same.error?.code).toBe('same_password');
    const updated = await client.auth.updateUser({ password: 'new-password' });
    expect(updated.error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: 'old-password' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await h.client().auth.signInWithPassword({ email, password: 'new-password' })).error).toBeNull();

    const unknown = await client.auth.resetPasswordForEmail(uniqueEmail('nobody'));
    expect(unknown.error).toBeNull();
  });

  it('changes the e-mail only after both addresses confirm (double_confirm_changes)', async () => {
    const email = uniqueEmail('change-old');
    const next = uniqueEmail('change-new');
    await h.admin().auth.admin.createUser({ email, password: 'secret123', email_confirm: true });
    const client = h.client();
    await client.auth.signInWithPassword({ email, password: 'secret123' });
    const { data, error } = await client.auth.updateUser(
      { email: next },
      { emailRedirectTo: 'http://localhost:3000/changed' },
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(next);
    const toOld = verifyLinkOf(await h.latestEmail(email, 'Confirm Email Change'));
    const toNew = verifyLinkOf(await h.latestEmail(next, 'Confirm Email Change'));

    const first = await fetch(toOld, { redirect: 'manual' });
    expect(fragmentOf(first.headers.get('location')!).get('message')).toMatch(/^Confirmation link accepted/);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    const second = await fetch(toNew, { redirect: 'manual' });
    const fragment = fragmentOf(second.headers.get('location')!);
    expect(fragment.get('type')).toBe('email_change');
    const after = await client.auth.getUser();
    expect(after.data.user?.email).toBe(next);
    expect(after.data.user?.new_email).toBeUndefined();
    expect((await h.client().auth.signInWithPassword({ email: next, password: 'secret123' })).error).toBeNull();
  });

  it('aborts the sign-up when an app trigger on auth.users fails', async () => {
    const email = uniqueEmail('reject');
    // auth-js turns every 5xx into a retryable error carrying the message; the code is on the wire.
    const { error } = await h.client().auth.signUp({ email, password: 'secret123' });
    expect(error?.status).toBe(500);
    expect(error?.message).toBe('Database error saving new user');
    const raw = await authFetch(h, '/signup', { body: { email, password: 'secret123' } });
    expect(raw.status).toBe(500);
    expect(await raw.json()).toEqual({ code: 'unexpected_failure', message: 'Database error saving new user' });
    const rows = await h.stack.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows.rows).toHaveLength(0);
  });

  it('keeps the auth tables out of reach of the API roles, as hosted', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const denied = await h.stack.db
        .transaction(async (tx) => {
          await tx.query(`select set_config('role', $1, true)`, [role]);
          await tx.query('select count(*) from auth.users');
          return 'readable';
        })
        .catch((error: Error) => error.message);
      expect(denied).toBe('permission denied for table users');
    }
    const uid = await h.stack.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111"}', true)`,
      );
      return (await tx.query<{ uid: string }>('select auth.uid() as uid')).rows[0]?.uid;
    });
    expect(uid).toBe('11111111-1111-4111-8111-111111111111');
  });

  it('signs in a seeded user whose password was hashed with pgcrypto crypt()', async () => {
    const { data, error } = await h
      .client()
      .auth.signInWithPassword({ email: 'seeded@example.com', password: 'seeded-password' });
    expect(error).toBeNull();
    expect(data.user?.id).toBe('11111111-1111-4111-8111-111111111111');
    expect(data.user?.user_metadata.full_name).toBe('Seeded User');
    const session = await h.stack.db.query('select 1 from auth.sessions where user_id = $1', [data.user!.id]);
    expect(session.rows.length).toBeGreaterThan(0);
  });
});
