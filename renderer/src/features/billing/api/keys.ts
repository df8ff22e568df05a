/** Query keys of the admin billing page (one factory). */
export const billingKeys = {
  all: ['billing-admin'] as const,
  totals: () => [...billingKeys.all, 'totals'] as const,
  months: (count: number) => [...billingKeys.all, 'months', count] as const,
  transactions: (page: number, size: number) => [...billingKeys.all, 'transactions', page, size] as const,
};
