import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCast, type Cast } from '../security/support/actors.ts';

/**
 * agents.branding is checked by Postgres (private.is_valid_branding, migrations 20261121193200 and
 * 20261122000400): what the branding editor refuses, a hand-made REST request cannot store either.
 */
let cast: Cast;
let agentId: string;

const VALID = {
  primary_color: '#112233',
  secondary_color: '#4f46e5',
  font_family: 'poppins',
  hero_title: 'Bakery',
  hero_subtitle: 'Fresh bread',
  about_text: '<p>Hello</p>',
  meta_title: 'Bakery',
  albums: [
    {
      id: 'a1',
      name: 'Shop',
      images: [{ id: 'i1', url: 'https://cdn.example.com/x.png', alt: '', order: 0, file_name: '1-x.png' }],
    },
  ],
  youtube_videos: [{ id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'A video' }],
  social_links: [{ type: 'instagram', url: 'https://instagram.com/bakery' }],
  integrations: {
    google_analytics: { enabled: true, value: 'G-ABC1234' },
    google_tag_manager: { enabled: false, value: '' },
    meta_pixel: { enabled: false, value: '1234567' },
  },
};

async function save(branding: unknown) {
  return cast.owner.client.from('agents').update({ branding }).eq('id', agentId).select('branding').single();
}

beforeAll(async () => {
  cast = await startCast();
  const { data, error } = await cast.owner.client
    .from('agents')
    .insert({ user_id: cast.owner.id, name: 'Branding bakery', subdomain: 'branding-bakery' })
    .select('id')
    .single();
  if (error || !data) throw new Error(`agent insert: ${error?.message}`);
  agentId = (data as { id: string }).id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('agents.branding validation', () => {
  it('stores a complete valid branding as sent', async () => {
    const { data, error } = await save(VALID);
    expect(error).toBeNull();
    expect((data as { branding: typeof VALID }).branding).toEqual(VALID);
  });

  const refused: [string, Record<string, unknown>][] = [
    ['a colour that is not #rrggbb', { primary_color: 'red' }],
    ['an unknown font', { font_family: 'comic-sans' }],
    ['a headline over 100 characters', { hero_title: 'x'.repeat(101) }],
    ['a meta title over 70 characters', { meta_title: 'x'.repeat(71) }],
    ['a meta description over 170 characters', { meta_description: 'x'.repeat(171) }],
    ['an Open Graph title over 200 characters', { og_title: 'x'.repeat(201) }],
    [
      'a sixth social link',
      { social_links: Array.from({ length: 6 }, (_, i) => ({ type: 'facebook', url: `https://facebook.com/p${i}` })) },
    ],
    ['a social link over http', { social_links: [{ type: 'facebook', url: 'http://facebook.com/bakery' }] }],
    ['a javascript: social link', { social_links: [{ type: 'facebook', url: 'javascript:alert(1)' }] }],
    ['an unknown social network', { social_links: [{ type: 'myspace', url: 'https://myspace.com/x' }] }],
    [
      'an eleventh video',
      {
        youtube_videos: Array.from({ length: 11 }, () => ({ id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ' })),
      },
    ],
    ['a video id that is not 11 characters', { youtube_videos: [{ id: 'short', url: 'https://youtu.be/short' }] }],
    ['an album without a name', { albums: [{ id: 'a', name: '  ', images: [] }] }],
    [
      'an album image with a data: URL',
      { albums: [{ id: 'a', name: 'A', images: [{ url: 'data:image/png;base64,AA' }] }] },
    ],
    [
      'a Google Analytics id of the wrong format',
      { integrations: { google_analytics: { enabled: true, value: "G-1');alert(1)//" } } },
    ],
    ['an enabled tag manager without an id', { integrations: { google_tag_manager: { enabled: true, value: '' } } }],
    ['a pixel id that is not digits', { integrations: { meta_pixel: { enabled: false, value: 'abc' } } }],
    ['a tracker entry that is not an object', { integrations: { meta_pixel: '1234567' } }],
  ];

  it.each(refused)('refuses %s with a 4xx check violation', async (_label, patch) => {
    const { error, status } = await cast.owner.client
      .from('agents')
      .update({ branding: { ...VALID, ...patch } })
      .eq('id', agentId)
      .select('branding');
    expect(error?.code).toBe('23514');
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    // the stored value is still the valid one
    const { data } = await cast.owner.client.from('agents').select('branding').eq('id', agentId).single();
    expect((data as { branding: typeof VALID }).branding.primary_color).toBe('#112233');
  });
});
