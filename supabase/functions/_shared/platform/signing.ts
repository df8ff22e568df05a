/**
 * Every HMAC the functions make or check, in one module (Web Crypto only: Deno, Node, browsers):
 *  - signed tokens with an expiry and a purpose (OAuth `state`, voice call tokens);
 *  - our outgoing webhook signatures (custom tool webhooks, Zapier/Make connector events);
 *  - Stripe's webhook signatures (`Stripe-Signature`);
 *  - Twilio's request signatures (`X-Twilio-Signature`).
 * Comparisons are constant-time; keys are never logged.
 */

const encoder = new TextEncoder();

export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Key = string | Uint8Array<ArrayBuffer>;

async function hmac(hash: 'SHA-256' | 'SHA-1', key: Key, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const raw = typeof key === 'string' ? encoder.encode(key) : key;
  const cryptoKey = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

export const hmacSha256 = (key: Key, message: string) => hmac('SHA-256', key, message);

export async function hmacSha256Hex(key: Key, message: string): Promise<string> {
  return toHex(await hmacSha256(key, message));
}

/** Constant-time string comparison (the length of the expected value is not secret). */
export function timingSafeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

// ---------------------------------------------------------------------------------------------
// Signed tokens: base64url(JSON {p: payload, exp}) "." base64url(HMAC-SHA256(key, first part)),
// key = SHA-256("concierge/<purpose>:" + secret), so a token made for one purpose (or a key
// derived from the service role key) is never valid for another.

export type TokenCheck<T> =
  { ok: true; payload: T; expiresAt: number } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

async function purposeKey(purpose: string, secret: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`concierge/${purpose}:${secret}`)));
}

/** Signs `payload` for `purpose` until `expiresAtMs` (epoch milliseconds). */
export async function signToken(
  purpose: string,
  payload: unknown,
  secret: string,
  expiresAtMs: number,
): Promise<string> {
  const body = toBase64url(encoder.encode(JSON.stringify({ p: payload, exp: Math.floor(expiresAtMs) })));
  return `${body}.${toBase64url(await hmacSha256(await purposeKey(purpose, secret), body))}`;
}

/**
 * Checks a token made by `signToken` for the same purpose and secret. The payload is returned as
 * `unknown`: parse it with the caller's zod schema.
 */
export async function verifyToken(
  purpose: string,
  token: string,
  secret: string,
  nowMs: number = Date.now(),
): Promise<TokenCheck<unknown>> {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !fromBase64url(signature))
    return { ok: false, reason: 'malformed' };
  const bytes = fromBase64url(body);
  if (!bytes) return { ok: false, reason: 'malformed' };
  const expected = toBase64url(await hmacSha256(await purposeKey(purpose, secret), body));
  if (!timingSafeEqual(expected, signature)) return { ok: false, reason: 'forged' };
  let parsed: { p?: unknown; exp?: unknown };
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes)) as { p?: unknown; exp?: unknown };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof parsed.exp !== 'number' || !('p' in parsed)) return { ok: false, reason: 'malformed' };
  if (parsed.exp < nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, payload: parsed.p, expiresAt: parsed.exp };
}

// ---------------------------------------------------------------------------------------------
// Our outgoing webhooks (custom tools, connectors): the receiver checks
//   x-concierge-timestamp: <unix seconds>
//   x-concierge-signature: sha256=<hex HMAC-SHA256(secret, `${timestamp}.${body}`)>

export const WEBHOOK_TIMESTAMP_HEADER = 'x-concierge-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-concierge-signature';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  return `sha256=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

/** For owners' receivers (and our tests): constant-time compare within a freshness window. */
export async function verifyWebhookSignature(
  secret: string,
  headers: { timestamp: string | null; signature: string | null },
  body: string,
  options: { now?: Date; toleranceSeconds?: number } = {},
): Promise<boolean> {
  const timestamp = Number(headers.timestamp);
  if (!headers.signature || !headers.timestamp || !Number.isInteger(timestamp)) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  return timingSafeEqual(await signWebhook(secret, timestamp, body), headers.signature);
}

// ---------------------------------------------------------------------------------------------
// Stripe (docs "Verify webhook signatures manually"): `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]`,
// v1 = hex HMAC-SHA256(endpoint secret, `${t}.${raw body}`), within a tolerance against replay.

export const STRIPE_TOLERANCE_SECONDS = 300;

export type StripeSignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_range' | 'no_matching_signature' };

export function parseStripeSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export async function verifyStripeSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  toleranceSeconds: number = STRIPE_TOLERANCE_SECONDS,
): Promise<StripeSignatureCheck> {
  if (!header) return { ok: false, reason: 'missing_header' };
  const parsed = parseStripeSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed_header' };
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds)
    return { ok: false, reason: 'timestamp_out_of_range' };
  const expected = await hmacSha256Hex(secret, `${parsed.timestamp}.${rawBody}`);
  return parsed.signatures.some((signature) => timingSafeEqual(expected, signature))
    ? { ok: true, timestamp: parsed.timestamp }
    : { ok: false, reason: 'no_matching_signature' };
}

/** A `Stripe-Signature` header as Stripe builds it (tests, local tooling). */
export async function stripeSignatureHeader(
  rawBody: string,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `t=${timestamp},v1=${await hmacSha256Hex(secret, `${timestamp}.${rawBody}`)}`;
}

// ---------------------------------------------------------------------------------------------
// Twilio's webhook signature: base64 HMAC-SHA1(auth token, url + Σ sorted(name) name+value),
// over the public URL Twilio was configured with; Twilio may or may not include :443/:80.

export async function twilioSignature(authToken: string, url: string, params: Record<string, string>): Promise<string> {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((name) => `${name}${params[name]}`)
      .join('');
  return toBase64(await hmac('SHA-1', authToken, data));
}

export async function verifyTwilioSignature(
  authToken: string,
  publicUrl: string,
  params: Record<string, string>,
  signature: string | null,
): Promise<boolean> {
  if (!signature) return false;
  const url = new URL(publicUrl);
  const port = url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? '443' : '80');
  const withPort = `${url.protocol}//${url.hostname}:${port}${url.pathname}${url.search}`;
  const withoutPort = `${url.protocol}//${url.hostname}${url.pathname}${url.search}`;
  for (const candidate of new Set([publicUrl, withoutPort, withPort])) {
    if (timingSafeEqual(await twilioSignature(authToken, candidate, params), signature)) return true;
  }
  return false;
}
