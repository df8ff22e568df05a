import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../supabase/local/core/jwt.ts';
import {
  authFetch,
  fragmentOf,
  otpOf,
  startAuthStack,
  uniqueEmail,
  verifyLinkOf,
  type AuthHarness,
} from './support.ts';

/** Confirmations off (Supabase CLI default): sign-up signs in; sessions, refresh and logout rules. */
describe('auth sessions with confirmations off', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthStack('confirm-off');
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function signedIn(email: string, password = 'secret123') {
    const client = h.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { client, session: data.session! };
  }

  it('signs up straight into a session whose JWT carries GoTrue claims, backed by real rows', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await h
      .client()
      .auth.signUp({ email, password: 'secret123', options: { data: { full_name: 'Grace' } } });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${h.url}/auth/v1`,
      aud: 'authenticated',
      role: 'authenticated',
      sub: data.user!.id,
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect((claims.user_metadata as Record<string, unknown>).full_name).toBe('Grace');
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect((claims.amr as { method: string }[])[0]?.method).toBe('password');
    const rows = await h.stack.db.query<{ token: string; revoked: boolean }>(
      'select r.token, r.revoked from auth.refresh_tokens r join auth.sessions s on s.id = r.session_id where s.id = $1',
      [claims.session_id],
    );
    expect(rows.rows).toEqual([{ token: session.refresh_token, revoked: false }]);
  });

  it('refuses an existing address, a weak password and a malformed e-mail with GoTrue codes', async () => {
    const email = uniqueEmail('dup');
    await h.client().auth.signUp({ email, password: 'secret123' });
    const again = await h.client().auth.signUp({ email: email.toUpperCase(), password: 'secret123' });
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.error?.status).toBe(422);

    const weak = await h.client().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    const bad = await h.client().auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.status).toBe(400);
  });

  it('answers malformed bodies and tokens with 4xx in both error shapes, never 500', async () => {
    const broken = await authFetch(h, '/signup', { rawBody: '{"email": ' });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect((await broken.json()).code).toBe('bad_json');

    const legacy = await authFetch(h, '/token?grant_type=password', {
      body: { email: 'nobody@example.com', password: 'x' },
      versioned: false,
    });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const array = await authFetch(h, '/token?grant_type=password', { rawBody: '[1,2]' });
    expect(array.status).toBe(400);

    const garbage = await authFetch(h, '/user', { bearer: 'not.a.jwt' });
    expect(garbage.status).toBe(403);
    expect((await garbage.json()).code).toBe('bad_jwt');

    const anonymous = await authFetch(h, '/user');
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });

    const expired = await signJwt(
      { sub: '11111111-1111-4111-8111-111111111111', role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 },
      h.stack.config.jwtSecret,
    );
    const late = await authFetch(h, '/user', { bearer: expired });
    expect(late.status).toBe(403);
    expect((await late.json()).code).toBe('bad_jwt');

    const none = await fetch(`${h.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');

    const grant = await authFetch(h, '/token?grant_type=magic', { body: {} });
    expect(grant.status).toBe(400);
  });

  it('rotates refresh tokens, tolerates reuse within the interval and revokes the family after it', async () => {
    const email = uniqueEmail('rotate');
    await h.client().auth.signUp({ email, password: 'secret123' });
    const { client, session } = await signedIn(email);
    const first = session.refresh_token;

    const refreshed = await client.auth.refreshSession({ refresh_token: first });
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!.refresh_token;
    expect(second).not.toBe(first);
    const rows = await h.stack.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where token = any($1) order by id',
      [[first, second]],
    );
    expect(rows.rows).toEqual([
      { token: first, revoked: true, parent: null },
      { token: second, revoked: false, parent: first },
    ]);

    // A second tab refreshing with the same token moments later gets the current token back.
    const concurrent = await authFetch(h, '/token?grant_type=refresh_token', { body: { refresh_token: first } });
    expect(concurrent.status).toBe(200);
    expect((await concurrent.json()).refresh_token).toBe(second);

    await new Promise((r) => setTimeout(r, 2100)); // refresh_token_reuse_interval = 2 in the fixture
    const stolen = await authFetch(h, '/token?grant_type=refresh_token', { body: { refresh_token: first } });
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).code).toBe('refresh_token_already_used');
    const family = await authFetch(h, '/token?grant_type=refresh_token', { body: { refresh_token: second } });
    expect(family.status).toBe(400);
    expect((await family.json()).code).toBe('refresh_token_already_used');

    const unknown = await authFetch(h, '/token?grant_type=refresh_token', { body: { refresh_token: 'zzzzzzzzzzzz' } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe('refresh_token_not_found');
  });

  it('signs out one session, the others, or all of them', async () => {
    const email = uniqueEmail('logout');
    await h.client().auth.signUp({ email, password: 'secret123' });
    const a = await signedIn(email);
    const b = await signedIn(email);
    const c = await signedIn(email);
    const status = async (token: string) => {
      const response = await authFetch(h, '/user', { bearer: token });
      return response.status === 200 ? 'valid' : ((await response.json()) as { code: string }).code;
    };

    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await status(a.session.access_token)).toBe('session_not_found');
    expect(await status(b.session.access_token)).toBe('valid');
    expect(await status(c.session.access_token)).toBe('valid');

    expect((await b.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await status(b.session.access_token)).toBe('valid');
    expect(await status(c.session.access_token)).toBe('session_not_found');
    const refreshAfterLogout = await authFetch(h, '/token?grant_type=refresh_token', {
      body: { refresh_token: c.session.refresh_token },
    });
    expect((await refreshAfterLogout.json()).code).toBe('refresh_token_not_found');

    expect((await b.client.auth.signOut()).error).toBeNull();
    expect(await status(b.session.access_token)).toBe('session_not_found');
    const { error } = await h.client().auth.getUser(b.session.access_token);
    expect(error?.name).toBe('AuthSessionMissingError');

    const badScope = await authFetch(h, '/logout?scope=everyone', {
      method: 'POST',
      bearer: (await signedIn(email)).session.access_token,
    });
    expect(badScope.status).toBe(400);
    expect((await badScope.json()).code).toBe('validation_failed');
  });

  it('merges user metadata, changes the password and (autoconfirm) the e-mail', async () => {
    const email = uniqueEmail('update');
    const client = h.client();
    await client.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { full_name: 'Ada', plan: 'free', locale: 'fr' } },
    });
    const merged = await client.auth.updateUser({ data: { plan: 'pro', locale: null } });
    expect(merged.error).toBeNull();
    expect(merged.data.user?.user_metadata).toMatchObject({ full_name: 'Ada', plan: 'pro' });
    expect(merged.data.user?.user_metadata).not.toHaveProperty('locale');

    const weak = await client.auth.updateUser({ password: '1' });
    expect(weak.error?.code).toBe('weak_password');
    expect((await client.auth.updateUser({ password: 'secret456' })).error).toBeNull();

    const next = uniqueEmail('updated');
    const changed = await client.auth.updateUser({ email: next });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.email).toBe(next);
    expect((await h.client().auth.signInWithPassword({ email: next, password: 'secret456' })).error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: 'secret456' })).error?.code).toBe(
      'invalid_credentials',
    );

    const taken = uniqueEmail('taken');
    await h.client().auth.signUp({ email: taken, password: 'secret123' });
    const clash = await client.auth.updateUser({ email: taken });
    expect(clash.error?.code).toBe('email_exists');
  });

  it('signs in by magic link and by e-mailed code; refuses unknown addresses when create_user is off', async () => {
    const email = uniqueEmail('magic');
    await h.client().auth.signUp({ email, password: 'secret123' });
    const client = h.client();
    expect(
      (await client.auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:3000/in' } })).error,
    ).toBeNull();
    const mail = await h.latestEmail(email, 'Your Magic Link');
    const followed = await fetch(verifyLinkOf(mail), { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const fragment = fragmentOf(followed.headers.get('location')!);
    expect(fragment.get('type')).toBe('magiclink');
    expect(decodeJwt(fragment.get('access_token')!).email).toBe(email);

    await new Promise((r) => setTimeout(r, 1100)); // max_frequency
    await client.auth.signInWithOtp({ email });
    const code = otpOf(await h.latestEmail(email, 'Your Magic Link'));
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);

    const refused = await client.auth.signInWithOtp({
      email: uniqueEmail('stranger'),
      options: { shouldCreateUser: false },
    });
    expect(refused.error?.code).toBe('otp_disabled');
  });

  it('refuses Google sign-in when Google is enabled without credentials instead of pretending', async () => {
    const { data } = await h.client().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:3000/cb', skipBrowserRedirect: true },
    });
    const response = await fetch(data.url!, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
  });

  it('answers every malformed input on every endpoint with a 4xx, never a 5xx', async () => {
    const email = uniqueEmail('fuzz');
    const { data } = await h.client().auth.signUp({ email, password: 'secret123' });
    const userToken = data.session!.access_token;
    const routes: [string, string, string | undefined][] = [
      ['POST', '/signup', undefined],
      ['POST', '/token?grant_type=password', undefined],
      ['POST', '/token?grant_type=refresh_token', undefined],
      ['POST', '/token?grant_type=pkce', undefined],
      ['PUT', '/user', userToken],
      ['POST', '/logout', userToken],
      ['POST', '/verify', undefined],
      ['POST', '/resend', undefined],
      ['POST', '/recover', undefined],
      ['POST', '/otp', undefined],
      ['POST', '/admin/users', h.stack.serviceRoleKey],
      ['PUT', '/admin/users/not-a-uuid', h.stack.serviceRoleKey],
      ['POST', '/admin/generate_link', h.stack.serviceRoleKey],
      ['POST', '/invite', h.stack.serviceRoleKey],
    ];
    const bodies = [
      '',
      'null',
      '"text"',
      '[]',
      '{"email":',
      '{"email": 5, "password": {}}',
      '{"email": "x@example.com", "password": ["a"], "data": "nope"}',
      '{"email": "\u0000@example.com", "password": "secret123"}',
      `{"email": "${'a'.repeat(300)}@example.com", "password": "secret123"}`,
      '{"refresh_token": 12, "auth_code": "x", "code_verifier": "y", "type": "signup", "token_hash": "zz"}',
      '{"type": "email", "email": "x@example.com", "token": "12"}',
      '{"data": {"k": "\u0000"}}',
      '{"user_metadata": [], "ban_duration": "forever", "email": "x@example.com"}',
      '{"type": "magiclink", "email": "x@example.com", "code_challenge": "short", "code_challenge_method": "md5"}',
    ];
    const failures: string[] = [];
    for (const [method, path, bearer] of routes) {
      for (const body of bodies) {
        const response = await authFetch(h, path, { method, rawBody: body, bearer });
        if (response.status >= 500 || response.status < 200)
          failures.push(`${method} ${path} ${body.slice(0, 40)} -> ${response.status} ${await response.text()}`);
      }
    }
    for (const path of [
      '/verify?type=signup&token=x',
      '/verify?type=bogus',
      '/verify',
      '/authorize',
      '/authorize?provider=google&code_challenge=x',
      '/callback',
      '/callback?state=a.b.c&code=x',
      '/admin/users?page=-1&per_page=abc',
    ]) {
      const response = await authFetch(h, path, {
        bearer: path.startsWith('/admin') ? h.stack.serviceRoleKey : undefined,
      });
      if (response.status >= 500) failures.push(`GET ${path} -> ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses anonymous sign-ins when they are disabled', async () => {
    const { error } = await h.client().auth.signInAnonymously();
    expect(error?.code).toBe('anonymous_provider_disabled');
    expect(error?.status).toBe(422);
  });

  it('describes itself on /health and /settings', async () => {
    const health = await (await authFetch(h, '/health')).json();
    expect(health.name).toBe('GoTrue');
    const settings = await (await authFetch(h, '/settings')).json();
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, phone: false },
    });
  });
});
