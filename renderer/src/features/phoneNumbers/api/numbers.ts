import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  boughtNumberSchema,
  numberSearchResultSchema,
  phoneStatusSchema,
  type AvailableNumber,
  type BuyNumberInput,
} from '@contracts/phone-numbers.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { deployKeys } from '../../deploy/api/keys.ts';
import { callPhoneNumbers } from './phoneFunction.ts';
import { numbersKeys } from './keys.ts';

/** One of the signed-in owner's numbers, with the agent it answers for. */
export interface OwnedNumber {
  id: string;
  phoneNumber: string;
  countryCode: string | null;
  locality: string | null;
  addedAt: string;
  agentId: string | null;
  agentName: string | null;
}

export async function fetchMyNumbers(userId: string): Promise<OwnedNumber[]> {
  const supabase = getSupabase();
  // RLS shows admins every number: the owner's own are named explicitly.
  const numbers = await supabase
    .from('phone_numbers')
    .select('id, phone_number, country_code, locality, added_at')
    .eq('user_id', userId)
    .order('added_at', { ascending: false });
  if (numbers.error) throw toAppError(numbers.error, 'generic');
  const assignments = await supabase
    .from('phone_number_assignments')
    .select('phone_number_id, agent_id')
    .eq('user_id', userId);
  if (assignments.error) throw toAppError(assignments.error, 'generic');
  const agentIds = assignments.data.map((a) => a.agent_id);
  const agents = agentIds.length
    ? await supabase.from('agents').select('id, name').in('id', agentIds)
    : { data: [] as { id: string; name: string }[], error: null };
  if (agents.error) throw toAppError(agents.error, 'generic');
  const agentOf = new Map(assignments.data.map((a) => [a.phone_number_id, a.agent_id]));
  const nameOf = new Map(agents.data.map((a) => [a.id, a.name]));
  return numbers.data.map((n) => {
    const agentId = agentOf.get(n.id) ?? null;
    return {
      id: n.id,
      phoneNumber: n.phone_number,
      countryCode: n.country_code,
      locality: n.locality,
      addedAt: n.added_at,
      agentId,
      agentName: agentId ? (nameOf.get(agentId) ?? null) : null,
    };
  });
}

export function useMyNumbersQuery(userId: string) {
  return useQuery({
    queryKey: numbersKeys.mine(userId),
    queryFn: () => fetchMyNumbers(userId),
    enabled: userId !== '',
  });
}

/** The owner's agents, for the assign menu (only their own are offered). */
export async function fetchMyAgents(userId: string): Promise<{ id: string; name: string }[]> {
  const { data, error } = await getSupabase().from('agents').select('id, name').eq('user_id', userId).order('name');
  if (error) throw toAppError(error, 'fetchAgents');
  return data;
}

export function useMyAgentsQuery(userId: string) {
  return useQuery({
    queryKey: numbersKeys.agents(userId),
    queryFn: () => fetchMyAgents(userId),
    enabled: userId !== '',
  });
}

export function usePhoneStatusQuery() {
  return useQuery({
    queryKey: numbersKeys.status(),
    queryFn: () => callPhoneNumbers('GET', 'status', phoneStatusSchema, 'numbers:errors.status'),
    staleTime: 5 * 60_000,
  });
}

export function searchNumbers(country: string, areaCode: string): Promise<AvailableNumber[]> {
  const query = new URLSearchParams({ country, ...(areaCode ? { areaCode } : {}) });
  return callPhoneNumbers('GET', `search?${query.toString()}`, numberSearchResultSchema, 'numbers:errors.search').then(
    (r) => r.numbers,
  );
}

export function useNumberSearchQuery(country: string | null, areaCode: string) {
  return useQuery({
    queryKey: numbersKeys.search(country ?? '', areaCode),
    queryFn: () => searchNumbers(country ?? '', areaCode),
    enabled: country !== null,
    // Twilio's offer changes as numbers sell: never reuse an old search for long.
    staleTime: 30_000,
  });
}

/** Every view of numbers changes together: the owner's list, Deploy's card, the admin table. */
function useInvalidateNumbers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: numbersKeys.all }),
      queryClient.invalidateQueries({ queryKey: deployKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['admin'] }),
    ]);
}

export function useBuyNumberMutation() {
  const invalidate = useInvalidateNumbers();
  return useMutation({
    mutationFn: (input: BuyNumberInput) =>
      callPhoneNumbers('POST', 'buy', boughtNumberSchema, 'numbers:errors.purchase', { ...input }),
    onSettled: invalidate,
  });
}

export function useReleaseNumberMutation() {
  const invalidate = useInvalidateNumbers();
  return useMutation({
    mutationFn: (phoneNumberId: string) =>
      callPhoneNumbers('POST', 'release', z.object({ released: z.literal(true) }), 'numbers:errors.release', {
        phoneNumberId,
      }),
    onSettled: invalidate,
  });
}

/** Assigns a number to one of its owner's agents (null: unassigns), atomically in SQL. */
export function useAssignNumberMutation() {
  const invalidate = useInvalidateNumbers();
  return useMutation({
    mutationFn: async ({ phoneNumberId, agentId }: { phoneNumberId: string; agentId: string | null }) => {
      const { error } = await getSupabase().rpc('assign_phone_number', {
        phone_number_id: phoneNumberId,
        ...(agentId ? { agent_id: agentId } : {}),
      });
      if (error) throw toAppError(error, 'generic');
    },
    onSettled: invalidate,
  });
}

/**
 * Releases at Twilio the numbers of agents the owner just deleted (queued by Postgres; a scheduler
 * does it otherwise). Best effort: the agent is deleted either way.
 */
export async function releaseQueuedNumbers(): Promise<void> {
  await getSupabase()
    .functions.invoke('phone-numbers/releases', { method: 'POST' })
    .catch(() => undefined);
}
