import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { deployKeys } from './keys.ts';

/** The number assigned to an agent ('assigned'), or null. */
export interface AssignedNumber {
  id: string;
  phoneNumber: string;
  countryCode: string | null;
  assignedAt: string;
  locality: string | null;
}

export async function fetchAssignedNumber(agentId: string): Promise<AssignedNumber | null> {
  if (!z.uuid().safeParse(agentId).success) return null;
  const supabase = getSupabase();
  const found = await supabase
    .from('phone_number_assignments')
    .select('phone_number_id, assigned_at')
    .eq('agent_id', agentId)
    .maybeSingle();
  if (found.error) throw toAppError(found.error, 'generic');
  if (!found.data) return null;
  const a = found.data;
  const detail = await supabase
    .from('phone_numbers')
    .select('id, phone_number, country_code, locality')
    .eq('id', a.phone_number_id)
    .maybeSingle();
  if (detail.error) throw toAppError(detail.error, 'generic');
  if (!detail.data) return null;
  const n = detail.data;
  return {
    id: n.id,
    phoneNumber: n.phone_number,
    countryCode: n.country_code,
    locality: n.locality,
    assignedAt: a.assigned_at,
  };
}

export function useAssignedNumberQuery(agentId: string) {
  return useQuery({ queryKey: deployKeys.phone(agentId), queryFn: () => fetchAssignedNumber(agentId) });
}
