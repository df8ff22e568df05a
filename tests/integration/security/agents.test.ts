import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptDelete,
  attemptInsert,
  attemptUpdate,
  serviceInsert,
  serviceRow,
  startCast,
  visibleRows,
  type Actor,
  type Cast,
} from './support/actors.ts';

let cast: Cast;
let myAgent: { id: string };
let otherAgent: { id: string };

async function createAgent(actor: Actor, fields: Record<string, unknown>): Promise<{ id: string }> {
  const { data, error } = await actor.client
    .from('agents')
    .insert({ user_id: actor.id, ...fields })
    .select('id')
    .single();
  if (error || !data) throw new Error(`agent insert: ${error?.message}`);
  return data as { id: string };
}

beforeAll(async () => {
  cast = await startCast();
  // This owner creates several agents; pack limits have their own suite (security/pack-limits.test.ts).
  const subscribed = await cast.service.rpc('create_subscription', { user_id: cast.owner.id, pack_id: 'enterprise' });
  if (subscribed.error) throw new Error(`create_subscription: ${subscribed.error.message}`);
  myAgent = await createAgent(cast.owner, {
    name: 'Mine',
    subdomain: 'my-bakery',
    description: 'SECRET SYSTEM PROMPT',
  });
  otherAgent = await createAgent(cast.otherOwner, { name: 'Theirs', subdomain: 'their-shop' });
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('agents', () => {
  it('an owner reads their agents; another owner and a visitor cannot', async () => {
    expect(await visibleRows(cast.owner.client, 'agents', { id: myAgent.id })).toHaveLength(1);
    expect(await visibleRows(cast.otherOwner.client, 'agents', { id: myAgent.id })).toEqual([]);
    expect(await visibleRows(cast.anon, 'agents', { id: myAgent.id })).toBeNull();
  });

  it('an admin reads every agent (marketplace)', async () => {
    const { data } = await cast.admin.client.from('agents').select('id').in('id', [myAgent.id, otherAgent.id]);
    expect(data).toHaveLength(2);
  });

  it('a user cannot create an agent for someone else, and a visitor cannot create one', async () => {
    expect(await attemptInsert(cast.owner.client, 'agents', { user_id: cast.otherOwner.id, name: 'Planted' })).toBe(
      false,
    );
    expect(await attemptInsert(cast.anon, 'agents', { user_id: cast.owner.id, name: 'Planted' })).toBe(false);
  });

  it('an owner updates their agent; another owner and an admin cannot', async () => {
    expect(await attemptUpdate(cast.owner.client, 'agents', { company_name: 'Bakery Ltd' }, { id: myAgent.id })).toBe(
      1,
    );
    expect(await attemptUpdate(cast.otherOwner.client, 'agents', { name: 'Hijacked' }, { id: myAgent.id })).toBe(0);
    expect(await attemptUpdate(cast.admin.client, 'agents', { name: 'Hijacked' }, { id: myAgent.id })).toBe(0);
    expect((await serviceRow(cast.service, 'agents', { id: myAgent.id }))?.name).toBe('Mine');
  });

  it('an owner cannot give their agent to another user', async () => {
    expect(await attemptUpdate(cast.owner.client, 'agents', { user_id: cast.otherOwner.id }, { id: myAgent.id })).toBe(
      0,
    );
    expect((await serviceRow(cast.service, 'agents', { id: myAgent.id }))?.user_id).toBe(cast.owner.id);
  });

  it('subdomains are normalised, validated and unique', async () => {
    const upper = await createAgent(cast.owner, { name: 'Upper', subdomain: 'Mixed-Case' });
    expect((await serviceRow(cast.service, 'agents', { id: upper.id }))?.subdomain).toBe('mixed-case');
    for (const subdomain of ['ab', 'has space', 'www', '-dash', 'x'.repeat(64)]) {
      const { error } = await cast.owner.client
        .from('agents')
        .insert({ user_id: cast.owner.id, name: 'Bad', subdomain });
      expect(error?.code, subdomain).toBe('23514');
    }
    const taken = await cast.owner.client
      .from('agents')
      .insert({ user_id: cast.owner.id, name: 'Dup', subdomain: 'their-shop' });
    expect(taken.error?.code).toBe('23505');
  });

  it('subdomain availability is answered without revealing the owner', async () => {
    expect((await cast.owner.client.rpc('subdomain_available', { subdomain: 'their-shop' })).data).toBe(false);
    expect((await cast.owner.client.rpc('subdomain_available', { subdomain: 'free-name' })).data).toBe(true);
    expect(
      (await cast.owner.client.rpc('subdomain_available', { subdomain: 'my-bakery', agent_id: myAgent.id })).data,
    ).toBe(true);
    expect((await cast.anon.rpc('subdomain_available', { subdomain: 'free-name' })).error).not.toBeNull();
  });

  it('branding limits are enforced (headline 100, meta title 70, at most 5 social links)', async () => {
    const tooLong = await cast.owner.client
      .from('agents')
      .update({ branding: { hero_title: 'x'.repeat(101) } })
      .eq('id', myAgent.id);
    expect(tooLong.error?.code).toBe('23514');
    const links = Array.from({ length: 6 }, () => ({ type: 'facebook', url: 'https://facebook.com/x' }));
    const tooMany = await cast.owner.client
      .from('agents')
      .update({ branding: { social_links: links } })
      .eq('id', myAgent.id);
    expect(tooMany.error?.code).toBe('23514');
  });

  it('another owner cannot delete my agent; I can, and its numbers are released first', async () => {
    const doomed = await createAgent(cast.owner, { name: 'Doomed', subdomain: 'doomed-agent' });
    const number = await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', {
      phone_number: '+15550000001',
      user_id: cast.owner.id,
    });
    expect(
      await attemptInsert(cast.owner.client, 'phone_number_assignments', {
        phone_number_id: number.id,
        agent_id: doomed.id,
        user_id: cast.owner.id,
      }),
    ).toBe(true);
    expect(await attemptDelete(cast.otherOwner.client, 'agents', { id: doomed.id })).toBe(0);
    expect(await attemptDelete(cast.admin.client, 'agents', { id: doomed.id })).toBe(0);
    expect(await attemptDelete(cast.owner.client, 'agents', { id: doomed.id })).toBe(1);
    expect(await serviceRow(cast.service, 'phone_number_assignments', { phone_number_id: number.id })).toBeNull();
    // Deleting the agent releases its number: the row goes and its release at Twilio is queued.
    expect(await serviceRow(cast.service, 'phone_numbers', { id: number.id })).toBeNull();
    expect(await serviceRow(cast.service, 'phone_number_releases', { phone_number: '+15550000001' })).toMatchObject({
      user_id: cast.owner.id,
      reason: 'agent_deleted',
      released_at: null,
    });
  });
});

describe('public agent page', () => {
  it('a visitor reads an agent’s public fields through public_agent, never its system prompt', async () => {
    const { data, error } = await cast.anon.rpc('public_agent', { subdomain: 'my-bakery' });
    expect(error).toBeNull();
    const agent = data as Record<string, unknown>;
    expect(agent).toMatchObject({ id: myAgent.id, name: 'Mine', subdomain: 'my-bakery' });
    expect(JSON.stringify(agent)).not.toContain('SECRET SYSTEM PROMPT');
    expect(agent).not.toHaveProperty('user_id');
    expect(agent).not.toHaveProperty('description');
  });

  it('public_agent returns null for an unknown subdomain and for a disabled public page', async () => {
    expect((await cast.anon.rpc('public_agent', { subdomain: 'no-such-agent' })).data).toBeNull();
    expect(
      await attemptUpdate(
        cast.otherOwner.client,
        'agent_integrations',
        { enabled: false },
        { agent_id: otherAgent.id, kind: 'virtual_business_card' },
      ),
    ).toBe(1);
    expect((await cast.anon.rpc('public_agent', { subdomain: 'their-shop' })).data).toBeNull();
  });

  it('the seeded demo agent is public on subdomain demo', async () => {
    const { data } = await cast.anon.rpc('public_agent', { subdomain: 'demo' });
    expect(data).toMatchObject({ name: 'Clara', subdomain: 'demo' });
  });
});

describe('agent secrets', () => {
  it('nobody but the service role can read or write agent secrets', async () => {
    const { error: updateError } = await cast.service
      .from('agent_secrets')
      .update({ google_calendar_refresh_token: 'refresh-token' })
      .eq('agent_id', myAgent.id);
    expect(updateError).toBeNull();
    for (const client of [cast.anon, cast.owner.client, cast.admin.client]) {
      expect(await visibleRows(client, 'agent_secrets', { agent_id: myAgent.id })).toBeNull();
      expect(await attemptUpdate(client, 'agent_secrets', { whatsapp_auth_token: 'x' }, { agent_id: myAgent.id })).toBe(
        0,
      );
      expect(await attemptDelete(client, 'agent_secrets', { agent_id: myAgent.id })).toBe(0);
    }
    expect(await attemptInsert(cast.owner.client, 'agent_secrets', { agent_id: myAgent.id })).toBe(false);
    expect(
      (await serviceRow(cast.service, 'agent_secrets', { agent_id: myAgent.id }))?.google_calendar_refresh_token,
    ).toBe('refresh-token');
  });

  it('integration state cannot carry tokens', async () => {
    const { error } = await cast.owner.client.from('agent_integrations').insert({
      agent_id: myAgent.id,
      user_id: cast.owner.id,
      kind: 'google_calendar',
      config: { refresh_token: 'leak' },
    });
    expect(error?.code).toBe('23514');
  });
});

// Tables owned through an agent: the same matrix for each.
const childTables: {
  table: string;
  row: () => Record<string, unknown>;
  patch: Record<string, unknown>;
  key: string;
}[] = [
  {
    table: 'interactions',
    row: () => ({ type: 'share_url', name: 'Menu', config: { url: 'https://example.com', send_url_email: true } }),
    patch: { name: 'Renamed' },
    key: 'id',
  },
  {
    table: 'prompt_backups',
    row: () => ({ name: 'v1', system_prompt: 'You are helpful.' }),
    patch: { name: 'v2' },
    key: 'id',
  },
  {
    table: 'knowledge_documents',
    row: () => ({ name: 'faq.txt', type: 'txt' }),
    // Owners may only rename a document; the processing columns belong to knowledge-ingest.
    patch: { name: 'faq-2026.txt' },
    key: 'id',
  },
  {
    table: 'agent_integrations',
    row: () => ({ kind: 'zapier', config: { webhook_url: 'https://hooks.example.com/1' } }),
    patch: { enabled: true },
    key: 'kind',
  },
];

describe.each(childTables)('$table', ({ table, row, patch, key }) => {
  let mine: Record<string, unknown>;
  beforeAll(async () => {
    const { data, error } = await cast.owner.client
      .from(table)
      .insert({ agent_id: myAgent.id, user_id: cast.owner.id, ...row() })
      .select()
      .single();
    if (error || !data) throw new Error(`${table}: ${error?.message}`);
    mine = data as Record<string, unknown>;
  });
  const match = () => ({ agent_id: myAgent.id, [key]: mine[key] });

  it(`an owner reads and updates their ${table}`, async () => {
    expect(await visibleRows(cast.owner.client, table, match())).toHaveLength(1);
    expect(await attemptUpdate(cast.owner.client, table, patch, match())).toBe(1);
  });

  it(`another owner, an admin and a visitor cannot read, change or delete my ${table}`, async () => {
    for (const client of [cast.otherOwner.client, cast.admin.client]) {
      expect(await visibleRows(client, table, match())).toEqual([]);
      expect(await attemptUpdate(client, table, patch, match())).toBe(0);
      expect(await attemptDelete(client, table, match())).toBe(0);
    }
    expect(await visibleRows(cast.anon, table, match())).toBeNull();
    expect(await attemptDelete(cast.anon, table, match())).toBe(0);
    expect(await serviceRow(cast.service, table, match())).not.toBeNull();
  });

  it(`another owner cannot attach ${table} to my agent`, async () => {
    expect(
      await attemptInsert(cast.otherOwner.client, table, {
        agent_id: myAgent.id,
        user_id: cast.otherOwner.id,
        ...row(),
      }),
    ).toBe(false);
    expect(
      await attemptInsert(cast.otherOwner.client, table, { agent_id: myAgent.id, user_id: cast.owner.id, ...row() }),
    ).toBe(false);
    expect(await attemptInsert(cast.anon, table, { agent_id: myAgent.id, user_id: cast.owner.id, ...row() })).toBe(
      false,
    );
  });

  it(`an owner deletes their ${table}`, async () => {
    expect(await attemptDelete(cast.owner.client, table, match())).toBe(1);
  });
});

describe('knowledge chunks', () => {
  it('an owner writes chunks of their documents and searches them; others cannot see them', async () => {
    const doc = await serviceInsert<{ id: string }>(cast.service, 'knowledge_documents', {
      agent_id: myAgent.id,
      user_id: cast.owner.id,
      name: 'hours.txt',
      type: 'txt',
      status: 'uploaded',
    });
    const embedding = `[${Array.from({ length: 1536 }, (_, i) => (i === 0 ? 1 : 0)).join(',')}]`;
    const inserted = await cast.owner.client.from('knowledge_chunks').insert({
      document_id: doc.id,
      agent_id: myAgent.id,
      user_id: cast.owner.id,
      chunk_index: 0,
      content: 'We open at nine every morning',
      embedding,
    });
    expect(inserted.error).toBeNull();
    const found = await cast.owner.client
      .from('knowledge_chunks')
      .select('content')
      .textSearch('fts', 'morning', { config: 'simple' });
    expect(found.data).toEqual([{ content: 'We open at nine every morning' }]);
    expect(await visibleRows(cast.otherOwner.client, 'knowledge_chunks', { document_id: doc.id })).toEqual([]);
    expect(await visibleRows(cast.admin.client, 'knowledge_chunks', { document_id: doc.id })).toEqual([]);
    expect(await visibleRows(cast.anon, 'knowledge_chunks', { document_id: doc.id })).toBeNull();
    expect(await attemptDelete(cast.otherOwner.client, 'knowledge_chunks', { document_id: doc.id })).toBe(0);
    const planted = await cast.otherOwner.client.from('knowledge_chunks').insert({
      document_id: doc.id,
      agent_id: myAgent.id,
      user_id: cast.otherOwner.id,
      chunk_index: 1,
      content: 'planted',
    });
    expect(planted.error).not.toBeNull();
  });

  it('an embedding of the wrong dimension is rejected', async () => {
    const doc = await serviceInsert<{ id: string }>(cast.service, 'knowledge_documents', {
      agent_id: myAgent.id,
      user_id: cast.owner.id,
      name: 'bad.txt',
      type: 'txt',
    });
    const { error } = await cast.owner.client.from('knowledge_chunks').insert({
      document_id: doc.id,
      agent_id: myAgent.id,
      user_id: cast.owner.id,
      chunk_index: 0,
      content: 'x',
      embedding: '[1,2,3]',
    });
    expect(error).not.toBeNull();
  });
});
