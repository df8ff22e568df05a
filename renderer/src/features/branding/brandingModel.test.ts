import { describe, expect, it } from 'vitest';
import { brandingSchema } from '@contracts/branding.ts';
import {
  addAlbum,
  brandingErrors,
  brandingFromRow,
  brandingToRow,
  tabOfError,
  canAddSocialLink,
  canDeleteAlbum,
  checkGalleryImage,
  checkVideoLink,
  galleryFileName,
  HEADLINE_MAX,
  lengthBar,
  META_DESCRIPTION,
  META_TITLE,
  sameBranding,
  socialLinkError,
  SOCIAL_BASE_URLS,
  trackerError,
  youtubeVideoId,
  type SocialLink,
  type VideoLink,
} from './brandingModel.ts';

const video = (id: string): VideoLink => ({
  id,
  url: `https://youtu.be/${id}`,
  title: '',
  thumbnailUrl: '',
  authorName: '',
});

describe('branding form and stored value', () => {
  it('fills the default colours and font for an empty value, with the agent name as headline', () => {
    const form = brandingFromRow({}, 'Clara');
    expect(form.primaryColor).toBe('#6366f1');
    expect(form.secondaryColor).toBe('#4f46e5');
    expect(form.fontFamily).toBe('inter');
    expect(form.heroTitle).toBe('Clara');
    expect(form.albums).toEqual([]);
    expect(form.integrations.metaPixel).toEqual({ enabled: false, value: '' });
  });

  it('round-trips snake_case keys and keeps keys the editor does not edit', () => {
    const stored = {
      primary_color: '#AA0000',
      font_family: 'poppins',
      hero_title: 'Bakery',
      custom_css: '.x{}',
      logo: 'https://cdn.example.com/logo.png',
      social_links: [
        { type: 'instagram', url: 'https://instagram.com/b' },
        { type: 'myspace', url: 'https://m' },
      ],
      youtube_videos: [
        { id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'T', thumbnail_url: 'x', author_name: 'A' },
      ],
      albums: [
        {
          id: 'a',
          name: 'Shop',
          images: [{ id: 'i', url: 'https://x/y.png', alt: 'y', order: 0, file_name: '1-y.png' }],
        },
      ],
      integrations: { google_analytics: { enabled: true, value: 'G-ABCDE12' }, other: { keep: true } },
    };
    const form = brandingFromRow(stored, 'Agent');
    expect(form.primaryColor).toBe('#aa0000');
    expect(form.socialLinks).toEqual([{ type: 'instagram', url: 'https://instagram.com/b' }]);
    expect(form.albums[0]?.images[0]?.fileName).toBe('1-y.png');
    const row = brandingToRow(form, stored);
    expect(row.custom_css).toBe('.x{}');
    expect(row.logo).toBe('https://cdn.example.com/logo.png');
    expect(row.font_family).toBe('poppins');
    expect(row.youtube_videos).toEqual([stored.youtube_videos[0]]);
    expect(row.albums).toEqual(stored.albums);
    expect(row.integrations).toMatchObject({
      google_analytics: { enabled: true, value: 'G-ABCDE12' },
      meta_pixel: { enabled: false, value: '' },
      other: { keep: true },
    });
    expect(sameBranding(brandingFromRow(row, 'Agent'), form)).toBe(true);
  });
});

describe('length limits and SEO length bars', () => {
  it('a text past its limit blocks the save, counted as Postgres counts (an emoji is one character)', () => {
    const form = brandingFromRow({}, 'Agent');
    expect(brandingErrors({ ...form, heroTitle: '😀'.repeat(HEADLINE_MAX) })).toEqual([]);
    expect(brandingErrors({ ...form, heroTitle: 'x'.repeat(HEADLINE_MAX + 1) })).toEqual(['heroTitle']);
  });

  it('meta title bar: orange under 50, green 50-60, red past 60', () => {
    expect(lengthBar(49, META_TITLE).level).toBe('under');
    expect(lengthBar(50, META_TITLE).level).toBe('optimal');
    expect(lengthBar(60, META_TITLE).level).toBe('optimal');
    expect(lengthBar(61, META_TITLE).level).toBe('over');
    expect(lengthBar(35, META_TITLE).percent).toBe(50);
    expect(lengthBar(90, META_TITLE).percent).toBe(100);
  });

  it('meta description bar: optimal 150-160 of 170', () => {
    expect(lengthBar(149, META_DESCRIPTION).level).toBe('under');
    expect(lengthBar(155, META_DESCRIPTION).level).toBe('optimal');
    expect(lengthBar(161, META_DESCRIPTION).level).toBe('over');
  });

  it('blocks a save past the hard limits', () => {
    const form = brandingFromRow({}, 'A');
    expect(brandingErrors(form)).toEqual([]);
    expect(brandingErrors({ ...form, metaTitle: 'x'.repeat(71), heroSubtitle: 'y'.repeat(101) })).toEqual([
      'heroSubtitle',
      'metaTitle',
    ]);
  });

  it('what the editor lets save, the contract (the database rule) accepts; a bad colour is blocked', () => {
    const form = brandingFromRow({}, 'A');
    const saved = brandingToRow(
      {
        ...form,
        socialLinks: [{ type: 'instagram', url: 'https://instagram.com/bistrot' }],
        integrations: { ...form.integrations, metaPixel: { enabled: true, value: '1234567' } },
      },
      { logo: 'https://cdn.example/logo.png' },
    );
    expect(brandingSchema.safeParse(saved).success).toBe(true);
    expect(brandingErrors({ ...form, primaryColor: '#12345' })).toEqual(['primaryColor']);
    expect(tabOfError('secondaryColor')).toBe('branding');
  });
});

describe('videos', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/abcdefghijk', 'abcdefghijk'],
    ['https://www.youtube.com/embed/A_b-C1d2E3f', 'A_b-C1d2E3f'],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://vimeo.com/123456789', null],
    ['javascript:alert(1)', null],
    ['not a link', null],
  ])('%s → %s', (link, id) => {
    expect(youtubeVideoId(link)).toBe(id);
  });

  it('refuses an 11th video, a bad link and a duplicate', () => {
    const ten = Array.from({ length: 10 }, (_, i) => video(`abcdefghij${i}`));
    expect(checkVideoLink(ten, 'https://youtu.be/dQw4w9WgXcQ')).toEqual({ ok: false, error: 'limit' });
    expect(checkVideoLink([], 'https://youtu.be/x')).toEqual({ ok: false, error: 'invalidLink' });
    expect(checkVideoLink([video('dQw4w9WgXcQ')], 'https://youtu.be/dQw4w9WgXcQ')).toEqual({
      ok: false,
      error: 'duplicate',
    });
    expect(checkVideoLink(ten.slice(0, 9), 'https://youtu.be/dQw4w9WgXcQ')).toEqual({ ok: true, id: 'dQw4w9WgXcQ' });
  });
});

describe('social links', () => {
  it('allows at most five', () => {
    const links: SocialLink[] = Array.from({ length: 4 }, () => ({ type: 'facebook', url: 'https://facebook.com/x' }));
    expect(canAddSocialLink(links)).toBe(true);
    expect(canAddSocialLink([...links, { type: 'tiktok', url: 'https://tiktok.com/@x' }])).toBe(false);
  });

  it('needs an https address beyond the bare base URL', () => {
    expect(socialLinkError({ type: 'instagram', url: SOCIAL_BASE_URLS.instagram })).toBe('incomplete');
    expect(socialLinkError({ type: 'instagram', url: 'http://instagram.com/b' })).toBe('notHttps');
    expect(socialLinkError({ type: 'instagram', url: 'javascript:alert(1)' })).toBe('notHttps');
    expect(socialLinkError({ type: 'instagram', url: 'https://instagram.com/bakery' })).toBeNull();
  });
});

describe('media', () => {
  it('accepts png, jpg, jpeg and gif up to 5 MB', () => {
    expect(checkGalleryImage({ name: 'a.PNG', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkGalleryImage({ name: 'a.jpeg', type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkGalleryImage({ name: 'a.gif', type: 'image/gif', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(checkGalleryImage({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('wrongType');
    expect(checkGalleryImage({ name: 'a.txt', type: 'text/plain', size: 10 })).toBe('wrongType');
    // a renamed file is judged by its type as well
    expect(checkGalleryImage({ name: 'a.png', type: 'application/pdf', size: 10 })).toBe('wrongType');
  });

  it('names stored files {timestamp}-{safe name}', () => {
    expect(galleryFileName('Ma boutique été.JPG', 1700000000000)).toBe('1700000000000-Ma-boutique-ete.JPG');
    expect(galleryFileName('../../x.png', 5)).toBe('5-x.png');
    expect(galleryFileName('日本.gif', 7)).toBe('7-gif');
  });

  it('ignores an empty album name and keeps the last album', () => {
    expect(addAlbum([], '   ')).toBeNull();
    const one = addAlbum([], ' Shop ');
    expect(one?.map((a) => a.name)).toEqual(['Shop']);
    expect(canDeleteAlbum(one ?? [])).toBe(false);
    expect(canDeleteAlbum(addAlbum(one ?? [], 'Team') ?? [])).toBe(true);
  });
});

describe('tracking identifiers', () => {
  it('needs a well-formed identifier when enabled', () => {
    expect(trackerError('googleAnalytics', { enabled: true, value: '' })).toBe('required');
    expect(trackerError('googleAnalytics', { enabled: true, value: 'G-ABC1234' })).toBeNull();
    expect(trackerError('googleTagManager', { enabled: true, value: 'GTM-12' })).toBe('format');
    expect(trackerError('metaPixel', { enabled: false, value: '' })).toBeNull();
    expect(trackerError('metaPixel', { enabled: false, value: "1');x" })).toBe('format');
  });
});

describe('which tab holds an invalid field', () => {
  it('sends each field to its tab, in screen order', async () => {
    const { invalidTabs, tabOfError } = await import('./brandingModel.ts');
    expect(tabOfError('heroTitle')).toBe('content');
    expect(tabOfError('metaTitle')).toBe('seo');
    expect(tabOfError('twitterDescription')).toBe('seo');
    expect(tabOfError('socialLinks.2')).toBe('social');
    expect(tabOfError('integrations.metaPixel')).toBe('integrations');
    expect(invalidTabs(['integrations.metaPixel', 'metaTitle', 'heroTitle', 'ogTitle'])).toEqual([
      'content',
      'seo',
      'integrations',
    ]);
  });

  it('reads the same row twice into the same form, even without stored ids', async () => {
    const { brandingFromRow } = await import('./brandingModel.ts');
    const row = { albums: [{ name: 'Menu', images: [{ url: 'https://x.test/a.png' }] }] };
    expect(brandingFromRow(row, 'Sophie')).toEqual(brandingFromRow(row, 'Sophie'));
  });
});
