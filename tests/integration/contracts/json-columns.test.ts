import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDING_DEFAULTS, brandingSchema, readBranding } from '@contracts/branding.ts';
import { openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * The contract's JSON column schemas (supabase/functions/_shared/contracts) and the SQL that
 * checks the same columns agree on one table of cases: agents.branding (private.is_valid_branding
 * and private.has_typed_branding) and its defaults (the column default and the insert trigger).
 */
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
let db: PGlite;

beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

async function sqlAcceptsBranding(branding: unknown): Promise<boolean> {
  const { rows } = await db.query<{ valid: boolean }>(
    'select private.is_valid_branding($1::jsonb) and private.has_typed_branding($1::jsonb) as valid',
    [JSON.stringify(branding)],
  );
  return rows[0]!.valid;
}

const video = { id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Kitchen', author_name: 'Clara' };
const album = { id: 'a', name: 'Desserts', images: [{ id: 'i', url: 'https://cdn.example/1.jpg', alt: 'Tart' }] };
const link = { type: 'instagram', url: 'https://instagram.com/bistrot' };
const ga = (entry: unknown) => ({ integrations: { google_analytics: entry } });

const brandingCases: [string, unknown][] = [
  ['empty object', {}],
  ['an array', []],
  ['a string', 'blue'],
  ['null', null],
  [
    'the column default',
    { ...BRANDING_DEFAULTS, content_images: [], social_links: [], albums: [], youtube_videos: [] },
  ],
  ['upper-case colour', { primary_color: '#6366F1' }],
  ['short colour', { primary_color: '#fff' }],
  ['named colour', { secondary_color: 'red' }],
  ['null colour', { primary_color: null }],
  ['numeric colour', { primary_color: 6366 }],
  ['known font', { font_family: 'open-sans' }],
  ['capitalised font', { font_family: 'Inter' }],
  ['unknown font', { font_family: 'comic-sans' }],
  ['hero title at 100', { hero_title: 'x'.repeat(100) }],
  ['hero title at 101', { hero_title: 'x'.repeat(101) }],
  ['hero title of 100 emoji (code points)', { hero_title: '😀'.repeat(100) }],
  ['numeric hero title', { hero_title: 42 }],
  ['null hero title', { hero_title: null }],
  ['object meta title', { meta_title: { a: 1 } }],
  ['custom css at 20000', { custom_css: 'x'.repeat(20000) }],
  ['custom css at 20001', { custom_css: 'x'.repeat(20001) }],
  ['numeric description', { description: 5 }],
  ['unknown keys kept', { logo: 'https://cdn.example/logo.png', anything: [1] }],
  ['five social links', { social_links: Array(5).fill(link) }],
  ['six social links', { social_links: Array(6).fill(link) }],
  ['social links null', { social_links: null }],
  ['social link of an unknown network', { social_links: [{ type: 'myspace', url: 'https://myspace.com/a' }] }],
  ['social link over http', { social_links: [{ type: 'instagram', url: 'http://instagram.com/a' }] }],
  ['social link without a dot', { social_links: [{ type: 'instagram', url: 'https://localhost/a' }] }],
  ['social link not an object', { social_links: ['https://instagram.com/a'] }],
  ['a video', { youtube_videos: [video] }],
  ['ten videos', { youtube_videos: Array(10).fill(video) }],
  ['eleven videos', { youtube_videos: Array(11).fill(video) }],
  ['video with a short id', { youtube_videos: [{ ...video, id: 'short' }] }],
  ['video with a numeric id', { youtube_videos: [{ ...video, id: 12345678901 }] }],
  ['video with a null title', { youtube_videos: [{ ...video, title: null }] }],
  ['video with a numeric title', { youtube_videos: [{ ...video, title: 7 }] }],
  ['video title at 301', { youtube_videos: [{ ...video, title: 'x'.repeat(301) }] }],
  ['an album', { albums: [album] }],
  ['album with a blank name', { albums: [{ ...album, name: '   ' }] }],
  ['album with a numeric name', { albums: [{ ...album, name: 5 }] }],
  ['album name at 101', { albums: [{ ...album, name: 'x'.repeat(101) }] }],
  ['album without images', { albums: [{ name: 'Empty' }] }],
  ['album with null images', { albums: [{ name: 'Empty', images: null }] }],
  ['album image over ftp', { albums: [{ name: 'A', images: [{ url: 'ftp://cdn.example/1.jpg' }] }] }],
  ['album image with a numeric alt', { albums: [{ name: 'A', images: [{ url: 'https://c.example/1.jpg', alt: 3 }] }] }],
  ['albums null', { albums: null }],
  ['albums an object', { albums: {} }],
  ['content images of anything', { content_images: [1, 'x', { url: 'javascript:1' }] }],
  ['content images an object', { content_images: {} }],
  ['integrations null', { integrations: null }],
  ['integrations an array', { integrations: [] }],
  ['other integration keys', { integrations: { hotjar: 'anything' } }],
  ['enabled analytics', ga({ enabled: true, value: 'G-ABC1234XYZ' })],
  ['enabled analytics without a value', ga({ enabled: true, value: '' })],
  ['disabled analytics without a value', ga({ enabled: false })],
  ['analytics of a bad format', ga({ enabled: false, value: 'G-<script>' })],
  ['analytics with padding', ga({ enabled: true, value: ' G-ABC1234XYZ' })],
  ['analytics with a string enabled', ga({ enabled: 'yes', value: 'G-ABC1234XYZ' })],
  ['analytics with a null value', ga({ enabled: false, value: null })],
  ['analytics a string', ga('G-ABC1234XYZ')],
  ['analytics null', ga(null)],
  ['tag manager', { integrations: { google_tag_manager: { enabled: true, value: 'GTM-AB12' } } }],
  ['meta pixel with letters', { integrations: { meta_pixel: { enabled: true, value: '12345a7' } } }],
];

describe('agents.branding: the contract schema and the database agree', () => {
  it.each(brandingCases)('%s', async (_name, branding) => {
    await expect(sqlAcceptsBranding(branding)).resolves.toBe(brandingSchema.safeParse(branding).success);
  });

  it('a row the database stored with a number the old check let through is still read (NOT VALID)', async () => {
    const { rows } = await db.query<{ validated: boolean }>(
      "select convalidated as validated from pg_constraint where conname = 'agents_branding_types'",
    );
    expect(rows[0]!.validated).toBe(false);
  });
});

describe('agents.branding defaults: one set, the same in SQL and in the contract', () => {
  it('the column default carries the contract defaults and passes the schema', async () => {
    const { rows } = await db.query<{ branding: unknown }>(
      "select (select column_default from information_schema.columns where table_schema = 'public' and table_name = 'agents' and column_name = 'branding') as branding",
    );
    const expression = String(rows[0]!.branding);
    const json = await db.query<{ value: unknown }>(`select ${expression} as value`);
    const value = json.rows[0]!.value as Record<string, unknown>;
    expect(value).toMatchObject(BRANDING_DEFAULTS);
    expect(brandingSchema.safeParse(value).success).toBe(true);
  });

  it('a new agent gets branding the contract accepts, and reads as the contract defaults', async () => {
    const { rows } = await db.query<{ id: string; branding: unknown }>(
      "insert into public.agents (user_id, name, company_name) values ($1, 'Clara', 'Le Bistrot') returning id, branding",
      [DEMO_OWNER],
    );
    await db.query('delete from public.agents where id = $1', [rows[0]!.id]);
    const stored = rows[0]!.branding;
    expect(brandingSchema.safeParse(stored).success).toBe(true);
    const read = readBranding(stored);
    expect(read).toMatchObject({ ...BRANDING_DEFAULTS, hero_title: 'Clara' });
    expect(read.albums).toHaveLength(1);
  });

  it('an empty or unreadable value reads as the same defaults', () => {
    for (const raw of [null, {}, [], 'x', { primary_color: 'red', font_family: 'comic-sans' }]) {
      expect(readBranding(raw), JSON.stringify(raw)).toMatchObject(BRANDING_DEFAULTS);
    }
  });
});
