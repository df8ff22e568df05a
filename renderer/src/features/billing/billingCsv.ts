import type { BillingTransaction } from './api/billingQueries.ts';

/** One CSV cell: quoted when it holds a comma, quote or line break; formula starters defused. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  // A spreadsheet would run a cell starting with = + - @ as a formula (CSV injection).
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The transactions as CSV (header row, ISO dates, amounts in major units). */
export function transactionsCsv(rows: readonly BillingTransaction[]): string {
  const header = ['id', 'date', 'kind', 'email', 'name', 'pack', 'amount', 'currency', 'credits'];
  const lines = rows.map((r) =>
    [
      r.id,
      r.processed_at,
      r.kind,
      r.user_email,
      r.user_name,
      r.pack_name,
      r.amount_cents === null ? null : (r.amount_cents / 100).toFixed(2),
      r.currency,
      r.credits,
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
