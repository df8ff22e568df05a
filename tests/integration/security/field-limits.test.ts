import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_LIMITS,
  ANNOUNCEMENT_LIMITS,
  BRANDING_LIMITS,
  CONTACT_LIMITS,
  CREDIT_REASON_MAX,
  PROFILE_LIMITS,
  PROMPT_BACKUP_LIMITS,
} from '@contracts/field-limits.ts';
import { TOOL_CATALOGUE_LIMITS } from '@contracts/tool-catalogue.ts';
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

/**
 * The other limits the console's counters read, each where Postgres enforces it: a write at the
 * limit passes and one character more is refused (or, for the credit reason, cut to the limit).
 */
describe('field limits of the other forms: the console and the database agree', () => {
  const x = (n: number) => 'x'.repeat(n);

  it('prompt_backups: name and description', async () => {
    const backup = (name: string, description: string) =>
      cast.owner.client
        .from('prompt_backups')
        .insert({ agent_id: agentId, user_id: cast.owner.id, name, description, system_prompt: 'p' })
        .select('id');
    expect((await backup(x(PROMPT_BACKUP_LIMITS.name), x(PROMPT_BACKUP_LIMITS.description))).error).toBeNull();
    expect((await backup(x(PROMPT_BACKUP_LIMITS.name + 1), 'd')).error?.code).toBe('23514');
    expect((await backup('n', x(PROMPT_BACKUP_LIMITS.description + 1))).error?.code).toBe('23514');
  });

  it('profiles.name, and admin_update_user refuses the same length', async () => {
    const rename = (name: string) => cast.owner.client.from('profiles').update({ name }).eq('id', cast.owner.id);
    expect((await rename(x(PROFILE_LIMITS.name))).error).toBeNull();
    expect((await rename(x(PROFILE_LIMITS.name + 1))).error?.code).toBe('23514');
    const byAdmin = (name: string) =>
      cast.admin.client.rpc('admin_update_user', { user_id: cast.owner.id, name, is_admin: false });
    expect((await byAdmin(x(PROFILE_LIMITS.name))).error).toBeNull();
    expect((await byAdmin(x(PROFILE_LIMITS.name + 1))).error?.code).toBe('22023');
  });

  it('contacts: first name, last name and notes', async () => {
    let phone = 33_600_000_000;
    const contact = (fields: Record<string, string>) =>
      cast.owner.client
        .from('contacts')
        .insert({ user_id: cast.owner.id, phone: String(++phone), ...fields })
        .select('id');
    const atLimit = await contact({
      first_name: x(CONTACT_LIMITS.firstName),
      last_name: x(CONTACT_LIMITS.lastName),
      notes: x(CONTACT_LIMITS.notes),
    });
    expect(atLimit.error).toBeNull();
    expect((await contact({ first_name: x(CONTACT_LIMITS.firstName + 1) })).error?.code).toBe('23514');
    expect((await contact({ last_name: x(CONTACT_LIMITS.lastName + 1) })).error?.code).toBe('23514');
    expect((await contact({ notes: x(CONTACT_LIMITS.notes + 1) })).error?.code).toBe('23514');
  });

  it('admin_adjust_credits keeps the reason the form allows, and no more', async () => {
    const adjust = (reason: string) =>
      cast.admin.client.rpc('admin_adjust_credits', { user_id: cast.owner.id, amount: 1, reason });
    expect((await adjust(x(CREDIT_REASON_MAX))).error).toBeNull();
    expect((await adjust(`${x(CREDIT_REASON_MAX)}y`)).error).toBeNull();
    const { data } = await cast.service
      .from('credit_ledger')
      .select('description')
      .eq('user_id', cast.owner.id)
      .eq('type', 'admin_grant');
    const reasons = (data as { description: string }[]).map((row) => row.description);
    expect(reasons).toHaveLength(2);
    expect(reasons.every((reason) => reason === x(CREDIT_REASON_MAX))).toBe(true);
  });

  it('publish_announcement: subject and body', async () => {
    const publish = (subject: string, body: string) => cast.admin.client.rpc('publish_announcement', { subject, body });
    expect((await publish(x(ANNOUNCEMENT_LIMITS.subject), x(ANNOUNCEMENT_LIMITS.body))).error).toBeNull();
    expect((await publish(x(ANNOUNCEMENT_LIMITS.subject + 1), 'b')).error?.code).toBe('22023');
    expect((await publish('s', x(ANNOUNCEMENT_LIMITS.body + 1))).error?.code).toBe('22023');
  });

  it('tool_catalogue: name and description', async () => {
    const { data } = await cast.service.from('tool_catalogue').select('id, name, description').limit(1).single();
    const tool = data as { id: string; name: string; description: string };
    const update = (patch: Record<string, string>) =>
      cast.service.from('tool_catalogue').update(patch).eq('id', tool.id);
    expect(
      (await update({ name: x(TOOL_CATALOGUE_LIMITS.name), description: x(TOOL_CATALOGUE_LIMITS.description) })).error,
    ).toBeNull();
    expect((await update({ name: x(TOOL_CATALOGUE_LIMITS.name + 1) })).error?.code).toBe('23514');
    expect((await update({ description: x(TOOL_CATALOGUE_LIMITS.description + 1) })).error?.code).toBe('23514');
    await update({ name: tool.name, description: tool.description });
  });
});
