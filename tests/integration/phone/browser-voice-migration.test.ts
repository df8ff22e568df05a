import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLaterMigrations, openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * Migration 20261202130000 moves browser voice calls into `calls`: every `voice_calls` row becomes
 * a `calls` row of kind browser_voice with the same id, so the ledger's charges, the recording
 * annotations and the voice starts keep naming it; its recording, reservation, hang-up state and
 * counts (contacts, insights, notifications) are the same afterwards, and `voice_calls` is gone.
 */
const OWNER = 'd0000000-0000-4000-8000-000000000001';
let db: PGlite;
let agent: string;
const ids: Record<string, string> = {};
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 30, 12, 0, seconds)).toISOString();
let before: {
  unreserved: number;
  contactSeconds: number;
  insights: { calls: number; seconds: number };
  notifications: number;
};

async function voiceCall(key: string, row: Record<string, unknown>) {
  const values = { user_id: OWNER, agent_id: agent, agent_name: 'Shop', ...row };
  const columns = Object.keys(values);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.voice_calls (${columns.map((c) => `"${c}"`).join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(values),
  );
  ids[key] = rows[0]!.id;
}

async function conversation(contact: string | null): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.conversations (user_id, agent_id, channel, contact_id) values ($1, $2, 'web_voice', $3)
     returning id`,
    [OWNER, agent, contact],
  );
  return rows[0]!.id;
}

async function measure() {
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
  return {
    unreserved: (await one<{ n: number }>('select private.voice_unreserved_minutes($1, null) as n', [OWNER])).n,
    contactSeconds: (
      await one<{ n: number }>('select total_call_duration as n from public.contacts where user_id = $1', [OWNER])
    ).n,
    insights: await one<{ calls: number; seconds: number }>(
      `select coalesce(sum(calls), 0)::int as calls, coalesce(sum(call_seconds), 0)::int as seconds
         from private.insights_hourly where user_id = $1 and agent_key = $2 and channel = 'web_voice'`,
      [OWNER, agent],
    ),
    notifications: (
      await one<{ n: number }>("select count(*)::int as n from public.notifications where kind = 'failed_call'")
    ).n,
  };
}

beforeAll(async () => {
  db = await openMigratedDatabase({ before: '20261202130000' });
  await db.query('update public.profiles set credits = 100 where id = $1', [OWNER]);
  agent = (
    await db.query<{ id: string }>("insert into public.agents (user_id, name) values ($1, 'Shop') returning id", [
      OWNER,
    ])
  ).rows[0]!.id;
  const contact = (
    await db.query<{ id: string }>(
      "insert into public.contacts (user_id, first_name, phone) values ($1, 'Ana', '33611111111') returning id",
      [OWNER],
    )
  ).rows[0]!.id;

  // A visitor's call with its recording, charged 2 minutes, hung up at the provider.
  await voiceCall('recorded', {
    conversation_id: await conversation(contact),
    status: 'completed',
    source: 'visitor',
    duration: 90,
    created_at: at(0),
    recording_start_time: at(0),
    recording_end_time: at(90),
    storage_path: `${OWNER}/${agent}/call.webm`,
    file_name: 'call.webm',
    file_size: 4096,
    mime_type: 'audio/webm',
    format: 'webm',
    max_duration_seconds: 300,
    provider_call_id: 'rtc_recorded',
    provider_hung_up_at: at(91),
    caller_audio_at: at(10),
    last_seen_at: at(85),
    installation_id: 'install-1',
    is_public: true,
  });
  await db.query("select private.charge_call_minutes($1, $2, 90, 'Voice call')", [OWNER, ids.recorded]);
  await db.query('update public.voice_calls set credits_charged = 2 where id = $1', [ids.recorded]);
  await db.query(
    `insert into public.recording_annotations (user_id, call_kind, call_id, notes, edited_at)
     values ($1, 'voice', $2, 'Asked for a table', now())`,
    [OWNER, ids.recorded],
  );
  // Nobody spoke: free, and its provider call is still to be hung up (3 attempts failed).
  await voiceCall('silent', {
    conversation_id: await conversation(contact),
    status: 'completed',
    source: 'visitor',
    duration: 40,
    created_at: at(100),
    recording_end_time: at(140),
    provider_call_id: 'rtc_silent',
    hangup_attempts: 3,
    uncharged_reason: 'no_caller_audio',
  });
  // Still open, holding a 5-minute reservation, and counted as a start in progress.
  await voiceCall('open', {
    conversation_id: await conversation(null),
    status: 'recording',
    source: 'visitor',
    created_at: new Date(Date.now() - 30_000).toISOString(),
    last_seen_at: new Date().toISOString(),
    max_duration_seconds: 300,
    provider_call_id: 'rtc_open',
    caller_audio_at: new Date().toISOString(),
  });
  await db.query(
    `insert into private.voice_call_starts (agent_id, visitor_key, address_key, call_id)
     values ($1, 'visitor-1', 'address-1', $2)`,
    [agent, ids.open],
  );
  // The owner's own test, and a call that failed (its owner was told).
  await voiceCall('sandbox', { status: 'completed', source: 'sandbox', duration: 20, created_at: at(200) });
  await voiceCall('failed', { status: 'recording', source: 'visitor', created_at: at(300) });
  await db.query("update public.voice_calls set status = 'failed' where id = $1", [ids.failed]);

  before = await measure();
  await applyLaterMigrations(db);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const call = async (key: string) =>
  (await db.query<Record<string, unknown>>('select * from public.calls where id = $1', [ids[key]])).rows[0];

describe('moving browser voice calls into calls', () => {
  it('drops voice_calls and keeps every call under its id, as a browser voice call', async () => {
    expect(
      (await db.query<{ t: string | null }>("select to_regclass('public.voice_calls')::text as t")).rows[0]!.t,
    ).toBe(null);
    const { rows } = await db.query<{ id: string; kind: string }>(
      'select id, kind from public.calls where id = any($1) order by id',
      [Object.values(ids)],
    );
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['browser_voice']));
  });

  it('keeps what each call was: times, agent, recording, charge, provider call and why it was free', async () => {
    expect(await call('recorded')).toMatchObject({
      kind: 'browser_voice',
      source: 'visitor',
      direction: 'inbound',
      user_id: OWNER,
      assigned_agent: agent,
      agent_name: 'Shop',
      status: 'completed',
      duration: 90,
      credits_charged: 2,
      timestamp: new Date(at(0)),
      ended_at: new Date(at(90)),
      settled_at: new Date(at(90)),
      recording_path: `${OWNER}/${agent}/call.webm`,
      file_name: 'call.webm',
      file_size: 4096,
      mime_type: 'audio/webm',
      format: 'webm',
      max_duration_seconds: 300,
      provider_call_id: 'rtc_recorded',
      provider_hung_up_at: new Date(at(91)),
      caller_audio_at: new Date(at(10)),
      installation_id: 'install-1',
      is_public: true,
      call_sid: null,
      from_number: null,
      to_number: null,
    });
    expect(await call('silent')).toMatchObject({
      credits_charged: 0,
      uncharged_reason: 'no_caller_audio',
      hangup_attempts: 3,
    });
    expect(await call('open')).toMatchObject({ status: 'recording', settled_at: null, max_duration_seconds: 300 });
    expect(await call('sandbox')).toMatchObject({ source: 'sandbox', status: 'completed' });
    expect(await call('failed')).toMatchObject({ status: 'failed', settled_at: null });
  });

  it('keeps the ledger charge and the recording annotation pointing at the same call', async () => {
    const ledger = await db.query<{ amount: number; kind: string }>(
      `select l.amount, c.kind from public.credit_ledger l join public.calls c on c.id = l.call_id
        where l.call_id = $1`,
      [ids.recorded],
    );
    expect(ledger.rows).toEqual([{ amount: -2, kind: 'browser_voice' }]);
    const annotation = await db.query<{ notes: string }>(
      `select a.notes from public.recording_annotations a join public.calls c on c.id = a.call_id
        where a.call_kind = 'voice' and c.kind = 'browser_voice' and c.id = $1`,
      [ids.recorded],
    );
    expect(annotation.rows).toEqual([{ notes: 'Asked for a table' }]);
  });

  it('keeps the open call reserved and in progress, and a due hang-up due', async () => {
    const after = await measure();
    expect(after.unreserved).toBe(before.unreserved);
    expect(before.unreserved).toBe(100 - 2 - 5);
    const inProgress = await db.query<{ n: number }>(
      "select private.voice_calls_in_progress('visitor', 'visitor-1') as n",
    );
    expect(inProgress.rows[0]!.n).toBe(1);
    const due = await db.query<{ call_id: string }>('select call_id from public.voice_hangups_due(100)');
    expect(due.rows.map((r) => r.call_id)).toEqual([ids.silent]);
  });

  it('counts the same: a contact’s call time, insights and failure notices, once each', async () => {
    const after = await measure();
    expect(after.contactSeconds).toBe(130);
    expect(after).toEqual(before);
    expect(after.insights).toEqual({ calls: 2, seconds: 130 });
    expect(after.notifications).toBe(1);
  });

  it('settles the open call once, on calls, after the move', async () => {
    const ended = await db.query<{ claimed: boolean; credits_charged: number }>(
      'select claimed, credits_charged from public.voice_end_call($1, 60)',
      [ids.open],
    );
    expect(ended.rows).toEqual([{ claimed: true, credits_charged: 1 }]);
    const again = await db.query<{ claimed: boolean }>('select claimed from public.voice_end_call($1, 60)', [ids.open]);
    expect(again.rows).toEqual([{ claimed: false }]);
    expect(await call('open')).toMatchObject({ status: 'completed', credits_charged: 1 });
    expect((await call('open'))!.settled_at).not.toBeNull();
  });
});
