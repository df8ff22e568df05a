import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteSeoSchema, type SiteSeo } from '@contracts/site-seo.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { siteConfigKeys } from './keys.ts';

/** Merge-writes the settings (update_site_config checks the caller is admin and the limits). */
export async function saveSiteConfig(config: SiteSeo): Promise<SiteSeo> {
  const { data, error } = await getSupabase().rpc('update_site_config', { config: siteSeoSchema.parse(config) });
  if (error) throw toAppError(error, 'generic');
  return siteSeoSchema.parse(data);
}

export function useSaveSiteConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteConfig,
    onSuccess: (saved) => queryClient.setQueryData(siteConfigKeys.config(), saved),
  });
}
