import { FunctionsHttpError } from '@supabase/supabase-js';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError, toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';

const session = z.object({ id: z.string(), url: z.string().url() });
const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

const codeKeys: Record<string, string> = {
  payment_not_configured: 'errors:credits.paymentNotConfigured',
  pack_not_found: 'errors:credits.packNotFound',
};

/** Asks billing-checkout for a Stripe Checkout Session; the caller sends the browser to its url. */
export async function startCheckout(packId: string, returnUrl: string): Promise<{ id: string; url: string }> {
  const { data, error } = await getSupabase().functions.invoke('billing-checkout', { body: { packId, returnUrl } });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = errorBody.safeParse(await (error.context as Response).json().catch(() => null));
      if (body.success) {
        const { code, message } = body.data.error;
        throw new AppError({
          source: 'function',
          code,
          message,
          messageKey: codeKeys[code] ?? 'errors:credits.purchaseFailed',
          params: { message },
        });
      }
    }
    throw toAppError(error, 'purchase');
  }
  return session.parse(data);
}

export function useStartCheckoutMutation() {
  return useMutation({
    mutationFn: ({ packId }: { packId: string }) =>
      startCheckout(packId, `${window.location.origin}${window.location.pathname}`),
    onSuccess: (s) => window.location.assign(s.url),
  });
}
