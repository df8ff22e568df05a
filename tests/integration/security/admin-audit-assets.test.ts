import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPack, type PackInput } from '../../../supabase/functions/_shared/contracts/packs.ts';
import { serviceInsert, startCast, type Cast } from './support/actors.ts';

/**
 * The admin writes of packs, site SEO, site assets and number owners leave an
 * audit row whatever path they take (RPC or direct table/bucket write), owners' own actions and
 * refused attempts leave none; every phone number with its owner and agent is readable by admins
 * only (admin_phone_numbers).
 */
let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

interface AuditRow {
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

type PackRow = PackInput & Record<string, unknown>;

/** A stored pack as the console sends it back to admin_save_packs. */
function packInput(row: PackRow): PackInput {
  const keys = Object.keys(newPack('x')) as (keyof PackInput)[];
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as PackInput;
}

async function audit(action: string, targetId?: string): Promise<AuditRow[]> {
  let query = cast.service
    .from('admin_audit_log')
    .select('actor_id, action, target_type, target_id, before, after')
    .eq('action', action);
  if (targetId !== undefined) query = query.eq('target_id', targetId);
  const { data, error } = await query.order('id');
  if (error) throw new Error(error.message);
  return data as AuditRow[];
}

describe('audit rows of packs', () => {
  it('admin_save_packs records the pack it creates, changes and deletes, and nothing for untouched packs', async () => {
    const { data: before } = await cast.admin.client.from('packs').select('id').order('sort_order');
    const existing = (await cast.service.from('packs').select('*').order('sort_order')).data as PackRow[];
    const kept = existing.map(packInput);
    // The first save normalises the seeded rows (credits follow minutes); from then on the same
    // list is the same packs.
    expect((await cast.admin.client.rpc('admin_save_packs', { packs: kept })).error).toBeNull();
    const updatesBefore = (await audit('pack.update')).length;
    const extra = { ...newPack('audit-studio'), name: 'Audit Studio', monthly_price: 19 };
    const saved = await cast.admin.client.rpc('admin_save_packs', { packs: [...kept, extra] });
    expect(saved.error).toBeNull();
    // The packs it rewrote unchanged are not actions.
    expect(await audit('pack.update')).toHaveLength(updatesBefore);
    const [created] = await audit('pack.create', 'audit-studio');
    expect(created).toMatchObject({ actor_id: cast.admin.id, target_type: 'packs', before: null });
    expect(created?.after).toMatchObject({ id: 'audit-studio', name: 'Audit Studio', monthly_price: 19 });

    const renamed = await cast.admin.client.rpc('admin_save_packs', {
      packs: [...kept, { ...extra, name: 'Audit Studio Plus' }],
    });
    expect(renamed.error).toBeNull();
    const [updated] = await audit('pack.update', 'audit-studio');
    expect([updated?.before?.name, updated?.after?.name]).toEqual(['Audit Studio', 'Audit Studio Plus']);

    const removed = await cast.admin.client.rpc('admin_save_packs', { packs: kept });
    expect(removed.error).toBeNull();
    const [deleted] = await audit('pack.delete', 'audit-studio');
    expect(deleted).toMatchObject({ actor_id: cast.admin.id, after: null });
    expect(deleted?.before?.name).toBe('Audit Studio Plus');
    expect((await cast.admin.client.from('packs').select('id').order('sort_order')).data).toEqual(before);
  });

  it('a direct table write by an admin is audited too; an owner’s refused write leaves no row', async () => {
    const { error } = await cast.admin.client.from('packs').update({ name: 'Pro direct' }).eq('id', 'pro');
    expect(error).toBeNull();
    const row = (await audit('pack.update', 'pro')).at(-1);
    expect(row).toMatchObject({ actor_id: cast.admin.id, target_type: 'packs' });
    expect(row?.after?.name).toBe('Pro direct');

    const count = (await audit('pack.update', 'pro')).length;
    await cast.owner.client.from('packs').update({ name: 'Pro owned' }).eq('id', 'pro');
    await cast.owner.client.rpc('admin_save_packs', { packs: [] });
    expect(await audit('pack.update', 'pro')).toHaveLength(count);
    expect(await audit('pack.delete')).toHaveLength(1);
  });
});

describe('audit rows of the site SEO settings', () => {
  it('update_site_config records the fields before and after; an owner’s attempt records nothing', async () => {
    const first = await cast.admin.client.rpc('update_site_config', { config: { meta_title: 'Audited title' } });
    expect(first.error).toBeNull();
    const second = await cast.admin.client.rpc('update_site_config', { config: { meta_title: 'Audited again' } });
    expect(second.error).toBeNull();
    const rows = await audit('site_config.update', 'default');
    expect(rows.at(-1)).toMatchObject({ actor_id: cast.admin.id, target_type: 'site_config' });
    expect([rows.at(-1)?.before?.meta_title, rows.at(-1)?.after?.meta_title]).toEqual([
      'Audited title',
      'Audited again',
    ]);

    const count = rows.length;
    await cast.owner.client.rpc('update_site_config', { config: { meta_title: 'Owned' } });
    await cast.owner.client.from('site_config').update({ meta_title: 'Owned' }).eq('id', 'default');
    expect(await audit('site_config.update', 'default')).toHaveLength(count);
  });

  it('saving the same values again is not an action', async () => {
    const count = (await audit('site_config.update', 'default')).length;
    await cast.admin.client.rpc('update_site_config', { config: { meta_title: 'Audited again' } });
    expect(await audit('site_config.update', 'default')).toHaveLength(count);
  });
});

describe('audit rows of site assets (the favicon bucket)', () => {
  const icon = () => new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });

  it('an admin’s upload, replacement and delete are audited with name, type and size', async () => {
    const bucket = cast.admin.client.storage.from('site-assets');
    expect((await bucket.upload('favicon/audit.png', icon(), { contentType: 'image/png' })).error).toBeNull();
    const [uploaded] = await audit('site_asset.upload', 'favicon/audit.png');
    expect(uploaded).toMatchObject({ actor_id: cast.admin.id, target_type: 'site_asset', before: null });
    expect(uploaded?.after).toMatchObject({ name: 'favicon/audit.png', mimetype: 'image/png', size: 8 });

    const replaced = await bucket.upload('favicon/audit.png', icon(), { contentType: 'image/png', upsert: true });
    expect(replaced.error).toBeNull();
    expect(await audit('site_asset.replace', 'favicon/audit.png')).toHaveLength(1);

    expect((await bucket.remove(['favicon/audit.png'])).error).toBeNull();
    const [removed] = await audit('site_asset.delete', 'favicon/audit.png');
    expect(removed).toMatchObject({ actor_id: cast.admin.id, after: null });
  });

  it('an owner’s refused upload and other buckets leave no audit row', async () => {
    await cast.owner.client.storage
      .from('site-assets')
      .upload('favicon/owner.png', icon(), { contentType: 'image/png' });
    expect(await audit('site_asset.upload', 'favicon/owner.png')).toEqual([]);
    const { data } = await cast.service.from('admin_audit_log').select('target_id').eq('target_type', 'site_asset');
    expect((data ?? []).every((r: { target_id: string }) => r.target_id.startsWith('favicon/audit'))).toBe(true);
  });
});

describe('admin number management (read side) and its audit', () => {
  let numberId: string;
  let agentId: string;

  beforeAll(async () => {
    const agent = await serviceInsert<{ id: string }>(cast.service, 'agents', {
      user_id: cast.owner.id,
      name: 'Numbered agent',
    });
    agentId = agent.id;
    const number = await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', {
      phone_number: '+15550001111',
      user_id: cast.owner.id,
      country_code: 'US',
      locality: 'Springfield',
    });
    numberId = number.id;
    await serviceInsert(cast.service, 'phone_number_assignments', {
      phone_number_id: numberId,
      agent_id: agentId,
      user_id: cast.owner.id,
    });
    await serviceInsert(cast.service, 'phone_numbers', { phone_number: '+15550002222', user_id: null });
  });

  it('an admin sees every number with its owner and agent, pool numbers included, and can search', async () => {
    const { data, error } = await cast.admin.client.rpc('admin_phone_numbers', { search: '', page_size: 25, page: 0 });
    expect(error).toBeNull();
    const rows = data as { phone_number: string; owner_email: string | null; agent_name: string | null }[];
    expect(rows.map((r) => [r.phone_number, r.owner_email, r.agent_name]).sort()).toEqual([
      ['+15550001111', cast.owner.email, 'Numbered agent'],
      ['+15550002222', null, null],
    ]);
    const found = await cast.admin.client.rpc('admin_phone_numbers', { search: 'numbered' });
    expect(
      (found.data as { phone_number: string; total_count: number }[]).map((r) => [r.phone_number, r.total_count]),
    ).toEqual([['+15550001111', 1]]);
    // LIKE wildcards in the search are literal text.
    const wild = await cast.admin.client.rpc('admin_phone_numbers', { search: '%' });
    expect(wild.data).toEqual([]);
  });

  it('a visitor and an owner are refused; bad paging is a 22023', async () => {
    expect((await cast.anon.rpc('admin_phone_numbers', {})).error).not.toBeNull();
    expect((await cast.owner.client.rpc('admin_phone_numbers', {})).error?.code).toBe('42501');
    expect((await cast.otherOwner.client.rpc('admin_phone_numbers', {})).error?.code).toBe('42501');
    expect((await cast.admin.client.rpc('admin_phone_numbers', { page_size: 0 })).error?.code).toBe('22023');
  });

  it('an admin handing a pool number to a user is audited', async () => {
    const pool = (await cast.service.from('phone_numbers').select('id').eq('phone_number', '+15550002222').single())
      .data as { id: string };
    const given = await cast.admin.client
      .from('phone_numbers')
      .update({ user_id: cast.otherOwner.id })
      .eq('id', pool.id);
    expect(given.error).toBeNull();
    const [row] = await audit('phone_number.set_owner', pool.id);
    expect(row).toMatchObject({
      actor_id: cast.admin.id,
      before: { user_id: null },
      after: { user_id: cast.otherOwner.id },
    });
    // Owners release through the phone-numbers function, which deletes the row (audited there when an
    // admin releases someone else's: tests/integration/phone/phone-numbers.test.ts).
  });
});
