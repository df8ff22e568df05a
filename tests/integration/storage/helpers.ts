import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { RunningStack } from '../../../supabase/local/index.ts';
import { signJwt } from '../../../supabase/local/core/jwt.ts';
import { startTestStack } from '../support/stack.ts';

/**
 * The storage suite's helpers: the shared test stack over the storage fixture project, and
 * supabase-js clients acting as anon, service role, or a user whose JWT we sign ourselves.
 */
export const FIXTURE_DIR = fileURLToPath(new URL('./fixture/', import.meta.url));

export function startFixtureStack(): Promise<RunningStack> {
  return startTestStack({ projectDir: FIXTURE_DIR });
}

export function clientFor(stack: RunningStack, key: string, accessToken?: string): SupabaseClient {
  return createClient(stack.url, key, {
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: { persistSession: false, autoRefreshToken: false },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  });
}

export interface TestUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

export async function signedInUser(stack: RunningStack): Promise<TestUser> {
  const id = randomUUID();
  const token = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated' }, stack.config.jwtSecret, 3600);
  return { id, token, client: clientFor(stack, stack.anonKey, token) };
}

/** A deterministic binary payload covering every byte value (catches any text re-encoding). */
export function binaryPayload(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 256;
  return bytes;
}

/** A raw call with explicit headers, for wire-level checks supabase-js does not expose. */
export function raw(stack: RunningStack, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.anonKey);
  if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
  return fetch(`${stack.url}/storage/v1${path}`, { ...init, headers });
}
