// Smoke test of the BUILT Electron main process without Electron: boots dist-electron/main.js
// against ./electron-stub.mjs, with no hosted project configured, and checks that it starts the
// embedded stack from the bundle (dist-electron/backend.mjs, in a "utility process": a Node child
// with ./parent-port-shim.mjs), that a killed backend comes back on the same URL, serves concierge.config.json and index.html with a CSP over app://,
// answers the backend-config IPC, creates a locked-down window, grants the microphone only to its
// own origin, forwards a concierge:// deep link once the page has loaded, and on quit stops the
// backend gracefully before the app exits. While the backend starts, an IPC round-trip to main is
// timed (printed, under 250 ms).
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

// The window stays responsive while the backend starts (it runs in its own process): with the
// backend-config answer still pending, IPC round-trips to main come back at once.
const appFrame = { senderFrame: { url: 'app://concierge/' } };
let backendUp = false;
const backendConfigAnswer = calls.ipc['concierge:backend:get-config'](appFrame, undefined).then((answer) => {
  backendUp = true;
  return answer;
});
const roundTrips = [];
for (let i = 0; i < 5; i++) {
  const startedAt = performance.now();
  const answer = await calls.ipc['concierge:library:status'](appFrame, undefined);
  roundTrips.push(performance.now() - startedAt);
  assert.equal(answer.ok, true);
  await new Promise((r) => setTimeout(r, 20));
}
assert.equal(backendUp, false, 'the round-trips were timed while the backend was still starting');
const slowestRoundTrip = Math.max(...roundTrips);
console.log(`IPC round-trip while the backend starts: ${slowestRoundTrip.toFixed(1)} ms (slowest of 5)`);
assert.ok(slowestRoundTrip < 250, `IPC round-trip took ${slowestRoundTrip.toFixed(1)} ms while the backend started`);
await backendConfigAnswer;

const configRes = await calls.handlers.app(new Request('app://concierge/concierge.config.json'));
const config = await configRes.json();
assert.equal(configRes.status, 200);
assert.match(config.supabaseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
assert.ok(config.supabaseAnonKey.length > 20);

const rest = await fetch(`${config.supabaseUrl}/rest/v1/`, { headers: { apikey: config.supabaseAnonKey } });
assert.ok(rest.status < 500, `embedded stack answers (got ${rest.status})`);
assert.deepEqual(
  calls.log.filter((l) => l.startsWith('utility-fork:')),
  ['utility-fork:backend.mjs'],
  'the backend runs in a utility process from the bundle',
);
// Edge functions come from the bundle's static registry (no TypeScript is imported at run time).
const health = await fetch(`${config.supabaseUrl}/functions/v1/phone-relay/health`);
assert.equal(health.status, 200);
assert.equal((await fetch(`${config.supabaseUrl}/functions/v1/no-such-function`)).status, 404);
const unsigned = await fetch(`${config.supabaseUrl}/functions/v1/owner-assist`, { method: 'POST' });
assert.equal(unsigned.status, 401, 'verify_jwt still applies to bundled functions');

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

// A backend that dies is restarted on the same port: the page's URL and CSP stay valid.
const firstBackend = calls.utilityProcesses[0];
const backendExited = new Promise((resolve) => firstBackend.once('exit', resolve));
firstBackend.kill();
await backendExited;
const restartDeadline = Date.now() + 60_000;
let restarted = false;
while (!restarted && Date.now() < restartDeadline) {
  await new Promise((r) => setTimeout(r, 200));
  restarted =
    calls.utilityProcesses.length === 2 &&
    (await fetch(`${config.supabaseUrl}/rest/v1/`, { headers: { apikey: config.supabaseAnonKey } }).then(
      (r) => r.status < 500,
      () => false,
    ));
}
assert.ok(restarted, 'the backend came back on the same URL');

// Quitting stops the backend gracefully (PGlite flushes on close) and then quits.
const secondExited = new Promise((resolve) => calls.utilityProcesses[1].once('exit', resolve));
const quitEvent = {
  defaultPrevented: false,
  preventDefault() {
    this.defaultPrevented = true;
  },
};
(await import('electron')).app.emit('before-quit', quitEvent);
assert.ok(quitEvent.defaultPrevented, 'quit waits for the backend');
assert.equal(await secondExited, 0, 'the backend exited cleanly');
const quitDeadline = Date.now() + 10_000;
while (!calls.log.includes('quit') && Date.now() < quitDeadline) await new Promise((r) => setTimeout(r, 50));
assert.ok(calls.log.includes('quit'), 'the app quits once the backend stopped');

console.log('electron main smoke: ok', config.supabaseUrl);
process.exit(0);
