import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, fragmentOf, startAuthStack, uniqueEmail, verifyLinkOf, type AuthHarness } from './support.ts';

/** The admin users API answers the service role only. */
describe('auth admin API', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthStack('confirm-off');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('is refused to the anon key and to signed-in users', async () => {
    const anon = await h.client().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');

    const email = uniqueEmail('plain');
    const { data } = await h.client().auth.signUp({ email, password: 'secret123' });
    const asUser = await authFetch(h, '/admin/users', { bearer: data.session!.access_token });
    expect(asUser.status).toBe(403);
    expect((await asUser.json()).code).toBe('not_admin');

    // The new-format secret key is translated to the service role, as the CLI's gateway does.
    const withSecretKey = await fetch(`${h.url}/auth/v1/admin/users`, {
      headers: { apikey: h.stack.config.secretKey, Authorization: `Bearer ${h.stack.config.secretKey}` },
    });
    expect(withSecretKey.status).toBe(200);
    const withPublishableKey = await fetch(`${h.url}/auth/v1/admin/users`, {
      headers: { apikey: h.stack.config.publishableKey, Authorization: `Bearer ${h.stack.config.publishableKey}` },
    });
    expect(withPublishableKey.status).toBe(403);
  });

  it('creates, reads, updates, lists and deletes users', async () => {
    const admin = h.admin().auth.admin;
    const email = uniqueEmail('managed');
    const created = await admin.createUser({
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { full_name: 'Managed' },
      app_metadata: { tier: 'gold' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], tier: 'gold' });
    expect((await h.client().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();

    const duplicate = await admin.createUser({ email, password: 'secret123' });
    expect(duplicate.error?.code).toBe('email_exists');
    expect(duplicate.error?.status).toBe(422);

    const fetched = await admin.getUserById(user.id);
    expect(fetched.data.user?.user_metadata.full_name).toBe('Managed');

    const updated = await admin.updateUserById(user.id, {
      app_metadata: { role_in_app: 'admin' },
      user_metadata: { full_name: 'Renamed' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({ tier: 'gold', role_in_app: 'admin' });
    expect(updated.data.user?.user_metadata.full_name).toBe('Renamed');

    await admin.createUser({ email: uniqueEmail('managed-2'), password: 'secret123' });
    const page = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(1);
    expect((page.data as unknown as { total: number }).total).toBeGreaterThanOrEqual(2);
    expect((page.data as unknown as { nextPage: number | null }).nextPage).toBe(2);
    const raw = await fetch(`${h.url}/auth/v1/admin/users?page=1&per_page=1`, {
      headers: { apikey: h.stack.serviceRoleKey, Authorization: `Bearer ${h.stack.serviceRoleKey}` },
    });
    expect(Number(raw.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(raw.headers.get('link')).toContain('rel="next"');

    const banned = await admin.updateUserById(user.id, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toBeTruthy();
    const refused = await h.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(refused.error?.code).toBe('user_banned');

    const deleted = await admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    const rows = await h.stack.db.query('select 1 from auth.identities where user_id = $1', [user.id]);
    expect(rows.rows).toHaveLength(0);
  });

  it('soft-deletes a user, freeing the address and ending its sessions', async () => {
    const admin = h.admin().auth.admin;
    const email = uniqueEmail('soft');
    const { data } = await h.client().auth.signUp({ email, password: 'secret123' });
    expect((await admin.deleteUser(data.user!.id, true)).error).toBeNull();
    const row = await h.stack.db.query<{ deleted_at: Date | null }>('select deleted_at from auth.users where id = $1', [
      data.user!.id,
    ]);
    expect(row.rows[0]?.deleted_at).toBeTruthy();
    expect((await authFetch(h, '/user', { bearer: data.session!.access_token })).status).toBe(403);
    expect((await h.client().auth.signUp({ email, password: 'secret123' })).error).toBeNull();
  });

  it('generates links that work like the e-mailed ones', async () => {
    const admin = h.admin().auth.admin;
    const email = uniqueEmail('link');
    const signup = await admin.generateLink({
      type: 'signup',
      email,
      password: 'secret123',
      options: { redirectTo: 'http://localhost:3000/hello' },
    });
    expect(signup.error).toBeNull();
    expect(signup.data.properties).toMatchObject({
      verification_type: 'signup',
      redirect_to: 'http://localhost:3000/hello',
    });
    expect(signup.data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(signup.data.user?.email).toBe(email);
    const followed = await fetch(signup.data.properties!.action_link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const fragment = fragmentOf(followed.headers.get('location')!);
    expect(fragment.get('type')).toBe('signup');

    const recovery = await admin.generateLink({ type: 'recovery', email });
    const verified = await h
      .client()
      .auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);

    const missing = await admin.generateLink({ type: 'magiclink', email: uniqueEmail('missing') });
    expect(missing.error?.status).toBe(404);
    expect(await h.emailsTo(email)).toHaveLength(0);
  });

  it('invites a user by e-mail; the invite link signs them in', async () => {
    const email = uniqueEmail('invitee');
    const invited = await h
      .admin()
      .auth.admin.inviteUserByEmail(email, { data: { team: 'support' }, redirectTo: 'http://localhost:3000/welcome' });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    const link = verifyLinkOf(await h.latestEmail(email, 'You have been invited'));
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    const followed = await fetch(link, { redirect: 'manual' });
    const location = followed.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/welcome#')).toBe(true);
    const { data } = await h.client().auth.getUser(fragmentOf(location).get('access_token')!);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata.team).toBe('support');
  });
});
