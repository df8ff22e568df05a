/** Query keys of the site SEO page (CONVENTIONS §3). */
export const siteConfigKeys = {
  all: ['site-config'] as const,
  config: () => [...siteConfigKeys.all, 'default'] as const,
};
