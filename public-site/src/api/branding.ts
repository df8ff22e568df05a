/**
 * The agent's branding jsonb read into what the public page draws. The reading itself (types,
 * colours, fonts, the one set of defaults, tracker formats) is the contract's `readBranding`; this
 * file only shapes it for the page: trimmed texts, safe URLs, album images after content images,
 * YouTube ids. Lenient per field: one bad image or video is dropped, it never hides the whole page.
 */
// Relative, not @contracts: the site server (scripts/, tsx) imports this file too.
import {
  BRANDING_DEFAULTS,
  BRANDING_LIST_LIMITS,
  enabledTrackerId,
  readBranding,
  youtubeVideoId,
  type FontFamily,
  type StoredBranding,
} from '../../../supabase/functions/_shared/contracts/branding-read.ts';

export type { FontFamily };

export interface MediaImage {
  url: string;
  caption?: string;
  /** The owner's album name; content images have none. */
  album?: string;
}

export interface Video {
  /** YouTube video id (11 characters). */
  videoId: string;
  title?: string;
  /** The channel, as YouTube's oEmbed or the owner gave it. */
  author?: string;
}

export interface SocialLink {
  type: string;
  url: string;
}

export interface Branding {
  primaryColor: string;
  secondaryColor: string;
  fontFamily: FontFamily;
  heroTitle?: string;
  heroSubtitle?: string;
  /** Raw HTML written by the owner; sanitised where it is rendered (About tab). */
  aboutHtml?: string;
  description?: string;
  metaTitle?: string;
  metaDescription?: string;
  ogTitle?: string;
  ogDescription?: string;
  twitterTitle?: string;
  twitterDescription?: string;
  customCss?: string;
  images: MediaImage[];
  videos: Video[];
  socialLinks: SocialLink[];
  /** Tracking identifiers the owner switched on, format-checked. */
  tracking: Tracking;
}

export interface Tracking {
  googleAnalytics?: string;
  googleTagManager?: string;
  metaPixel?: string;
}

/** The page for an agent without branding: the contract's defaults. */
export const DEFAULT_BRANDING: Branding = {
  primaryColor: BRANDING_DEFAULTS.primary_color,
  secondaryColor: BRANDING_DEFAULTS.secondary_color,
  fontFamily: BRANDING_DEFAULTS.font_family,
  images: [],
  videos: [],
  socialLinks: [],
  tracking: {},
};

/** Only absolute http(s) URLs reach an `src` or `href` (no javascript:, data: or relative paths). */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The 11-character id of a YouTube link (watch, youtu.be, embed, shorts) or of a bare id. */
export function youtubeId(value: unknown): string | undefined {
  return youtubeVideoId(value) ?? undefined;
}

/** A non-blank string, trimmed; anything else is undefined. */
function trimmed(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function images(b: StoredBranding): MediaImage[] {
  const fromContent = b.content_images.map((img) => ({ url: img.url, caption: img.caption, album: undefined }));
  // Album images show on the Media tab too, under their album's name, in album
  // order then image order.
  const fromAlbums = b.albums.flatMap((album) =>
    album.images
      .slice()
      .sort((x, y) => (x.order ?? 0) - (y.order ?? 0))
      .map((img) => ({ url: img.url, caption: img.alt, album: album.name })),
  );
  const seen = new Set<string>();
  const out: MediaImage[] = [];
  for (const img of [...fromContent, ...fromAlbums]) {
    const url = safeHttpUrl(img.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const caption = trimmed(img.caption);
    const album = trimmed(img.album);
    out.push({ url, ...(caption ? { caption } : {}), ...(album ? { album } : {}) });
  }
  return out;
}

function videos(b: StoredBranding): Video[] {
  const out: Video[] = [];
  for (const v of b.youtube_videos.slice(0, BRANDING_LIST_LIMITS.youtubeVideos)) {
    const videoId = youtubeId(v.url) ?? youtubeId(v.id);
    if (!videoId || out.some((o) => o.videoId === videoId)) continue;
    const title = trimmed(v.title);
    const author = trimmed(v.author_name);
    out.push({ videoId, ...(title ? { title } : {}), ...(author ? { author } : {}) });
  }
  return out;
}

function socialLinks(b: StoredBranding): SocialLink[] {
  const out: SocialLink[] = [];
  for (const link of b.social_links.slice(0, BRANDING_LIST_LIMITS.socialLinks)) {
    const url = safeHttpUrl(link.url);
    if (url) out.push({ type: link.type, url });
  }
  return out;
}

/** Only enabled integrations whose identifier has the provider's format (they end up in a script). */
function tracking(b: StoredBranding): Tracking {
  const out: Tracking = {};
  const googleAnalytics = enabledTrackerId(b, 'google_analytics');
  const googleTagManager = enabledTrackerId(b, 'google_tag_manager');
  const metaPixel = enabledTrackerId(b, 'meta_pixel');
  if (googleAnalytics) out.googleAnalytics = googleAnalytics;
  if (googleTagManager) out.googleTagManager = googleTagManager;
  if (metaPixel) out.metaPixel = metaPixel;
  return out;
}

const TEXTS = [
  ['heroTitle', 'hero_title'],
  ['heroSubtitle', 'hero_subtitle'],
  ['aboutHtml', 'about_text'],
  ['description', 'description'],
  ['metaTitle', 'meta_title'],
  ['metaDescription', 'meta_description'],
  ['ogTitle', 'og_title'],
  ['ogDescription', 'og_description'],
  ['twitterTitle', 'twitter_title'],
  ['twitterDescription', 'twitter_description'],
  ['customCss', 'custom_css'],
] as const;

export function parseBranding(raw: unknown): Branding {
  const b = readBranding(raw);
  const optional: Partial<Branding> = {};
  for (const [key, snake] of TEXTS) {
    const v = trimmed(b[snake]);
    if (v !== undefined) optional[key] = v;
  }
  return {
    ...optional,
    primaryColor: b.primary_color,
    secondaryColor: b.secondary_color,
    fontFamily: b.font_family,
    images: images(b),
    videos: videos(b),
    socialLinks: socialLinks(b),
    tracking: tracking(b),
  };
}
