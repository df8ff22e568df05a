import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_LIMITS, BRANDING_LIMITS } from '@contracts/field-limits.ts';
import { SUBDOMAIN_MAX_LENGTH as max, SUBDOMAIN_MIN_LENGTH as min } from '@contracts/subdomain.ts';
import { startCast, type Cast } from './support/actors.ts';

/**
 * The contract's field limits (@contracts/field-limits.ts) are exactly the database's: for each
 * one, an owner's write at the limit passes and one character more is refused with a check
 * violation (form says why before the request, never after).
 */
let cast: Cast;
let agentId: string;

beforeAll(async () => {
  cast = await startCast();
  const { data, error } = await cast.owner.client
    .from('agents')
    .insert({ user_id: cast.owner.id, name: 'Limits' })
    .select('id')
    .single();
  if (error || !data) throw new Error(`agent insert: ${error?.message}`);
  agentId = (data as { id: string }).id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

const columns: Record<keyof typeof AGENT_LIMITS, string> = {
  name: 'name',
  companyName: 'company_name',
  prompt: 'description',
  address: 'address',
  phone: 'phone',
  email: 'email',
  website: 'website',
};
const brandingKeys: Record<keyof typeof BRANDING_LIMITS, string> = {
  heroTitle: 'hero_title',
  heroSubtitle: 'hero_subtitle',
  metaTitle: 'meta_title',
  metaDescription: 'meta_description',
  ogTitle: 'og_title',
  twitterTitle: 'twitter_title',
  ogDescription: 'og_description',
  twitterDescription: 'twitter_description',
  aboutText: 'about_text',
  customCss: 'custom_css',
};

async function updateAgent(patch: Record<string, unknown>) {
  return cast.owner.client.from('agents').update(patch).eq('id', agentId).select('id');
}

describe('field limits: the console and the database agree', () => {
  it.each(Object.entries(AGENT_LIMITS))('agents.%s: %i characters pass, one more is refused', async (field, max) => {
    const column = columns[field as keyof typeof AGENT_LIMITS];
    const atLimit = await updateAgent({ [column]: 'x'.repeat(max) });
    expect(atLimit.error, `${column} at ${max}`).toBeNull();
    const over = await updateAgent({ [column]: 'x'.repeat(max + 1) });
    expect(over.error?.code, `${column} at ${max + 1}`).toBe('23514');
    await updateAgent({ [column]: column === 'name' ? 'Limits' : column === 'description' ? '' : null });
  });

  it('agents.name: blank is refused', async () => {
    expect((await updateAgent({ name: '   ' })).error?.code).toBe('23514');
  });

  it.each(Object.entries(BRANDING_LIMITS))(
    'branding.%s: %i characters pass, one more is refused',
    async (field, max) => {
      const key = brandingKeys[field as keyof typeof BRANDING_LIMITS];
      const atLimit = await updateAgent({ branding: { [key]: 'x'.repeat(max) } });
      expect(atLimit.error, `${key} at ${max}`).toBeNull();
      const over = await updateAgent({ branding: { [key]: 'x'.repeat(max + 1) } });
      expect(over.error?.code, `${key} at ${max + 1}`).toBe('23514');
    },
  );

  it('agents.subdomain: the shortest and longest labels pass, outside them or with edge hyphens refused', async () => {
    for (const ok of ['a'.repeat(min), `l${'m'.repeat(max - 2)}t`, 'in-side']) {
      expect((await updateAgent({ subdomain: ok })).error, ok).toBeNull();
    }
    for (const refused of ['a'.repeat(min - 1), 'b'.repeat(max + 1), '-edge', 'edge-']) {
      expect((await updateAgent({ subdomain: refused })).error?.code, refused).toBe('23514');
    }
  });
});
