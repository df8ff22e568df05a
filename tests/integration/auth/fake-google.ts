import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleAccount {
  id: string;
  email: string;
  verified_email: boolean;
  name: string;
  picture: string;
}

/**
 * A stand-in for Google's OAuth endpoints on loopback, at the paths the local auth server uses
 * when `[auth.external.google] url` points here: `/o/oauth2/v2/auth` (the account chooser: it
 * answers with the account the test picked), `/token` (code exchange, checks the client
 * credentials and redirect_uri) and `/userinfo/v2/me` (Google's v2 profile shape).
 */
export class FakeGoogle {
  readonly clientId = 'fake-client-id.apps.googleusercontent.com';
  readonly secret = 'fake-google-secret';
  /** What the "user" does on the chooser page for the next authorize request. */
  next: GoogleAccount | 'cancel' | undefined;
  /** Query strings the chooser received, newest last. */
  readonly authorizeRequests: URLSearchParams[] = [];
  private server: Server | undefined;
  private readonly codes = new Map<string, { account: GoogleAccount; redirectUri: string }>();
  private readonly tokens = new Map<string, GoogleAccount>();
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(({ status, headers, body }) => {
          res.writeHead(status, headers);
          res.end(body);
        })
        .catch((error: Error) => {
          res.writeHead(500);
          res.end(error.message);
        });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const url = new URL(req.url ?? '/', this.url);
    const jsonAnswer = (status: number, data: unknown) => ({
      status,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(data),
    });
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      this.authorizeRequests.push(url.searchParams);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      const choice = this.next;
      if (!choice || choice === 'cancel') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user cancelled the sign-in');
      } else {
        const code = randomUUID();
        this.codes.set(code, { account: choice, redirectUri: url.searchParams.get('redirect_uri')! });
        back.searchParams.set('code', code);
      }
      return { status: 302, headers: { Location: back.toString() }, body: '' };
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      const form = new URLSearchParams(text);
      const grant = this.codes.get(form.get('code') ?? '');
      if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.secret)
        return jsonAnswer(401, { error: 'invalid_client' });
      if (!grant || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== grant.redirectUri) {
        return jsonAnswer(400, { error: 'invalid_grant' });
      }
      this.codes.delete(form.get('code')!);
      const accessToken = `ya29.${randomUUID()}`;
      this.tokens.set(accessToken, grant.account);
      return jsonAnswer(200, {
        access_token: accessToken,
        refresh_token: `1//${randomUUID()}`,
        token_type: 'Bearer',
        expires_in: 3599,
        scope: 'email profile',
      });
    }
    if (req.method === 'GET' && url.pathname === '/userinfo/v2/me') {
      const account = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return account ? jsonAnswer(200, account) : jsonAnswer(401, { error: 'invalid_token' });
    }
    return jsonAnswer(404, { error: 'not_found' });
  }
}
