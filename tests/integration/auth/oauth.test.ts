import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle, type GoogleAccount } from './fake-google.ts';
import { authFetch, fragmentOf, startAuthStack, uniqueEmail, type AuthHarness } from './support.ts';

/** Sign in with Google, against a fake Google on loopback (config.toml `url` override). */
describe('auth with Google OAuth', () => {
  let h: AuthHarness;
  const google = new FakeGoogle();

  beforeAll(async () => {
    await google.start();
    h = await startAuthStack('confirm-on', {
      TEST_GOOGLE_CLIENT_ID: google.clientId,
      TEST_GOOGLE_SECRET: google.secret,
      TEST_GOOGLE_URL: google.url,
    });
  });
  afterAll(async () => {
    await h?.stop();
    await google.stop();
  });

  function account(label: string, verified = true): GoogleAccount {
    return {
      id: String(Math.floor(Math.random() * 1e15)),
      email: uniqueEmail(label),
      verified_email: verified,
      name: `Person ${label}`,
      picture: 'https://example.com/p.png',
    };
  }

  /** Plays the browser: our /authorize -> Google's chooser -> our /callback -> the app's URL. */
  async function browse(startUrl: string): Promise<{ providerUrl: URL; finalLocation: string }> {
    const toProvider = await fetch(startUrl, { redirect: 'manual' });
    expect(toProvider.status).toBe(302);
    const providerUrl = new URL(toProvider.headers.get('location')!);
    const toCallback = await fetch(providerUrl, { redirect: 'manual' });
    const callbackUrl = toCallback.headers.get('location')!;
    expect(callbackUrl.startsWith(`${h.url}/auth/v1/callback?`)).toBe(true);
    const toApp = await fetch(callbackUrl, { redirect: 'manual' });
    expect(toApp.status).toBe(302);
    return { providerUrl, finalLocation: toApp.headers.get('location')! };
  }

  it('forces the account chooser and creates the user, identity and app profile (implicit flow)', async () => {
    const person = account('google');
    google.next = person;
    const client = h.client();
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: 'http://localhost:3000/cb',
        queryParams: { prompt: 'select_account' },
        skipBrowserRedirect: true,
      },
    });
    expect(error).toBeNull();
    const { providerUrl, finalLocation } = await browse(data.url!);
    expect(providerUrl.origin + providerUrl.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(providerUrl.searchParams.get('prompt')).toBe('select_account');
    expect(providerUrl.searchParams.get('client_id')).toBe(google.clientId);
    expect(providerUrl.searchParams.get('redirect_uri')).toBe(`${h.url}/auth/v1/callback`);
    expect(providerUrl.searchParams.get('response_type')).toBe('code');
    expect(providerUrl.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['email', 'profile']));

    expect(finalLocation.startsWith('http://localhost:3000/cb#')).toBe(true);
    const fragment = fragmentOf(finalLocation);
    expect(fragment.get('provider_token')).toMatch(/^ya29\./);
    const claims = decodeJwt(fragment.get('access_token')!);
    expect(claims.email).toBe(person.email);
    expect((claims.amr as { method: string }[])[0]?.method).toBe('oauth');
    expect(claims.app_metadata).toEqual({ provider: 'google', providers: ['google'] });

    const { data: me } = await client.auth.getUser(fragment.get('access_token')!);
    expect(me.user?.email_confirmed_at).toBeTruthy();
    expect(me.user?.identities?.map((i) => [i.provider, i.id])).toEqual([['google', person.id]]);
    expect(me.user?.user_metadata).toMatchObject({
      full_name: person.name,
      avatar_url: person.picture,
      email: person.email,
      provider_id: person.id,
    });

    const profile = await h.stack.db.query<{ full_name: string }>(
      'select full_name from public.profiles where id = $1',
      [claims.sub],
    );
    expect(profile.rows[0]?.full_name).toBe(person.name);

    // Coming back with the same Google account signs into the same user.
    google.next = person;
    const again = await browse(
      (
        await client.auth.signInWithOAuth({
          provider: 'google',
          options: { redirectTo: 'http://localhost:3000/cb', skipBrowserRedirect: true },
        })
      ).data.url!,
    );
    expect(decodeJwt(fragmentOf(again.finalLocation).get('access_token')!).sub).toBe(claims.sub);
    const users = await h.stack.db.query('select 1 from auth.users where email = $1', [person.email]);
    expect(users.rows).toHaveLength(1);
  });

  it('returns a PKCE code that exchangeCodeForSession turns into a session with the provider token', async () => {
    const person = account('google-pkce');
    google.next = person;
    const client = h.client({ flowType: 'pkce' });
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: 'http://localhost:3000/cb',
        queryParams: { prompt: 'select_account' },
        skipBrowserRedirect: true,
      },
    });
    expect(new URL(data.url!).searchParams.get('code_challenge_method')).toBe('s256');
    const { providerUrl, finalLocation } = await browse(data.url!);
    expect(providerUrl.searchParams.has('code_challenge')).toBe(false); // ours, not Google's
    const code = new URL(finalLocation).searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(person.email);
    expect(exchanged.data.session?.provider_token).toMatch(/^ya29\./);
  });

  it('links Google to an existing account with the same verified address', async () => {
    const person = account('linked');
    const existing = await h
      .admin()
      .auth.admin.createUser({ email: person.email, password: 'secret123', email_confirm: true });
    google.next = person;
    const client = h.client();
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:3000/cb', skipBrowserRedirect: true },
    });
    const { finalLocation } = await browse(data.url!);
    const token = fragmentOf(finalLocation).get('access_token')!;
    expect(decodeJwt(token).sub).toBe(existing.data.user!.id);
    const { data: me } = await client.auth.getUser(token);
    expect(me.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    expect(me.user?.app_metadata.providers).toEqual(['email', 'google']);
  });

  it('sends a cancelled chooser back to the app as an error', async () => {
    google.next = 'cancel';
    const { data } = await h.client().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:3000/cb', skipBrowserRedirect: true },
    });
    const { finalLocation } = await browse(data.url!);
    const fragment = fragmentOf(finalLocation);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_description')).toBe('The user cancelled the sign-in');
  });

  it('refuses providers that are not enabled and callbacks with a forged state', async () => {
    const github = await authFetch(h, '/authorize?provider=github&redirect_to=http://localhost:3000/cb');
    expect(github.status).toBe(400);
    expect((await github.json()).code).toBe('validation_failed');
    const forged = await authFetch(h, '/callback?code=abc&state=not-a-state');
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe('bad_oauth_state');
    const settings = await (await authFetch(h, '/settings')).json();
    expect(settings.external.google).toBe(true);
    expect(settings.mailer_autoconfirm).toBe(false);
  });
});
