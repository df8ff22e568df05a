import { toCsv } from '../../lib/csv.ts';
import type { BillingTransaction } from './api/billingQueries.ts';

const columns = ['id', 'date', 'kind', 'email', 'name', 'pack', 'amount', 'currency', 'credits'] as const;

/** The transactions as CSV (header row, ISO dates, amounts in major units; the one CSV writer). */
export function transactionsCsv(rows: readonly BillingTransaction[]): string {
  return toCsv(
    columns,
    rows.map((r) => [
      r.id,
      r.processed_at,
      r.kind,
      r.user_email,
      r.user_name,
      r.pack_name,
      r.amount_cents === null ? null : (r.amount_cents / 100).toFixed(2),
      r.currency,
      r.credits,
    ]),
  );
}
