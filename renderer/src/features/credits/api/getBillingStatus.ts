import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { creditsKeys } from './keys.ts';

const status = z.object({ configured: z.boolean() });

/** Whether a payment provider is configured (billing-checkout GET). */
export async function fetchBillingStatus(): Promise<{ configured: boolean }> {
  const { data, error } = await getSupabase().functions.invoke('billing-checkout', { method: 'GET' });
  if (error) throw await functionAppError(error, { context: 'purchase' });
  return status.parse(data);
}

export function useBillingStatusQuery() {
  return useQuery({ queryKey: creditsKeys.billingStatus(), queryFn: fetchBillingStatus, staleTime: 5 * 60_000 });
}
