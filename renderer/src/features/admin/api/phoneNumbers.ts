import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { adminKeys } from './keys.ts';

export const NUMBERS_PAGE_SIZE = 25;

// bigint columns may arrive as numbers or strings: coerce.
const phoneNumberRow = z.object({
  id: z.string(),
  phone_number: z.string(),
  country_code: z.string().nullable(),
  locality: z.string().nullable(),
  added_at: z.string(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  total_count: z.coerce.number(),
});
export type AdminPhoneNumber = z.infer<typeof phoneNumberRow>;

/** One page of every number with its owner and agent (admin_phone_numbers refuses non-admins). */
export async function fetchPhoneNumbers(search: string, page: number): Promise<AdminPhoneNumber[]> {
  const { data, error } = await getSupabase().rpc('admin_phone_numbers', {
    search,
    page_size: NUMBERS_PAGE_SIZE,
    page,
  });
  if (error) throw toAppError(error, 'generic');
  return z.array(phoneNumberRow).parse(data ?? []);
}

export function usePhoneNumbersQuery(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.phoneNumbers(search, page),
    queryFn: () => fetchPhoneNumbers(search, page),
    placeholderData: keepPreviousData,
  });
}
