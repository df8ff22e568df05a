import { useInfiniteQuery } from '@tanstack/react-query';
import { readAgentTools } from '@contracts/tool-definition.ts';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { AGENTS_PAGE_SIZE, cursorFilter, nextCursor, searchFilter, type AgentCursor } from '../agentList.ts';
import { agentsKeys } from './keys.ts';

/** What an agent card shows. */
export interface AgentSummary {
  id: string;
  name: string;
  companyName: string | null;
  avatarUrl: string | null;
  voice: 'male' | 'female';
  toolCount: number;
  documentCount: number;
  phoneNumber: string | null;
  createdAt: string;
  updatedAt: string;
}

// The column is text with a check constraint: the generated type says string, the check says which.
const voice = z.enum(['male', 'female']).catch('male');

/**
 * One page of the owner's agents, newest first, after `cursor`. Document counts and assigned
 * numbers come from their own tables in two more requests, one row per document / assignment,
 * limited to the agents of the page.
 */
export async function fetchAgentsPage(
  userId: string,
  search: string,
  cursor: AgentCursor | undefined,
  context: 'fetchAgents' | 'loadMoreAgents',
): Promise<AgentSummary[]> {
  const supabase = getSupabase();
  let query = supabase
    .from('agents')
    .select('id, name, company_name, avatar_url, voice, tools, created_at, updated_at')
    .eq('user_id', userId);
  const matching = searchFilter(search);
  if (matching) query = query.or(matching);
  if (cursor) query = query.or(cursorFilter(cursor));
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(AGENTS_PAGE_SIZE);
  if (error) throw toAppError(error, context);
  const agents = data ?? [];
  if (agents.length === 0) return [];
  const ids = agents.map((a) => a.id);

  const [documents, assignments] = await Promise.all([
    supabase.from('knowledge_documents').select('agent_id').in('agent_id', ids),
    supabase.from('phone_number_assignments').select('agent_id, phone_number_id').in('agent_id', ids),
  ]);
  if (documents.error) throw toAppError(documents.error, context);
  if (assignments.error) throw toAppError(assignments.error, context);
  const documentCounts = new Map<string, number>();
  for (const { agent_id } of documents.data ?? []) {
    documentCounts.set(agent_id, (documentCounts.get(agent_id) ?? 0) + 1);
  }
  const numberIdByAgent = new Map((assignments.data ?? []).map((a) => [a.agent_id, a.phone_number_id] as const));
  const numberById = new Map<string, string>();
  if (numberIdByAgent.size > 0) {
    const numbers = await supabase
      .from('phone_numbers')
      .select('id, phone_number')
      .in('id', [...numberIdByAgent.values()]);
    if (numbers.error) throw toAppError(numbers.error, context);
    for (const n of numbers.data ?? []) numberById.set(n.id, n.phone_number);
  }

  return agents.map((a) => {
    const numberId = numberIdByAgent.get(a.id);
    return {
      id: a.id,
      name: a.name,
      companyName: a.company_name,
      avatarUrl: a.avatar_url,
      voice: voice.parse(a.voice),
      toolCount: readAgentTools(a.tools).length,
      documentCount: documentCounts.get(a.id) ?? 0,
      phoneNumber: numberId ? (numberById.get(numberId) ?? null) : null,
      createdAt: a.created_at,
      updatedAt: a.updated_at,
    };
  });
}

export function useAgentsQuery(userId: string, search: string) {
  return useInfiniteQuery({
    queryKey: agentsKeys.list(userId, search),
    initialPageParam: undefined as AgentCursor | undefined,
    queryFn: ({ pageParam }) =>
      fetchAgentsPage(userId, search, pageParam, pageParam ? 'loadMoreAgents' : 'fetchAgents'),
    getNextPageParam: (lastPage) => nextCursor(lastPage),
  });
}
