import { useQuery } from '@tanstack/react-query';
import { SITE_SEO_COLUMNS, siteSeoSchema, type SiteSeo } from '@contracts/site-seo.ts';
import { AppError, toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { siteConfigKeys } from './keys.ts';

/** The one 'default' row (public). */
export async function fetchSiteConfig(): Promise<SiteSeo> {
  const { data, error } = await getSupabase()
    .from('site_config')
    .select(SITE_SEO_COLUMNS)
    .eq('id', 'default')
    .maybeSingle();
  if (error) throw toAppError(error, 'generic');
  if (!data)
    throw new AppError({
      source: 'app',
      code: 'not_found',
      messageKey: 'siteConfig:errors.fetch',
      message: 'no site_config row',
    });
  return siteSeoSchema.parse(data);
}

export function useSiteConfigQuery() {
  return useQuery({ queryKey: siteConfigKeys.config(), queryFn: fetchSiteConfig });
}
