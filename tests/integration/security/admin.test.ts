import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelete, attemptInsert, attemptUpdate, serviceRow, startCast, type Cast } from './support/actors.ts';

/**
 * Administration: every admin RPC and table refuses a visitor and an owner, lets
 * an admin act, and leaves an audit row nobody can change.
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

async function auditFor(targetId: string, action: string): Promise<AuditRow[]> {
  const { data, error } = await cast.service
    .from('admin_audit_log')
    .select('actor_id, action, target_type, target_id, before, after')
    .eq('target_id', targetId)
    .eq('action', action)
    .order('id');
  if (error) throw new Error(error.message);
  return data as AuditRow[];
}

const tool = (id: string, enabled = false) => ({
  id,
  name: 'Loyalty points',
  description: 'Look up loyalty points',
  icon: 'wrench',
  enabled,
  function_definition: {
    name: 'loyalty_points',
    description: 'Loyalty points of a customer',
    parameters: {
      type: 'object',
      properties: {
        customer_email: { type: 'string', description: 'Email' },
        tier: { type: 'string', description: 'Tier', enum: ['gold', 'silver'] },
      },
      required: ['customer_email'],
    },
  },
  default_config: { currency: 'EUR' },
});

/** Every admin RPC with arguments that would succeed for an admin on a throwaway target. */
function adminCalls(targetId: string): [string, Record<string, unknown>][] {
  return [
    ['admin_list_users', { search: '', page_offset: 0, page_size: 10 }],
    ['admin_adjust_credits', { user_id: targetId, amount: 5, reason: 'x' }],
    ['admin_update_user', { user_id: targetId, name: 'Renamed', is_admin: true }],
    ['admin_delete_user', { user_id: targetId }],
    ['admin_missing_profiles', {}],
    ['admin_recover_profile', { user_id: targetId }],
    ['admin_cleanup_duplicate_users', {}],
    ['admin_save_tool_catalogue', { tools: [] }],
    ['admin_grant_credits', { user_id: targetId, amount: 5 }],
    ['set_user_admin', { user_id: targetId, is_admin: true }],
  ];
}

describe('admin RPCs refuse non-admins', () => {
  it('a visitor and an owner are refused by every admin RPC and nothing changes', async () => {
    const target = await cast.newUser('target');
    for (const [who, client] of [
      ['anon', cast.anon],
      ['owner', cast.owner.client],
    ] as [string, SupabaseClient][]) {
      for (const [name, args] of adminCalls(target.id)) {
        const { error } = await client.rpc(name, args);
        expect(error, `${who} ${name}`).not.toBeNull();
        // 42501 (insufficient privilege) for signed-in callers; anon has no EXECUTE at all.
        expect(['42501', 'PGRST202'], `${who} ${name}: ${error?.code}`).toContain(error?.code);
      }
    }
    const row = await serviceRow<{ name: string; credits: number; is_admin: boolean }>(cast.service, 'profiles', {
      id: target.id,
    });
    expect(row).toMatchObject({ name: 'target', credits: 30, is_admin: false });
    const tools = await cast.service.from('tool_catalogue').select('id');
    expect(tools.data?.length).toBeGreaterThanOrEqual(8);
  });

  it('the audit log is readable by admins only and changeable by nobody', async () => {
    await cast.admin.client.rpc('admin_adjust_credits', { user_id: cast.otherOwner.id, amount: 1, reason: 'seed' });
    const visibleTo = async (client: SupabaseClient) =>
      (await client.from('admin_audit_log').select('id')).data?.length ?? 0;
    expect(await visibleTo(cast.anon)).toBe(0);
    expect(await visibleTo(cast.owner.client)).toBe(0);
    expect(await visibleTo(cast.admin.client)).toBeGreaterThan(0);
    expect(
      await attemptInsert(cast.admin.client, 'admin_audit_log', { action: 'user.fake', target_type: 'user' }),
    ).toBe(false);
    expect(
      await attemptUpdate(cast.admin.client, 'admin_audit_log', { action: 'user.fake' }, { target_type: 'user' }),
    ).toBe(0);
    expect(await attemptDelete(cast.admin.client, 'admin_audit_log', { target_type: 'user' })).toBe(0);
    const serviceDelete = await cast.service.from('admin_audit_log').delete().eq('target_type', 'user');
    expect(serviceDelete.error?.code).toBe('42501');
  });

  it('owners cannot change tools, models or someone else’s profile directly', async () => {
    expect(await attemptInsert(cast.owner.client, 'tool_catalogue', tool('custom_1'))).toBe(false);
    expect(
      await attemptUpdate(cast.owner.client, 'platform_settings', { chat_model: 'gpt-4o' }, { id: 'default' }),
    ).toBe(0);
    expect(await attemptUpdate(cast.owner.client, 'profiles', { name: 'Pwned' }, { id: cast.otherOwner.id })).toBe(0);
  });
});

describe('users', () => {
  it('an admin searches by name or email on the server, paged by last login with never-logged-in last', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await cast.newUser(`zed-${tag}-a`);
    const b = await cast.newUser(`zed-${tag}-b`);
    const c = await cast.newUser(`zed-${tag}-c`);
    await cast.service.rpc('set_user_admin', { user_id: c.id, is_admin: false });
    // Sign-in sets last_login; make the order explicit: b newest, a older, c never.
    await cast.stack.db.exec(`update public.profiles set last_login = now() - interval '1 day' where id = '${a.id}'`);
    await cast.stack.db.exec(`update public.profiles set last_login = now() where id = '${b.id}'`);
    await cast.stack.db.exec(`update public.profiles set last_login = null where id = '${c.id}'`);

    const page = await cast.admin.client.rpc('admin_list_users', {
      search: `ZED-${tag}`,
      page_offset: 0,
      page_size: 2,
    });
    expect(page.error).toBeNull();
    expect(page.data?.map((u: { id: string }) => u.id)).toEqual([b.id, a.id]);
    expect(page.data?.[0]?.total_count).toBe(3);
    const next = await cast.admin.client.rpc('admin_list_users', {
      search: `zed-${tag}`,
      page_offset: 2,
      page_size: 2,
    });
    expect(next.data?.map((u: { id: string }) => u.id)).toEqual([c.id]);

    const byEmail = await cast.admin.client.rpc('admin_list_users', { search: b.email.toUpperCase() });
    expect(byEmail.data?.map((u: { id: string }) => u.id)).toEqual([b.id]);
    // LIKE wildcards in the search are literal characters.
    const wildcard = await cast.admin.client.rpc('admin_list_users', { search: '%' });
    expect(wildcard.data).toEqual([]);
    const badPage = await cast.admin.client.rpc('admin_list_users', { page_size: 1000 });
    expect(badPage.error?.code).toBe('22023');
  });

  it('a credit change is a ledger entry with a reason, audited with the balance before and after', async () => {
    const user = await cast.newUser('credits');
    const granted = await cast.admin.client.rpc('admin_adjust_credits', {
      user_id: user.id,
      amount: 50,
      reason: 'Support gesture',
    });
    expect(granted.data).toBe(80);
    const removed = await cast.admin.client.rpc('admin_adjust_credits', {
      user_id: user.id,
      amount: -20,
      reason: 'Fix',
    });
    expect(removed.data).toBe(60);
    const { data: ledger } = await cast.service
      .from('credit_ledger')
      .select('type, amount, description')
      .eq('user_id', user.id)
      .order('id');
    expect(ledger).toEqual([
      { type: 'signup_bonus', amount: 30, description: 'Welcome credits' },
      { type: 'admin_grant', amount: 50, description: 'Support gesture' },
      { type: 'admin_debit', amount: -20, description: 'Fix' },
    ]);
    const audit = await auditFor(user.id, 'credits.adjust');
    expect(audit.map((r) => [r.actor_id, r.before, r.after?.credits, r.after?.reason])).toEqual([
      [cast.admin.id, { credits: 30 }, 80, 'Support gesture'],
      [cast.admin.id, { credits: 80 }, 60, 'Fix'],
    ]);

    for (const [args, code] of [
      [{ amount: 5, reason: '  ' }, '22023'],
      [{ amount: 0, reason: 'x' }, '22023'],
      [{ amount: -61, reason: 'x' }, '22023'],
    ] as const) {
      const { error } = await cast.admin.client.rpc('admin_adjust_credits', { user_id: user.id, ...args });
      expect(error?.code).toBe(code);
    }
    expect(await serviceRow(cast.service, 'profiles', { id: user.id })).toMatchObject({ credits: 60 });
  });

  it('an admin edits name and role (audited) but cannot remove their own admin role', async () => {
    const user = await cast.newUser('edit-me');
    const { error } = await cast.admin.client.rpc('admin_update_user', {
      user_id: user.id,
      name: '  Edited Name ',
      is_admin: true,
    });
    expect(error).toBeNull();
    expect(await serviceRow(cast.service, 'profiles', { id: user.id })).toMatchObject({
      name: 'Edited Name',
      is_admin: true,
    });
    const [audit] = await auditFor(user.id, 'user.set_role');
    expect(audit).toMatchObject({
      actor_id: cast.admin.id,
      before: { name: 'edit-me', is_admin: false },
      after: { name: 'Edited Name', is_admin: true },
    });
    const self = await cast.admin.client.rpc('admin_update_user', {
      user_id: cast.admin.id,
      name: 'admin',
      is_admin: false,
    });
    expect(self.error?.message).toMatch(/own admin role/);
    const empty = await cast.admin.client.rpc('admin_update_user', { user_id: user.id, name: ' ', is_admin: true });
    expect(empty.error?.code).toBe('22023');
  });

  it('deleting a user removes the auth user and their data, releases their numbers and is audited', async () => {
    const user = await cast.newUser('leaving');
    const agent = await cast.service
      .from('agents')
      .insert({ user_id: user.id, name: 'Bye', subdomain: `bye-${randomUUID().slice(0, 8)}` })
      .select('id')
      .single();
    expect(agent.error).toBeNull();
    const number = `+1555${String(Date.now()).slice(-7)}`;
    const phone = await cast.service
      .from('phone_numbers')
      .insert({ phone_number: number, user_id: user.id })
      .select('id')
      .single();
    await cast.service
      .from('phone_number_assignments')
      .insert({ phone_number_id: phone.data?.id, agent_id: agent.data?.id, user_id: user.id });

    const denied = await cast.owner.client.rpc('admin_delete_user', { user_id: user.id });
    expect(denied.error?.code).toBe('42501');
    const { data, error } = await cast.admin.client.rpc('admin_delete_user', { user_id: user.id });
    expect(error).toBeNull();
    expect(data).toEqual({ released_numbers: [number] });

    expect(await serviceRow(cast.service, 'profiles', { id: user.id })).toBeNull();
    expect(await serviceRow(cast.service, 'agents', { id: agent.data?.id })).toBeNull();
    // The number goes with its owner, at Twilio too: queued for the release sweep, not left in the pool.
    expect(await serviceRow(cast.service, 'phone_numbers', { id: phone.data?.id })).toBeNull();
    expect(await serviceRow(cast.service, 'phone_number_releases', { phone_number: number })).toMatchObject({
      reason: 'user_deleted',
      released_at: null,
    });
    expect((await cast.service.auth.admin.getUserById(user.id)).data.user).toBeNull();
    const [audit] = await auditFor(user.id, 'user.delete');
    expect(audit).toMatchObject({
      actor_id: cast.admin.id,
      before: { email: user.email, agents: 1 },
      after: { released_numbers: [number] },
    });

    const self = await cast.admin.client.rpc('admin_delete_user', { user_id: cast.admin.id });
    expect(self.error?.code).toBe('22023');
  });

  it('recovers auth users without a profile with 30 credits, lang en, not admin', async () => {
    const lost = await cast.newUser('lost');
    await cast.stack.db.exec(`delete from public.profiles where id = '${lost.id}'`);
    const missing = await cast.admin.client.rpc('admin_missing_profiles');
    expect(missing.data).toEqual([{ id: lost.id, email: lost.email }]);

    const recovered = await cast.admin.client.rpc('admin_recover_profile', { user_id: lost.id });
    expect(recovered.error).toBeNull();
    expect(recovered.data).toBe(true);
    expect(await serviceRow(cast.service, 'profiles', { id: lost.id })).toMatchObject({
      credits: 30,
      lang: 'en',
      is_admin: false,
      email: lost.email,
    });
    expect((await cast.admin.client.rpc('admin_recover_profile', { user_id: lost.id })).data).toBe(false);
    expect((await cast.admin.client.rpc('admin_missing_profiles')).data).toEqual([]);
    expect(await auditFor(lost.id, 'user.recover')).toHaveLength(1);
  });

  it('duplicate cleanup keeps the logged-in, then most recently updated, then richest account per email', async () => {
    const keep = await cast.newUser('dup-keep');
    const drop = await cast.newUser('dup-drop');
    const email = `Dup-${randomUUID().slice(0, 6)}@Example.com`;
    // Two accounts whose emails differ only in case (GoTrue lower-cases, an imported user may not).
    await cast.stack.db.exec(
      `update public.profiles set email = '${email}', last_login = now() where id = '${keep.id}'`,
    );
    await cast.stack.db.exec(
      `update public.profiles set email = '${email.toLowerCase()}', last_login = null where id = '${drop.id}'`,
    );
    const { data, error } = await cast.admin.client.rpc('admin_cleanup_duplicate_users');
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect(await serviceRow(cast.service, 'profiles', { id: keep.id })).not.toBeNull();
    expect(await serviceRow(cast.service, 'profiles', { id: drop.id })).toBeNull();
    const [audit] = await auditFor(drop.id, 'user.delete');
    expect(audit?.after).toMatchObject({ reason: `duplicate of ${keep.id}` });
  });
});

describe('settings', () => {
  it('an admin saves the tool catalogue as a whole: custom tool added, audited, offered to owners once enabled', async () => {
    const { data: current } = await cast.admin.client
      .from('tool_catalogue')
      .select('id, name, description, icon, enabled, function_definition, default_config')
      .order('sort_order');
    const id = `custom_${Date.now()}`;
    const saved = await cast.admin.client.rpc('admin_save_tool_catalogue', { tools: [...(current ?? []), tool(id)] });
    expect(saved.error).toBeNull();
    expect((await cast.owner.client.from('tool_catalogue').select('id').eq('id', id)).data).toEqual([]);

    const enabled = await cast.admin.client.rpc('admin_save_tool_catalogue', {
      tools: [...(current ?? []), tool(id, true)],
    });
    expect(enabled.error).toBeNull();
    expect((await cast.owner.client.from('tool_catalogue').select('id').eq('id', id)).data).toEqual([{ id }]);
    const audit = await cast.service.from('admin_audit_log').select('action, actor_id').eq('target_id', id).order('id');
    expect(audit.data).toEqual([
      { action: 'tool.create', actor_id: cast.admin.id },
      { action: 'tool.update', actor_id: cast.admin.id },
    ]);

    // Dropped from the list = deleted; an invalid tool rolls the whole save back.
    const removed = await cast.admin.client.rpc('admin_save_tool_catalogue', { tools: current });
    expect(removed.error).toBeNull();
    expect(await serviceRow(cast.service, 'tool_catalogue', { id })).toBeNull();
    const invalid = await cast.admin.client.rpc('admin_save_tool_catalogue', {
      tools: [{ ...tool('custom_2'), default_config: { retries: 3 } }],
    });
    expect(invalid.error?.code).toBe('23514');
    expect((await cast.service.from('tool_catalogue').select('id')).data?.length).toBe(current?.length);
  });

  it('an admin changes the AI models; the change is audited', async () => {
    expect(
      await attemptUpdate(cast.admin.client, 'platform_settings', { whatsapp_model: 'gpt-4o-mini' }, { id: 'default' }),
    ).toBe(1);
    const [audit] = await auditFor('default', 'settings.update');
    expect(audit?.actor_id).toBe(cast.admin.id);
    expect(audit?.before?.whatsapp_model).toBe('gpt-4.1');
    expect(audit?.after?.whatsapp_model).toBe('gpt-4o-mini');
  });
});
