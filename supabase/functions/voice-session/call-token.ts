/**
 * The call token of a browser voice call: the page's proof that it holds one call, for heartbeats
 * and `end`, until the call's longest possible end. An HMAC of the call id and an expiry, so a
 * visitor cannot act on another call, nor after the paid time.
 */
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function mac(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(payload))));
}

/** `{expiry seconds}.{HMAC(callId.expiry)}`. */
export async function signCallToken(secret: string, callId: string, expiresAtMs: number): Promise<string> {
  const expiry = Math.floor(expiresAtMs / 1000);
  return `${expiry}.${await mac(secret, `${callId}.${expiry}`)}`;
}

/** True when the token was issued for this call and has not expired. Constant-time comparison. */
export async function verifyCallToken(secret: string, callId: string, token: string, nowMs: number): Promise<boolean> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 < nowMs) return false;
  const expected = await mac(secret, `${callId}.${expiry}`);
  const given = match[2] ?? '';
  let diff = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
