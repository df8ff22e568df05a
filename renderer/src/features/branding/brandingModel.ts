/**
 * The branding editor's data and its rules (lengths, counts, image types), free of React and Supabase so
 * they are unit-tested. The database keeps snake_case keys (agents.branding, checked by
 * private.is_valid_branding); the form uses camelCase. Keys the editor does not know (logo,
 * custom_css, content_images) are carried through untouched on save.
 */

import {
  BRANDING_DEFAULTS,
  BRANDING_LIST_LIMITS,
  readBranding,
  TRACKER_FORMATS as STORED_TRACKER_FORMATS,
  youtubeVideoId,
  type FontFamily,
  type SocialNetwork,
  type TrackerKey,
} from '@contracts/branding.ts';
import { isHexColour } from '@contracts/colour.ts';
import { BRANDING_LIMITS, isTooLong } from '@contracts/field-limits.ts';
import { UPLOAD_LIMITS } from '@contracts/upload-limits.ts';

export {
  FONT_FAMILIES,
  SOCIAL_NETWORKS,
  youtubeVideoId,
  type FontFamily,
  type SocialNetwork,
} from '@contracts/branding.ts';
export const FONT_LABELS: Record<FontFamily, string> = {
  inter: 'Inter',
  roboto: 'Roboto',
  poppins: 'Poppins',
  'open-sans': 'Open Sans',
};

export const DEFAULT_PRIMARY = BRANDING_DEFAULTS.primary_color;
export const DEFAULT_SECONDARY = BRANDING_DEFAULTS.secondary_color;
export const HEADLINE_MAX = BRANDING_LIMITS.heroTitle;
export const SUBTITLE_MAX = BRANDING_LIMITS.heroSubtitle;
export const META_TITLE = { max: BRANDING_LIMITS.metaTitle, optimalMin: 50, optimalMax: 60 } as const;
export const META_DESCRIPTION = { max: BRANDING_LIMITS.metaDescription, optimalMin: 150, optimalMax: 160 } as const;
/** Open Graph and Twitter texts have no length bar; the database caps them as it does site_config. */
export const SOCIAL_TITLE_MAX = BRANDING_LIMITS.ogTitle;
export const SOCIAL_DESCRIPTION_MAX = BRANDING_LIMITS.ogDescription;
export const MAX_VIDEOS = BRANDING_LIST_LIMITS.youtubeVideos;
export const MAX_SOCIAL_LINKS = BRANDING_LIST_LIMITS.socialLinks;
export const IMAGE_MAX_BYTES = UPLOAD_LIMITS.galleryImage;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;
const IMAGE_TYPES: Record<string, true> = { 'image/png': true, 'image/jpeg': true, 'image/gif': true };

/** Picking a network fills its base URL. */
export const SOCIAL_BASE_URLS: Record<SocialNetwork, string> = {
  facebook: 'https://facebook.com/',
  twitter: 'https://x.com/',
  instagram: 'https://instagram.com/',
  linkedin: 'https://linkedin.com/in/',
  youtube: 'https://youtube.com/@',
  tiktok: 'https://tiktok.com/@',
  pinterest: 'https://pinterest.com/',
  snapchat: 'https://snapchat.com/add/',
};
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
};

export const TRACKERS = ['googleAnalytics', 'googleTagManager', 'metaPixel'] as const;
export type Tracker = (typeof TRACKERS)[number];
const TRACKER_KEYS: Record<Tracker, TrackerKey> = {
  googleAnalytics: 'google_analytics',
  googleTagManager: 'google_tag_manager',
  metaPixel: 'meta_pixel',
};
/** The formats the public site accepts before putting an identifier in a script (the contract's). */
export const TRACKER_FORMATS: Record<Tracker, RegExp> = {
  googleAnalytics: STORED_TRACKER_FORMATS.google_analytics,
  googleTagManager: STORED_TRACKER_FORMATS.google_tag_manager,
  metaPixel: STORED_TRACKER_FORMATS.meta_pixel,
};

export interface AlbumImage {
  id: string;
  url: string;
  alt: string;
  order: number;
  /** The object name in the agent's gallery folder ({timestamp}-{file name}). */
  fileName: string;
}
export interface Album {
  id: string;
  name: string;
  images: AlbumImage[];
}
export interface VideoLink {
  id: string;
  url: string;
  title: string;
  thumbnailUrl: string;
  authorName: string;
}
export interface SocialLink {
  type: SocialNetwork;
  url: string;
}
export interface TrackerSetting {
  enabled: boolean;
  value: string;
}

export interface BrandingForm {
  primaryColor: string;
  secondaryColor: string;
  fontFamily: FontFamily;
  heroTitle: string;
  heroSubtitle: string;
  aboutText: string;
  metaTitle: string;
  metaDescription: string;
  ogTitle: string;
  ogDescription: string;
  twitterTitle: string;
  twitterDescription: string;
  albums: Album[];
  youtubeVideos: VideoLink[];
  socialLinks: SocialLink[];
  integrations: Record<Tracker, TrackerSetting>;
}

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => v !== null && typeof v === 'object' && !Array.isArray(v);

export function newId(): string {
  return globalThis.crypto.randomUUID();
}

/** The form for a stored branding value; missing or malformed parts take the contract's defaults. */
export function brandingFromRow(raw: unknown, agentName: string): BrandingForm {
  const b = readBranding(raw);
  const tracker = (t: Tracker): TrackerSetting => ({ ...b.integrations[TRACKER_KEYS[t]] });
  return {
    primaryColor: b.primary_color,
    secondaryColor: b.secondary_color,
    fontFamily: b.font_family,
    // The headline defaults to the agent name
    heroTitle: b.hero_title ?? agentName,
    heroSubtitle: b.hero_subtitle ?? '',
    aboutText: b.about_text ?? '',
    metaTitle: b.meta_title ?? '',
    metaDescription: b.meta_description ?? '',
    ogTitle: b.og_title ?? '',
    ogDescription: b.og_description ?? '',
    twitterTitle: b.twitter_title ?? '',
    twitterDescription: b.twitter_description ?? '',
    // Ids missing from an old row are derived from positions, not drawn at random: reading the same
    // row twice must give the same form, or an untouched editor would look edited.
    albums: b.albums.map((a, albumIndex) => ({
      id: a.id || `album-${albumIndex}`,
      name: a.name,
      images: a.images.map((img, i) => ({
        id: img.id || `album-${albumIndex}-image-${i}`,
        url: img.url,
        alt: img.alt,
        order: img.order ?? i,
        fileName: img.file_name,
      })),
    })),
    youtubeVideos: b.youtube_videos.map((v) => ({
      id: v.id,
      url: v.url,
      title: v.title,
      thumbnailUrl: v.thumbnail_url,
      authorName: v.author_name,
    })),
    socialLinks: b.social_links.map((l) => ({ type: l.type, url: l.url })),
    integrations: {
      googleAnalytics: tracker('googleAnalytics'),
      googleTagManager: tracker('googleTagManager'),
      metaPixel: tracker('metaPixel'),
    },
  };
}

/** The stored value for a form: `base` (the row as loaded) keeps the keys this editor leaves alone. */
export function brandingToRow(form: BrandingForm, base: unknown): Bag {
  const keep: Bag = isBag(base) ? { ...base } : {};
  const integrations: Bag = isBag(keep.integrations) ? { ...keep.integrations } : {};
  for (const t of TRACKERS) {
    const s = form.integrations[t];
    integrations[TRACKER_KEYS[t]] = { enabled: s.enabled, value: s.value.trim() };
  }
  return {
    ...keep,
    primary_color: form.primaryColor.toLowerCase(),
    secondary_color: form.secondaryColor.toLowerCase(),
    font_family: form.fontFamily,
    hero_title: form.heroTitle.trim(),
    hero_subtitle: form.heroSubtitle.trim(),
    about_text: form.aboutText,
    meta_title: form.metaTitle.trim(),
    meta_description: form.metaDescription.trim(),
    og_title: form.ogTitle.trim(),
    og_description: form.ogDescription.trim(),
    twitter_title: form.twitterTitle.trim(),
    twitter_description: form.twitterDescription.trim(),
    albums: form.albums.map((a) => ({
      id: a.id,
      name: a.name,
      images: a.images.map((img, i) => ({ id: img.id, url: img.url, alt: img.alt, order: i, file_name: img.fileName })),
    })),
    youtube_videos: form.youtubeVideos.map((v) => ({
      id: v.id,
      url: v.url,
      title: v.title.trim(),
      thumbnail_url: v.thumbnailUrl,
      author_name: v.authorName.trim(),
    })),
    social_links: form.socialLinks.map((l) => ({ type: l.type, url: l.url.trim() })),
    integrations,
  };
}

/** Stable comparison for the 'Unsaved changes' indicator. */
export function sameBranding(a: BrandingForm, b: BrandingForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// ---- counters and length bars ------------------------------------------------------------------

export type LengthLevel = 'under' | 'optimal' | 'over';
export interface LengthBar {
  level: LengthLevel;
  /** 0..100, how full the bar is relative to the maximum. */
  percent: number;
}

/** Orange under the optimal range, green within it, red over (past the optimal top). */
export function lengthBar(length: number, rule: { max: number; optimalMin: number; optimalMax: number }): LengthBar {
  const level: LengthLevel = length < rule.optimalMin ? 'under' : length <= rule.optimalMax ? 'optimal' : 'over';
  return { level, percent: Math.min(100, Math.round((length / rule.max) * 100)) };
}

// ---- videos --------------------------------------------------------------------------------------

export function youtubeThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

export function oembedUrl(videoId: string): string {
  const watch = `https://www.youtube.com/watch?v=${videoId}`;
  return `https://www.youtube.com/oembed?url=${encodeURIComponent(watch)}&format=json`;
}

export type VideoAddError = 'limit' | 'invalidLink' | 'duplicate';

/** Why a link cannot be added (≤ 10 videos, an 11-character id, not twice), or its id. */
export function checkVideoLink(
  videos: readonly VideoLink[],
  link: string,
): { ok: true; id: string } | { ok: false; error: VideoAddError } {
  if (videos.length >= MAX_VIDEOS) return { ok: false, error: 'limit' };
  const id = youtubeVideoId(link);
  if (!id) return { ok: false, error: 'invalidLink' };
  if (videos.some((v) => v.id === id)) return { ok: false, error: 'duplicate' };
  return { ok: true, id };
}

// ---- social links --------------------------------------------------------------------------------

export function canAddSocialLink(links: readonly SocialLink[]): boolean {
  return links.length < MAX_SOCIAL_LINKS;
}

/** A link is kept when it is an https address longer than its network's bare base URL. */
export function socialLinkError(link: SocialLink): 'notHttps' | 'incomplete' | null {
  let url: URL;
  try {
    url = new URL(link.url.trim());
  } catch {
    return 'notHttps';
  }
  if (url.protocol !== 'https:') return 'notHttps';
  if (link.url.trim() === SOCIAL_BASE_URLS[link.type]) return 'incomplete';
  return null;
}

// ---- media ---------------------------------------------------------------------------------------

export type ImageError = 'wrongType' | 'tooLarge';

/** png, jpg, jpeg, gif (by extension and type) up to 5 MB. */
export function checkGalleryImage(file: { name: string; type: string; size: number }): ImageError | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || !IMAGE_TYPES[file.type]) return 'wrongType';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** `{timestamp}-{name}` with the name reduced to safe characters (storage keys, URLs). */
export function galleryFileName(original: string, now = Date.now()): string {
  const cleaned = original
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off their letters
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-+/g, '-')
    .replace(/-(?=\.)/g, '')
    .replace(/^[-.]+|-$/g, '')
    .slice(-80);
  return `${now}-${cleaned || 'image'}`;
}

/** The album list after adding one; an empty (blank) name is ignored. */
export function addAlbum(albums: readonly Album[], name: string): Album[] | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  return [
    ...albums,
    { id: newId(), name: Array.from(trimmed).slice(0, BRANDING_LIST_LIMITS.albumName).join(''), images: [] },
  ];
}

/** The last album cannot be deleted. */
export function canDeleteAlbum(albums: readonly Album[]): boolean {
  return albums.length > 1;
}

// ---- integrations --------------------------------------------------------------------------------

/** An enabled tracker needs an identifier of its provider's format. */
export function trackerError(tracker: Tracker, setting: TrackerSetting): 'required' | 'format' | null {
  const value = setting.value.trim();
  if (!setting.enabled) return value === '' || TRACKER_FORMATS[tracker].test(value) ? null : 'format';
  if (value === '') return 'required';
  return TRACKER_FORMATS[tracker].test(value) ? null : 'format';
}

/** Everything that blocks a save, as form paths (shown next to the fields). */
/** The editor's tabs, in their order on screen. */
export const EDITOR_TABS = ['branding', 'content', 'media', 'videos', 'social', 'seo', 'integrations'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The tab holding the field a `brandingErrors` entry names (Save marks and opens it). */
export function tabOfError(error: string): EditorTab {
  const field = error.split('.')[0] ?? '';
  if (field === 'primaryColor' || field === 'secondaryColor') return 'branding';
  if (field === 'heroTitle' || field === 'heroSubtitle' || field === 'aboutText') return 'content';
  if (field === 'socialLinks') return 'social';
  if (field === 'integrations') return 'integrations';
  return 'seo';
}

/** Tabs with at least one invalid field, in screen order. */
export function invalidTabs(errors: string[]): EditorTab[] {
  const tabs = new Set(errors.map(tabOfError));
  return EDITOR_TABS.filter((tab) => tabs.has(tab));
}

export function brandingErrors(form: BrandingForm): string[] {
  const errors: string[] = [];
  if (!isHexColour(form.primaryColor)) errors.push('primaryColor');
  if (!isHexColour(form.secondaryColor)) errors.push('secondaryColor');
  if (isTooLong(form.heroTitle, HEADLINE_MAX)) errors.push('heroTitle');
  if (isTooLong(form.heroSubtitle, SUBTITLE_MAX)) errors.push('heroSubtitle');
  if (isTooLong(form.aboutText, BRANDING_LIMITS.aboutText)) errors.push('aboutText');
  if (isTooLong(form.metaTitle, META_TITLE.max)) errors.push('metaTitle');
  if (isTooLong(form.metaDescription, META_DESCRIPTION.max)) errors.push('metaDescription');
  if (isTooLong(form.ogTitle, SOCIAL_TITLE_MAX)) errors.push('ogTitle');
  if (isTooLong(form.twitterTitle, SOCIAL_TITLE_MAX)) errors.push('twitterTitle');
  if (isTooLong(form.ogDescription, SOCIAL_DESCRIPTION_MAX)) errors.push('ogDescription');
  if (isTooLong(form.twitterDescription, SOCIAL_DESCRIPTION_MAX)) errors.push('twitterDescription');
  form.socialLinks.forEach((l, i) => {
    if (socialLinkError(l)) errors.push(`socialLinks.${i}`);
  });
  for (const t of TRACKERS) if (trackerError(t, form.integrations[t])) errors.push(`integrations.${t}`);
  return errors;
}
