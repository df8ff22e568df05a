import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInsert, serviceRow, startCast, type Cast } from './support/actors.ts';

/**
 * Tools added after creation: an owner adds and removes catalogue tools on her own agent; Postgres
 * refuses a built-in tool the catalogue does not offer (unknown or disabled), for the owner and
 * the service role alike, while a tool the agent already has stays savable. Another
 * owner and visitors cannot touch the agent's tools. The catalogue carries French texts.
 */
let cast: Cast;
let agentId: string;

const entry = (id: string, type: 'system' | 'custom' = 'system') => ({ id, name: id, type, config: {} });

beforeAll(async () => {
  cast = await startCast();
  const agent = await serviceInsert<{ id: string }>(cast.service, 'agents', {
    user_id: cast.owner.id,
    name: 'Tools bakery',
    tools: [entry('calendar')],
    capabilities: ['calendar'],
  });
  agentId = agent.id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

async function toolIds(): Promise<string[]> {
  const row = await serviceRow<{ tools: { id: string }[] }>(cast.service, 'agents', { id: agentId });
  return row!.tools.map((t) => t.id);
}

describe('agent tools after creation', () => {
  it('the owner adds a catalogue tool and removes it again', async () => {
    const added = await cast.owner.client
      .from('agents')
      .update({ tools: [entry('calendar'), entry('payments')], capabilities: ['calendar', 'payments'] })
      .eq('id', agentId)
      .select('tools');
    expect(added.error).toBeNull();
    expect(await toolIds()).toEqual(['calendar', 'payments']);
    const removed = await cast.owner.client
      .from('agents')
      .update({ tools: [entry('calendar')] })
      .eq('id', agentId);
    expect(removed.error).toBeNull();
    expect(await toolIds()).toEqual(['calendar']);
  });

  it('refuses a built-in tool that is not in the catalogue, for the owner and the service role', async () => {
    for (const client of [cast.owner.client, cast.service]) {
      const { error } = await client
        .from('agents')
        .update({ tools: [entry('calendar'), entry('teleport')] })
        .eq('id', agentId);
      expect(error?.code).toBe('23514');
      expect(error?.message).toContain('teleport');
    }
    // A new owner (room in her pack) creating an agent with it is refused for the same reason.
    const newcomer = await cast.newUser('ghost-tools');
    const created = await newcomer.client
      .from('agents')
      .insert({ user_id: newcomer.id, name: 'Ghost tools', tools: [entry('teleport')] });
    expect(created.error?.code).toBe('23514');
    expect(await toolIds()).toEqual(['calendar']);
  });

  it('accepts custom tools and keeps a tool the admin disabled later, but refuses adding it', async () => {
    const custom = await cast.owner.client
      .from('agents')
      .update({ tools: [entry('calendar'), entry('my_webhook', 'custom')] })
      .eq('id', agentId);
    expect(custom.error).toBeNull();

    await cast.service.from('tool_catalogue').update({ enabled: false }).eq('id', 'calendar');
    try {
      const keep = await cast.owner.client
        .from('agents')
        .update({ tools: [entry('calendar')], company_name: 'Still saves' })
        .eq('id', agentId);
      expect(keep.error).toBeNull();
      const other = await serviceInsert<{ id: string }>(cast.service, 'agents', {
        user_id: cast.owner.id,
        name: 'No calendar yet',
      });
      const add = await cast.owner.client
        .from('agents')
        .update({ tools: [entry('calendar')] })
        .eq('id', other.id);
      expect(add.error?.code).toBe('23514');
    } finally {
      await cast.service.from('tool_catalogue').update({ enabled: true }).eq('id', 'calendar');
    }
  });

  it("another owner and visitors cannot change the agent's tools", async () => {
    const other = await cast.otherOwner.client.from('agents').update({ tools: [] }).eq('id', agentId).select('id');
    expect(other.data ?? []).toEqual([]);
    const anon = await cast.anon.from('agents').update({ tools: [] }).eq('id', agentId).select('id');
    expect(anon.data ?? []).toEqual([]);
    expect(await toolIds()).toEqual(['calendar']);
  });

  it('the catalogue names its default tools in French', async () => {
    const { data, error } = await cast.owner.client
      .from('tool_catalogue')
      .select('id, name_fr, description_fr')
      .eq('id', 'calendar')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ name_fr: 'Agenda' });
    expect((data as { description_fr: string }).description_fr).toContain('rendez-vous');
  });
});
