/**
 * The OAuth `state` parameter: who started the connection, for which agent, with which redirect
 * URI, until when; HMAC-SHA256 signed with a server secret so the callback cannot be pointed at
 * another agent or replayed by another user. Format: base64url(JSON) "." base64url(HMAC).
 * The key is GOOGLE_OAUTH_STATE_SECRET when set, else derived from the service role key (both are
 * server-only); deriving keeps a fresh install working without one more secret.
 */
export interface OAuthState {
  agentId: string;
  userId: string;
  redirectUri: string;
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
}

export const STATE_TTL_MS = 15 * 60_000;

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  // Domain-separated so the derived key is never the raw service role key itself.
  const material = await crypto.subtle.digest('SHA-256', encoder.encode(`concierge/google-oauth-state:${secret}`));
  return crypto.subtle.importKey('raw', material, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export async function signState(state: OAuthState, secret: string): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify(state)));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload)));
  return `${payload}.${base64url(signature)}`;
}

export type StateCheck = { ok: true; state: OAuthState } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

export async function verifyState(raw: string, secret: string, now: number): Promise<StateCheck> {
  const [payload, signature, extra] = raw.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const signatureBytes = fromBase64url(signature);
  const payloadBytes = fromBase64url(payload);
  if (!signatureBytes || !payloadBytes) return { ok: false, reason: 'malformed' };
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), signatureBytes, encoder.encode(payload));
  if (!valid) return { ok: false, reason: 'forged' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(payloadBytes));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const state = parsed as Partial<OAuthState>;
  if (
    typeof state.agentId !== 'string' ||
    typeof state.userId !== 'string' ||
    typeof state.redirectUri !== 'string' ||
    typeof state.expiresAt !== 'number'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (state.expiresAt < now) return { ok: false, reason: 'expired' };
  return { ok: true, state: state as OAuthState };
}
