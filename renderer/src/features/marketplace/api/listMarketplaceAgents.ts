import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MARKETPLACE_PAGE_SIZE, type MarketplaceCategory } from '@contracts/marketplace.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { marketplaceKeys } from './keys.ts';

const marketplaceAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  category: z.string().nullable(),
  avatar_url: z.string().nullable(),
  subdomain: z.string(),
});
export type MarketplaceAgent = z.infer<typeof marketplaceAgentSchema>;

/** One page of listed agents (marketplace_agents refuses non-admins in Postgres). */
export async function fetchMarketplacePage(search: string, category: MarketplaceCategory, page: number) {
  const { data, error } = await getSupabase().rpc('marketplace_agents', {
    search,
    filter_category: category,
    page_size: MARKETPLACE_PAGE_SIZE,
    page,
  });
  if (error) throw toAppError(error, 'fetchAgents');
  return z.array(marketplaceAgentSchema).parse(data ?? []);
}

export function useMarketplaceQuery(search: string, category: MarketplaceCategory, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: marketplaceKeys.list(search, category),
    queryFn: ({ pageParam }) => fetchMarketplacePage(search, category, pageParam),
    initialPageParam: 0,
    // A short page is the last one.
    getNextPageParam: (last, pages) => (last.length < MARKETPLACE_PAGE_SIZE ? undefined : pages.length),
    enabled,
  });
}
