import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelete, attemptInsert, attemptUpdate, startCast, visibleRows, type Cast } from './support/actors.ts';

let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('catalogue shipped by migrations', () => {
  it('has the 8 default tools with OpenAI function definitions', async () => {
    const { data } = await cast.owner.client
      .from('tool_catalogue')
      .select('id, function_definition')
      .order('sort_order');
    expect(data?.map((t) => t.id)).toEqual([
      'calendar',
      'maps',
      'crm',
      'email',
      'orders',
      'payments',
      'inventory',
      'messaging',
    ]);
    const messaging = data?.find((t) => t.id === 'messaging')?.function_definition as {
      name: string;
      parameters: { properties: Record<string, { enum?: string[] }>; required: string[] };
    };
    expect(messaging.name).toBe('send_message');
    expect(messaging.parameters.properties.channel?.enum).toEqual(['sms', 'whatsapp', 'push', 'email']);
    expect(messaging.parameters.required).toEqual(['action', 'recipient', 'message']);
  });

  it('has at least the 8 sectors, each with sub-sectors carrying EN and FR prompts', async () => {
    const { data: sectors } = await cast.anon
      .from('sectors')
      .select('id, sub_sectors(id, system_prompt, system_prompt_fr)');
    const ids = (sectors ?? []).map((s) => s.id);
    for (const id of [
      'healthcare',
      'food_restaurant',
      'real_estate',
      'beauty_wellness',
      'professional_services',
      'retail',
      'education',
      'public_institutions',
    ]) {
      expect(ids).toContain(id);
    }
    for (const sector of sectors ?? []) {
      const subs = sector.sub_sectors as { system_prompt: string; system_prompt_fr: string }[];
      expect(subs.length, sector.id).toBeGreaterThan(0);
      for (const sub of subs) {
        expect(sub.system_prompt.length).toBeGreaterThan(200);
        expect(sub.system_prompt_fr.length).toBeGreaterThan(200);
      }
    }
  });

  it('has platform settings with the default models', async () => {
    const { data } = await cast.owner.client
      .from('platform_settings')
      .select('chat_model, whatsapp_model, internal_call_model, gsm_call_model')
      .single();
    expect(data).toEqual({
      chat_model: 'gpt-4.1',
      whatsapp_model: 'gpt-4.1',
      // The GA realtime model the voice path runs (the earlier default was its preview).
      internal_call_model: 'gpt-realtime',
      gsm_call_model: 'gpt-realtime',
    });
  });
});

describe('site configuration', () => {
  it('a visitor reads it; owners cannot change it; an admin can', async () => {
    expect(await visibleRows(cast.anon, 'site_config', { id: 'default' })).toHaveLength(1);
    expect(await attemptUpdate(cast.anon, 'site_config', { meta_title: 'x' }, { id: 'default' })).toBe(0);
    expect(await attemptUpdate(cast.owner.client, 'site_config', { meta_title: 'Defaced' }, { id: 'default' })).toBe(0);
    expect(await attemptUpdate(cast.admin.client, 'site_config', { meta_title: 'Concierge' }, { id: 'default' })).toBe(
      1,
    );
    expect(await attemptDelete(cast.admin.client, 'site_config', { id: 'default' })).toBe(0);
    expect(await attemptInsert(cast.admin.client, 'site_config', { id: 'second' })).toBe(false);
  });

  it('a meta title over 70 characters is rejected', async () => {
    const { error } = await cast.admin.client
      .from('site_config')
      .update({ meta_title: 'x'.repeat(71) })
      .eq('id', 'default');
    expect(error?.code).toBe('23514');
  });
});

describe('sectors and sub-sectors', () => {
  it('visitors and owners read them; only admins manage them', async () => {
    expect((await visibleRows(cast.anon, 'sectors', { id: 'retail' }))?.length).toBe(1);
    expect(await attemptInsert(cast.owner.client, 'sectors', { id: 'owner_sector', name: 'X', name_fr: 'X' })).toBe(
      false,
    );
    expect(
      await attemptUpdate(cast.owner.client, 'sub_sectors', { system_prompt: 'pwned' }, { id: 'restaurant' }),
    ).toBe(0);
    expect(await attemptDelete(cast.owner.client, 'sectors', { id: 'retail' })).toBe(0);
    expect(
      await attemptInsert(cast.admin.client, 'sectors', { id: 'admin_sector', name: 'Admin', name_fr: 'Admin' }),
    ).toBe(true);
    expect(
      await attemptInsert(cast.admin.client, 'sub_sectors', {
        id: 'admin_sub',
        sector_id: 'admin_sector',
        name: 'Sub',
        name_fr: 'Sous',
        system_prompt: 'Be kind.',
        system_prompt_fr: 'Soyez aimable.',
      }),
    ).toBe(true);
    expect(await attemptUpdate(cast.admin.client, 'sub_sectors', { name: 'Renamed' }, { id: 'admin_sub' })).toBe(1);
    expect(await attemptDelete(cast.admin.client, 'sectors', { id: 'admin_sector' })).toBe(1);
  });
});

describe('tool catalogue', () => {
  it('owners see enabled tools only and cannot change them; admins manage all', async () => {
    const custom = {
      id: 'custom_1700000000000',
      name: 'Custom',
      icon: 'wrench',
      enabled: false,
      function_definition: {
        name: 'custom_tool',
        description: 'x',
        parameters: { type: 'object', properties: {}, required: [] },
      },
    };
    expect(await attemptInsert(cast.owner.client, 'tool_catalogue', custom)).toBe(false);
    expect(await attemptInsert(cast.admin.client, 'tool_catalogue', custom)).toBe(true);
    expect(await visibleRows(cast.owner.client, 'tool_catalogue', { id: custom.id })).toEqual([]);
    expect(await visibleRows(cast.admin.client, 'tool_catalogue', { id: custom.id })).toHaveLength(1);
    expect(await visibleRows(cast.anon, 'tool_catalogue', { id: 'calendar' })).toBeNull();
    expect(await attemptUpdate(cast.owner.client, 'tool_catalogue', { enabled: false }, { id: 'calendar' })).toBe(0);
    expect(await attemptDelete(cast.owner.client, 'tool_catalogue', { id: 'calendar' })).toBe(0);
    expect(await attemptDelete(cast.admin.client, 'tool_catalogue', { id: custom.id })).toBe(1);
  });

  it('a function definition without a valid name is rejected', async () => {
    const { error } = await cast.admin.client.from('tool_catalogue').insert({
      id: 'broken',
      name: 'Broken',
      function_definition: { name: 'has spaces', parameters: { type: 'object' } },
    });
    expect(error?.code).toBe('23514');
  });
});

describe('platform settings', () => {
  it('owners read but cannot change the AI models; admins can; visitors see nothing', async () => {
    expect(await visibleRows(cast.anon, 'platform_settings', { id: 'default' })).toBeNull();
    expect(
      await attemptUpdate(cast.owner.client, 'platform_settings', { chat_model: 'gpt-4o' }, { id: 'default' }),
    ).toBe(0);
    expect(
      await attemptUpdate(cast.admin.client, 'platform_settings', { chat_model: 'gpt-4.1-mini' }, { id: 'default' }),
    ).toBe(1);
    expect(await attemptDelete(cast.admin.client, 'platform_settings', { id: 'default' })).toBe(0);
  });
});
