import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCast, type Cast } from './support/actors.ts';

/**
 * A new agent's branding comes from the database, for any
 * client that creates it: hero title from the name, meta/OG/Twitter texts from the company, else
 * the sector, else 'Business', one album. What the insert sets itself is kept.
 */
let cast: Cast;

beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

type Branding = Record<string, unknown> & { albums: { name: string; images: unknown[] }[] };

async function create(row: Record<string, unknown>, actor: 'owner' | 'service' = 'owner'): Promise<Branding> {
  const client = actor === 'owner' ? (await cast.newUser('branding-owner')).client : cast.service;
  const userId = actor === 'owner' ? (await client.auth.getUser()).data.user!.id : cast.otherOwner.id;
  const { data, error } = await client
    .from('agents')
    .insert({ user_id: userId, ...row })
    .select('branding')
    .single();
  expect(error).toBeNull();
  return (data as { branding: Branding }).branding;
}

describe('default branding of a new agent', () => {
  it("an owner's new agent has its name as hero title and texts from its company", async () => {
    const branding = await create({ name: 'Sophie', company_name: 'Boulangerie Martin' });
    expect(branding).toMatchObject({
      hero_title: 'Sophie',
      meta_title: 'Sophie | Boulangerie Martin',
      og_title: 'Sophie | Boulangerie Martin',
      twitter_title: 'Sophie | Boulangerie Martin',
      primary_color: '#6366f1',
      secondary_color: '#4f46e5',
      font_family: 'inter',
    });
    expect(branding.meta_description).toMatch(/Sophie, the AI assistant of Boulangerie Martin/);
    expect(branding.og_description).toMatch(/Boulangerie Martin/);
    expect(branding.twitter_description).toMatch(/Boulangerie Martin/);
    expect(branding.albums).toHaveLength(1);
    expect(branding.albums[0]).toMatchObject({ name: 'Album', images: [] });
  });

  it('without a company the sector names the business, and without either it is "Business"', async () => {
    const { data: sector } = await cast.service.from('sectors').select('id, name').limit(1).single();
    const s = sector as { id: string; name: string };
    const bySector = await create({ name: 'Max', sector: s.id }, 'service');
    expect(bySector.meta_title).toBe(`Max | ${s.name}`);
    const plain = await create({ name: 'Léa' }, 'service');
    expect(plain.meta_title).toBe('Léa | Business');
  });

  it('a French agent gets French page texts (SEO, Open Graph, Twitter), with the sector’s French name', async () => {
    const branding = await create({ name: 'Sophie', company_name: 'Boulangerie Martin', default_language: 'fr_FR' });
    expect(branding).toMatchObject({
      meta_title: 'Sophie | Boulangerie Martin',
      meta_description:
        'Sophie, l’assistant IA de Boulangerie Martin : écrivez ou appelez, et obtenez une réponse tout de suite.',
      og_description: 'Écrivez à Sophie ou appelez, l’assistant IA de Boulangerie Martin.',
      twitter_description: 'Écrivez à Sophie ou appelez, l’assistant IA de Boulangerie Martin.',
    });
    const { data: sector } = await cast.service.from('sectors').select('id, name_fr').limit(1).single();
    const s = sector as { id: string; name_fr: string };
    const bySector = await create({ name: 'Max', sector: s.id, default_language: 'fr_CA' }, 'service');
    expect(bySector.meta_title).toBe(`Max | ${s.name_fr}`);
    const plain = await create({ name: 'Léa', default_language: 'fr_FR' }, 'service');
    expect(plain.meta_title).toBe('Léa | Entreprise');
    expect(String(plain.og_description)).not.toMatch(/Chat or call|AI assistant/);
    const long = await create(
      { name: 'N'.repeat(100), company_name: 'C'.repeat(200), default_language: 'fr_FR' },
      'service',
    );
    expect(String(long.meta_description).length).toBeLessThanOrEqual(170);
  });

  it('long names are cut to the limits the branding check enforces', async () => {
    const branding = await create({ name: 'N'.repeat(100), company_name: 'C'.repeat(200) }, 'service');
    expect(String(branding.meta_title).length).toBeLessThanOrEqual(70);
    expect(String(branding.meta_description).length).toBeLessThanOrEqual(170);
  });

  it('what the insert sets itself wins over the defaults', async () => {
    const branding = await create(
      { name: 'Custom', branding: { hero_title: 'Welcome', albums: [{ id: 'a', name: 'Menu', images: [] }] } },
      'service',
    );
    expect(branding.hero_title).toBe('Welcome');
    expect(branding.albums).toEqual([{ id: 'a', name: 'Menu', images: [] }]);
    expect(branding.meta_title).toBe('Custom | Business');
  });
});
