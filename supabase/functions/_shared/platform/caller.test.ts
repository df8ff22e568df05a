import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { createCallerAuth, type Caller } from './caller.ts';
import { HttpError } from './errors.ts';
import { toBase64url } from './signing.ts';

const SECRET = 'a-local-jwt-secret-of-at-least-32-characters';
const now = () => Math.floor(Date.now() / 1000);

function jwt(claims: JWTPayload, secret = SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

const user = (extra: JWTPayload = {}) => jwt({ sub: 'user-1', role: 'authenticated', exp: now() + 3600, ...extra });

async function env(values: Record<string, string>) {
  const all: Record<string, string> = {
    SUPABASE_URL: 'http://127.0.0.1:1',
    SUPABASE_ANON_KEY: await jwt({ role: 'anon', exp: now() + 3600 }),
    SUPABASE_SERVICE_ROLE_KEY: await jwt({ role: 'service_role', exp: now() + 3600 }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_1' }),
    ...values,
  };
  return { get: (name: string) => all[name], values: all };
}

const request = (token?: string) =>
  new Request('http://functions.test/x', { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

async function refusal(run: () => Promise<unknown> | unknown): Promise<{ status: number; code: string } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code };
    throw error;
  }
}

describe('requireOwner', () => {
  it('accepts a valid session and answers its user id and claims', async () => {
    const auth = createCallerAuth(await env({ SUPABASE_JWT_SECRET: SECRET }));
    const token = await user({ email: 'o@example.com' });
    const caller = await auth.requireOwner(request(token));
    expect(caller).toMatchObject({
      userId: 'user-1',
      token,
      claims: { role: 'authenticated', email: 'o@example.com' },
    });
  });

  it('refuses no token, the anon key, the service role and a publishable key as not signed in', async () => {
    const values = await env({
      SUPABASE_JWT_SECRET: SECRET,
      SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_1"}',
    });
    const auth = createCallerAuth(values);
    const notSignedIn = { status: 401, code: 'not_signed_in' };
    expect(await refusal(() => auth.requireOwner(request()))).toEqual(notSignedIn);
    expect(await refusal(() => auth.requireOwner(request(values.values.SUPABASE_ANON_KEY)))).toEqual(notSignedIn);
    expect(await refusal(() => auth.requireOwner(request(values.values.SUPABASE_SERVICE_ROLE_KEY)))).toEqual(
      notSignedIn,
    );
    expect(await refusal(() => auth.requireOwner(request('sb_publishable_1')))).toEqual(notSignedIn);
  });

  it('refuses an expired, a forged, an unsigned and a malformed token as invalid', async () => {
    const auth = createCallerAuth(await env({ SUPABASE_JWT_SECRET: SECRET }));
    const invalid = { status: 401, code: 'invalid_token' };
    expect(await refusal(async () => auth.requireOwner(request(await user({ exp: now() - 10 }))))).toEqual(invalid);
    const forged = await jwt(
      { sub: 'user-1', role: 'authenticated', exp: now() + 60 },
      'another-secret-of-32-characters-long!!',
    );
    expect(await refusal(() => auth.requireOwner(request(forged)))).toEqual(invalid);
    const header = toBase64url(new TextEncoder().encode('{"alg":"none","typ":"JWT"}'));
    const body = toBase64url(new TextEncoder().encode(JSON.stringify({ sub: 'user-1', role: 'authenticated' })));
    expect(await refusal(() => auth.requireOwner(request(`${header}.${body}.`)))).toEqual(invalid);
    expect(await refusal(() => auth.requireOwner(request('not-a-jwt')))).toEqual(invalid);
  });

  it('verifies with the oct key of SUPABASE_JWKS, as the CLI runtime and the local stack provide it', async () => {
    const jwks = JSON.stringify({
      keys: [{ kty: 'oct', k: toBase64url(new TextEncoder().encode(SECRET)), alg: 'HS256' }],
    });
    const auth = createCallerAuth(await env({ SUPABASE_JWKS: jwks }));
    expect((await auth.requireOwner(request(await user()))).userId).toBe('user-1');
    const forged = await jwt(
      { sub: 'user-1', role: 'authenticated', exp: now() + 60 },
      'another-secret-of-32-characters-long!!',
    );
    expect(await refusal(() => auth.requireOwner(request(forged)))).toEqual({ status: 401, code: 'invalid_token' });
  });

  it('verifies asymmetric (ES256) tokens with the public keys of SUPABASE_JWKS', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const auth = createCallerAuth(await env({ SUPABASE_JWKS: JSON.stringify({ keys: [jwk] }) }));
    const sign = (key: CryptoKey) =>
      new SignJWT({ sub: 'user-2', role: 'authenticated', exp: now() + 60 })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .sign(key);
    expect((await auth.requireOwner(request(await sign(privateKey)))).userId).toBe('user-2');
    const other = await generateKeyPair('ES256');
    expect(await refusal(async () => auth.requireOwner(request(await sign(other.privateKey))))).toEqual({
      status: 401,
      code: 'invalid_token',
    });
  });
});

describe('requireAdmin', () => {
  const admins = new Set(['admin-1']);
  const isAdmin = (caller: Caller) => Promise.resolve(admins.has(caller.userId));

  it('lets an admin through and refuses an owner with 403 admin_only', async () => {
    const auth = createCallerAuth(await env({ SUPABASE_JWT_SECRET: SECRET }), { isAdmin });
    expect((await auth.requireAdmin(request(await user({ sub: 'admin-1' })))).userId).toBe('admin-1');
    expect(await refusal(async () => auth.requireAdmin(request(await user())))).toEqual({
      status: 403,
      code: 'admin_only',
    });
    expect(await refusal(() => auth.requireAdmin(request()))).toEqual({ status: 401, code: 'not_signed_in' });
  });
});

describe('requireServiceRole', () => {
  it('accepts the legacy service key and the new secret keys, nothing else', async () => {
    const values = await env({ SUPABASE_JWT_SECRET: SECRET });
    const auth = createCallerAuth(values);
    expect(await refusal(() => auth.requireServiceRole(request('sb_secret_1'), 'x'))).toBeNull();
    expect(
      await refusal(() => auth.requireServiceRole(request(values.values.SUPABASE_SERVICE_ROLE_KEY), 'x')),
    ).toBeNull();
    for (const token of [undefined, values.values.SUPABASE_ANON_KEY, await user()]) {
      expect(await refusal(() => auth.requireServiceRole(request(token), 'x'))).toEqual({
        status: 403,
        code: 'service_role_only',
      });
    }
  });
});
