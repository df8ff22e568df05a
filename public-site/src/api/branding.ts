/**
 * The agent's branding jsonb (spec 002 §3, snake_case keys in the database; camelCase tolerated for
 * rows written by older editors) read into what the public page draws. Lenient per field: one bad
 * image or video is dropped, it never hides the whole page. Plain TS, no schema library: this runs
 * on the first load.
 */

export type FontFamily = 'inter' | 'roboto' | 'poppins' | 'open-sans';

export interface MediaImage {
  url: string;
  caption?: string;
  /** The owner's album name (spec 001 §3.7); content images have none. */
  album?: string;
}

export interface Video {
  /** YouTube video id (11 characters, spec 001 §5). */
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
  /** Tracking identifiers the owner switched on (spec 002 §7.6), format-checked. */
  tracking: Tracking;
}

export interface Tracking {
  googleAnalytics?: string;
  googleTagManager?: string;
  metaPixel?: string;
}

/** Page defaults from spec 002 §3 (primary #000000 and secondary #ffffff on the page). */
export const DEFAULT_BRANDING: Branding = {
  primaryColor: '#000000',
  secondaryColor: '#ffffff',
  fontFamily: 'inter',
  images: [],
  videos: [],
  socialLinks: [],
  tracking: {},
};

type Bag = Record<string, unknown>;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const FONTS: readonly FontFamily[] = ['inter', 'roboto', 'poppins', 'open-sans'];
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function isBag(v: unknown): v is Bag {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** snake_case key first, then its camelCase twin. */
function field(bag: Bag, snake: string): unknown {
  if (bag[snake] !== undefined && bag[snake] !== null) return bag[snake];
  return bag[snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())];
}

function text(bag: Bag, snake: string): string | undefined {
  const v = field(bag, snake);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function list(bag: Bag, snake: string): Bag[] {
  const v = field(bag, snake);
  return Array.isArray(v) ? v.filter(isBag) : [];
}

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
  if (typeof value !== 'string') return undefined;
  const raw = value.trim();
  if (YOUTUBE_ID.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = url.pathname.split('/').filter(Boolean);
    id =
      parts[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')
          ? parts[1]
          : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

/** A non-blank string, trimmed; anything else is undefined. */
function trimmed(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function images(bag: Bag): MediaImage[] {
  const fromContent = list(bag, 'content_images').map((img) => ({
    url: img.url,
    caption: img.caption,
    album: undefined,
  }));
  // Album images (spec 001 §3.7) show on the Media tab too, under their album's name, in album
  // order then image order.
  const fromAlbums = list(bag, 'albums').flatMap((album) =>
    (Array.isArray(album.images) ? album.images.filter(isBag) : [])
      .slice()
      .sort((a, b) => (typeof a.order === 'number' ? a.order : 0) - (typeof b.order === 'number' ? b.order : 0))
      .map((img) => ({ url: img.url, caption: img.caption ?? img.alt, album: album.name })),
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

function videos(bag: Bag): Video[] {
  const out: Video[] = [];
  for (const v of list(bag, 'youtube_videos').slice(0, 10)) {
    const videoId = youtubeId(v.url) ?? youtubeId(v.id);
    if (!videoId || out.some((o) => o.videoId === videoId)) continue;
    const title = trimmed(v.title);
    const author = trimmed(v.author_name ?? v.authorName);
    out.push({ videoId, ...(title ? { title } : {}), ...(author ? { author } : {}) });
  }
  return out;
}

function socialLinks(bag: Bag): SocialLink[] {
  const out: SocialLink[] = [];
  for (const link of list(bag, 'social_links').slice(0, 5)) {
    const url = safeHttpUrl(link.url);
    if (url && typeof link.type === 'string') out.push({ type: link.type, url });
  }
  return out;
}

const TRACKING_FORMATS = {
  googleAnalytics: ['google_analytics', /^(G|UA|AW)-[A-Z0-9-]{4,20}$/],
  googleTagManager: ['google_tag_manager', /^GTM-[A-Z0-9]{4,12}$/],
  metaPixel: ['meta_pixel', /^[0-9]{6,20}$/],
} as const;

/** Only enabled integrations whose identifier has the provider's format (they end up in a script). */
function tracking(bag: Bag): Tracking {
  const integrations = field(bag, 'integrations');
  if (!isBag(integrations)) return {};
  const out: Tracking = {};
  for (const [key, [snake, format]] of Object.entries(TRACKING_FORMATS) as [
    keyof Tracking,
    readonly [string, RegExp],
  ][]) {
    const entry = field(integrations, snake);
    if (!isBag(entry) || entry.enabled !== true || typeof entry.value !== 'string') continue;
    const value = entry.value.trim();
    if (format.test(value)) out[key] = value;
  }
  return out;
}

export function parseBranding(raw: unknown): Branding {
  if (!isBag(raw)) return DEFAULT_BRANDING;
  const colour = (snake: string, fallback: string) => {
    const v = text(raw, snake);
    return v && HEX_COLOUR.test(v) ? v.toLowerCase() : fallback;
  };
  const font = text(raw, 'font_family')?.toLowerCase();
  const optional: Partial<Branding> = {};
  const keys = [
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
  for (const [key, snake] of keys) {
    const v = text(raw, snake);
    if (v !== undefined) optional[key] = v;
  }
  return {
    ...optional,
    primaryColor: colour('primary_color', DEFAULT_BRANDING.primaryColor),
    secondaryColor: colour('secondary_color', DEFAULT_BRANDING.secondaryColor),
    fontFamily: FONTS.includes(font as FontFamily) ? (font as FontFamily) : 'inter',
    images: images(raw),
    videos: videos(raw),
    socialLinks: socialLinks(raw),
    tracking: tracking(raw),
  };
}
