/**
 * supabase-js clients for e2e set-up and checks, as a Node process needs them (no stored session,
 * `ws` as Realtime's transport on Node 20), and the demo owner signed in: the state most files
 * start from before driving the console in the browser.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../../supabase/types/database.ts';
import type { ProductUrls } from './global-setup.ts';

export const nodeClientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

/** A client on the product's API with the given key (the anon key unless told otherwise). */
export function productClient(
  product: Pick<ProductUrls, 'apiUrl' | 'anonKey'>,
  key = product.anonKey,
): SupabaseClient<Database> {
  return createClient<Database>(product.apiUrl, key, nodeClientOptions);
}

/** The seeded demo owner, signed in: reads and writes go through RLS as in the console. */
export async function signInDemoOwner(
  product: ProductUrls,
): Promise<{ client: SupabaseClient<Database>; userId: string }> {
  const client = productClient(product);
  const { data, error } = await client.auth.signInWithPassword({
    email: product.demo.DEMO_OWNER_EMAIL,
    password: product.demo.DEMO_OWNER_PASSWORD,
  });
  if (error) throw error;
  return { client, userId: data.user.id };
}
