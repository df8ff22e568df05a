/**
 * The site's SEO settings: the one `site_config` row the admin edits
 * in /site-config, which the servers of the console and landing page write into every HTML page
 * they serve. Limits match the table's constraints; links are absolute http(s) URLs, as the
 * `update_site_config` RPC requires.
 */
import { z } from 'zod';
import { charsAtMost } from './field-limits.ts';

export const TWITTER_CARDS = ['summary', 'summary_large_image', 'app', 'player'] as const;
export const SITE_SEO_LIMITS = {
  meta_title: 70,
  meta_description: 170,
  og_title: 200,
  og_description: 500,
  twitter_title: 200,
  twitter_description: 500,
  url: 2048,
} as const;

const text = (max: number) => z.string().trim().pipe(charsAtMost(max)).nullable();
const url = z
  .string()
  .trim()
  .max(SITE_SEO_LIMITS.url)
  .regex(/^https?:\/\/[^\s"'<>]+$/, 'an http(s) address')
  .nullable();

export const siteSeoSchema = z.object({
  meta_title: text(SITE_SEO_LIMITS.meta_title),
  meta_description: text(SITE_SEO_LIMITS.meta_description),
  og_title: text(SITE_SEO_LIMITS.og_title),
  og_description: text(SITE_SEO_LIMITS.og_description),
  og_image: url,
  favicon: url,
  twitter_card: z.enum(TWITTER_CARDS),
  twitter_title: text(SITE_SEO_LIMITS.twitter_title),
  twitter_description: text(SITE_SEO_LIMITS.twitter_description),
  twitter_image: url,
});
export type SiteSeo = z.infer<typeof siteSeoSchema>;

export const SITE_SEO_COLUMNS =
  'meta_title, meta_description, og_title, og_description, og_image, favicon, twitter_card, twitter_title, twitter_description, twitter_image';

/** The favicon upload (public bucket `site-assets`, the bucket's own limits restated for the form). */
export const FAVICON_BUCKET = 'site-assets';
export const FAVICON_MAX_BYTES = 1024 * 1024;
export const FAVICON_TYPES = [
  'image/png',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
