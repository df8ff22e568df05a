/**
 * The cast of the security suite: a visitor (anon), two owners, an admin and the service role,
 * each a supabase-js client talking to a fresh local stack through /rest/v1 and /auth/v1. Users
 * are created with the auth admin API and signed in with their password, so their JWTs are the
 * ones GoTrue issues and their profiles come from the trigger on auth.users.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack, type TestStackOptions } from '../../support/stack.ts';

export interface Actor {
  id: string;
  email: string;
  client: SupabaseClient;
}

export interface Cast {
  stack: TestStack;
  anon: SupabaseClient;
  service: SupabaseClient;
  owner: Actor;
  otherOwner: Actor;
  admin: Actor;
  /** Creates and signs in one more user (fresh balance of 30 credits). */
  newUser(label: string): Promise<Actor>;
}

async function createActor(stack: TestStack, service: SupabaseClient, label: string): Promise<Actor> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name: label },
  });
  if (created.error || !created.data.user) throw new Error(`createUser ${label}: ${created.error?.message}`);
  const client = stack.anonClient();
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error || !signedIn.data.session) throw new Error(`signIn ${label}: ${signedIn.error?.message}`);
  return { id: created.data.user.id, email, client };
}

/** The actor's current access token, for calling a function as them with a bearer header. */
export async function accessTokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

/** `options` go to the stack, e.g. `functionEnv` pointing functions at a loopback fake. */
export async function startCast(options: TestStackOptions = {}): Promise<Cast> {
  const stack = await startTestStack(options);
  const service = stack.serviceClient();
  const [owner, otherOwner, admin] = [
    await createActor(stack, service, 'owner'),
    await createActor(stack, service, 'other-owner'),
    await createActor(stack, service, 'admin'),
  ];
  const promoted = await service.rpc('set_user_admin', { user_id: admin.id, is_admin: true });
  if (promoted.error) throw new Error(`set_user_admin: ${promoted.error.message}`);
  return {
    stack,
    anon: stack.anonClient(),
    service,
    owner,
    otherOwner,
    admin,
    newUser: (label) => createActor(stack, service, label),
  };
}

/** Inserts a row with the service role and returns it; fails the test setup loudly otherwise. */
export async function serviceInsert<T extends Record<string, unknown>>(
  service: SupabaseClient,
  table: string,
  row: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await service.from(table).insert(row).select().single();
  if (error || !data) throw new Error(`service insert into ${table}: ${error?.message}`);
  return data as T;
}

/** Reads one row by id with the service role (the ground truth after an attempted change). */
export async function serviceRow<T extends Record<string, unknown>>(
  service: SupabaseClient,
  table: string,
  match: Record<string, unknown>,
): Promise<T | null> {
  const { data, error } = await service.from(table).select().match(match).maybeSingle();
  if (error) throw new Error(`service read of ${table}: ${error.message}`);
  return (data as T | null) ?? null;
}

/** Ids of the rows of `table` matching `match` that `client` can see. */
export async function visibleRows(
  client: SupabaseClient,
  table: string,
  match: Record<string, unknown>,
): Promise<unknown[] | null> {
  const { data, error } = await client.from(table).select().match(match);
  return error ? null : (data ?? []);
}

/** Attempts an update and reports how many rows the caller changed (0 when denied). */
export async function attemptUpdate(
  client: SupabaseClient,
  table: string,
  patch: Record<string, unknown>,
  match: Record<string, unknown>,
): Promise<number> {
  const { data, error } = await client.from(table).update(patch).match(match).select();
  return error ? 0 : (data?.length ?? 0);
}

/** Attempts a delete and reports how many rows the caller removed (0 when denied). */
export async function attemptDelete(
  client: SupabaseClient,
  table: string,
  match: Record<string, unknown>,
): Promise<number> {
  const { data, error } = await client.from(table).delete().match(match).select();
  return error ? 0 : (data?.length ?? 0);
}

/** Attempts an insert; true when the row was written. */
export async function attemptInsert(
  client: SupabaseClient,
  table: string,
  row: Record<string, unknown>,
): Promise<boolean> {
  const { error } = await client.from(table).insert(row);
  return !error;
}
