/**
 * The fake Meta SDK's host (sdk.js beside this file): GET /sdk.js, GET /dialog (Meta's sign-up
 * window: posts the scripted event to the opener, then FB.login's answer). A test scripts the next
 * sign-up with `next(event, …)` (FINISH, FINISH_ONLY_WABA, CANCEL, ERROR) and reads what the console
 * asked for in `logins` (app id, SDK version, configuration id, extras). `env` configures a product.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export type FakeSignupEvent = 'FINISH' | 'FINISH_ONLY_WABA' | 'CANCEL' | 'ERROR';

export interface FakeSignupScript {
  event: FakeSignupEvent;
  wabaId?: string;
  /** FB.login's code (null: the login answers without authResponse). */
  code?: string | null;
  errorMessage?: string;
}

export interface FakeLogin {
  appId: string;
  version: string;
  configId: string;
  responseType: string;
  extras: Record<string, unknown>;
}

export interface FakeMeta {
  sdkUrl: string;
  env: Record<string, string>;
  appId: string;
  configId: string;
  /** Twilio's Partner Solution ID the product is configured with (CONCIERGE_TWILIO_SOLUTION_ID). */
  solutionId: string;
  logins: FakeLogin[];
  next(script: FakeSignupScript): void;
  close(): Promise<void>;
}

const SDK = readFileSync(fileURLToPath(new URL('./sdk.js', import.meta.url)), 'utf8');

function dialogPage(script: FakeSignupScript): string {
  const data =
    script.event === 'CANCEL'
      ? { current_step: 'PHONE_NUMBER_SETUP' }
      : script.event === 'ERROR'
        ? { error_message: script.errorMessage ?? 'Something went wrong', error_id: '524126', session_id: 'fake' }
        : {
            waba_id: script.wabaId,
            ...(script.event === 'FINISH' ? { phone_number_id: '1065', business_id: '77' } : {}),
          };
  const signup = JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: script.event, version: 3, data });
  const login =
    script.code === undefined || script.code === null || script.event === 'CANCEL'
      ? { authResponse: null }
      : { authResponse: { code: script.code } };
  // JSON inside a script element: '<' escaped so no value can close it.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<!doctype html><title>Fake Facebook</title><script>
    window.opener.postMessage(${json(signup)}, '*');
    window.opener.postMessage({ fakeFbLogin: ${json(login)} }, '*');
    window.close();
  </script>`;
}

export async function startFakeMeta(): Promise<FakeMeta> {
  const appId = '1234567890';
  const configId = '9876543210';
  const solutionId = '4455667788';
  const logins: FakeLogin[] = [];
  let script: FakeSignupScript = { event: 'FINISH', wabaId: '555000111', code: 'fake-code' };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/sdk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' });
      res.end(SDK);
      return;
    }
    if (url.pathname === '/dialog') {
      const q = url.searchParams;
      logins.push({
        appId: q.get('app_id') ?? '',
        version: q.get('version') ?? '',
        configId: q.get('config_id') ?? '',
        responseType: q.get('response_type') ?? '',
        extras: JSON.parse(q.get('extras') ?? '{}') as Record<string, unknown>,
      });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(dialogPage(script));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sdkUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sdk.js`;
  return {
    sdkUrl,
    appId,
    configId,
    solutionId,
    env: {
      CONCIERGE_FACEBOOK_APP_ID: appId,
      CONCIERGE_FACEBOOK_CONFIG_ID: configId,
      CONCIERGE_FACEBOOK_SDK_URL: sdkUrl,
      CONCIERGE_TWILIO_SOLUTION_ID: solutionId,
    },
    logins,
    next(next) {
      script = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
