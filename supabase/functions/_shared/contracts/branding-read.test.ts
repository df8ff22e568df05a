import { describe, expect, it } from 'vitest';
import { BRANDING_DEFAULTS, enabledTrackerId, readBranding } from './branding-read.ts';

describe('readBranding', () => {
  it('reads anything that is not an object as the defaults, with empty lists', () => {
    for (const raw of [null, 'x', 42, ['a']]) {
      expect(readBranding(raw)).toMatchObject({
        ...BRANDING_DEFAULTS,
        content_images: [],
        albums: [],
        youtube_videos: [],
        social_links: [],
        integrations: { google_analytics: { enabled: false, value: '' } },
      });
    }
  });

  it('lower-cases colours, trims and lower-cases the font, and defaults each invalid field alone', () => {
    const b = readBranding({
      primary_color: '#ABCDEF',
      secondary_color: 'blue',
      font_family: ' Poppins ',
      hero_title: 7,
    });
    expect(b.primary_color).toBe('#abcdef');
    expect(b.secondary_color).toBe(BRANDING_DEFAULTS.secondary_color);
    expect(b.font_family).toBe('poppins');
    expect(b.hero_title).toBeUndefined();
    expect(readBranding({ font_family: 'comic-sans' }).font_family).toBe(BRANDING_DEFAULTS.font_family);
  });

  it('keeps the list elements that read and drops the others; a list that is not one is empty', () => {
    const b = readBranding({
      social_links: [{ type: 'facebook', url: 'https://facebook.com/x' }, { type: 'myspace', url: 'https://m.com' }, 3],
      albums: [{ name: 'Desserts', images: [{ url: 'https://cdn.example/1.jpg', order: 'first' }, null] }],
      youtube_videos: 'not a list',
    });
    expect(b.social_links).toEqual([{ type: 'facebook', url: 'https://facebook.com/x' }]);
    expect(b.albums).toEqual([
      {
        id: '',
        name: 'Desserts',
        images: [{ id: '', url: 'https://cdn.example/1.jpg', alt: '', order: undefined, file_name: '' }],
      },
    ]);
    expect(b.youtube_videos).toEqual([]);
  });

  it('gives a tracker id only when it is enabled and has its provider format', () => {
    const b = readBranding({
      integrations: {
        google_analytics: { enabled: true, value: ' G-ABCD1234 ' },
        google_tag_manager: { enabled: false, value: 'GTM-ABCD' },
        meta_pixel: { enabled: true, value: 'not-digits' },
      },
    });
    expect(enabledTrackerId(b, 'google_analytics')).toBe('G-ABCD1234');
    expect(enabledTrackerId(b, 'google_tag_manager')).toBeNull();
    expect(enabledTrackerId(b, 'meta_pixel')).toBeNull();
  });
});
