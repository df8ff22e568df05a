import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

/** The development seed: demo logins that really sign in, and the public demo agent. */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('development seed', () => {
  it('the demo owner signs in with the seeded password and owns the demo agent', async () => {
    const client = stack.anonClient();
    const { data, error } = await client.auth.signInWithPassword({
      email: 'demo.owner@example.com',
      password: 'concierge-demo',
    });
    expect(error).toBeNull();
    const { data: profile } = await client
      .from('profiles')
      .select('name, credits, is_admin, email_verified, last_login')
      .eq('id', data.user!.id)
      .single();
    expect(profile).toMatchObject({ name: 'Demo Owner', credits: 30, is_admin: false, email_verified: true });
    // signing in stamps auth.users.last_sign_in_at, which the profile follows
    expect(Date.now() - new Date(profile!.last_login as string).getTime()).toBeLessThan(60_000);
    const { data: agents } = await client.from('agents').select('subdomain, name');
    expect(agents).toEqual([{ subdomain: 'demo', name: 'Clara' }]);
    // hours, menu and access, each in English and in French
    const { count } = await client.from('knowledge_chunks').select('id', { count: 'exact', head: true });
    expect(count).toBe(6);
  });

  it('the demo admin signs in and is an admin', async () => {
    const client = stack.anonClient();
    const { data, error } = await client.auth.signInWithPassword({
      email: 'demo.admin@example.com',
      password: 'concierge-admin',
    });
    expect(error).toBeNull();
    const { data: profile } = await client.from('profiles').select('is_admin').eq('id', data.user!.id).single();
    expect(profile?.is_admin).toBe(true);
  });

  it('a wrong password for a demo login is refused', async () => {
    const { error } = await stack
      .anonClient()
      .auth.signInWithPassword({ email: 'demo.owner@example.com', password: 'wrong-password' });
    expect(error?.status).toBe(400);
  });

  it('a visitor opens the demo agent page with its branding', async () => {
    const { data } = await stack.anonClient().rpc('public_agent', { subdomain: 'demo' });
    expect(data).toMatchObject({
      name: 'Clara',
      company_name: 'Le Petit Bistrot',
      branding: { primary_color: '#6366f1', font_family: 'inter' },
    });
  });
});
