import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardAggregateSchema,
  insightsAggregateSchema,
  seriesRowSchema,
} from '../../../supabase/functions/_shared/contracts/insights.ts';
import { serviceInsert, startCast, type Cast } from '../security/support/actors.ts';
import {
  TIME_ZONE,
  buildInsightsSeed,
  expectedInsights,
  insertInsightsSeed,
  zonedDate,
  type InsightsSeed,
  type Period,
} from './fixture.ts';

/**
 * The dashboards' SQL: each figure equals what the test computes from its own seed
 * (trends incl. the previous calendar month, '<1' handled by the contract, peak hour in the
 * owner's time zone, questions grouped, one person across phone and WhatsApp); another owner,
 * an admin and visitors see none of it; a visitor rates only their own web conversation.
 */
let cast: Cast;
let seed: InsightsSeed;
let now: Date;
const agents = { a1: '', a2: '' };
let foreignAgent = '';

beforeAll(async () => {
  cast = await startCast();
  for (const key of ['a1', 'a2'] as const) {
    agents[key] = (
      await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: cast.owner.id, name: key })
    ).id;
  }
  foreignAgent = (
    await serviceInsert<{ id: string }>(cast.service, 'agents', {
      user_id: cast.otherOwner.id,
      name: 'foreign',
      subdomain: `foreign-${randomUUID().slice(0, 6)}`,
    })
  ).id;
  now = new Date();
  seed = buildInsightsSeed(cast.owner.id, agents, now);
  await insertInsightsSeed(cast.service, seed);
  // The other owner has activity of their own, which must never show in the owner's numbers.
  await insertInsightsSeed(
    cast.service,
    buildInsightsSeed(cast.otherOwner.id, { a1: foreignAgent, a2: foreignAgent }, now),
  );
}, 120_000);

afterAll(async () => {
  await cast?.stack.stop();
});

describe.each<Period>(['24h', '7d', '30d'])('main dashboard over %s', (period) => {
  it('shows the numbers computed from the seed', async () => {
    const { data, error } = await cast.owner.client.rpc('insights_dashboard', { period, time_zone: TIME_ZONE });
    expect(error).toBeNull();
    const got = dashboardAggregateSchema.parse(data);
    const want = expectedInsights(seed, period, now);
    expect(got.conversations).toEqual(want.conversations);
    expect(got.calls).toMatchObject(want.calls);
    expect(got.messages).toMatchObject(want.messages);
    expect(got.uniqueUsers).toBe(want.uniqueUsers);
    expect(got.satisfaction).toEqual(want.satisfaction);
    expect(got.peakHour).toBe(want.peakHour);
    expect(got.topQuestions).toEqual(want.topQuestions);
    expect(got.toolUsage).toEqual(want.toolUsage);
  });
});

describe('main dashboard rules', () => {
  it('groups questions by their normalised text and counts one caller across phone and WhatsApp', async () => {
    const { data } = await cast.owner.client.rpc('insights_dashboard', { period: '24h', time_zone: TIME_ZONE });
    const got = dashboardAggregateSchema.parse(data);
    // "Opening hours?", "opening   hours", "What are your OPENING hours!" (30 h ago: outside) and the voice line.
    expect(got.topQuestions[0]).toEqual({ question: 'opening hours', count: 3 });
    // +33611223344 called twice (two spellings) and wrote on WhatsApp: one person.
    expect(got.calls.uniqueUsers).toBe(2);
    expect(got.uniqueUsers).toBe(3);
  });

  it('compares the 30 days with the previous calendar month (100 when it had nothing)', async () => {
    const { data } = await cast.owner.client.rpc('insights_dashboard', { period: '30d', time_zone: TIME_ZONE });
    const got = dashboardAggregateSchema.parse(data);
    expect(got.calls.trend).toBe(expectedInsights(seed, '30d', now).calls.trend);
    // The previous calendar month holds one call and one conversation per the seed.
    const z = zonedDate(now, TIME_ZONE);
    if (Number(z.slice(8, 10)) > 6) expect(got.calls.trend).not.toBe(100);
  });

  it('uses the time zone for days and the peak hour', async () => {
    const paris = dashboardAggregateSchema.parse(
      (await cast.owner.client.rpc('insights_dashboard', { period: '24h', time_zone: 'Europe/Paris' })).data,
    );
    const tokyo = dashboardAggregateSchema.parse(
      (await cast.owner.client.rpc('insights_dashboard', { period: '24h', time_zone: 'Asia/Tokyo' })).data,
    );
    expect(paris.peakHour).not.toBeNull();
    expect(tokyo.peakHour).toBe(expectedInsights(seed, '24h', now, undefined, 'Asia/Tokyo').peakHour);
    expect(tokyo.calls.byDay).toEqual(expectedInsights(seed, '24h', now, undefined, 'Asia/Tokyo').calls.byDay);
  });

  it('a time zone with a part-hour offset (Asia/Kolkata) reads the rows themselves and agrees', async () => {
    for (const period of ['24h', '30d'] as const) {
      const got = dashboardAggregateSchema.parse(
        (await cast.owner.client.rpc('insights_dashboard', { period, time_zone: 'Asia/Kolkata' })).data,
      );
      const want = expectedInsights(seed, period, now, undefined, 'Asia/Kolkata');
      expect(got.calls).toMatchObject(want.calls);
      expect(got.messages).toMatchObject(want.messages);
      expect(got.conversations).toEqual(want.conversations);
      expect(got.peakHour).toBe(want.peakHour);
    }
  });

  it('refuses an unknown period or time zone with a client error', async () => {
    const badPeriod = await cast.owner.client.rpc('insights_dashboard', { period: '1y', time_zone: TIME_ZONE });
    expect(badPeriod.error?.code).toBe('22023');
    const badZone = await cast.owner.client.rpc('insights_dashboard', { period: '7d', time_zone: 'Mars/Olympus' });
    expect(badZone.error?.code).toBe('22023');
  });
});

describe('per-agent statistics', () => {
  it.each<Period>(['24h', '7d', '30d'])('are the agent’s own numbers over %s', async (period) => {
    const { data, error } = await cast.owner.client.rpc('insights_agent_statistics', {
      agent_id: agents.a1,
      period,
      time_zone: TIME_ZONE,
    });
    expect(error).toBeNull();
    const got = insightsAggregateSchema.parse(data);
    const want = expectedInsights(seed, period, now, agents.a1);
    expect(got.calls).toMatchObject(want.calls);
    expect(got.messages).toMatchObject(want.messages);
    expect(got.satisfaction).toEqual(want.satisfaction);
    expect(got.uniqueUsers).toBe(want.uniqueUsers);
    expect(got.peakHour).toBe(want.peakHour);
  });

  it('require an agent id', async () => {
    const { error } = await cast.owner.client.rpc('insights_agent_statistics', {
      agent_id: null as unknown as string,
      period: '7d',
    });
    expect(error?.message).toBe('Agent ID is required');
  });
});

describe('who sees the insights', () => {
  it('another owner sees only their own activity, and not my agent', async () => {
    const theirs = dashboardAggregateSchema.parse(
      (await cast.otherOwner.client.rpc('insights_dashboard', { period: '30d', time_zone: TIME_ZONE })).data,
    );
    const mine = expectedInsights(seed, '30d', now);
    // Same seed shape on their single agent: their totals, never the sum of both owners.
    expect(theirs.calls.total).toBe(mine.calls.total);
    const denied = await cast.otherOwner.client.rpc('insights_agent_statistics', { agent_id: agents.a1, period: '7d' });
    expect({ status: denied.status, code: denied.error?.code, message: denied.error?.message }).toEqual({
      status: 404,
      code: 'PT404',
      message: 'Agent not found',
    });
  });

  it('another owner gets no series for my agent, and only their own rows without a filter', async () => {
    // The seed's real range (its oldest row is 100 days old), where my rows certainly are.
    const range = {
      from_date: zonedDate(new Date(now.getTime() - 110 * 86_400_000), TIME_ZONE),
      to_date: zonedDate(now, TIME_ZONE),
      time_zone: TIME_ZONE,
    };
    const mine = seriesRowSchema
      .array()
      .parse((await cast.owner.client.rpc('insights_series', { ...range, for_agent: agents.a1 })).data);
    expect(mine.length).toBeGreaterThan(0);
    const filtered = await cast.otherOwner.client.rpc('insights_series', { ...range, for_agent: agents.a1 });
    expect(filtered.error).toBeNull();
    expect(filtered.data).toEqual([]);
    const theirs = seriesRowSchema.array().parse((await cast.otherOwner.client.rpc('insights_series', range)).data);
    expect(theirs.length).toBeGreaterThan(0);
    expect(new Set(theirs.map((r) => r.agent_id))).toEqual(new Set([foreignAgent]));
  });

  it('an admin reads only their own dashboard (statistics are personal)', async () => {
    const admin = dashboardAggregateSchema.parse(
      (await cast.admin.client.rpc('insights_dashboard', { period: '30d', time_zone: TIME_ZONE })).data,
    );
    expect(admin.calls.total).toBe(0);
    expect(admin.conversations.total).toBe(0);
    const denied = await cast.admin.client.rpc('insights_agent_statistics', { agent_id: agents.a1, period: '7d' });
    expect({ status: denied.status, code: denied.error?.code, message: denied.error?.message }).toEqual({
      status: 404,
      code: 'PT404',
      message: 'Agent not found',
    });
  });

  it('a visitor (anon) can call none of them', async () => {
    for (const [fn, args] of [
      ['insights_dashboard', { period: '7d' }],
      ['insights_agent_statistics', { agent_id: agents.a1, period: '7d' }],
      ['insights_series', { from_date: '2026-01-01', to_date: '2026-01-31' }],
    ] as const) {
      const { data, error } = await cast.anon.rpc(fn, args as never);
      expect(data, fn).toBeNull();
      expect(error, fn).not.toBeNull();
    }
  });

  it('nobody but the service role can write a rating through the RPC', async () => {
    const conversation = seed.conversations[0]!;
    for (const client of [cast.anon, cast.owner.client]) {
      const { error } = await client.rpc('rate_conversation', {
        conversation_id: conversation.id,
        visitor_key: conversation.visitor!,
        rating: 1,
      });
      expect(error).not.toBeNull();
    }
    const row = await cast.service.from('conversations').select('rating').eq('id', conversation.id).single();
    expect(row.data?.rating).toBe(5);
  });
});

describe('analytics series', () => {
  it('gives per day, agent and channel what the seed holds', async () => {
    const from = zonedDate(new Date(now.getTime() - 40 * 86_400_000), TIME_ZONE);
    const to = zonedDate(now, TIME_ZONE);
    const { data, error } = await cast.owner.client.rpc('insights_series', {
      from_date: from,
      to_date: to,
      time_zone: TIME_ZONE,
    });
    expect(error).toBeNull();
    const rows = seriesRowSchema.array().parse(data);
    const sum = (channel: string, key: 'calls' | 'messages' | 'conversations') =>
      rows.filter((r) => r.channel === channel).reduce((a, r) => a + r[key], 0);
    const inRange = (at: Date) => zonedDate(at, TIME_ZONE) >= from && zonedDate(at, TIME_ZONE) <= to;
    expect(sum('phone', 'calls')).toBe(seed.calls.filter((c) => c.status === 'completed' && inRange(c.at)).length);
    expect(sum('web_voice', 'calls')).toBe(
      seed.voiceCalls.filter((v) => v.status === 'completed' && inRange(v.at)).length,
    );
    expect(sum('whatsapp', 'messages')).toBe(2);
    expect(sum('web_chat', 'conversations')).toBe(
      seed.conversations.filter((c) => c.channel === 'web_chat' && inRange(c.startedAt)).length,
    );
    const filtered = seriesRowSchema.array().parse(
      (
        await cast.owner.client.rpc('insights_series', {
          from_date: from,
          to_date: to,
          time_zone: TIME_ZONE,
          for_agent: agents.a2,
          for_channel: 'phone',
        })
      ).data,
    );
    expect(filtered.every((r) => r.agent_id === agents.a2 && r.channel === 'phone')).toBe(true);
    expect(filtered.reduce((a, r) => a + r.calls, 0)).toBe(
      seed.calls.filter((c) => c.agent === agents.a2 && c.status === 'completed' && inRange(c.at)).length,
    );
  });

  it('refuses a reversed or too long range', async () => {
    const { error } = await cast.owner.client.rpc('insights_series', {
      from_date: '2026-02-01',
      to_date: '2026-01-01',
    });
    expect(error?.code).toBe('22023');
  });
});

describe('visitor ratings (agent-chat/rating)', () => {
  async function rate(visitorKey: string | null, body: unknown) {
    const response = await fetch(`${cast.stack.url}/functions/v1/agent-chat/rating`, {
      method: 'POST',
      headers: {
        apikey: cast.stack.anonKey,
        authorization: `Bearer ${cast.stack.anonKey}`,
        'content-type': 'application/json',
        ...(visitorKey ? { 'x-visitor-key': visitorKey } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  it('stores the visitor’s own rating, replaces it on a second rating, and moves the satisfaction', async () => {
    const visitor = `v${randomUUID().replace(/-/g, '')}`;
    const id = randomUUID();
    await serviceInsert(cast.service, 'conversations', {
      id,
      user_id: cast.owner.id,
      agent_id: agents.a2,
      channel: 'web_chat',
      visitor_id: `visitor:${visitor}`,
    });
    expect(await rate(visitor, { conversationId: id, rating: 4 })).toEqual({
      status: 200,
      json: { satisfaction: 0.75 },
    });
    expect((await rate(visitor, { conversationId: id, rating: 2 })).json).toEqual({ satisfaction: 0.25 });
    const row = await cast.service.from('conversations').select('rating, satisfaction').eq('id', id).single();
    expect(row.data).toEqual({ rating: 2, satisfaction: 0.25 });
    const stats = insightsAggregateSchema.parse(
      (
        await cast.owner.client.rpc('insights_agent_statistics', {
          agent_id: agents.a2,
          period: '24h',
          time_zone: TIME_ZONE,
        })
      ).data,
    );
    expect(stats.satisfaction).toMatchObject({ average: 0.25, ratings: 1 });
  });

  it('refuses another visitor, a sandbox conversation and bad input', async () => {
    const owner = seed.conversations[0]!;
    const stranger = await rate(`v${randomUUID().replace(/-/g, '')}`, { conversationId: owner.id, rating: 1 });
    expect(stranger.status).toBe(404);
    expect(stranger.json).toMatchObject({ error: { code: 'conversation_not_found' } });
    const sandbox = seed.conversations.find((c) => c.channel === 'sandbox')!;
    expect((await rate('userowner-0000000000', { conversationId: sandbox.id, rating: 5 })).status).toBe(404);
    for (const body of [{ conversationId: owner.id, rating: 6 }, { conversationId: 'x', rating: 3 }, { rating: 3 }]) {
      const bad = await rate('abcdefghijklmnop', body);
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ error: { code: 'invalid_request' } });
    }
    const row = await cast.service.from('conversations').select('rating').eq('id', owner.id).single();
    expect(row.data?.rating).toBe(5);
  });
});

describe('rollups', () => {
  it('the owner’s sandbox phone calls are not phone calls on the dashboards', async () => {
    await serviceInsert(cast.service, 'calls', {
      user_id: cast.owner.id,
      assigned_agent: agents.a1,
      from_number: '+33699999999',
      to_number: '+33100000000',
      status: 'completed',
      duration: 600,
      source: 'sandbox',
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    });
    const got = dashboardAggregateSchema.parse(
      (await cast.owner.client.rpc('insights_dashboard', { period: '24h', time_zone: TIME_ZONE })).data,
    );
    const want = expectedInsights(seed, '24h', now);
    expect(got.calls.total).toBe(want.calls.total);
    expect(got.calls.totalDuration).toBe(want.calls.totalDuration);
    expect(got.calls.uniqueUsers).toBe(want.calls.uniqueUsers);
  });

  /** Every rollup row of one owner with a counter, in a stable order. */
  async function rollupsOf(owner: string): Promise<unknown[]> {
    const tables = [
      `select agent_key, channel, hour_start, calls, call_seconds, messages, visitor_messages, conversations,
              score_sum::float8 as score_sum, rated, rating_1, rating_2, rating_3, rating_4, rating_5
         from private.insights_hourly where user_id = $1
          and (calls, call_seconds, messages, visitor_messages, conversations, rated) <> (0, 0, 0, 0, 0, 0)
        order by 1, 2, 3`,
      `select agent_key, person_key, last_call_at, last_text_at from private.insights_people where user_id = $1
        order by 1, 2`,
      `select day, question_key, asked from private.insights_questions_daily where user_id = $1 and asked <> 0
        order by 1, 2`,
      `select day, tool, name, runs, failed from private.insights_tools_daily where user_id = $1 and runs <> 0
        order by 1, 2`,
    ];
    const out: unknown[] = [];
    for (const sql of tables) out.push((await cast.stack.db.query(sql, [owner])).rows);
    return out;
  }

  it('what the triggers keep after inserts, updates and deletes equals a rebuild from the rows', async () => {
    // The other owner's copy of the seed is changed here (this test runs last): a call un-completed,
    // a call moved in time, a message deleted, a conversation rated, a voice call completed late.
    const theirs = cast.otherOwner.id;
    const db = cast.stack.db;
    await db.query(
      `update public.calls set status = 'failed' where id = (select id from public.calls where user_id = $1
          and status = 'completed' order by "timestamp" desc limit 1)`,
      [theirs],
    );
    await db.query(
      `update public.calls set "timestamp" = "timestamp" - interval '3 days' where id = (select id from public.calls
          where user_id = $1 and status = 'completed' order by "timestamp" limit 1)`,
      [theirs],
    );
    await db.query(
      `delete from public.messages where id = (select id from public.messages where user_id = $1 and role = 'user'
          and question_key is not null order by "timestamp" desc limit 1)`,
      [theirs],
    );
    await db.query(
      `update public.conversations set rating = 2, satisfaction = 0.25 where id = (select id from public.conversations
          where user_id = $1 and channel = 'web_chat' order by started_at desc limit 1)`,
      [theirs],
    );
    await db.query(
      `insert into public.calls (kind, source, user_id, assigned_agent, status, duration, "timestamp")
       values ('browser_voice', 'visitor', $1, $2, 'processing', 0, now() - interval '5 hours')`,
      [theirs, foreignAgent],
    );
    await db.query(
      `update public.calls set status = 'completed', duration = 61 where user_id = $1 and status = 'processing'`,
      [theirs],
    );
    const kept = await rollupsOf(theirs);
    expect((kept[0] as unknown[]).length).toBeGreaterThan(10);
    await db.query('select private.insights_rebuild($1)', [theirs]);
    expect(await rollupsOf(theirs)).toEqual(kept);
  });
});
