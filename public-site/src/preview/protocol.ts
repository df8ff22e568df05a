import type { Locale } from '../i18n/translate.ts';
import type { TabId } from '../site/tabs.ts';

/**
 * Messages between the console's Branding editor and the preview page it frames (preview.html of
 * the console, same origin): the editor sends the unsaved agent as the database would store it,
 * the page draws it with the public site's own components and reports the tab a user taps.
 * The console restates these shapes in renderer/src/features/branding/preview/PhonePreview.tsx.
 */
export const PREVIEW_SHOW = 'concierge:branding-preview:show';
export const PREVIEW_READY = 'concierge:branding-preview:ready';
export const PREVIEW_TAB = 'concierge:branding-preview:tab';

export interface PreviewShowMessage {
  type: typeof PREVIEW_SHOW;
  /** public_agent's shape: name, subdomain, company_name, avatar_url, branding (the row's jsonb). */
  agent: unknown;
  tab: TabId;
  locale: Locale;
}

export function isPreviewShow(data: unknown): data is PreviewShowMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PREVIEW_SHOW;
}
