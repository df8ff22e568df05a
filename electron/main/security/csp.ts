/**
 * The Content-Security-Policy of the console window. Pure, unit-tested.
 *
 * Scripts only from our own origin; network only to our origin and the Supabase API (https/http for
 * REST, auth, storage, functions; ws/wss for realtime); media from blob: (microphone recordings,
 * playback) and the API (stored recordings); no plugins, no framing, no base-URL hijack.
 */
import {
  FACEBOOK_CONNECT_SOURCES,
  FACEBOOK_FRAME_SOURCES,
  facebookSdkOrigin,
} from '../../../supabase/functions/_shared/contracts/whatsapp.ts';
import { WAVESURFER_STYLE_HASH } from '../../../supabase/functions/_shared/contracts/recording-player.ts';

export interface CspOptions {
  /** Supabase API base URL the console talks to; null when no backend could be started. */
  supabaseUrl: string | null;
  /** Vite dev server origin in development (HMR needs its websocket and inline preamble). */
  devServerUrl?: string;
  /**
   * preview.html, the Branding editor's frame of the public page: framed by the console only
   * ('self'), with the owner's custom CSS (inline styles) and YouTube's privacy-enhanced frames.
   */
  page?: 'app' | 'sitePreview';
  /** A phone relay on its own host (ws/wss): the sandbox's phone call connects to it. */
  phoneRelayUrl?: string | null;
  /**
   * Meta's JS SDK for WhatsApp's embedded sign-up (CONCIERGE_FACEBOOK_SDK_URL when a Facebook app is
   * configured): exactly its origin may serve scripts; facebook.com may be framed and called.
   */
  facebookSdkUrl?: string | null;
}

function origin(raw: string): URL {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`CSP source must be http(s): ${raw}`);
  return url;
}

function relayOrigin(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new Error(`Phone relay must be ws(s): ${raw}`);
  return `${url.protocol}//${url.host}`;
}

export function buildContentSecurityPolicy(options: CspOptions): string {
  const api = options.supabaseUrl === null ? undefined : origin(options.supabaseUrl);
  const apiSources = api ? [api.origin] : [];
  const realtimeSources = api ? [`${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`] : [];
  const dev = options.devServerUrl ? origin(options.devServerUrl) : undefined;
  const preview = options.page === 'sitePreview';
  const relay = options.phoneRelayUrl && !options.page ? relayOrigin(options.phoneRelayUrl) : null;
  const facebook = options.facebookSdkUrl && !options.page ? facebookSdkOrigin(options.facebookSdkUrl) : null;
  if (options.facebookSdkUrl && !options.page && !facebook) {
    throw new Error(`Facebook SDK URL must be http(s): ${options.facebookSdkUrl}`);
  }
  const devSources = dev ? [dev.origin, `${dev.protocol === 'https:' ? 'wss:' : 'ws:'}//${dev.host}`] : [];

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The React refresh preamble Vite injects in dev is an inline script; production has none.
    'script-src': ["'self'", ...(dev ? [dev.origin, "'unsafe-inline'"] : []), ...(facebook ? [facebook] : [])],
    // Vite injects <style> tags in dev; the production build extracts CSS to files.
    // The console's recording player draws with wavesurfer's own <style>, allowed by its hash (never
    // alongside 'unsafe-inline', which a hash source would switch off).
    'style-src': [
      "'self'",
      ...(dev || preview ? [...(dev ? [dev.origin] : []), "'unsafe-inline'"] : [WAVESURFER_STYLE_HASH]),
    ],
    // Agent avatars and media may live on any https host (owners paste image links).
    'img-src': ["'self'", 'data:', 'blob:', ...apiSources, 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', ...apiSources],
    'connect-src': [
      "'self'",
      ...apiSources,
      ...realtimeSources,
      ...devSources,
      ...(relay ? [relay] : []),
      ...(facebook ? FACEBOOK_CONNECT_SOURCES : []),
    ],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    // The console frames only its own preview page; nobody but the console frames that page.
    'frame-src': preview
      ? ['https://www.youtube-nocookie.com']
      : ["'self'", ...(facebook ? FACEBOOK_FRAME_SOURCES : [])],
    'frame-ancestors': preview ? ["'self'"] : ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}
