import { normaliseWidgetDomain } from '@contracts/widget-domain.ts';

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
