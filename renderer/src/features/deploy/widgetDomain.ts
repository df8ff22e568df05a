/**
 * The web widget's domain rule (spec 001 §5: 'a valid host name'), the same as the server's
 * private.normalise_widget_domain() and close to the site server's widgetDomain(): an optional
 * http(s):// and a trailing slash are tolerated and dropped; what remains must be dot-separated DNS
 * labels ending in an alphabetic top-level domain, or `localhost` for local development.
 */
const HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The normalised host name, or null when `raw` is not one. */
export function normaliseWidgetDomain(raw: string): string | null {
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '');
  if (host === 'localhost') return host;
  return host.length <= 253 && HOST.test(host) ? host : null;
}

/** What the configuration dialog allows: Update needs a valid domain that differs from the saved one. */
export function widgetDialogState(
  input: string,
  saved: { domain: string | null; enabled: boolean } | null,
): { domain: string | null; invalid: boolean; unchanged: boolean } {
  const domain = normaliseWidgetDomain(input);
  const invalid = input.trim() !== '' && domain === null;
  // An enabled widget with the same domain has nothing to update; a disabled one can be re-enabled.
  const unchanged = saved !== null && saved.enabled && domain !== null && domain === saved.domain;
  return { domain, invalid, unchanged };
}

/** The tag the owner pastes into their website. */
export function widgetSnippet(scriptUrl: string): string {
  return `<script src="${scriptUrl}" async></script>`;
}
