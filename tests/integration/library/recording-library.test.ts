/**
 * The server side of the desktop recordings library: the `recording-library` manifest
 * (size, SHA-256, signed Range-capable URL, transcript, annotation of the caller's own recordings
 * only), the private checksum cache, and the annotations with their last-writer-wins sync RPC, per
 * role (anon, owner, other owner, admin). Rows are written with the service role as the call
 * functions write them.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  libraryManifestSchema,
  rubricSchema,
} from '../../../supabase/functions/_shared/contracts/recording-library.ts';
import { attemptInsert, attemptUpdate, startCast, visibleRows, type Cast } from '../security/support/actors.ts';

let cast: Cast;
let agentId: string;
const phone = { id: '', path: '', bytes: Buffer.alloc(0) };
const voice = { id: '', path: '', bytes: Buffer.alloc(0) };
let unrecordedId: string;
let foreignPhoneId: string;

async function must<T>(result: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<NonNullable<T>> {
  const { data, error } = await result;
  if (error) throw new Error(error.message);
  return data as NonNullable<T>;
}

async function manifest(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke('recording-library', { body });
  if (error) return { status: (error as { context?: Response }).context?.status ?? 0, data: null };
  return { status: 200, data: libraryManifestSchema.parse(data) };
}

const sync = (client: SupabaseClient, callId: string, editedAt: string, notes: string, kind = 'gsm') =>
  client.rpc('sync_recording_annotation', {
    call_kind: kind,
    call_id: callId,
    notes,
    tags: ['follow-up'],
    rubric: { greeting: 4 },
    edited_at: editedAt,
  });

beforeAll(async () => {
  cast = await startCast();
  const { service, owner, otherOwner } = cast;
  agentId = (await must(service.from('agents').insert({ user_id: owner.id, name: 'Front desk' }).select('id').single()))
    .id;
  const conversation = await must(
    service
      .from('conversations')
      .insert({ user_id: owner.id, agent_id: agentId, channel: 'phone', visitor_id: '+33612345678' })
      .select('id')
      .single(),
  );
  await must(
    service.from('messages').insert([
      {
        conversation_id: conversation.id,
        user_id: owner.id,
        role: 'user',
        content: 'My boiler is leaking.',
        timestamp: '2026-11-20T10:00:00Z',
      },
      {
        conversation_id: conversation.id,
        user_id: owner.id,
        role: 'assistant',
        content: 'A plumber comes at nine.',
        timestamp: '2026-11-20T10:00:05Z',
      },
    ]),
  );
  phone.bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
  const call = await must(
    service
      .from('calls')
      .insert({
        user_id: owner.id,
        assigned_agent: agentId,
        from_number: '+33612345678',
        to_number: '+15550001111',
        status: 'completed',
        duration: 42,
        conversation_id: conversation.id,
      })
      .select('id')
      .single(),
  );
  phone.id = call.id;
  phone.path = `${owner.id}/${agentId}/calls/${call.id}.wav`;
  await must(service.storage.from('recordings').upload(phone.path, phone.bytes, { contentType: 'audio/wav' }));
  await must(service.from('calls').update({ recording_path: phone.path }).eq('id', call.id));

  voice.bytes = Buffer.from('voice-recording-bytes'.repeat(40));
  const v = await must(
    service
      .from('calls')
      .insert({
        kind: 'browser_voice',
        source: 'visitor',
        user_id: owner.id,
        assigned_agent: agentId,
        status: 'completed',
        duration: 12,
        mime_type: 'audio/webm',
      })
      .select('id')
      .single(),
  );
  voice.id = v.id;
  voice.path = `${owner.id}/${agentId}/voice-${v.id}.webm`;
  await must(service.storage.from('recordings').upload(voice.path, voice.bytes, { contentType: 'audio/webm' }));
  await must(service.from('calls').update({ recording_path: voice.path }).eq('id', v.id));

  unrecordedId = (
    await must(
      service
        .from('calls')
        .insert({ user_id: owner.id, assigned_agent: agentId, from_number: '+1', to_number: '+2', status: 'completed' })
        .select('id')
        .single(),
    )
  ).id;
  const otherAgent = await must(
    service.from('agents').insert({ user_id: otherOwner.id, name: 'Their desk' }).select('id').single(),
  );
  const otherPath = `${otherOwner.id}/${otherAgent.id}/theirs.wav`;
  await must(service.storage.from('recordings').upload(otherPath, Buffer.from('theirs'), { contentType: 'audio/wav' }));
  foreignPhoneId = (
    await must(
      service
        .from('calls')
        .insert({
          user_id: otherOwner.id,
          assigned_agent: otherAgent.id,
          from_number: '+3',
          to_number: '+4',
          status: 'completed',
          recording_path: otherPath,
        })
        .select('id')
        .single(),
    )
  ).id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('recording-library manifest', () => {
  it('gives the owner size, SHA-256, a signed Range-capable URL and the transcript of each picked recording', async () => {
    const { data } = await manifest(cast.owner.client, {
      selection: {
        mode: 'calls',
        calls: [
          { kind: 'gsm', id: phone.id },
          { kind: 'voice', id: voice.id },
          { kind: 'gsm', id: unrecordedId },
        ],
      },
    });
    expect(data?.skipped).toEqual([unrecordedId]);
    const byId = new Map(data?.items.map((item) => [item.id, item]));
    const p = byId.get(phone.id)!;
    expect(p).toMatchObject({
      kind: 'gsm',
      agentName: 'Front desk',
      callerNumber: '+33612345678',
      size: phone.bytes.length,
      sha256: createHash('sha256').update(phone.bytes).digest('hex'),
      mimeType: 'audio/wav',
      fileExtension: 'wav',
      annotation: null,
    });
    expect(p.transcript.map((l) => l.content)).toEqual(['My boiler is leaking.', 'A plumber comes at nine.']);
    const v = byId.get(voice.id)!;
    expect(v).toMatchObject({ kind: 'voice', size: voice.bytes.length, mimeType: 'audio/webm', transcript: [] });
    expect(v.sha256).toBe(createHash('sha256').update(voice.bytes).digest('hex'));

    const tail = await fetch(p.url, { headers: { range: 'bytes=4000-' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(phone.bytes.subarray(4000));
  });

  it('caches each checksum once, where no client role can read or write it', async () => {
    const cached = await must(cast.service.from('recording_checksums').select('path, size').eq('path', phone.path));
    expect(cached).toEqual([{ path: phone.path, size: phone.bytes.length }]);
    for (const client of [cast.anon, cast.owner.client, cast.admin.client]) {
      expect((await visibleRows(client, 'recording_checksums', { path: phone.path })) ?? []).toEqual([]);
      expect(
        await attemptInsert(client, 'recording_checksums', {
          path: `${cast.owner.id}/forged.wav`,
          user_id: cast.owner.id,
          size: 1,
          sha256: '0'.repeat(64),
        }),
      ).toBe(false);
      expect(await attemptUpdate(client, 'recording_checksums', { sha256: 'f'.repeat(64) }, { path: phone.path })).toBe(
        0,
      );
    }
  });

  it('answers the call-history filter and "everything of these agents" with recorded calls only, minus what the app holds', async () => {
    const filtered = await manifest(cast.owner.client, { selection: { mode: 'filter', agentId } });
    expect(new Set(filtered.data?.items.map((i) => i.id))).toEqual(new Set([phone.id, voice.id]));
    const fresh = await manifest(cast.owner.client, {
      selection: { mode: 'agents', agentIds: [agentId] },
      exclude: [phone.id],
    });
    expect(fresh.data?.items.map((i) => i.id)).toEqual([voice.id]);
    expect(fresh.data?.truncated).toBe(false);
  });

  it('another owner and an admin get nothing of the owner’s calls; a visitor is refused', async () => {
    const selection = { mode: 'calls', calls: [{ kind: 'gsm', id: phone.id }] };
    for (const actor of [cast.otherOwner, cast.admin]) {
      const { data } = await manifest(actor.client, { selection });
      expect(data).toEqual({ items: [], skipped: [phone.id], truncated: false, next: null });
      const agents = await manifest(actor.client, { selection: { mode: 'agents', agentIds: [agentId] } });
      expect(agents.data?.items).toEqual([]);
    }
    expect((await manifest(cast.anon, { selection })).status).toBe(401);
    // The other owner's own recording is theirs to download, not the owner's.
    const mine = await manifest(cast.otherOwner.client, {
      selection: { mode: 'calls', calls: [{ kind: 'gsm', id: foreignPhoneId }] },
    });
    expect(mine.data?.items.map((i) => i.id)).toEqual([foreignPhoneId]);
    const theirs = await manifest(cast.owner.client, {
      selection: { mode: 'calls', calls: [{ kind: 'gsm', id: foreignPhoneId }] },
    });
    expect(theirs.data?.items).toEqual([]);
  });

  it('refuses a malformed selection with 400', async () => {
    expect(
      (await manifest(cast.owner.client, { selection: { mode: 'calls', calls: [{ kind: 'gsm', id: '../x' }] } }))
        .status,
    ).toBe(400);
    expect((await manifest(cast.owner.client, { selection: { mode: 'everything' } })).status).toBe(400);
  });
});

describe('recording annotations', () => {
  it('the owner syncs an annotation; an older edit loses and gets the winning row back', async () => {
    const first = await sync(cast.owner.client, phone.id, '2026-11-20T10:00:00Z', 'Caller was patient.');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject([
      { notes: 'Caller was patient.', tags: ['follow-up'], rubric: { greeting: 4 }, lost: false },
    ]);
    const stale = await sync(cast.owner.client, phone.id, '2026-11-20T09:00:00Z', 'Older offline note.');
    expect(stale.data).toMatchObject([{ notes: 'Caller was patient.', lost: true }]);
    const newer = await sync(cast.owner.client, phone.id, '2026-11-20T11:00:00Z', 'Newer note wins.');
    expect(newer.data).toMatchObject([{ notes: 'Newer note wins.', lost: false }]);
    const rows = await must(cast.owner.client.from('recording_annotations').select('notes').eq('call_id', phone.id));
    expect(rows).toEqual([{ notes: 'Newer note wins.' }]);
    // and the manifest carries it
    const { data } = await manifest(cast.owner.client, {
      selection: { mode: 'calls', calls: [{ kind: 'gsm', id: phone.id }] },
    });
    expect(data?.items[0]?.annotation?.notes).toBe('Newer note wins.');
  });

  it('an edit from a clock in the future cannot win forever', async () => {
    const future = await sync(cast.owner.client, voice.id, '2999-01-01T00:00:00Z', 'Time traveller.', 'voice');
    expect(future.error).toBeNull();
    const row = (future.data as { edited_at: string }[])[0]!;
    expect(Date.parse(row.edited_at)).toBeLessThan(Date.now() + 5 * 60_000);
  });

  it('another owner and an admin can neither annotate nor read the owner’s call; a visitor cannot call the RPC', async () => {
    for (const actor of [cast.otherOwner, cast.admin]) {
      const attempt = await sync(actor.client, phone.id, new Date().toISOString(), 'Not mine.');
      expect(attempt.error?.code).toBe('PT404');
      expect(await visibleRows(actor.client, 'recording_annotations', { call_id: phone.id })).toEqual([]);
    }
    const anon = await sync(cast.anon, phone.id, new Date().toISOString(), 'Visitor.');
    expect(anon.error).not.toBeNull();
    expect(await visibleRows(cast.anon, 'recording_annotations', { call_id: phone.id })).toBeNull();
  });

  it('nobody writes the table directly, not even its owner (the RPC is the only way in)', async () => {
    expect(
      await attemptInsert(cast.owner.client, 'recording_annotations', {
        user_id: cast.owner.id,
        call_kind: 'gsm',
        call_id: unrecordedId,
        edited_at: new Date().toISOString(),
      }),
    ).toBe(false);
    expect(await attemptUpdate(cast.owner.client, 'recording_annotations', { notes: 'x' }, { call_id: phone.id })).toBe(
      0,
    );
  });

  it('Postgres and the contract agree on what a rubric is', async () => {
    const cases: [unknown, boolean][] = [
      [{}, true],
      [{ greeting: 1, understanding: 5, resolution: 3, courtesy: 2 }, true],
      [{ greeting: 0 }, false],
      [{ greeting: 6 }, false],
      [{ greeting: 2.5 }, false],
      [{ greeting: '3' }, false],
      [{ punctuality: 3 }, false],
    ];
    for (const [rubric, valid] of cases) {
      expect(rubricSchema.safeParse(rubric).success, JSON.stringify(rubric)).toBe(valid);
      const { error } = await cast.owner.client.rpc('sync_recording_annotation', {
        call_kind: 'gsm',
        call_id: phone.id,
        notes: 'rubric case',
        tags: [],
        rubric: rubric as never,
        edited_at: new Date(Date.now() + randomUUID().length).toISOString(),
      });
      expect(error === null, JSON.stringify(rubric)).toBe(valid);
    }
  });
});

describe('recording-library at scale', () => {
  let bulkAgent: string;
  const bulk: { id: string; path: string; sha256: string }[] = [];
  let sparseAgent: string;
  let sparseRecorded: string;

  beforeAll(async () => {
    const { service, owner } = cast;
    bulkAgent = (
      await must(service.from('agents').insert({ user_id: owner.id, name: 'Bulk desk' }).select('id').single())
    ).id;
    const rows = await must(
      service
        .from('calls')
        .insert(
          Array.from({ length: 100 }, (_, i) => ({
            user_id: owner.id,
            assigned_agent: bulkAgent,
            from_number: `+3361000${String(i).padStart(4, '0')}`,
            to_number: '+15550001111',
            status: 'completed',
            duration: 10,
            timestamp: new Date(Date.parse('2026-11-10T08:00:00Z') + i * 60_000).toISOString(),
          })),
        )
        .select('id'),
    );
    for (const [i, row] of rows.entries()) {
      // one recording of several megabytes: hashed as a stream, in many chunks
      const bytes = i === 0 ? Buffer.alloc(3_000_000, 7) : Buffer.from(`recording ${i} `.repeat(20));
      const path = `${owner.id}/${bulkAgent}/calls/${row.id}-${'long-name'.repeat(4)}.wav`;
      await must(service.storage.from('recordings').upload(path, bytes, { contentType: 'audio/wav' }));
      await must(service.from('calls').update({ recording_path: path }).eq('id', row.id));
      bulk.push({ id: row.id, path, sha256: createHash('sha256').update(bytes).digest('hex') });
    }

    // 2,050 calls without a recording, newer than the one recorded call of this agent
    sparseAgent = (
      await must(service.from('agents').insert({ user_id: owner.id, name: 'Sparse desk' }).select('id').single())
    ).id;
    await must(
      service.from('calls').insert(
        Array.from({ length: 2050 }, (_, i) => ({
          user_id: owner.id,
          assigned_agent: sparseAgent,
          from_number: '+1',
          to_number: '+2',
          status: 'completed',
          timestamp: new Date(Date.parse('2026-11-15T08:00:00Z') + i * 1000).toISOString(),
        })),
      ),
    );
    const recorded = await must(
      service
        .from('calls')
        .insert({
          user_id: owner.id,
          assigned_agent: sparseAgent,
          from_number: '+3',
          to_number: '+4',
          status: 'completed',
          timestamp: '2026-11-14T08:00:00Z',
        })
        .select('id')
        .single(),
    );
    sparseRecorded = recorded.id;
    const path = `${owner.id}/${sparseAgent}/calls/${recorded.id}.wav`;
    await must(service.storage.from('recordings').upload(path, Buffer.from('old'), { contentType: 'audio/wav' }));
    await must(service.from('calls').update({ recording_path: path }).eq('id', recorded.id));
  }, 120_000);

  it('hashes at most a few new recordings per request (truncated), then answers all 100 with URLs under 8 KB', async () => {
    const selection = { mode: 'calls', calls: bulk.map((b) => ({ kind: 'gsm', id: b.id })) };
    const first = await manifest(cast.owner.client, { selection });
    expect(first.data).toMatchObject({ truncated: true, next: null });
    expect(first.data?.items).toHaveLength(10);

    // what the function asks of the API, as it goes out
    const ctx = cast.stack.ctx;
    const dispatch = ctx.dispatch!;
    const urls: string[] = [];
    ctx.dispatch = (request) => {
      urls.push(request.url);
      return dispatch(request);
    };
    try {
      let answer = first;
      for (let round = 0; answer.data?.truncated && round < 12; round++) {
        answer = await manifest(cast.owner.client, { selection });
      }
      expect(answer.data).toMatchObject({ truncated: false, skipped: [] });
      expect(answer.data?.items).toHaveLength(100);
      const sums = new Map(answer.data?.items.map((item) => [item.id, item.sha256]));
      expect(bulk.every((b) => sums.get(b.id) === b.sha256)).toBe(true);
      expect(answer.data?.items.find((item) => item.id === bulk[0]!.id)?.size).toBe(3_000_000);
    } finally {
      ctx.dispatch = dispatch;
    }
    const lookups = urls.filter((url) => url.includes('/rest/v1/recording_checksums'));
    expect(lookups.length).toBeGreaterThan(1);
    expect(Math.max(...urls.map((url) => url.length))).toBeLessThan(8 * 1024);
  }, 120_000);

  it('"download again" continues from the cursor, past 2,000 newer calls without a recording', async () => {
    for (const selection of [
      { mode: 'filter', agentId: sparseAgent },
      { mode: 'agents', agentIds: [sparseAgent] },
    ]) {
      const first = await manifest(cast.owner.client, { selection });
      expect(first.data).toMatchObject({ items: [], truncated: true });
      expect(first.data?.next).not.toBeNull();
      const again = await manifest(cast.owner.client, { selection, cursor: first.data?.next });
      expect(again.data?.items.map((i) => i.id)).toEqual([sparseRecorded]);
      expect(again.data).toMatchObject({ truncated: false, next: null });
    }
  }, 60_000);

  it('refuses a malformed cursor with 400', async () => {
    const selection = { mode: 'filter', agentId: sparseAgent };
    const bad = await manifest(cast.owner.client, { selection, cursor: { beforeAt: 'yesterday', beforeId: 'x' } });
    expect(bad.status).toBe(400);
  });
});

describe('recording annotations, first saves', () => {
  it('two first saves of one call: the newer edit stands whichever arrives last, the older one is told it lost', async () => {
    const { service, owner } = cast;
    const fresh = async () =>
      (
        await must(
          service
            .from('calls')
            .insert({
              user_id: owner.id,
              assigned_agent: agentId,
              from_number: '+5',
              to_number: '+6',
              status: 'completed',
            })
            .select('id')
            .single(),
        )
      ).id;
    for (const newerFirst of [true, false]) {
      const callId = await fresh();
      const saves = newerFirst
        ? [
            sync(owner.client, callId, '2026-11-21T10:00:00Z', 'Newer'),
            sync(owner.client, callId, '2026-11-21T09:00:00Z', 'Older'),
          ]
        : [
            sync(owner.client, callId, '2026-11-21T09:00:00Z', 'Older'),
            sync(owner.client, callId, '2026-11-21T10:00:00Z', 'Newer'),
          ];
      const [first, second] = await Promise.all(saves);
      const older = newerFirst ? second : first;
      const newer = newerFirst ? first : second;
      expect(newer?.data).toMatchObject([{ notes: 'Newer', lost: false }]);
      // an older edit that comes last loses and gets the standing row back
      if (newerFirst) expect(older?.data).toMatchObject([{ notes: 'Newer', lost: true }]);
      const rows = await must(owner.client.from('recording_annotations').select('notes').eq('call_id', callId));
      expect(rows).toEqual([{ notes: 'Newer' }]);
    }
  });
});
