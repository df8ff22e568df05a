import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';

const session = z.object({ id: z.string(), url: z.string().url() });
const codeKeys = {
  payment_not_configured: 'errors:credits.paymentNotConfigured',
  pack_not_found: 'errors:credits.packNotFound',
} as const;

/** Asks billing-checkout for a Stripe Checkout Session; the caller sends the browser to its url. */
export async function startCheckout(packId: string, returnUrl: string): Promise<{ id: string; url: string }> {
  const { data, error } = await getSupabase().functions.invoke('billing-checkout', { body: { packId, returnUrl } });
  if (error)
    throw await functionAppError(error, {
      context: 'purchase',
      codeKeys,
      fallbackKey: 'errors:credits.purchaseFailed',
    });
  return session.parse(data);
}

export function useStartCheckoutMutation() {
  return useMutation({
    mutationFn: ({ packId }: { packId: string }) =>
      startCheckout(packId, `${window.location.origin}${window.location.pathname}`),
    onSuccess: (s) => window.location.assign(s.url),
  });
}
