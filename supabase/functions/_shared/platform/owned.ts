/**
 * Ownership as Postgres decides it: read with a client acting as the caller (`fn.asCaller`), a row
 * that RLS hides is simply absent, so someone else's agent answers exactly like a missing one.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './errors.ts';

/** The caller's own agent (RLS on `agents`) or 404 `agent_not_found`. */
export async function requireOwnAgent(asCaller: SupabaseClient, agentId: string): Promise<void> {
  const { data, error } = await asCaller.from('agents').select('id').eq('id', agentId).maybeSingle();
  if (error) throw new Error(`reading the agent failed: ${error.message}`);
  if (!data) throw new HttpError(404, 'agent_not_found', 'This agent does not exist.');
}
