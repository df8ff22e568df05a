/**
 * Who calls a public channel (agent-chat, voice-session; verify_jwt = false): no bearer or an
 * anonymous key = a visitor, keyed by the page's `x-visitor-key` or a hash of the client address;
 * any other bearer must be a signed-in user's session, verified in-process by the platform's
 * `verifyToken` (jose, no Auth round trip per turn). A forged or expired token, or a JWT of another
 * role (anon JWT not configured as such, service role), is a 401, never silently anonymous.
 */
import type { CallerAuth } from './caller.ts';
import { bearerOf } from './caller.ts';
import { HttpError } from './errors.ts';
import { addressClient, addressNetwork } from './client-address.ts';

/** Browser-generated random id (kept in localStorage) identifying one visitor across turns. */
const VISITOR_ID = /^[A-Za-z0-9_-]{16,128}$/;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface IdentifyOptions {
  /** Keys that mean "no user": the anon JWT and publishable keys. */
  anonymousKeys: readonly string[];
  /** The function's caller auth (`fn.auth`): verifies a session's claims. */
  auth: Pick<CallerAuth, 'verifyToken'>;
}

/** A public channel's caller: the signed-in user or a visitor, and the rate-limit keys. */
export interface PublicCaller {
  /** The signed-in user (JWT `sub`), null for visitors. */
  userId: string | null;
  /** `user:…`, `visitor:…` (the page's x-visitor-key) or the client address key. */
  visitorKey: string;
  /** A hash of a visitor's client address (never the raw address). */
  addressKey?: string;
  /** A hash of the network (IPv4 /24, IPv6 /48) the visitor's address is in. */
  networkKey?: string;
}

/**
 * The visitor key is the `x-visitor-key` header when it looks like a random id, else a hash of the
 * client address (rate limits still apply to clients that send no id; they just cannot resume a
 * conversation from another address).
 */
export async function identifyCaller(request: Request, options: IdentifyOptions): Promise<PublicCaller> {
  const token = bearerOf(request);
  if (token !== null && !options.anonymousKeys.includes(token)) {
    const claims = await options.auth.verifyToken(token);
    // Only a signed-in person's session names a user; any other verified role is refused, not anonymous.
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || claims.sub === '')
      throw new HttpError(401, 'invalid_token', 'Your session is not valid. Sign in again.');
    return { userId: claims.sub, visitorKey: `user:${claims.sub}` };
  }
  // The address is kept beside the visitor key: a client rotating visitor keys still shares it.
  const addressKey = await clientAddressKey(request);
  const networkKey = await clientNetworkKey(request);
  const visitorId = request.headers.get('x-visitor-key')?.trim();
  if (visitorId && VISITOR_ID.test(visitorId))
    return { userId: null, visitorKey: `visitor:${visitorId}`, addressKey, networkKey };
  return { userId: null, visitorKey: addressKey, addressKey, networkKey };
}

/**
 * The client's address as the platform's proxy reports it (hosted: the edge gateway sets
 * x-forwarded-for; locally the embedded stack sets it from the socket). 'unknown' when absent.
 */
export function clientAddress(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'unknown';
}

/**
 * A short, non-reversible key for the client behind the address (rate-limit buckets never store raw
 * IPs): an IPv6 client is its /64, since it can rotate addresses inside it at will.
 */
export async function clientAddressKey(request: Request): Promise<string> {
  return `ip:${(await sha256Hex(addressClient(clientAddress(request)))).slice(0, 32)}`;
}

/** Likewise for the client's network (addressNetwork), which many addresses share. */
export async function clientNetworkKey(request: Request): Promise<string> {
  return `net:${(await sha256Hex(addressNetwork(clientAddress(request)))).slice(0, 32)}`;
}
