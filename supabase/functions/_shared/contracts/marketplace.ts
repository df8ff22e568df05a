/**
 * The marketplace directory: its category filters, the page size of
 * its infinite scroll, and the agent page address a card opens. The `marketplace_agents` RPC
 * restates the categories in SQL ('other' also holds agents with no or an unknown category).
 */
export const MARKETPLACE_CATEGORIES = ['all', 'professional', 'business', 'institution', 'civil', 'other'] as const;
export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number];
export const MARKETPLACE_PAGE_SIZE = 20;
export const MARKETPLACE_SEARCH_DEBOUNCE_MS = 300;
