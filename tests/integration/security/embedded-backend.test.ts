/**
 * The embedded backend on a shared machine (HTTP parts): another
 * web page, another local user or a visitor with a script must not be able to mint tokens with the
 * public demo secret, drive the API from a foreign origin, read the inbox (password-reset links),
 * brute-force sign-ins, make the server hash a megabyte password, or wedge a connection.
 */
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadSupabaseConfig } from '../../../supabase/local/core/config.ts';
import { signJwt } from '../../../supabase/local/core/jwt.ts';
import { KEYS_FILE } from '../../../supabase/local/core/keys.ts';
import { startStack } from '../../../supabase/local/index.ts';
import { migratedSnapshot } from '../../support/migrated-snapshot.ts';
import { REPO_ROOT, startTestStack, type TestStack } from '../support/stack.ts';

/** The Supabase CLI's well-known local credentials (public on GitHub and in every tutorial). */
const DEMO_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The pages this stack serves, as the product and the desktop app pass them (not config.toml's ports). */
const CONSOLE_ORIGIN = 'http://localhost:5190';
const SITE_ORIGINS = 'http://*.localhost:5191';
const FOREIGN_ORIGIN = 'http://evil.example';

let stack: TestStack;
/** config.toml's own [auth.rate_limit]: this file runs with the limits a real install has. */
let limits: { sign_in_sign_ups: number };
/** Requests this file sent to rate-limited auth routes before the rate-limit test. */
let limitedSoFar = 0;

beforeAll(async () => {
  limits = (await loadSupabaseConfig(REPO_ROOT)).auth.rate_limit;
  stack = await startTestStack({
    allowedOrigins: [CONSOLE_ORIGIN, SITE_ORIGINS],
    authRateLimit: limits,
    trustForwardedFor: false,
  });
});
afterAll(async () => {
  await stack?.stop();
});

const rest = (pathname: string, init: RequestInit = {}) => fetch(`${stack.url}/rest/v1${pathname}`, init);
const authApi = (pathname: string, init: RequestInit = {}) => fetch(`${stack.url}/auth/v1${pathname}`, init);

describe('keys per data directory', () => {
  it('a fresh data directory gets its own secret and keys, kept owner-only and reused on restart', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'concierge-keys-'));
    // A project without migrations, from its snapshot (no initdb per data dir): keys do not
    // depend on the schema, and the snapshot holds none.
    await writeFile(path.join(root, 'placeholder'), '');
    const { data: initialData } = await migratedSnapshot(root);
    try {
      const first = await startStack({ projectDir: root, dataDir: path.join(root, 'a'), port: 0, initialData });
      const firstKeys = { ...first.config };
      await first.stop();
      const again = await startStack({ projectDir: root, dataDir: path.join(root, 'a'), port: 0, initialData });
      const other = await startStack({ projectDir: root, dataDir: path.join(root, 'b'), port: 0, initialData });
      try {
        expect(firstKeys.jwtSecret).not.toBe(DEMO_SECRET);
        expect(firstKeys.serviceRoleKey).not.toBe(DEMO_SERVICE_ROLE_KEY);
        expect(Buffer.byteLength(firstKeys.jwtSecret)).toBeGreaterThanOrEqual(32);
        expect(again.config.jwtSecret).toBe(firstKeys.jwtSecret);
        expect(again.anonKey).toBe(firstKeys.anonKey);
        expect(again.serviceRoleKey).toBe(firstKeys.serviceRoleKey);
        expect(other.config.jwtSecret).not.toBe(firstKeys.jwtSecret);
        expect(other.serviceRoleKey).not.toBe(firstKeys.serviceRoleKey);
        const file = path.join(root, 'a', KEYS_FILE);
        expect((await stat(file)).mode & 0o777).toBe(0o600);
        expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ jwtSecret: firstKeys.jwtSecret });
      } finally {
        await again.stop();
        await other.stop();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('an in-memory stack gets keys of its own', async () => {
    expect(stack.config.jwtSecret).not.toBe(DEMO_SECRET);
    expect(stack.serviceRoleKey).not.toBe(DEMO_SERVICE_ROLE_KEY);
  });
});

describe('the data folder on a shared machine', () => {
  // Windows has no POSIX modes: the user profile's ACLs protect it there.
  it.skipIf(process.platform === 'win32')(
    'another local account cannot read it: .concierge, its database and its files are owner-only, an old 755 install included',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'concierge-modes-'));
      const own = path.join(root, '.concierge');
      const { data: initialData } = await migratedSnapshot(root);
      try {
        // An install made before this fix: every folder as the umask left it.
        await mkdir(path.join(own, 'data'), { recursive: true, mode: 0o755 });
        await mkdir(path.join(own, 'data', 'files'), { recursive: true, mode: 0o755 });
        for (const dir of [own, path.join(own, 'data'), path.join(own, 'data', 'files')]) await chmod(dir, 0o755);
        const running = await startStack({ projectDir: root, env: {}, port: 0, initialData });
        try {
          expect(running.config.dataDir).toBe(path.join(own, 'data'));
          for (const dir of [own, path.join(own, 'data'), path.join(own, 'data', 'files')]) {
            expect({ dir, mode: (await stat(dir)).mode & 0o777 }).toEqual({ dir, mode: 0o700 });
          }
        } finally {
          await running.stop();
        }
        // A fresh install is created owner-only.
        await rm(own, { recursive: true, force: true });
        const fresh = await startStack({ projectDir: root, env: {}, port: 0, initialData });
        try {
          for (const dir of [own, path.join(own, 'data'), path.join(own, 'data', 'files')]) {
            expect({ dir, mode: (await stat(dir)).mode & 0o777 }).toEqual({ dir, mode: 0o700 });
          }
        } finally {
          await fresh.stop();
        }
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
  );
});

describe('a token signed with the public demo secret', () => {
  it('is refused by REST (401), auth (403 bad_jwt), storage and functions (401)', async () => {
    const forged = await signJwt({ role: 'service_role', iss: 'supabase-demo' }, DEMO_SECRET, 600);
    for (const token of [forged, DEMO_SERVICE_ROLE_KEY]) {
      const headers = { apikey: token, authorization: `Bearer ${token}` };
      expect((await rest('/profiles?select=id', { headers })).status).toBe(401);
      const admin = await authApi('/admin/users', { headers: { ...headers, 'x-supabase-api-version': '2024-01-01' } });
      expect(admin.status).toBe(403);
      expect((await admin.json()).code).toBe('bad_jwt');
      // Storage answers a bad JWT the way hosted Storage does: HTTP 400, its own error body.
      const buckets = await fetch(`${stack.url}/storage/v1/bucket`, { headers });
      expect(buckets.status).toBe(400);
      expect(await buckets.json()).toMatchObject({ error: expect.stringMatching(/jwt|unauthorized/i) });
      expect((await fetch(`${stack.url}/functions/v1/knowledge-ingest`, { method: 'POST', headers })).status).toBe(401);
    }
  });
});

describe('CORS', () => {
  it('a page on an unknown origin gets no CORS grant: preflight and request refused', async () => {
    const preflight = await rest('/agents', {
      method: 'OPTIONS',
      headers: {
        origin: FOREIGN_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // A "simple" request the browser sends without asking first never reaches the service.
    const simple = await authApi('/signup', {
      method: 'POST',
      headers: { origin: FOREIGN_ORIGIN, 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'victim@example.com', password: 'whatever-123' }),
    });
    expect(simple.status).toBe(403);
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const fn = await fetch(`${stack.url}/functions/v1/agent-chat`, {
      method: 'OPTIONS',
      headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(fn.status).toBe(403);
    expect(fn.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a page on an unknown origin cannot open the realtime socket', async () => {
    const ws = new WebSocket(
      `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=1.0.0`,
      {
        headers: { origin: FOREIGN_ORIGIN },
      },
    );
    const [error] = (await once(ws, 'error')) as [Error];
    expect(error.message).toContain('403');
  });

  it('the console origin and agent pages are granted, echoed rather than *', async () => {
    for (const origin of [CONSOLE_ORIGIN, 'http://demo.localhost:5191']) {
      const preflight = await rest('/agents', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      const read = await rest('/sectors?select=id&limit=1', { headers: { origin, apikey: stack.anonKey } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it("whatever listens on config.toml's fixed ports gets no grant when the stack was told what it serves", async () => {
    for (const origin of ['http://localhost:5180', 'http://demo.localhost:5181', 'http://127.0.0.1:3000']) {
      const preflight = await rest('/agents', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect({ origin, status: preflight.status }).toEqual({ origin, status: 403 });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('servers and tests (no Origin) are still served, with an answer no cache hands to a page', async () => {
    const plain = await rest('/sectors?select=id&limit=1', { headers: { apikey: stack.anonKey } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('vary')).toMatch(/\bOrigin\b/);
  });
});

describe('the local inbox', () => {
  beforeAll(async () => {
    await stack.ctx.mailer.send({ to: 'victim@example.com', subject: 'Reset', html: '', text: 'reset link' });
  });

  it('refuses an anonymous request, a foreign page, the anon key and a wrong key', async () => {
    expect((await fetch(stack.inboxUrl)).status).toBe(401);
    expect((await fetch(`${stack.url}/_local/inbox.html`)).status).toBe(401);
    expect((await fetch(stack.inboxUrl, { headers: { origin: FOREIGN_ORIGIN } })).status).toBe(403);
    expect((await fetch(stack.inboxUrl, { headers: { apikey: stack.anonKey } })).status).toBe(401);
    expect((await fetch(`${stack.inboxUrl}?key=wrong`)).status).toBe(401);
    expect((await fetch(stack.inboxUrl, { method: 'DELETE' })).status).toBe(401);
  });

  it('answers the service role key and the page URL the stack prints', async () => {
    const emails = await stack.readInbox('victim@example.com');
    expect(emails.map((e) => e.subject)).toEqual(['Reset']);
    const page = await fetch(stack.inboxPageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('Reset');
  });
});

describe('absurd inputs', () => {
  it('a 1 MB password is refused before any hashing (413), a 100-byte one with GoTrue 400', async () => {
    const huge = await authApi('/signup', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    const long = await authApi('/signup', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: 'long@example.com', password: 'x'.repeat(100) }),
    });
    limitedSoFar += 1;
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
    const created = await stack.serviceClient().auth.admin.createUser({
      email: 'long-admin@example.com',
      password: 'y'.repeat(73),
    });
    expect(created.error?.status).toBe(400);
  });

  it('an oversized email or metadata is refused', async () => {
    const email = await authApi('/signup', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${'a'.repeat(300)}@example.com`, password: 'secret-123' }),
    });
    limitedSoFar += 1;
    expect(email.status).toBe(400);
    const metadata = await authApi('/signup', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'meta@example.com', password: 'secret-123', data: { bio: 'x'.repeat(100_000) } }),
    });
    expect(metadata.status).toBe(413);
  });
});

describe('connections and statuses', () => {
  it('after a 413 the keep-alive connection is closed cleanly and the next request is served', async () => {
    const { port } = new URL(stack.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.write(
      `POST /rest/v1/agents HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\nxx`,
    );
    socket.write(`GET /rest/v1/sectors?select=id HTTP/1.1\r\nHost: x\r\napikey: ${stack.anonKey}\r\n\r\n`);
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.toLowerCase()).toContain('connection: close');
    const tooBig = await rest('/agents', { method: 'POST', body: new Uint8Array(11 * 1024 * 1024) });
    expect(tooBig.status).toBe(413);
    expect((await rest('/sectors?select=id&limit=1', { headers: { apikey: stack.anonKey } })).status).toBe(200);
  });

  it("after storage's own 413 (a bucket's size limit) the keep-alive connection is closed too", async () => {
    const { port } = new URL(stack.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    // Over avatars' 5 MiB but under the gateway's storage limit: storage itself refuses it.
    socket.write(
      `POST /storage/v1/object/avatars/big.png HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n` +
        `apikey: ${stack.serviceRoleKey}\r\nAuthorization: Bearer ${stack.serviceRoleKey}\r\n` +
        `Content-Type: image/png\r\nContent-Length: ${6 * 1024 * 1024}\r\n\r\nxx`,
    );
    const closed = await Promise.race([
      once(socket, 'close').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
    ]);
    socket.destroy();
    // Hosted Storage's shape: HTTP 400, the real status in the body.
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"statusCode":"413"');
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
    expect((await rest('/sectors?select=id&limit=1', { headers: { apikey: stack.anonKey } })).status).toBe(200);
  });

  it('"not found" raised by an RPC as PT404 answers 404, as PostgREST does', async () => {
    const { data: user } = await stack.serviceClient().auth.admin.createUser({
      email: 'rpc-owner@example.com',
      password: 'secret-123',
      email_confirm: true,
    });
    const owner = await stack.clientAs(await stack.signUserToken({ sub: user.user!.id }));
    const { error, status } = await owner.rpc('configure_web_widget', {
      agent_id: '00000000-0000-4000-8000-000000000000',
      domain: 'example.com',
    });
    expect(status).toBe(404);
    expect(error?.code).toBe('PT404');
  });

  it('storage objects are served with nosniff', async () => {
    const service = stack.serviceClient();
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect((await service.storage.from('avatars').upload('nosniff/a.png', png)).error).toBeNull();
    const url = service.storage.from('avatars').getPublicUrl('nosniff/a.png').data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('sign-in and sign-up rate limit (config.toml [auth.rate_limit])', () => {
  it('one client address gets 429 over_request_rate_limit past the limit, whatever x-forwarded-for it claims', async () => {
    const attempt = (i: number) =>
      authApi('/token?grant_type=password', {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
          // Locally there is no proxy: a claimed address must not open a fresh bucket.
          'x-forwarded-for': `198.51.100.${i % 250}`,
        },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'wrong-password' }),
      });
    const remaining = limits.sign_in_sign_ups - limitedSoFar;
    expect(remaining).toBeGreaterThan(0);
    for (let i = 0; i < remaining; i++) expect((await attempt(i)).status).toBe(400);
    const refused = await attempt(remaining);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    const signup = await authApi('/signup', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.com', password: 'secret-123' }),
    });
    expect(signup.status).toBe(429);
  });
});
