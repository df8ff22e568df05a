import { z } from 'zod';
import { getSupabase } from '../../../lib/supabase.ts';

/**
 * Asks the database whether a subdomain is free (RPC `subdomain_available`); `agentId` lets an
 * agent keep its own. A failed check counts as not available.
 */
export async function isSubdomainAvailable(subdomain: string, agentId?: string): Promise<boolean> {
  const { data, error } = await getSupabase().rpc(
    'subdomain_available',
    agentId === undefined ? { subdomain } : { subdomain, agent_id: agentId },
  );
  if (error) return false;
  return z.boolean().catch(false).parse(data);
}
