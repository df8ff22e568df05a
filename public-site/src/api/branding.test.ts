import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, parseBranding, safeHttpUrl, youtubeId } from './branding.ts';

describe('parseBranding', () => {
  it('falls back to the one set of defaults (the column default) for a missing or invalid branding', () => {
    expect(parseBranding(null)).toEqual(DEFAULT_BRANDING);
    expect(parseBranding({ primary_color: 'red', font_family: 'comic-sans' })).toMatchObject({
      primaryColor: '#6366f1',
      secondaryColor: '#4f46e5',
      fontFamily: 'inter',
    });
  });

  it('reads the seeded demo branding (snake_case)', () => {
    const b = parseBranding({
      primary_color: '#6366F1',
      secondary_color: '#4f46e5',
      font_family: 'Poppins',
      hero_title: ' Clara ',
      about_text: '<p>Hi</p>',
      meta_title: 'Le Petit Bistrot',
      custom_css: '.agent__title { color: red }',
    });
    expect(b).toMatchObject({
      primaryColor: '#6366f1',
      fontFamily: 'poppins',
      heroTitle: 'Clara',
      aboutHtml: '<p>Hi</p>',
      metaTitle: 'Le Petit Bistrot',
    });
    expect(b.customCss).toBe('.agent__title { color: red }');
  });

  it('collects content images then album images, drops unsafe and duplicate URLs, keeps captions', () => {
    const b = parseBranding({
      content_images: [
        { url: 'https://cdn.example.com/1.jpg', caption: 'Terrace' },
        { url: 'javascript:alert(1)' },
        'junk',
      ],
      albums: [
        {
          id: 'a',
          name: ' Desserts ',
          images: [
            { url: 'https://cdn.example.com/3.jpg', order: 2, alt: 'Dessert' },
            { url: 'https://cdn.example.com/2.jpg', order: 1 },
            { url: 'https://cdn.example.com/1.jpg', order: 0 },
          ],
        },
      ],
    });
    expect(b.images).toEqual([
      { url: 'https://cdn.example.com/1.jpg', caption: 'Terrace' },
      { url: 'https://cdn.example.com/2.jpg', album: 'Desserts' },
      { url: 'https://cdn.example.com/3.jpg', caption: 'Dessert', album: 'Desserts' },
    ]);
  });

  it('keeps YouTube videos with a valid id, at most 10; camelCase keys are not read', () => {
    // The database validates snake_case keys only: a camelCase twin would bypass its checks.
    expect(parseBranding({ youtubeVideos: [{ id: 'dQw4w9WgXcQ' }] }).videos).toEqual([]);
    const b = parseBranding({
      youtube_videos: [
        { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Kitchen', author_name: 'Chez Clara ' },
        { url: 'https://vimeo.com/123' },
        { url: 'https://youtu.be/dQw4w9WgXcQ' },
        ...Array.from({ length: 12 }, (_, i) => ({ id: `abcdefghi${String(i).padStart(2, '0')}` })),
      ],
    });
    expect(b.videos[0]).toEqual({ videoId: 'dQw4w9WgXcQ', title: 'Kitchen', author: 'Chez Clara' });
    expect(parseBranding({ youtube_videos: [{ id: 'dQw4w9WgXcQ', author_name: 'Bistrot' }] }).videos).toEqual([
      { videoId: 'dQw4w9WgXcQ', author: 'Bistrot' },
    ]);
    expect(b.videos.some((v) => v.videoId.startsWith('abcdefghi'))).toBe(true);
    expect(b.videos.length).toBeLessThanOrEqual(10);
    expect(new Set(b.videos.map((v) => v.videoId)).size).toBe(b.videos.length);
  });

  it('keeps at most 5 social links of known networks with http(s) URLs', () => {
    const links = Array.from({ length: 7 }, (_, i) => ({ type: 'instagram', url: `https://instagram.com/${i}` }));
    expect(
      parseBranding({
        social_links: [{ type: 'x', url: 'https://x.com/a' }, { type: 'facebook', url: 'data:text/html,hi' }, ...links],
      }).socialLinks,
    ).toEqual(links.slice(0, 4));
  });
});

describe('youtubeId and safeHttpUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://evil.example/watch?v=dQw4w9WgXcQ', undefined],
    ['https://youtu.be/short', undefined],
    ['"><script>', undefined],
  ])('%s -> %s', (input, id) => {
    expect(youtubeId(input)).toBe(id);
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(safeHttpUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(safeHttpUrl('/relative.png')).toBeUndefined();
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl(42)).toBeUndefined();
  });
});

describe('tracking identifiers', () => {
  it('keeps only enabled integrations with a well-formed identifier', () => {
    expect(
      parseBranding({
        integrations: {
          google_analytics: { enabled: true, value: ' G-ABC1234XYZ ' },
          google_tag_manager: { enabled: false, value: 'GTM-ABCD12' },
          meta_pixel: { enabled: true, value: "123');alert(1);//" },
        },
      }).tracking,
    ).toEqual({ googleAnalytics: 'G-ABC1234XYZ' });
    expect(parseBranding({ integrations: 'nope' }).tracking).toEqual({});
  });
});
