// Smoke test of the BUILT Electron main process without Electron: boots dist-electron/main.js
// against ./electron-stub.mjs, with no hosted project configured, and checks that it starts the
// embedded stack (through tsx), serves concierge.config.json and index.html with a CSP over app://,
// answers the backend-config IPC, creates a locked-down window, grants the microphone only to its
// own origin and forwards a concierge:// deep link once the page has loaded.
//
//   npm run build:electron && node --import ./electron/smoke/register.mjs electron/smoke/run.mjs
//
// Run from the project root. dist/renderer/index.html must exist (npm run build:renderer).
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';

delete process.env.CONCIERGE_SUPABASE_URL;
delete process.env.CONCIERGE_SUPABASE_ANON_KEY;
process.argv.push('concierge://auth/callback#access_token=smoke');
await import(pathToFileURL(`${process.cwd()}/dist-electron/main.js`).href);
const calls = globalThis.__electronCalls;

const deadline = Date.now() + 120_000;
while (!(calls.handlers.app && calls.windows.length > 0) && Date.now() < deadline)
  await new Promise((r) => setTimeout(r, 100));
assert.ok(calls.handlers.app, 'app:// protocol handler registered');

const configRes = await calls.handlers.app(new Request('app://concierge/concierge.config.json'));
const config = await configRes.json();
assert.equal(configRes.status, 200);
assert.match(config.supabaseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
assert.ok(config.supabaseAnonKey.length > 20);

const rest = await fetch(`${config.supabaseUrl}/rest/v1/`, { headers: { apikey: config.supabaseAnonKey } });
assert.ok(rest.status < 500, `embedded stack answers (got ${rest.status})`);

const page = await calls.handlers.app(new Request('app://concierge/agents/1/dashboard'));
assert.equal(page.status, 200);
const csp = page.headers.get('content-security-policy') ?? '';
assert.ok(csp.includes(`connect-src 'self' ${config.supabaseUrl} ${config.supabaseUrl.replace('http:', 'ws:')}`), csp);
assert.equal((await calls.handlers.app(new Request('app://concierge/..%2f..%2fpackage.json'))).status, 403);

const ipc = await calls.ipc['concierge:backend:get-config']({ senderFrame: { url: 'app://concierge/' } }, undefined);
assert.deepEqual(ipc, { ok: true, value: { ...config, mode: 'embedded' } });

const prefs = calls.windows[0].opts.webPreferences;
assert.equal(prefs.contextIsolation, true);
assert.equal(prefs.sandbox, true);
assert.equal(prefs.nodeIntegration, false);
assert.match(prefs.preload, /dist-electron[\\/]preload\.cjs$/);

const ask = (requestingUrl) =>
  new Promise((resolve) => calls.permissionRequest(null, 'media', resolve, { requestingUrl, mediaTypes: ['audio'] }));
assert.equal(await ask('app://concierge/agents/1'), true);
assert.equal(await ask('https://evil.example/'), false);

assert.ok(!calls.log.some((l) => l.startsWith('send:')), 'no deep link before the page loaded');
calls.windows[0].webContents.emit('did-finish-load');
assert.ok(
  calls.log.includes('send:concierge:deep-link:{"url":"concierge://auth/callback#access_token=smoke"}'),
  calls.log.join('\n'),
);

// The offline recordings library: answers before anyone signed in; no media without a library.
const libraryStatus = await calls.ipc['concierge:library:status'](
  { senderFrame: { url: 'app://concierge/' } },
  undefined,
);
assert.equal(libraryStatus.ok && libraryStatus.value.signedIn, false);
const media = await calls.handlers.app(
  new Request('app://concierge/library-media/0b6f5f3e-8a51-4d1e-9a57-1c2d3e4f5a6b'),
);
assert.equal(media.status, 404);

console.log('electron main smoke: ok', config.supabaseUrl);
process.exit(0);
