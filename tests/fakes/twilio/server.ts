/**
 * A loopback stand-in for Twilio's REST hosts, reached through TWILIO_API_BASE_URL
 * (`{base}/{host's first label}/{path}`, e.g. `{base}/api/2010-04-01/Accounts/AC…/Calls/CA….json`).
 *
 * This file is the skeleton every Twilio fake shares: HTTP Basic auth as Twilio checks it (401 with
 * code 20003), Twilio's error body, SIDs, a log of every request, and `sendWebhook`, which POSTs a
 * form to one of our webhook URLs signed with the account's auth token exactly as Twilio does
 * (X-Twilio-Signature over the URL + sorted params, I-Twilio-Idempotency-Token). Resource routes live
 * in their own modules (numbers.ts, calls.ts, …), installed by `startFakeTwilio` in index.ts.
 */
import { randomBytes, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioRequest {
  /** First label of the Twilio host: api, messaging, content… */
  host: string;
  method: string;
  /** Path after the host label, e.g. /2010-04-01/Accounts/AC…/IncomingPhoneNumbers.json */
  path: string;
  query: URLSearchParams;
  /** Form fields (repeated keys kept) or the parsed JSON body. */
  form: URLSearchParams;
  json: unknown;
  rawBody: string;
  username: string | null;
}

export interface TwilioResponse {
  status: number;
  body?: unknown;
  /** Raw bytes (media downloads); body is ignored when set. */
  bytes?: Uint8Array;
  contentType?: string;
}

export type TwilioRouteHandler = (
  request: TwilioRequest,
  params: Record<string, string>,
) => TwilioResponse | Promise<TwilioResponse>;

export interface SentWebhook {
  url: string;
  params: Record<string, string>;
  status: number;
  body: string;
}

export interface FakeTwilioServer {
  /** TWILIO_API_BASE_URL for functions under test. */
  url: string;
  accountSid: string;
  authToken: string;
  /** Function env pointing at this fake. */
  env: Record<string, string>;
  /** Every authenticated request, oldest first. */
  requests: TwilioRequest[];
  /**
   * Adds a route. `pattern` is a path with `:name` segments after the host label, e.g.
   * `/2010-04-01/Accounts/:account/Calls/:call.json`.
   */
  route(host: string, method: string, pattern: string, handler: TwilioRouteHandler): void;
  sid(prefix: string): string;
  /** POSTs a signed form webhook as Twilio does; returns the answer. */
  sendWebhook(
    url: string,
    params: Record<string, string>,
    options?: { signature?: string; idempotencyToken?: string; authToken?: string },
  ): Promise<SentWebhook>;
  /** Every webhook this fake sent, oldest first. */
  webhooks: SentWebhook[];
  /** Registers another account (a sub-account) whose credentials the fake accepts; returns it. */
  addAccount(sid?: string, authToken?: string): { sid: string; authToken: string };
  close(): Promise<void>;
}

export function twilioError(status: number, code: number, message: string): TwilioResponse {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

/** Twilio's webhook signature, computed independently of the product's code. */
export function expectedTwilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

interface Route {
  host: string;
  method: string;
  regex: RegExp;
  names: string[];
  handler: TwilioRouteHandler;
}

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+?)';
      }),
    )
    .join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, answer: TwilioResponse): void {
  if (answer.bytes) {
    // Twilio's media downloads carry their length (the recording copy checks it against the bucket).
    res.writeHead(answer.status, {
      'content-type': answer.contentType ?? 'application/octet-stream',
      'content-length': String(answer.bytes.byteLength),
    });
    res.end(Buffer.from(answer.bytes));
    return;
  }
  if (answer.status === 204 || answer.body === undefined) {
    res.writeHead(answer.status).end();
    return;
  }
  res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' });
  res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
}

export async function startFakeTwilioServer(
  options: { accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilioServer> {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = options.authToken ?? randomBytes(16).toString('hex');
  const routes: Route[] = [];
  const requests: TwilioRequest[] = [];
  const webhooks: SentWebhook[] = [];
  // Account SID → auth token: the main account and any sub-account added by a test.
  const accounts = new Map<string, string>([[accountSid, authToken]]);

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, host = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      const rawBody = await readBody(req);
      const auth = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
      const [username, password] = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':') : [null, null];
      if (!username || accounts.get(username) !== password) {
        send(res, twilioError(401, 20003, 'Authentication Error - invalid username'));
        return;
      }
      const isJson = (req.headers['content-type'] ?? '').includes('json');
      let json: unknown = null;
      if (isJson && rawBody) {
        try {
          json = JSON.parse(rawBody);
        } catch {
          send(res, twilioError(400, 20001, 'Invalid JSON body'));
          return;
        }
      }
      const request: TwilioRequest = {
        host,
        method: req.method ?? 'GET',
        path,
        query: url.searchParams,
        form: new URLSearchParams(isJson ? '' : rawBody),
        json,
        rawBody,
        username,
      };
      requests.push(request);
      for (const route of routes) {
        if (route.host !== host || route.method !== request.method) continue;
        const match = route.regex.exec(path);
        if (!match) continue;
        const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
        // An account reaches its own resources; the main (parent) account reaches its sub-accounts' too.
        if (params.account !== undefined && params.account !== username && username !== accountSid) {
          send(res, twilioError(404, 20404, 'The requested resource was not found'));
          return;
        }
        send(res, await route.handler(request, params));
        return;
      }
      send(res, twilioError(404, 20404, `The requested resource ${path} was not found`));
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    accountSid,
    authToken,
    env: { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_API_BASE_URL: url },
    requests,
    webhooks,
    route(host, method, pattern, handler) {
      routes.push({ host, method: method.toUpperCase(), ...compile(pattern), handler });
    },
    sid(prefix) {
      return `${prefix}${randomBytes(16).toString('hex')}`;
    },
    async sendWebhook(target, params, opts = {}) {
      const signature = opts.signature ?? expectedTwilioSignature(opts.authToken ?? authToken, target, params);
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
          'i-twilio-idempotency-token': opts.idempotencyToken ?? randomBytes(12).toString('hex'),
          'user-agent': 'TwilioProxy/1.1',
        },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const sent = { url: target, params, status: response.status, body: await response.text() };
      webhooks.push(sent);
      return sent;
    },
    addAccount(sid = `AC${randomBytes(16).toString('hex')}`, token = randomBytes(16).toString('hex')) {
      accounts.set(sid, token);
      return { sid, authToken: token };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
