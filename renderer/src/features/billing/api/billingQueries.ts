import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { billingKeys } from './keys.ts';

// bigint columns may arrive as numbers or strings: coerce.
const n = z.coerce.number();

const totalsSchema = z.object({
  revenue_cents: n,
  refunds_cents: n,
  active_subscriptions: n,
  credits_purchased: n,
  currency: z.string(),
});
export type BillingTotals = z.infer<typeof totalsSchema>;

const monthSchema = z.object({
  month: z.string(),
  revenue_cents: n,
  refunds_cents: n,
  payments: n,
  refunds: n,
  credits_purchased: n,
  credits_granted: n,
  credits_used: n,
  subscriptions_started: n,
  subscriptions_running: n,
});
export type BillingMonth = z.infer<typeof monthSchema>;

const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  processed_at: z.string(),
  user_email: z.string().nullable(),
  user_name: z.string().nullable(),
  pack_name: z.string().nullable(),
  amount_cents: n.nullable(),
  currency: z.string().nullable(),
  credits: n.nullable(),
  total_count: n,
});
export type BillingTransaction = z.infer<typeof transactionSchema>;

/** The RPC's rows, or the error as the console shows it; the zod schemas below check the shape. */
function rowsOf<T>({ data, error }: { data: T; error: unknown }): T {
  if (error) throw toAppError(error, 'generic');
  return data;
}

export function useBillingTotalsQuery() {
  return useQuery({
    queryKey: billingKeys.totals(),
    queryFn: async () =>
      z
        .array(totalsSchema)
        .length(1)
        .parse(rowsOf(await getSupabase().rpc('admin_billing_totals')))[0]!,
  });
}

export function useBillingMonthsQuery(count = 12) {
  return useQuery({
    queryKey: billingKeys.months(count),
    queryFn: async () =>
      z.array(monthSchema).parse(rowsOf(await getSupabase().rpc('admin_billing_months', { months: count }))),
  });
}

export async function fetchTransactions(page: number, size: number): Promise<BillingTransaction[]> {
  return z
    .array(transactionSchema)
    .parse(rowsOf(await getSupabase().rpc('admin_billing_transactions', { page_size: size, page })));
}

export function useBillingTransactionsQuery(page: number, size: number) {
  return useQuery({
    queryKey: billingKeys.transactions(page, size),
    queryFn: () => fetchTransactions(page, size),
    placeholderData: keepPreviousData,
  });
}

/** Every transaction for the CSV export, 1000 per request. */
export async function fetchAllTransactions(): Promise<BillingTransaction[]> {
  const all: BillingTransaction[] = [];
  for (let page = 0; ; page += 1) {
    const rows = await fetchTransactions(page, 1000);
    all.push(...rows);
    if (rows.length < 1000) return all;
  }
}
