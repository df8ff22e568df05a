/** The landing page's anchors, in page order. */
export const sectionAnchors = ['features', 'industries', 'integrations', 'pricing', 'enterprise'] as const;
export type SectionAnchor = (typeof sectionAnchors)[number];

/** The cards of the three descriptive sections (i18n keys under landing:<section>.<item>). */
export const sectionItems = {
  features: [
    ['phone', 'phone'],
    ['orders', 'shopping-cart'],
    ['appointments', 'calendar'],
    ['analytics', 'chart'],
  ],
  industries: [
    ['healthcare', 'heart'],
    ['food', 'shop'],
    ['realEstate', 'home'],
    ['beauty', 'clean'],
  ],
  integrations: [
    ['calendars', 'timeline-events'],
    ['crm', 'people'],
    ['shop', 'credit-card'],
  ],
} as const;

/** Keeps only a same-origin in-app path from route state (the guard's requested path). */
export function requestedPath(state: unknown): string | undefined {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}
