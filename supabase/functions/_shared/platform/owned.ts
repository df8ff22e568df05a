/**
 * Ownership as Postgres decides it: read with a client acting as the caller (`fn.asCaller`), a row
 * that RLS hides is simply absent, so someone else's agent answers exactly like a missing one. RLS
 * also lets admins read every agent, so the owner column is named too: functions that go on to
 * write with the service role (tokens, storage) must act for the agent's owner only, admins included.
 */
import type { DbClient } from './env.ts';
import { HttpError } from './errors.ts';

/** The caller's own agent (RLS on `agents`) or 404 `agent_not_found`. */
export async function requireOwnAgent(asCaller: DbClient, ownerId: string, agentId: string): Promise<void> {
  const { data, error } = await asCaller
    .from('agents')
    .select('id')
    .eq('id', agentId)
    .eq('user_id', ownerId)
    .maybeSingle();
  if (error) throw new Error(`reading the agent failed: ${error.message}`);
  if (!data) throw new HttpError(404, 'agent_not_found', 'This agent does not exist.');
}
