import { createHash, randomUUID } from 'node:crypto';
import { AuthError } from '../errors.ts';
import { redirect } from '../http.ts';
import { isValidEmail, normalizeEmail } from '../users.ts';
import type { AuthEnv } from '../settings.ts';

/**
 * Offline stand-in for a provider that is enabled without credentials (e.g. `client_id =
 * "env(GOOGLE_CLIENT_ID)"` unset on a dev machine): `/authorize` sends the browser to this local
 * account chooser, whose form hands the callback a one-time code for the typed address.
 * The rest of the flow (callback, identities, sessions) is the real one.
 */
export const MOCK_CHOOSER_PATH = '/_mock/oauth';
const CODE_TTL_MS = 5 * 60 * 1000;

export interface MockAccount {
  provider: string;
  email: string;
  name: string;
  expiresAt: number;
}

const mockCodes = new WeakMap<AuthEnv, Map<string, MockAccount>>();

function codesOf(env: AuthEnv): Map<string, MockAccount> {
  let codes = mockCodes.get(env);
  if (!codes) {
    codes = new Map();
    mockCodes.set(env, codes);
  }
  return codes;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** GET: the chooser page (plain HTML form; an e2e test can fill `email` and submit). */
export async function mockChooser(env: AuthEnv, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const provider = params.get('provider') ?? 'google';
  const hidden = ['state', 'redirect_uri', 'provider']
    .map(
      (name) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? (name === 'provider' ? provider : ''))}">`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local sign-in with ${escapeHtml(provider)}</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto">
<h1>Choose an account</h1>
<p>This local stack has no ${escapeHtml(provider)} credentials, so it signs you in as the account you type here.</p>
<form method="post" action="${escapeHtml(env.externalUrl())}${MOCK_CHOOSER_PATH}">${hidden}
<p><label>Email <input name="email" type="email" required value="${escapeHtml(params.get('login_hint') ?? '')}"></label></p>
<p><label>Name <input name="name" type="text"></label></p>
<p><button type="submit">Continue</button> <button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></p>
</form></body></html>`;
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** POST: the chosen account; redirects to our own callback only (never an arbitrary URL). */
export async function mockChoose(env: AuthEnv, request: Request): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  const callback = `${env.externalUrl()}/callback`;
  if ((form.get('redirect_uri') ?? callback) !== callback)
    throw new AuthError(400, 'validation_failed', "redirect_uri must be this server's callback");
  const back = new URL(callback);
  back.searchParams.set('state', form.get('state') ?? '');
  if (form.get('cancel')) {
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', 'The user cancelled the sign-in');
    return redirect(back.toString(), 302);
  }
  const email = normalizeEmail(form.get('email') ?? '');
  if (!isValidEmail(email))
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  const code = randomUUID();
  const codes = codesOf(env);
  for (const [key, account] of codes) if (account.expiresAt < Date.now()) codes.delete(key);
  codes.set(code, {
    provider: form.get('provider') ?? 'google',
    email,
    name: form.get('name')?.trim() || email.split('@')[0]!,
    expiresAt: Date.now() + CODE_TTL_MS,
  });
  back.searchParams.set('code', code);
  return redirect(back.toString(), 302);
}

/** The profile behind a chooser code (single use), in Google's v2 userinfo shape. */
export function redeemMockCode(env: AuthEnv, provider: string, code: string): Record<string, unknown> | undefined {
  const codes = codesOf(env);
  const account = codes.get(code);
  codes.delete(code);
  if (!account || account.provider !== provider || account.expiresAt < Date.now()) return undefined;
  // A stable numeric id per address, like Google's subject identifiers.
  const id = BigInt(`0x${createHash('sha256').update(`${provider}:${account.email}`).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(21, '1');
  return { id, email: account.email, verified_email: true, name: account.name, picture: '' };
}
