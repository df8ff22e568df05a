import { useQuery } from '@tanstack/react-query';
import { packInputSchema, type PackInput } from '@contracts/packs.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { packsAdminKeys } from './keys.ts';

export const adminPackColumns =
  'id, name, monthly_price, yearly_price, minutes, users, support, transcription, ai_call_summary, voice_cloning, crm_integrations, whatsapp_conversations, max_agents, active';

/** Every pack, inactive ones included (admins read them all through RLS), in list order. */
export async function fetchAdminPacks(): Promise<PackInput[]> {
  const { data, error } = await getSupabase()
    .from('packs')
    .select(adminPackColumns)
    .order('sort_order')
    .order('monthly_price');
  if (error) throw toAppError(error, 'packs');
  // numeric columns arrive as numbers or strings depending on the server; the form holds numbers.
  return (data ?? []).map((row: Record<string, unknown>) =>
    packInputSchema.parse({ ...row, monthly_price: Number(row.monthly_price), yearly_price: Number(row.yearly_price) }),
  );
}

export function useAdminPacksQuery() {
  return useQuery({ queryKey: packsAdminKeys.list(), queryFn: fetchAdminPacks });
}
