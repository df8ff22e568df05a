/**
 * `agents.branding` as a page or a form reads it: the constants both halves of the contract share
 * (fonts, networks, tracker formats, defaults, list limits), YouTube ids, and `readBranding`, a
 * stored value read for display, lenient per field (one bad image never hides a page), with the one
 * set of defaults: the column default's colours and font. What Postgres accepts on write is
 * `brandingSchema` in branding.ts, which re-exports this file.
 *
 * Written with zod/mini: the public agent page reads its branding before it can draw the agent, and
 * the full zod library would more than double the code it waits for.
 */
import { z } from 'zod/mini';
import { HEX_COLOUR_PATTERN } from './colour.ts';

export const FONT_FAMILIES = ['inter', 'roboto', 'poppins', 'open-sans'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const SOCIAL_NETWORKS = [
  'facebook',
  'twitter',
  'instagram',
  'linkedin',
  'youtube',
  'tiktok',
  'pinterest',
  'snapchat',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Tracking identifiers' formats: they end up inside a script on the public page. */
export const TRACKER_FORMATS = {
  google_analytics: /^(G|UA|AW)-[A-Z0-9-]{4,20}$/,
  google_tag_manager: /^GTM-[A-Z0-9]{4,12}$/,
  meta_pixel: /^[0-9]{6,20}$/,
} as const;
export type TrackerKey = keyof typeof TRACKER_FORMATS;
export const TRACKER_KEYS = Object.keys(TRACKER_FORMATS) as TrackerKey[];

/** The column default of agents.branding (migration 20261121193200), the one set of defaults. */
export const BRANDING_DEFAULTS = {
  primary_color: '#6366f1',
  secondary_color: '#4f46e5',
  font_family: 'inter',
} as const satisfies { primary_color: string; secondary_color: string; font_family: FontFamily };

export const BRANDING_LIST_LIMITS = {
  socialLinks: 5,
  youtubeVideos: 10,
  albumName: 100,
  url: 2048,
  imageAlt: 300,
  videoTitle: 300,
  videoAuthor: 300,
} as const;

/** An 11-character YouTube video id. */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The id of a YouTube link (watch, youtu.be, embed, shorts, live, v) or of a bare id, else null. */
export function youtubeVideoId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const raw = value.trim();
  if (YOUTUBE_VIDEO_ID.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && YOUTUBE_VIDEO_ID.test(id) ? id : null;
}

// ---- what a page or a form reads ------------------------------------------------------------

/** Keeps the elements of a list that parse; anything but a list is an empty one. */
function listOf<T extends z.ZodMiniType>(element: T) {
  return z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((items): z.output<T>[] =>
      items.flatMap((item) => {
        const parsed = element.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );
}

const optionalText = z.catch(z.optional(z.string()), undefined);
const textOr = (fallback: string) => z.catch(z.string(), fallback);
const colourOr = (fallback: string) =>
  z.catch(
    z.pipe(
      z.string().check(z.regex(HEX_COLOUR_PATTERN)),
      z.transform((c: string) => c.toLowerCase()),
    ),
    fallback,
  );

const readTracker = z.catch(z.object({ enabled: z.catch(z.boolean(), false), value: textOr('') }), {
  enabled: false,
  value: '',
});

const readBrandingSchema = z.object({
  primary_color: colourOr(BRANDING_DEFAULTS.primary_color),
  secondary_color: colourOr(BRANDING_DEFAULTS.secondary_color),
  font_family: z.catch(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((f: string) => f.trim().toLowerCase()),
      ),
      z.enum(FONT_FAMILIES),
    ),
    BRANDING_DEFAULTS.font_family,
  ),
  hero_title: optionalText,
  hero_subtitle: optionalText,
  about_text: optionalText,
  description: optionalText,
  meta_title: optionalText,
  meta_description: optionalText,
  og_title: optionalText,
  og_description: optionalText,
  twitter_title: optionalText,
  twitter_description: optionalText,
  custom_css: optionalText,
  content_images: listOf(z.object({ url: textOr(''), caption: optionalText })),
  albums: listOf(
    z.object({
      id: textOr(''),
      name: textOr(''),
      images: listOf(
        z.object({
          id: textOr(''),
          url: textOr(''),
          alt: textOr(''),
          order: z.catch(z.optional(z.number()), undefined),
          file_name: textOr(''),
        }),
      ),
    }),
  ),
  youtube_videos: listOf(
    z.object({
      id: textOr(''),
      url: textOr(''),
      title: textOr(''),
      thumbnail_url: textOr(''),
      author_name: textOr(''),
    }),
  ),
  social_links: listOf(z.object({ type: z.enum(SOCIAL_NETWORKS), url: textOr('') })),
  integrations: z.catch(
    z.object({
      google_analytics: readTracker,
      google_tag_manager: readTracker,
      meta_pixel: readTracker,
    }),
    {
      google_analytics: { enabled: false, value: '' },
      google_tag_manager: { enabled: false, value: '' },
      meta_pixel: { enabled: false, value: '' },
    },
  ),
});
export type StoredBranding = z.output<typeof readBrandingSchema>;

/** A stored branding value (any jsonb) read for display: invalid parts take the defaults. */
export function readBranding(raw: unknown): StoredBranding {
  const bag = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  return readBrandingSchema.parse(bag);
}

/** A tracker's identifier when it is enabled and well-formed (what may go into a script), else null. */
export function enabledTrackerId(branding: StoredBranding, key: TrackerKey): string | null {
  const entry = branding.integrations[key];
  const value = entry.value.trim();
  return entry.enabled && TRACKER_FORMATS[key].test(value) ? value : null;
}
