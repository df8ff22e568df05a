/** Query keys of the admin billing page (CONVENTIONS §3). */
export const billingKeys = {
  all: ['billing-admin'] as const,
  totals: () => [...billingKeys.all, 'totals'] as const,
  months: (count: number) => [...billingKeys.all, 'months', count] as const,
  transactions: (page: number, size: number) => [...billingKeys.all, 'transactions', page, size] as const,
};
