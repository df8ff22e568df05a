import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export type JwtVerification =
  | { ok: true; claims: JwtClaims }
  | { ok: false; kind: 'malformed' | 'signature' | 'expired' | 'not_yet_valid' | 'issued_in_future'; message: string };

const encoder = new TextEncoder();
const keyCache = new Map<string, Uint8Array>();

function keyFor(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = encoder.encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

/** Signs an HS256 JWT. `expiresInSeconds` is added to now unless the payload already carries exp. */
export async function signJwt(payload: JwtClaims, secret: string, expiresInSeconds?: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const body: JwtClaims = { ...payload };
  if (expiresInSeconds !== undefined && body.exp === undefined) body.exp = now + expiresInSeconds;
  if (body.iat === undefined) body.iat = now;
  return new SignJWT(body).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyFor(secret));
}

/**
 * Verifies an HS256 JWT the way PostgREST does (exp, nbf, iat checked; no audience check).
 * Messages follow PostgREST v14 texts so callers can surface them unchanged.
 */
export async function verifyJwt(token: string, secret: string): Promise<JwtVerification> {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return { ok: false, kind: 'malformed', message: `Expected 3 parts in JWT; got ${parts.length}` };
  }
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), { algorithms: ['HS256'], clockTolerance: 0 });
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.iat === 'number' && payload.iat > now + 30) {
      return { ok: false, kind: 'issued_in_future', message: 'JWT issued at future' };
    }
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, kind: 'expired', message: 'JWT expired' };
    if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'nbf') {
      return { ok: false, kind: 'not_yet_valid', message: 'JWT not yet valid' };
    }
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      return { ok: false, kind: 'signature', message: 'JWT cryptographic operation failed' };
    }
    return { ok: false, kind: 'malformed', message: 'JWT cryptographic operation failed' };
  }
}
