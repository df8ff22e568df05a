import type { Tracking } from '../api/branding.ts';

/**
 * Starts the tracking the owner switched on — only ever called once the visitor
 * consented (consent.ts). The vendors' loader snippets are restated here as code of our own bundle,
 * so the page needs no inline script: its CSP allows 'self' plus these vendors' hosts and nothing
 * else. Identifiers were format-checked by parseBranding and are URL-encoded anyway.
 */
export type TrackerName = keyof Tracking;

/** Script URLs per tracker; the CSP's tracker hosts (scripts/lib/security-headers.ts) match them. */
export const TRACKER_SCRIPT_HOSTS: Record<TrackerName, string> = {
  googleAnalytics: 'https://www.googletagmanager.com/gtag/js',
  googleTagManager: 'https://www.googletagmanager.com/gtm.js',
  metaPixel: 'https://connect.facebook.net/en_US/fbevents.js',
};

type Queue = unknown[];
interface TrackingWindow {
  dataLayer?: Queue;
  gtag?: (...args: unknown[]) => void;
  fbq?: FbQueue;
  _fbq?: FbQueue;
}
interface FbQueue {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: FbQueue;
  loaded: boolean;
  version: string;
}

function addScript(doc: Document, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
}

/** Which trackers would start for this branding. */
export function trackersOf(tracking: Tracking): TrackerName[] {
  return (['googleAnalytics', 'googleTagManager', 'metaPixel'] as const).filter((name) => Boolean(tracking[name]));
}

/** Loads and configures each enabled tracker; returns those it started. Idempotent per document. */
export function startTrackers(tracking: Tracking, doc: Document = document): TrackerName[] {
  const win = doc.defaultView as (Window & TrackingWindow) | null;
  if (!win || doc.documentElement.dataset.trackingStarted === 'true') return [];
  doc.documentElement.dataset.trackingStarted = 'true';
  const started = trackersOf(tracking);
  const dataLayer = (win.dataLayer ??= []);
  if (tracking.googleAnalytics) {
    // gtag.js reads the Arguments objects its stub queued, as Google's snippet does.
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js expects Arguments objects, not arrays
      dataLayer.push(arguments);
    };
    win.gtag('js', new Date());
    win.gtag('config', tracking.googleAnalytics);
    addScript(doc, `${TRACKER_SCRIPT_HOSTS.googleAnalytics}?id=${encodeURIComponent(tracking.googleAnalytics)}`);
  }
  if (tracking.googleTagManager) {
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(doc, `${TRACKER_SCRIPT_HOSTS.googleTagManager}?id=${encodeURIComponent(tracking.googleTagManager)}`);
  }
  if (tracking.metaPixel && !win.fbq) {
    // Meta's stub: queue calls until fbevents.js replaces it.
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as FbQueue;
    fbq.queue = [];
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    win.fbq = fbq;
    win._fbq ??= fbq;
    fbq('init', tracking.metaPixel);
    fbq('track', 'PageView');
    addScript(doc, TRACKER_SCRIPT_HOSTS.metaPixel);
  }
  return started;
}
