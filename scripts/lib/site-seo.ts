/**
 * The site's SEO tags in the console's HTML: the landing page and every console
 * page are one index.html, so the server that serves it writes the admin's `site_config` row
 * (title, description, Open Graph, Twitter card, favicon) into its head on each request. Crawlers
 * and link previews do not run JavaScript. The row is read with the anon key (it is public) and
 * kept for a few seconds, so a save shows on the next load without a query per page view.
 */
import { siteSeoSchema, SITE_SEO_COLUMNS, type SiteSeo } from '../../supabase/functions/_shared/contracts/site-seo.ts';
import { escapeHtml } from '../../public-site/server/meta.ts';

export interface SiteSeoOptions {
  supabaseUrl: () => string;
  supabaseAnonKey: () => string;
  fetchFn?: typeof fetch;
  /** How long a read row is reused (default 5 s). */
  ttlMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}

function meta(attribute: 'name' | 'property', key: string, content: string | null): string[] {
  return content ? [`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`] : [];
}

/** The head tags of the settings; fields left empty fall back as link previews expect. */
export function siteSeoTags(seo: SiteSeo): string[] {
  const ogTitle = seo.og_title ?? seo.meta_title;
  const ogDescription = seo.og_description ?? seo.meta_description;
  return [
    ...(seo.meta_title ? [`<title>${escapeHtml(seo.meta_title)}</title>`] : []),
    ...meta('name', 'description', seo.meta_description),
    ...meta('property', 'og:type', 'website'),
    ...meta('property', 'og:title', ogTitle),
    ...meta('property', 'og:description', ogDescription),
    ...meta('property', 'og:image', seo.og_image),
    ...meta('name', 'twitter:card', seo.twitter_card),
    ...meta('name', 'twitter:title', seo.twitter_title ?? ogTitle),
    ...meta('name', 'twitter:description', seo.twitter_description ?? ogDescription),
    ...meta('name', 'twitter:image', seo.twitter_image ?? seo.og_image),
    ...(seo.favicon ? [`<link rel="icon" href="${escapeHtml(seo.favicon)}" />`] : []),
  ];
}

/** index.html with the settings' tags in place of the template's own title/description/icon. */
export function injectSiteSeo(html: string, seo: SiteSeo): string {
  const tags = siteSeoTags(seo);
  let out = html;
  if (seo.meta_title) out = out.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  out = out.replace(/<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '');
  if (seo.favicon) out = out.replace(/<link\s+rel="(?:shortcut )?icon"[^>]*>\s*/gi, '');
  const close = out.search(/<\/head>/i);
  const block = `  ${tags.join('\n    ')}\n  `;
  return close === -1 ? `${block}${out}` : `${out.slice(0, close)}${block}${out.slice(close)}`;
}

/** A `transformIndex` for the console's static server. */
export function createSiteSeoTransform(options: SiteSeoOptions): (html: string) => Promise<string> {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? 5000;
  let cached: { seo: SiteSeo | null; at: number } | null = null;

  async function read(): Promise<SiteSeo | null> {
    const base = options.supabaseUrl().replace(/\/+$/, '');
    const key = options.supabaseAnonKey();
    const res = await (options.fetchFn ?? fetch)(
      `${base}/rest/v1/site_config?id=eq.default&select=${encodeURIComponent(SITE_SEO_COLUMNS)}`,
      { headers: { apikey: key, authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(3000) },
    );
    if (!res.ok) throw new Error(`site_config answered ${res.status}`);
    const rows = (await res.json()) as unknown[];
    return rows[0] === undefined ? null : siteSeoSchema.parse(rows[0]);
  }

  return async (html) => {
    if (!cached || now() - cached.at >= ttl) {
      try {
        cached = { seo: await read(), at: now() };
      } catch (error) {
        // The database is slow or down: the last known tags, or the page as built.
        options.log?.(`site SEO tags not refreshed: ${String(error)}`);
        if (!cached) return html;
      }
    }
    return cached.seo ? injectSiteSeo(html, cached.seo) : html;
  };
}
