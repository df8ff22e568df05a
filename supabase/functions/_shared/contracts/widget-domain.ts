/**
 * The web widget's domain ("a valid host name"), one definition for the console's
 * dialog, the site server (loader, frame-ancestors) and the embedded page. Postgres restates the
 * normalisation (private.normalise_widget_domain, used by configure_web_widget);
 * tests/integration/contracts/rules.test.ts runs one table of cases through both.
 */

const HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const MAX_HOST_LENGTH = 253;

/**
 * The stored host name for what an owner typed, or null when it is not one: trimmed and
 * lower-cased, an optional http(s):// and one trailing slash dropped; then dot-separated DNS labels
 * ending in an alphabetic top-level domain, or `localhost` for local development.
 */
export function normaliseWidgetDomain(raw: string): string | null {
  const host = raw
    .replace(/^ +| +$/g, '')
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '');
  if (host === 'localhost') return host;
  return host.length <= MAX_HOST_LENGTH && HOST.test(host) ? host : null;
}

/**
 * The site a stored widget domain names, `www.` dropped: the widget runs on it and on its
 * subdomains (`www.shop.com` configured: shop.com, www.shop.com and blog.shop.com). Null for
 * anything that is not a stored domain.
 */
export function widgetSiteDomain(stored: unknown): string | null {
  if (typeof stored !== 'string') return null;
  const domain = normaliseWidgetDomain(stored);
  return domain === null ? null : domain.replace(/^www\./, '');
}

/** True when a page on `host` may show the widget of the stored `domain`. */
export function widgetHostAllowed(host: string, stored: unknown): boolean {
  const site = widgetSiteDomain(stored);
  if (site === null) return false;
  const h = host.toLowerCase().replace(/^www\./, '');
  return h === site || h.endsWith(`.${site}`);
}
