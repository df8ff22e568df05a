/**
 * `agents.branding` (snake_case keys), one definition for the console's editor, the
 * public site and its server. Two schemas:
 *
 * - `brandingSchema`: what Postgres accepts (private.is_valid_branding and
 *   private.has_typed_branding, the agents_branding_types check); the console validates a write
 *   with it.
 *   tests/integration/contracts/json-columns.test.ts runs one table of cases through both.
 * - `readBranding`: a stored value read for display, lenient per field (one bad image never hides a
 *   page), with the one set of defaults: the column default's colours and font.
 */
import { z } from 'zod';
import { HEX_COLOUR_PATTERN } from './colour.ts';
import { BRANDING_LIMITS, charsAtMost as chars } from './field-limits.ts';

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

// ---- what Postgres accepts ------------------------------------------------------------------

// A text or colour set to JSON null reads as absent (`->>` gives SQL null); a list, an album's
// images or the integrations object set to JSON null is refused (`->` gives a JSON null).
const text = (max: number) => chars(max).nullish();

const trackerSchema = (format: RegExp) =>
  z
    .object({ enabled: z.boolean().optional(), value: z.string().optional() })
    .loose()
    .refine((t) => (t.value ?? '') === '' || format.test(t.value ?? ''), { error: 'identifier format' })
    .refine((t) => !(t.enabled === true && (t.value ?? '') === ''), { error: 'an enabled tracker needs a value' });

export const brandingSchema = z
  .object({
    primary_color: z.string().regex(HEX_COLOUR_PATTERN).nullish(),
    secondary_color: z.string().regex(HEX_COLOUR_PATTERN).nullish(),
    font_family: z.enum(FONT_FAMILIES).nullish(),
    hero_title: text(BRANDING_LIMITS.heroTitle),
    hero_subtitle: text(BRANDING_LIMITS.heroSubtitle),
    meta_title: text(BRANDING_LIMITS.metaTitle),
    meta_description: text(BRANDING_LIMITS.metaDescription),
    og_title: text(BRANDING_LIMITS.ogTitle),
    twitter_title: text(BRANDING_LIMITS.twitterTitle),
    og_description: text(BRANDING_LIMITS.ogDescription),
    twitter_description: text(BRANDING_LIMITS.twitterDescription),
    about_text: text(BRANDING_LIMITS.aboutText),
    custom_css: text(BRANDING_LIMITS.customCss),
    description: z.string().nullish(),
    social_links: z
      .array(
        z
          .object({
            type: z.enum(SOCIAL_NETWORKS),
            url: chars(BRANDING_LIST_LIMITS.url).regex(/^https:\/\/[^\s/?#]+\.\S+$/),
          })
          .loose(),
      )
      .max(BRANDING_LIST_LIMITS.socialLinks)
      .optional(),
    youtube_videos: z
      .array(
        z
          .object({
            id: z.string().regex(YOUTUBE_VIDEO_ID),
            url: chars(BRANDING_LIST_LIMITS.url).nullish(),
            title: chars(BRANDING_LIST_LIMITS.videoTitle).nullish(),
            author_name: chars(BRANDING_LIST_LIMITS.videoAuthor).nullish(),
          })
          .loose(),
      )
      .max(BRANDING_LIST_LIMITS.youtubeVideos)
      .optional(),
    albums: z
      .array(
        z
          .object({
            name: z.string().refine((n) => {
              const length = Array.from(n.replace(/^ +| +$/g, '')).length;
              return length >= 1 && length <= BRANDING_LIST_LIMITS.albumName;
            }),
            images: z
              .array(
                z
                  .object({
                    url: chars(BRANDING_LIST_LIMITS.url).regex(/^https?:\/\//),
                    alt: chars(BRANDING_LIST_LIMITS.imageAlt).nullish(),
                  })
                  .loose(),
              )
              .optional(),
          })
          .loose(),
      )
      .optional(),
    content_images: z.array(z.unknown()).optional(),
    integrations: z
      .object({
        google_analytics: trackerSchema(TRACKER_FORMATS.google_analytics).optional(),
        google_tag_manager: trackerSchema(TRACKER_FORMATS.google_tag_manager).optional(),
        meta_pixel: trackerSchema(TRACKER_FORMATS.meta_pixel).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type BrandingRow = z.infer<typeof brandingSchema>;

// ---- what a page or a form reads ------------------------------------------------------------

/** Keeps the elements of a list that parse; anything but a list is an empty one. */
function listOf<T extends z.ZodType>(element: T) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((items): z.output<T>[] =>
      items.flatMap((item) => {
        const parsed = element.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    );
}

const optionalText = z.string().optional().catch(undefined);
const textOr = (fallback: string) => z.string().catch(fallback);
const colourOr = (fallback: string) =>
  z
    .string()
    .regex(HEX_COLOUR_PATTERN)
    .transform((c) => c.toLowerCase())
    .catch(fallback);

const readTracker = z
  .object({ enabled: z.boolean().catch(false), value: textOr('') })
  .catch({ enabled: false, value: '' });

const readBrandingSchema = z.object({
  primary_color: colourOr(BRANDING_DEFAULTS.primary_color),
  secondary_color: colourOr(BRANDING_DEFAULTS.secondary_color),
  font_family: z
    .string()
    .transform((f) => f.trim().toLowerCase())
    .pipe(z.enum(FONT_FAMILIES))
    .catch(BRANDING_DEFAULTS.font_family),
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
          order: z.number().optional().catch(undefined),
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
  integrations: z
    .object({
      google_analytics: readTracker,
      google_tag_manager: readTracker,
      meta_pixel: readTracker,
    })
    .catch({
      google_analytics: { enabled: false, value: '' },
      google_tag_manager: { enabled: false, value: '' },
      meta_pixel: { enabled: false, value: '' },
    }),
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
