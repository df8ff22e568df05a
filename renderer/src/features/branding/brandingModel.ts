/**
 * The branding editor's data (spec 001 §3.7) and its rules (§5, §9), free of React and Supabase so
 * they are unit-tested. The database keeps snake_case keys (agents.branding, checked by
 * private.is_valid_branding); the form uses camelCase. Keys the editor does not know (logo,
 * custom_css, content_images) are carried through untouched on save.
 */

import { BRANDING_LIMITS } from '../../lib/fieldLimits.ts';

export const FONT_FAMILIES = ['inter', 'roboto', 'poppins', 'open-sans'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export const FONT_LABELS: Record<FontFamily, string> = {
  inter: 'Inter',
  roboto: 'Roboto',
  poppins: 'Poppins',
  'open-sans': 'Open Sans',
};

export const DEFAULT_PRIMARY = '#6366f1';
export const DEFAULT_SECONDARY = '#4f46e5';
export const HEADLINE_MAX = BRANDING_LIMITS.heroTitle;
export const SUBTITLE_MAX = BRANDING_LIMITS.heroSubtitle;
export const META_TITLE = { max: BRANDING_LIMITS.metaTitle, optimalMin: 50, optimalMax: 60 } as const;
export const META_DESCRIPTION = { max: BRANDING_LIMITS.metaDescription, optimalMin: 150, optimalMax: 160 } as const;
/** Open Graph and Twitter texts: the spec sets no limit; the database caps them like site_config. */
export const SOCIAL_TITLE_MAX = BRANDING_LIMITS.ogTitle;
export const SOCIAL_DESCRIPTION_MAX = BRANDING_LIMITS.ogDescription;
export const MAX_VIDEOS = 10;
export const MAX_SOCIAL_LINKS = 5;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;
const IMAGE_TYPES: Record<string, true> = { 'image/png': true, 'image/jpeg': true, 'image/gif': true };

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
/** Picking a network fills its base URL (spec 001 §5). */
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
const TRACKER_KEYS: Record<Tracker, string> = {
  googleAnalytics: 'google_analytics',
  googleTagManager: 'google_tag_manager',
  metaPixel: 'meta_pixel',
};
/** The formats the public site accepts before putting an identifier in a script (same as the DB). */
export const TRACKER_FORMATS: Record<Tracker, RegExp> = {
  googleAnalytics: /^(G|UA|AW)-[A-Z0-9-]{4,20}$/,
  googleTagManager: /^GTM-[A-Z0-9]{4,12}$/,
  metaPixel: /^[0-9]{6,20}$/,
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
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const HEX = /^#[0-9a-fA-F]{6}$/;

export function newId(): string {
  return globalThis.crypto.randomUUID();
}

/** The form for a stored branding value; missing or malformed parts take the spec defaults. */
export function brandingFromRow(raw: unknown, agentName: string): BrandingForm {
  const b: Bag = isBag(raw) ? raw : {};
  const colour = (v: unknown, d: string) => (typeof v === 'string' && HEX.test(v) ? v.toLowerCase() : d);
  const font = str(b.font_family);
  const integrations = isBag(b.integrations) ? b.integrations : {};
  const tracker = (t: Tracker): TrackerSetting => {
    const e = integrations[TRACKER_KEYS[t]];
    return isBag(e) ? { enabled: e.enabled === true, value: str(e.value) } : { enabled: false, value: '' };
  };
  const arr = (v: unknown): Bag[] => (Array.isArray(v) ? v.filter(isBag) : []);
  return {
    primaryColor: colour(b.primary_color, DEFAULT_PRIMARY),
    secondaryColor: colour(b.secondary_color, DEFAULT_SECONDARY),
    fontFamily: (FONT_FAMILIES as readonly string[]).includes(font) ? (font as FontFamily) : 'inter',
    // spec 001 §3.7: the headline defaults to the agent name
    heroTitle: str(b.hero_title, agentName),
    heroSubtitle: str(b.hero_subtitle),
    aboutText: str(b.about_text),
    metaTitle: str(b.meta_title),
    metaDescription: str(b.meta_description),
    ogTitle: str(b.og_title),
    ogDescription: str(b.og_description),
    twitterTitle: str(b.twitter_title),
    twitterDescription: str(b.twitter_description),
    // Ids missing from an old row are derived from positions, not drawn at random: reading the same
    // row twice must give the same form, or an untouched editor would look edited.
    albums: arr(b.albums).map((a, albumIndex) => ({
      id: str(a.id) || `album-${albumIndex}`,
      name: str(a.name),
      images: arr(a.images).map((img, i) => ({
        id: str(img.id) || `album-${albumIndex}-image-${i}`,
        url: str(img.url),
        alt: str(img.alt),
        order: typeof img.order === 'number' ? img.order : i,
        fileName: str(img.file_name),
      })),
    })),
    youtubeVideos: arr(b.youtube_videos).map((v) => ({
      id: str(v.id),
      url: str(v.url),
      title: str(v.title),
      thumbnailUrl: str(v.thumbnail_url),
      authorName: str(v.author_name),
    })),
    socialLinks: arr(b.social_links)
      .filter((l) => (SOCIAL_NETWORKS as readonly string[]).includes(str(l.type)))
      .map((l) => ({ type: str(l.type) as SocialNetwork, url: str(l.url) })),
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

/** spec 001 §5: orange under the optimal range, green within it, red over (past the optimal top). */
export function lengthBar(length: number, rule: { max: number; optimalMin: number; optimalMax: number }): LengthBar {
  const level: LengthLevel = length < rule.optimalMin ? 'under' : length <= rule.optimalMax ? 'optimal' : 'over';
  return { level, percent: Math.min(100, Math.round((length / rule.max) * 100)) };
}

/** "n/max" for a counter, flagged once the text is longer than allowed. */
export function counter(text: string, max: number): { label: string; over: boolean } {
  return { label: `${text.length}/${max}`, over: text.length > max };
}

// ---- videos --------------------------------------------------------------------------------------

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The 11-character id of a YouTube watch, youtu.be, embed, shorts or live link; null otherwise. */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
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
  return id && YOUTUBE_ID.test(id) ? id : null;
}

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

/** png, jpg, jpeg, gif (by extension and type) up to 5 MB (spec 001 §5). */
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
  return [...albums, { id: newId(), name: trimmed.slice(0, 100), images: [] }];
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
/** The editor's tabs, in their order on screen (spec 001 §2.6). */
export const EDITOR_TABS = ['branding', 'content', 'media', 'videos', 'social', 'seo', 'integrations'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The tab holding the field a `brandingErrors` entry names (Save marks and opens it). */
export function tabOfError(error: string): EditorTab {
  const field = error.split('.')[0] ?? '';
  if (field === 'heroTitle' || field === 'heroSubtitle') return 'content';
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
  if (form.heroTitle.length > HEADLINE_MAX) errors.push('heroTitle');
  if (form.heroSubtitle.length > SUBTITLE_MAX) errors.push('heroSubtitle');
  if (form.metaTitle.length > META_TITLE.max) errors.push('metaTitle');
  if (form.metaDescription.length > META_DESCRIPTION.max) errors.push('metaDescription');
  if (form.ogTitle.length > SOCIAL_TITLE_MAX) errors.push('ogTitle');
  if (form.twitterTitle.length > SOCIAL_TITLE_MAX) errors.push('twitterTitle');
  if (form.ogDescription.length > SOCIAL_DESCRIPTION_MAX) errors.push('ogDescription');
  if (form.twitterDescription.length > SOCIAL_DESCRIPTION_MAX) errors.push('twitterDescription');
  form.socialLinks.forEach((l, i) => {
    if (socialLinkError(l)) errors.push(`socialLinks.${i}`);
  });
  for (const t of TRACKERS) if (trackerError(t, form.integrations[t])) errors.push(`integrations.${t}`);
  return errors;
}
