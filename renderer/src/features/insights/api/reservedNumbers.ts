import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { deployKeys } from '../../deploy/api/keys.ts';
import { insightsKeys } from './keys.ts';

export interface ReservedNumber {
  id: string;
  phoneNumber: string;
}

/** The owner's numbers that no agent uses (one can be assigned from the badge). */
export async function fetchReservedNumbers(userId: string): Promise<ReservedNumber[]> {
  const supabase = getSupabase();
  const numbers = await supabase.from('phone_numbers').select('id, phone_number').eq('user_id', userId);
  if (numbers.error) throw toAppError(numbers.error, 'generic');
  const assigned = await supabase.from('phone_number_assignments').select('phone_number_id').eq('user_id', userId);
  if (assigned.error) throw toAppError(assigned.error, 'generic');
  const taken = new Set(assigned.data.map((a) => a.phone_number_id));
  return numbers.data.filter((n) => !taken.has(n.id)).map((n) => ({ id: n.id, phoneNumber: n.phone_number }));
}

export function useReservedNumbersQuery(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: insightsKeys.reservedNumbers(userId ?? ''),
    queryFn: () => fetchReservedNumbers(userId ?? ''),
    enabled: enabled && Boolean(userId),
  });
}

/**
 * Gives one of the caller's reserved numbers to one of their agents. Postgres decides: the insert
 * policy pins the row to the caller and the composite foreign keys to numbers and agents of that
 * same owner; a number or an agent already assigned is a unique violation.
 */
export async function assignReservedNumber(agentId: string, userId: string, numberId: string): Promise<void> {
  const { error } = await getSupabase()
    .from('phone_number_assignments')
    .insert({ phone_number_id: numberId, agent_id: agentId, user_id: userId });
  if (error) throw toAppError(error, 'generic');
}

export function useAssignReservedNumberMutation(agentId: string, userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (numberId: string) => assignReservedNumber(agentId, userId ?? '', numberId),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: deployKeys.phone(agentId) });
      await client.invalidateQueries({ queryKey: insightsKeys.reservedNumbers(userId ?? '') });
    },
  });
}
