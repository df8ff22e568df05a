/**
 * The HTTP security headers of the console and the public agent site. Pure: the
 * local static server (static-server.ts) and the `_headers` file written into each production build
 * (static-headers-plugin.ts) both come from here.
 *
 * Scripts run only from our own origin (plus, on an agent page, the hosts of the trackers its owner
 * switched on, which the page's own bundle loads once the visitor consents; never inline scripts); the network reaches our origin and the Supabase
 * API (https/http, and ws/wss for Realtime); images may come from any https host because owners
 * paste image links. Nobody frames the console; an agent page is framed only by the web widget's
 * configured domain, and only its `?embed=widget` view.
 */

/** On every response, files and errors included. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * On every console response: nothing may frame any of its URLs, whatever a file turns out to be
 * (pages replace this CSP with the full consoleCsp(), which says the same about framing).
 */
export const CONSOLE_BASE_HEADERS: Readonly<Record<string, string>> = {
  ...BASE_SECURITY_HEADERS,
  'Content-Security-Policy': "frame-ancestors 'none'",
};

/** The hosted default when no project URL is known at build time (see README "Deploy"). */
export const ANY_SUPABASE_PROJECT = 'https://*.supabase.co';

import { tileSourceOrigin } from '../../supabase/functions/_shared/contracts/agent-map.ts';
import {
  FACEBOOK_CONNECT_SOURCES,
  FACEBOOK_FRAME_SOURCES,
  facebookSdkOrigin,
} from '../../supabase/functions/_shared/contracts/whatsapp.ts';
import { WAVESURFER_STYLE_HASH } from '../../supabase/functions/_shared/contracts/recording-player.ts';
import type { TrackerName } from '../../public-site/src/tracking/trackers.ts';

type Directives = Record<string, readonly string[]>;

export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/** The API's origin and its Realtime twin, e.g. http://127.0.0.1:54321 and ws://127.0.0.1:54321. */
export function apiSources(supabaseUrl: string | null | undefined): { http: string[]; realtime: string[] } {
  if (!supabaseUrl) return { http: [], realtime: [] };
  // A regex rather than URL: the build-time default has a wildcard host (https://*.supabase.co).
  const match = /^(https?):\/\/([^/?#\s;,']+)/i.exec(supabaseUrl.trim());
  if (!match) throw new Error(`The Supabase URL must be http(s): ${supabaseUrl}`);
  const [, scheme, host] = match as unknown as [string, string, string];
  const lower = scheme.toLowerCase();
  return { http: [`${lower}://${host}`], realtime: [`${lower === 'https' ? 'wss' : 'ws'}://${host}`] };
}

/** The origin of a ws(s) relay URL, refused when it is anything else (it goes into a header). */
export function relaySourceOrigin(relayUrl: string): string {
  const match = /^(wss?):\/\/([A-Za-z0-9.-]+(?::[0-9]{1,5})?)(?:[/?#]|$)/i.exec(relayUrl.trim());
  if (!match) throw new Error(`The phone relay URL must be ws(s)://host[:port]/…: ${relayUrl}`);
  return `${match[1]!.toLowerCase()}://${match[2]!.toLowerCase()}`;
}

/** The origin of the Facebook SDK URL, refused when it is not a plain http(s) URL (it goes into a header). */
export function facebookScriptOrigin(sdkUrl: string): string {
  const origin = facebookSdkOrigin(sdkUrl);
  if (!origin) throw new Error(`The Facebook SDK URL must be http(s)://host[:port]/…: ${sdkUrl}`);
  return origin;
}

/** Directives both apps share. */
function common(supabaseUrl: string | null | undefined): Directives {
  const api = apiSources(supabaseUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...api.http, 'https:'],
    'font-src': ["'self'", 'data:'],
    // Call recordings are stored files; a live call's audio is a MediaStream (no CSP fetch).
    'media-src': ["'self'", 'blob:', ...api.http],
    'connect-src': ["'self'", ...api.http, ...api.realtime],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** Which console page: the app, or preview.html (the Branding editor's frame of the public page). */
export type ConsolePage = 'app' | 'sitePreview';

/** The console page a URL path names (anything but preview.html is the app). */
export function consolePageOf(urlPath: string): ConsolePage {
  return urlPath.split(/[?#]/)[0] === '/preview.html' ? 'sitePreview' : 'app';
}

/**
 * The console: nobody else frames it; it frames only its own preview page; YouTube's oEmbed fills
 * a video's title. preview.html may be framed by the console itself ('self') and, as it draws the
 * public page, takes the owner's custom CSS (inline styles) and YouTube's privacy-enhanced frames.
 */
export function consoleCsp(options: {
  supabaseUrl: string | null | undefined;
  page?: ConsolePage;
  /** The /map tile template (CONCIERGE_MAP_TILE_URL): its origin, and only it, is added to img-src. */
  mapTileUrl?: string | null | undefined;
  /** A phone relay on its own host (PHONE_RELAY_URL, ws/wss): the sandbox's phone call connects to it. */
  phoneRelayUrl?: string | null | undefined;
  /**
   * Meta's JS SDK for WhatsApp's embedded sign-up (CONCIERGE_FACEBOOK_SDK_URL, only when a Facebook
   * app is configured): exactly its origin may serve scripts, and facebook.com may be framed and called.
   */
  facebookSdkUrl?: string | null | undefined;
}): string {
  const base = common(options.supabaseUrl);
  const preview = options.page === 'sitePreview';
  const tiles = options.mapTileUrl && !preview ? tileSourceOrigin(options.mapTileUrl) : null;
  const facebook = options.facebookSdkUrl && !preview ? facebookScriptOrigin(options.facebookSdkUrl) : null;
  return serializeCsp({
    ...base,
    'script-src': [...base['script-src']!, ...(facebook ? [facebook] : [])],
    'img-src': [...base['img-src']!, ...(tiles ? [tiles] : [])],
    // The site preview renders the owner's custom CSS; the console only wavesurfer's own <style>
    // (a hash source would switch 'unsafe-inline' off, so the preview gets no hash).
    'style-src': [...base['style-src']!, ...(preview ? ["'unsafe-inline'"] : [WAVESURFER_STYLE_HASH])],
    'connect-src': [
      ...base['connect-src']!,
      'https://www.youtube.com',
      ...(options.phoneRelayUrl && !preview ? [relaySourceOrigin(options.phoneRelayUrl)] : []),
      ...(facebook ? FACEBOOK_CONNECT_SOURCES : []),
    ],
    'frame-src': preview
      ? ['https://www.youtube-nocookie.com']
      : ["'self'", ...(facebook ? FACEBOOK_FRAME_SOURCES : [])],
    'frame-ancestors': preview ? ["'self'"] : ["'none'"],
  });
}

export type Tracker = TrackerName;

/** Hosts each tracker loads from and reports to (Google's and Meta's CSP guidance). */
const TRACKER_SOURCES: Record<Tracker, { script: string[]; connect: string[] }> = {
  googleAnalytics: {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  },
  googleTagManager: {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  },
  metaPixel: {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  },
};

export interface SiteCspOptions {
  supabaseUrl: string | null | undefined;
  /** Trackers the agent enabled: their vendors' hosts may serve scripts and receive beacons. */
  trackers?: Iterable<Tracker>;
  /** Who may frame this page: the widget's domain for `?embed=widget`, else nobody. */
  frameAncestors?: readonly string[];
}

/**
 * The public agent site. Styles allow inline: the owner's custom CSS is a `<style>` element and
 * the sanitised About text may carry style attributes; scripts never do.
 */
export function siteCsp(options: SiteCspOptions): string {
  const base = common(options.supabaseUrl);
  const trackers = [...new Set(options.trackers ?? [])].map((t) => TRACKER_SOURCES[t]);
  const ancestors = options.frameAncestors?.length ? options.frameAncestors : ["'none'"];
  return serializeCsp({
    ...base,
    'script-src': [...base['script-src']!, ...trackers.flatMap((t) => t.script)],
    'style-src': [...base['style-src']!, "'unsafe-inline'"],
    'connect-src': [...base['connect-src']!, ...trackers.flatMap((t) => t.connect)],
    // Videos are embedded from YouTube's privacy-enhanced domain only.
    'frame-src': ['https://www.youtube-nocookie.com'],
    'frame-ancestors': ancestors,
  });
}

/**
 * Frame ancestors for the widget's domain and its subdomains, as the loader accepts them. No scheme:
 * an https page is then framed only by https sites; any port, as the loader does not check one.
 */
export function widgetFrameAncestors(domain: string | null): string[] {
  if (!domain || !/^[a-z0-9.-]+$/.test(domain)) return [];
  return [`${domain}:*`, `*.${domain}:*`];
}

/**
 * A Netlify / Cloudflare Pages `_headers` file for a production build served by a static host
 * (README "Deploy"). Such hosts inject no tracking and serve no widget loader, so the site's
 * pages are framed by nobody.
 */
export function staticHostHeadersFile(
  app: 'console' | 'site',
  supabaseUrl: string | null | undefined,
  mapTileUrl?: string | null,
  phoneRelayUrl?: string | null,
  facebookSdkUrl?: string | null,
): string {
  const csp =
    app === 'console'
      ? consoleCsp({ supabaseUrl, mapTileUrl, phoneRelayUrl, facebookSdkUrl })
      : siteCsp({ supabaseUrl });
  const lines = [
    `# Written by the build from scripts/lib/security-headers.ts (API: ${supabaseUrl ?? 'none'}).`,
    '/*',
    ...Object.entries(BASE_SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`),
    `  Content-Security-Policy: ${csp}`,
  ];
  if (app === 'console') {
    // preview.html's CSP must replace the app's, not join it (both would apply): Cloudflare Pages
    // joins matching blocks unless `! Name` detaches the earlier value; Netlify lets the later block
    // win and skips a line without a colon.
    lines.push(
      '/preview.html',
      `  ! Content-Security-Policy`,
      `  Content-Security-Policy: ${consoleCsp({ supabaseUrl, page: 'sitePreview' })}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
