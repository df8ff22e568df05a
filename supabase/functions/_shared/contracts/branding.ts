/**
 * `agents.branding` (snake_case keys), one definition for the console's editor, the
 * public site and its server. Two schemas:
 *
 * - `brandingSchema` (this file): what Postgres accepts (private.is_valid_branding and
 *   private.has_typed_branding, the agents_branding_types check); the console validates a write
 *   with it.
 *   tests/integration/contracts/json-columns.test.ts runs one table of cases through both.
 * - `readBranding` (branding-read.ts, re-exported here): a stored value read for display, lenient
 *   per field, with the one set of defaults. It lives apart, on zod/mini, because the public page
 *   needs it before its first paint and must not carry the whole zod library for it.
 */
import { z } from 'zod';
import { HEX_COLOUR_PATTERN } from './colour.ts';
import { BRANDING_LIMITS, charsAtMost as chars } from './field-limits.ts';
import {
  BRANDING_LIST_LIMITS,
  FONT_FAMILIES,
  SOCIAL_NETWORKS,
  TRACKER_FORMATS,
  YOUTUBE_VIDEO_ID,
} from './branding-read.ts';

export * from './branding-read.ts';

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
