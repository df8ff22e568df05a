/**
 * The /rest/v1 suite's helpers on top of the shared test stack (fixture project): raw fetch with
 * PostgREST headers, supabase-js clients with an explicit bearer, and signed user tokens.
 */
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt, type JwtClaims } from '../../../supabase/local/core/jwt.ts';
import type { RunningStack } from '../../../supabase/local/index.ts';
import { startTestStack } from '../support/stack.ts';

export const FIXTURE_DIR = fileURLToPath(new URL('./fixture/', import.meta.url));

export interface RestStack extends RunningStack {
  rest(path: string, init?: RequestInit & { key?: string; token?: string | null }): Promise<RestResult>;
  client(token?: string): SupabaseClient;
  userToken(sub: string, extra?: Partial<JwtClaims>): Promise<string>;
  reset(): Promise<void>;
}

export interface RestResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  json: unknown;
}

export async function startRestStack(): Promise<RestStack> {
  const stack = await startTestStack({ projectDir: FIXTURE_DIR });
  const base = `${stack.url}/rest/v1`;
  return {
    ...stack,
    async rest(path, init = {}) {
      const { key, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set('apikey', key ?? stack.anonKey);
      if (token !== null && !headers.has('authorization'))
        headers.set('authorization', `Bearer ${token ?? key ?? stack.anonKey}`);
      if (rest.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
      const response = await fetch(`${base}${path}`, { ...rest, headers });
      const text = await response.text();
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
    client(token) {
      return createClient(stack.url, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
        ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
      });
    },
    userToken(sub, extra = {}) {
      return signJwt({ sub, role: 'authenticated', aud: 'authenticated', ...extra }, stack.config.jwtSecret, 3600);
    },
    async reset() {
      await stack.db.exec('select fixture.reset()');
    },
  };
}
