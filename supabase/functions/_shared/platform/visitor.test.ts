import { SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { createCallerAuth } from './caller.ts';
import { HttpError } from './errors.ts';
import { identifyCaller } from './visitor.ts';

const SECRET = 'a-local-jwt-secret-of-at-least-32-characters';
const now = () => Math.floor(Date.now() / 1000);

function jwt(claims: JWTPayload, secret = SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

const ANON_KEY = 'sb_publishable_test';
// No SUPABASE_URL: a test that reached the Auth server would fail, so verification is in-process.
const auth = createCallerAuth({ get: (name) => ({ SUPABASE_JWT_SECRET: SECRET })[name] });
const identify = (headers: Record<string, string>) =>
  identifyCaller(new Request('http://functions.test/agent-chat', { headers }), { anonymousKeys: [ANON_KEY], auth });

async function refusal(token: string): Promise<{ status: number; code: string } | null> {
  try {
    await identify({ authorization: `Bearer ${token}` });
    return null;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code };
    throw error;
  }
}

describe('identifyCaller (public channels)', () => {
  it('a signed-in session is its user, verified from the JWT claims', async () => {
    const token = await jwt({ sub: 'user-1', role: 'authenticated', exp: now() + 3600 });
    await expect(identify({ authorization: `Bearer ${token}` })).resolves.toEqual({
      userId: 'user-1',
      visitorKey: 'user:user-1',
    });
  });

  it('no bearer or an anonymous key is a visitor, keyed by a well-formed visitor id or else the address', async () => {
    const visitorId = 'v'.repeat(24);
    const byId = await identify({ authorization: `Bearer ${ANON_KEY}`, 'x-visitor-key': visitorId });
    expect(byId).toMatchObject({ userId: null, visitorKey: `visitor:${visitorId}` });
    expect(byId.addressKey).toMatch(/^ip:[0-9a-f]{32}$/);
    const byAddress = await identify({ 'x-visitor-key': 'short', 'x-forwarded-for': '203.0.113.7' });
    expect(byAddress.userId).toBeNull();
    expect(byAddress.visitorKey).toBe(byAddress.addressKey);
    expect(byAddress.visitorKey).not.toContain('203.0.113.7');
  });

  it('a forged, expired, or non-user token is a 401, never silently anonymous', async () => {
    const cases = [
      'not.a.jwt',
      await jwt(
        { sub: 'user-1', role: 'authenticated', exp: now() + 3600 },
        'another-secret-of-at-least-32-characters',
      ),
      await jwt({ sub: 'user-1', role: 'authenticated', exp: now() - 10 }),
      // Verified, but not a signed-in person: an anon JWT not configured as a key, the service role.
      await jwt({ role: 'anon', exp: now() + 3600 }),
      await jwt({ role: 'service_role', exp: now() + 3600 }),
      await jwt({ role: 'authenticated', exp: now() + 3600 }),
    ];
    for (const token of cases) {
      expect(await refusal(token), token).toEqual({ status: 401, code: 'invalid_token' });
    }
  });
});
