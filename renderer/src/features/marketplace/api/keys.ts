/** Query keys of the marketplace (CONVENTIONS §3). */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  list: (search: string, category: string) => [...marketplaceKeys.all, 'list', search, category] as const,
};
