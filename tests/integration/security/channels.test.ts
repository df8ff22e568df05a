import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptDelete,
  attemptInsert,
  attemptUpdate,
  serviceInsert,
  serviceRow,
  startCast,
  visibleRows,
  type Cast,
} from './support/actors.ts';

let cast: Cast;
let myAgent: { id: string };
let theirAgent: { id: string };
/** The transcript line my WhatsApp message carries (its text lives in `messages`). */
let myLine: string;

beforeAll(async () => {
  cast = await startCast();
  myAgent = (
    await cast.owner.client.from('agents').insert({ user_id: cast.owner.id, name: 'Phone agent' }).select('id').single()
  ).data as { id: string };
  theirAgent = (
    await cast.otherOwner.client
      .from('agents')
      .insert({ user_id: cast.otherOwner.id, name: 'Other' })
      .select('id')
      .single()
  ).data as { id: string };
  const conversation = await serviceInsert<{ id: string }>(cast.service, 'conversations', {
    user_id: cast.owner.id,
    agent_id: myAgent.id,
    channel: 'whatsapp',
    visitor_id: '+15550003333',
  });
  myLine = (
    await serviceInsert<{ id: string }>(cast.service, 'messages', {
      conversation_id: conversation.id,
      user_id: cast.owner.id,
      agent_id: myAgent.id,
      role: 'user',
      content: 'Hello',
    })
  ).id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('phone numbers', () => {
  it('a non-admin owns at most one number; an admin may own several', async () => {
    const buyer = await cast.newUser('number-buyer');
    await serviceInsert(cast.service, 'phone_numbers', { phone_number: '+15551110001', user_id: buyer.id });
    const second = await cast.service.from('phone_numbers').insert({ phone_number: '+15551110002', user_id: buyer.id });
    expect(second.error?.message).toBe(
      'You can only purchase one number. Please assign or release your current number before buying another.',
    );
    await serviceInsert(cast.service, 'phone_numbers', { phone_number: '+15551110003', user_id: cast.admin.id });
    await serviceInsert(cast.service, 'phone_numbers', { phone_number: '+15551110004', user_id: cast.admin.id });
    const { count } = await cast.service
      .from('phone_numbers')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', cast.admin.id);
    expect(count).toBe(2);
  });

  it('numbers are bought by the purchase function only, and read by their owner and admins', async () => {
    expect(
      await attemptInsert(cast.owner.client, 'phone_numbers', { phone_number: '+15552220001', user_id: cast.owner.id }),
    ).toBe(false);
    expect(
      await attemptInsert(cast.admin.client, 'phone_numbers', { phone_number: '+15552220002', user_id: cast.admin.id }),
    ).toBe(false);
    const mine = await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', {
      phone_number: '+15552220003',
      user_id: cast.owner.id,
    });
    expect(await visibleRows(cast.owner.client, 'phone_numbers', { id: mine.id })).toHaveLength(1);
    expect(await visibleRows(cast.otherOwner.client, 'phone_numbers', { id: mine.id })).toEqual([]);
    expect(await visibleRows(cast.admin.client, 'phone_numbers', { id: mine.id })).toHaveLength(1);
    expect(await visibleRows(cast.anon, 'phone_numbers', { id: mine.id })).toBeNull();
    expect(
      await attemptUpdate(cast.owner.client, 'phone_numbers', { user_id: cast.otherOwner.id }, { id: mine.id }),
    ).toBe(0);
    expect(await attemptDelete(cast.owner.client, 'phone_numbers', { id: mine.id })).toBe(0);
  });

  it('an invalid number format is rejected', async () => {
    const { error } = await cast.service.from('phone_numbers').insert({ phone_number: '0612345678' });
    expect(error?.code).toBe('23514');
  });

  it('an owner assigns their number to their agent, not to another owner’s agent', async () => {
    const user = await cast.newUser('assigner');
    const agent = (await user.client.from('agents').insert({ user_id: user.id, name: 'Line' }).select('id').single())
      .data as { id: string };
    const number = await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', {
      phone_number: '+15553330001',
      user_id: user.id,
    });
    expect(
      await attemptInsert(user.client, 'phone_number_assignments', {
        phone_number_id: number.id,
        agent_id: theirAgent.id,
        user_id: user.id,
      }),
    ).toBe(false);
    expect(
      await attemptInsert(cast.otherOwner.client, 'phone_number_assignments', {
        phone_number_id: number.id,
        agent_id: theirAgent.id,
        user_id: cast.otherOwner.id,
      }),
    ).toBe(false);
    expect(
      await attemptInsert(user.client, 'phone_number_assignments', {
        phone_number_id: number.id,
        agent_id: agent.id,
        user_id: user.id,
      }),
    ).toBe(true);
    expect(
      await visibleRows(cast.otherOwner.client, 'phone_number_assignments', { phone_number_id: number.id }),
    ).toEqual([]);
    expect(
      await visibleRows(cast.admin.client, 'phone_number_assignments', { phone_number_id: number.id }),
    ).toHaveLength(1);
    expect(
      await attemptDelete(cast.otherOwner.client, 'phone_number_assignments', { phone_number_id: number.id }),
    ).toBe(0);
    expect(
      await attemptUpdate(
        user.client,
        'phone_number_assignments',
        { whatsapp: { status: 'online' } },
        { phone_number_id: number.id },
      ),
      // The sender state is the server's (whatsapp-senders); owners no longer write this column.
    ).toBe(0);
    expect(await attemptDelete(user.client, 'phone_number_assignments', { phone_number_id: number.id })).toBe(1);
  });

  it('only the server moves a number to the pool (owners release through Twilio), which frees the owner', async () => {
    const user = await cast.newUser('releaser');
    const number = await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', {
      phone_number: '+15554440001',
      user_id: user.id,
    });
    // Pooled without a Twilio release, the number would stay paid for and free its owner to buy again.
    for (const client of [cast.anon, user.client, cast.otherOwner.client, cast.admin.client]) {
      expect((await client.rpc('release_phone_number', { phone_number_id: number.id })).error?.code).toBe('42501');
    }
    expect((await serviceRow(cast.service, 'phone_numbers', { id: number.id }))?.user_id).toBe(user.id);
    expect((await cast.service.rpc('release_phone_number', { phone_number_id: number.id })).error).toBeNull();
    expect((await serviceRow(cast.service, 'phone_numbers', { id: number.id }))?.user_id).toBeNull();
    expect(
      (await cast.service.from('phone_numbers').insert({ phone_number: '+15554440002', user_id: user.id })).error,
    ).toBeNull();
  });

  it('an admin hands a pool number to a user', async () => {
    const user = await cast.newUser('pool');
    const pool = await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', { phone_number: '+15555550001' });
    expect(await attemptUpdate(cast.owner.client, 'phone_numbers', { user_id: cast.owner.id }, { id: pool.id })).toBe(
      0,
    );
    expect(await attemptUpdate(cast.admin.client, 'phone_numbers', { user_id: user.id }, { id: pool.id })).toBe(1);
  });
});

// Records written by functions (service role) and read by the agent's owner only.
const channelRecords: {
  label: string;
  table: string;
  row: (agentId: string, userId: string) => Record<string, unknown>;
}[] = [
  {
    label: 'phone calls',
    table: 'calls',
    row: (agent, user) => ({
      user_id: user,
      assigned_agent: agent,
      from_number: '+15550001111',
      to_number: '+15550002222',
      status: 'completed',
      duration: 61,
    }),
  },
  {
    label: 'browser voice calls',
    table: 'calls',
    row: (agent, user) => ({
      kind: 'browser_voice',
      source: 'visitor',
      user_id: user,
      assigned_agent: agent,
      agent_name: 'Phone agent',
      duration: 30,
      status: 'completed',
    }),
  },
  {
    label: 'whatsapp_messages',
    table: 'whatsapp_messages',
    row: (agent, user) => ({
      user_id: user,
      assigned_agent: agent,
      from_number: '+15550003333',
      profile_name: 'Ana Lima',
      message_id: myLine,
    }),
  },
  {
    label: 'conversations',
    table: 'conversations',
    row: (agent, user) => ({ user_id: user, agent_id: agent, channel: 'web_chat' }),
  },
];

describe.each(channelRecords)('$label', ({ label, table, row }) => {
  let record: { id: string };
  beforeAll(async () => {
    record = await serviceInsert<{ id: string }>(cast.service, table, row(myAgent.id, cast.owner.id));
  });

  it(`an owner reads their ${label}`, async () => {
    expect(await visibleRows(cast.owner.client, table, { id: record.id })).toHaveLength(1);
  });

  it(`another owner cannot read my ${label}, nor can an admin or a visitor`, async () => {
    expect(await visibleRows(cast.otherOwner.client, table, { id: record.id })).toEqual([]);
    expect(await visibleRows(cast.admin.client, table, { id: record.id })).toEqual([]);
    expect(await visibleRows(cast.anon, table, { id: record.id })).toBeNull();
  });

  it(`clients cannot forge or edit ${label}`, async () => {
    expect(await attemptInsert(cast.owner.client, table, row(myAgent.id, cast.owner.id))).toBe(false);
    expect(await attemptInsert(cast.anon, table, row(myAgent.id, cast.owner.id))).toBe(false);
    expect(await attemptUpdate(cast.owner.client, table, { user_id: cast.otherOwner.id }, { id: record.id })).toBe(0);
    expect(await attemptDelete(cast.otherOwner.client, table, { id: record.id })).toBe(0);
  });

  it(`a record cannot point at another owner’s agent`, async () => {
    const { error } = await cast.service.from(table).insert(row(theirAgent.id, cast.owner.id));
    expect(error?.code).toBe('23503');
  });
});

describe('billing rule: 1 credit = 1 minute', () => {
  it('a call is billable per started minute and cannot be charged more credits than its minutes', async () => {
    const call = await serviceInsert<{ id: string; billable_minutes: number }>(cast.service, 'calls', {
      user_id: cast.owner.id,
      assigned_agent: myAgent.id,
      from_number: '+15550009999',
      to_number: '+15550008888',
      status: 'completed',
      duration: 61,
    });
    expect(call.billable_minutes).toBe(2);
    expect((await cast.service.from('calls').update({ credits_charged: 2 }).eq('id', call.id)).error).toBeNull();
    expect((await cast.service.from('calls').update({ credits_charged: 3 }).eq('id', call.id)).error?.code).toBe(
      '23514',
    );
  });
});

describe('messages', () => {
  it('an owner reads the messages of their conversations; nobody else does', async () => {
    const conversation = await serviceInsert<{ id: string }>(cast.service, 'conversations', {
      user_id: cast.owner.id,
      agent_id: myAgent.id,
      channel: 'sandbox',
    });
    const message = await serviceInsert<{ id: string }>(cast.service, 'messages', {
      conversation_id: conversation.id,
      user_id: cast.owner.id,
      agent_id: myAgent.id,
      role: 'user',
      content: 'Hi',
    });
    expect(await visibleRows(cast.owner.client, 'messages', { id: message.id })).toHaveLength(1);
    expect(await visibleRows(cast.otherOwner.client, 'messages', { id: message.id })).toEqual([]);
    expect(await visibleRows(cast.anon, 'messages', { id: message.id })).toBeNull();
    expect(
      await attemptInsert(cast.owner.client, 'messages', {
        conversation_id: conversation.id,
        user_id: cast.owner.id,
        role: 'assistant',
        content: 'forged',
      }),
    ).toBe(false);
    expect(await attemptDelete(cast.otherOwner.client, 'conversations', { id: conversation.id })).toBe(0);
    expect(await attemptDelete(cast.owner.client, 'conversations', { id: conversation.id })).toBe(1);
    expect(await serviceRow(cast.service, 'messages', { id: message.id })).toBeNull();
  });
});

describe('contacts', () => {
  it('an owner keeps favourites and notes on their contacts; others cannot see or change them', async () => {
    const { data, error } = await cast.owner.client
      .from('contacts')
      .insert({ user_id: cast.owner.id, phone: '33612345678', first_name: 'Ana', last_name: 'Lima' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    expect(
      await attemptUpdate(cast.owner.client, 'contacts', { favorite: true, notes: 'Prefers mornings' }, { id }),
    ).toBe(1);
    expect(await serviceRow(cast.service, 'contacts', { id })).toMatchObject({
      favorite: true,
      notes: 'Prefers mornings',
    });
    expect(await visibleRows(cast.otherOwner.client, 'contacts', { id })).toEqual([]);
    expect(await visibleRows(cast.admin.client, 'contacts', { id })).toEqual([]);
    expect(await visibleRows(cast.anon, 'contacts', { id })).toBeNull();
    expect(await attemptUpdate(cast.otherOwner.client, 'contacts', { notes: 'x' }, { id })).toBe(0);
    expect(await attemptDelete(cast.otherOwner.client, 'contacts', { id })).toBe(0);
    expect(
      await attemptInsert(cast.otherOwner.client, 'contacts', { user_id: cast.owner.id, phone: '33600000000' }),
    ).toBe(false);
    expect(await attemptUpdate(cast.owner.client, 'contacts', { total_call_duration: 9999 }, { id })).toBe(0);
    expect(await attemptDelete(cast.owner.client, 'contacts', { id })).toBe(1);
  });
});

describe('analytics', () => {
  it('a visitor records an anonymous event but cannot read events or pose as a user', async () => {
    expect(await attemptInsert(cast.anon, 'analytics_events', { name: 'page_view', page_path: '/' })).toBe(true);
    expect(await attemptInsert(cast.anon, 'analytics_events', { name: 'page_view', user_id: cast.owner.id })).toBe(
      false,
    );
    expect(await visibleRows(cast.anon, 'analytics_events', { name: 'page_view' })).toBeNull();
  });

  it('a user records their own events, reads only theirs and their metrics; an admin reads all', async () => {
    expect(
      await attemptInsert(cast.owner.client, 'analytics_events', { name: 'feature.used', user_id: cast.owner.id }),
    ).toBe(true);
    expect(
      await attemptInsert(cast.owner.client, 'analytics_events', { name: 'feature.used', user_id: cast.otherOwner.id }),
    ).toBe(false);
    // Usage metrics are written by functions only (security/analytics.test.ts).
    expect(
      await attemptInsert(cast.owner.client, 'analytics_metrics', {
        name: 'latency_ms',
        value: 120,
        user_id: cast.owner.id,
      }),
    ).toBe(false);
    expect(
      await attemptInsert(cast.service, 'analytics_metrics', {
        name: 'latency_ms',
        value: 120,
        user_id: cast.owner.id,
      }),
    ).toBe(true);
    expect(
      await attemptInsert(cast.owner.client, 'analytics_metrics', {
        name: 'latency_ms',
        value: 120,
        user_id: cast.otherOwner.id,
      }),
    ).toBe(false);
    expect(await visibleRows(cast.otherOwner.client, 'analytics_events', { user_id: cast.owner.id })).toEqual([]);
    expect(await visibleRows(cast.otherOwner.client, 'analytics_metrics', { user_id: cast.owner.id })).toEqual([]);
    expect((await visibleRows(cast.admin.client, 'analytics_events', { user_id: cast.owner.id }))?.length).toBe(1);
    expect((await visibleRows(cast.admin.client, 'analytics_metrics', { user_id: cast.owner.id }))?.length).toBe(1);
    expect(
      await attemptUpdate(cast.owner.client, 'analytics_events', { name: 'changed' }, { user_id: cast.owner.id }),
    ).toBe(0);
    expect(await attemptDelete(cast.owner.client, 'analytics_events', { user_id: cast.owner.id })).toBe(0);
  });
});
