/** Query keys of the marketplace (one factory). */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  list: (search: string, category: string) => [...marketplaceKeys.all, 'list', search, category] as const,
};
