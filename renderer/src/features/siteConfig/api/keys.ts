/** Query keys of the site SEO page (one factory). */
export const siteConfigKeys = {
  all: ['site-config'] as const,
  config: () => [...siteConfigKeys.all, 'default'] as const,
};
