/**
 * Who is calling a function whose gateway does not verify JWTs (verify_jwt = false): no bearer or
 * the anon key = an anonymous visitor; any other bearer must be a valid user session, checked with
 * the auth server (a forged or expired token is a 401, never silently anonymous).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TurnCaller } from '../conversation/turn.ts';
import { bearerOf } from '../platform/caller.ts';
import { HttpError } from '../platform/errors.ts';
import { addressClient } from './client-address.ts';

/** Browser-generated random id (kept in localStorage) identifying one visitor across turns. */
const VISITOR_ID = /^[A-Za-z0-9_-]{16,128}$/;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface IdentifyOptions {
  /** Keys that mean "no user": the anon JWT and publishable keys. */
  anonymousKeys: readonly string[];
  service: SupabaseClient;
}

/**
 * The visitor key is the `x-visitor-key` header when it looks like a random id, else a hash of the
 * client address (rate limits still apply to clients that send no id; they just cannot resume a
 * conversation from another address).
 */
export async function identifyCaller(request: Request, options: IdentifyOptions): Promise<TurnCaller> {
  const token = bearerOf(request);
  if (token !== null && !options.anonymousKeys.includes(token)) {
    const { data, error } = await options.service.auth.getUser(token);
    if (error || !data.user) throw new HttpError(401, 'invalid_token', 'Your session is not valid. Sign in again.');
    return { userId: data.user.id, visitorKey: `user:${data.user.id}` };
  }
  // The address is kept beside the visitor key: a client rotating visitor keys still shares it.
  const addressKey = await clientAddressKey(request);
  const visitorId = request.headers.get('x-visitor-key')?.trim();
  if (visitorId && VISITOR_ID.test(visitorId)) return { userId: null, visitorKey: `visitor:${visitorId}`, addressKey };
  return { userId: null, visitorKey: addressKey, addressKey };
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
