import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInsert, startCast, type Actor, type Cast } from '../security/support/actors.ts';
import { insertWhatsAppMessage } from '../../support/whatsapp-rows.ts';

/**
 * The owner's WhatsApp screens read through `whatsapp_threads` and `whatsapp_thread_messages`
 * (migrations 20261125200000, 20261202125000): the text from the transcript (`messages`), the
 * delivery state from `whatsapp_messages`; conversations grouped by agent and WhatsApp user, newest first,
 * keyset-paged without repeats or gaps; one thread with both directions, statuses and failure
 * reasons; the owner sees only their own (anon, another owner and an admin see none of theirs);
 * the media bucket is readable by its owner only; Realtime tells the owner when a message arrives.
 */
let cast: Cast;
let agentA: string;
let agentB: string;
const BUSINESS = 'whatsapp:+14155550199';
const sid = () => `SM${randomBytes(16).toString('hex')}`;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

interface Thread {
  thread_key: string;
  agent_id: string | null;
  agent_name: string | null;
  contact_number: string;
  profile_name: string | null;
  last_message_at: string;
  last_body: string;
  last_direction: string;
  last_status: string | null;
  message_count: number;
  failed_count: number;
}

async function message(
  owner: Actor,
  agentId: string | null,
  row: { from_number: string; body: string } & Record<string, unknown>,
): Promise<{ id: string }> {
  return insertWhatsAppMessage(cast.service, {
    user_id: owner.id,
    assigned_agent: agentId,
    message_sid: sid(),
    ...row,
  });
}

const inbound = (owner: Actor, agentId: string, from: string, minutesAgo: number, body: string, extra = {}) =>
  message(owner, agentId, {
    direction: 'inbound',
    from_number: `whatsapp:${from}`,
    to_number: BUSINESS,
    body,
    status: 'received',
    timestamp: at(minutesAgo),
    ...extra,
  });
const reply = (owner: Actor, agentId: string, to: string, minutesAgo: number, body: string, extra = {}) =>
  message(owner, agentId, {
    direction: 'outbound',
    from_number: BUSINESS,
    to_number: `whatsapp:${to}`,
    body,
    status: 'sent',
    timestamp: at(minutesAgo),
    ...extra,
  });

async function threads(client: SupabaseClient, args: Record<string, unknown> = {}): Promise<Thread[]> {
  const { data, error } = await client.rpc('whatsapp_threads', args);
  if (error) throw new Error(error.message);
  return data as Thread[];
}

beforeAll(async () => {
  cast = await startCast();
  agentA = (await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: cast.owner.id, name: 'Shop' })).id;
  agentB = (await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: cast.owner.id, name: 'Desk' })).id;
  // Ana wrote to Shop 30 and 10 minutes ago; Shop answered both, the last answer failed (63016).
  await inbound(cast.owner, agentA, '+33611111111', 30, 'Bonjour', { profile_name: 'Ana' });
  await reply(cast.owner, agentA, '+33611111111', 29, 'Bonjour Ana', { status: 'read' });
  await inbound(cast.owner, agentA, '+33611111111', 10, 'Encore moi');
  await reply(cast.owner, agentA, '+33611111111', 9, 'Hors fenêtre', {
    status: 'undelivered',
    error_code: 63016,
  });
  // Bob wrote to Shop 20 minutes ago (no answer: the monthly limit was reached).
  await inbound(cast.owner, agentA, '+33622222222', 20, 'Hello', { profile_name: 'Bob' });
  await reply(cast.owner, agentA, '+33622222222', 20, '', { status: 'not_sent', not_sent_reason: 'monthly_limit' });
  // Ana also wrote to Desk 5 minutes ago: a different thread (another agent).
  await inbound(cast.owner, agentB, '+33611111111', 5, 'Question pour le support', { profile_name: 'Ana D.' });
  // Another owner's customer.
  const theirs = await serviceInsert<{ id: string }>(cast.service, 'agents', {
    user_id: cast.otherOwner.id,
    name: 'Theirs',
  });
  await inbound(cast.otherOwner, theirs.id, '+33699999999', 1, 'Not yours');
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('whatsapp_threads', () => {
  it('lists the owner’s conversations by agent and WhatsApp user, newest first, with the last message', async () => {
    const rows = await threads(cast.owner.client);
    expect(rows.map((r) => [r.agent_name, r.contact_number])).toEqual([
      ['Desk', '+33611111111'],
      ['Shop', '+33611111111'],
      ['Shop', '+33622222222'],
    ]);
    const ana = rows[1]!;
    expect(ana).toMatchObject({
      agent_id: agentA,
      profile_name: 'Ana',
      last_body: 'Hors fenêtre',
      last_direction: 'outbound',
      last_status: 'undelivered',
      message_count: 4,
      failed_count: 1,
    });
    expect(rows[2]).toMatchObject({ profile_name: 'Bob', message_count: 2, failed_count: 1 });
  });

  it('filters by agent', async () => {
    const rows = await threads(cast.owner.client, { agent_filter: agentA });
    expect(rows.map((r) => r.contact_number)).toEqual(['+33611111111', '+33622222222']);
    expect(await threads(cast.owner.client, { agent_filter: agentB })).toHaveLength(1);
  });

  it('pages on (last message time, thread key) without repeating or skipping a thread', async () => {
    const first = await threads(cast.owner.client, { page_size: 2 });
    expect(first).toHaveLength(2);
    const last = first[1]!;
    const second = await threads(cast.owner.client, {
      page_size: 2,
      before_at: last.last_message_at,
      before_key: last.thread_key,
    });
    expect(second.map((r) => r.thread_key)).toEqual([(await threads(cast.owner.client))[2]!.thread_key]);
    const past = second[0]!;
    expect(await threads(cast.owner.client, { before_at: past.last_message_at, before_key: past.thread_key })).toEqual(
      [],
    );
  });

  it('pages two threads whose last messages share the same instant', async () => {
    const owner = await cast.newUser('same-instant');
    const agent = (await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: owner.id, name: 'Twin' })).id;
    const instant = at(3);
    await inbound(owner, agent, '+33600000001', 0, 'a', { timestamp: instant });
    await inbound(owner, agent, '+33600000002', 0, 'b', { timestamp: instant });
    const [one] = await threads(owner.client, { page_size: 1 });
    const [two] = await threads(owner.client, {
      page_size: 1,
      before_at: one!.last_message_at,
      before_key: one!.thread_key,
    });
    expect(two).toBeDefined();
    expect(new Set([one!.contact_number, two!.contact_number])).toEqual(new Set(['+33600000001', '+33600000002']));
  });

  it('another owner and an admin see none of my threads; a visitor cannot call it', async () => {
    const theirs = await threads(cast.otherOwner.client);
    expect(theirs.map((r) => r.contact_number)).toEqual(['+33699999999']);
    expect(await threads(cast.otherOwner.client, { agent_filter: agentA })).toEqual([]);
    expect(await threads(cast.admin.client)).toEqual([]);
    const { error } = await cast.anon.rpc('whatsapp_threads', {});
    expect(error).not.toBeNull();
  });
});

describe('whatsapp_thread_messages', () => {
  const thread = (client: SupabaseClient, args: Record<string, unknown>) =>
    client.rpc('whatsapp_thread_messages', { thread_agent: agentA, thread_contact: '+33611111111', ...args });

  it('returns one thread, both directions, newest first, with statuses and error codes', async () => {
    const { data, error } = await thread(cast.owner.client, {});
    expect(error).toBeNull();
    const rows = data as { direction: string; body: string; status: string | null; error_code: number | null }[];
    expect(rows.map((r) => [r.direction, r.body, r.status, r.error_code])).toEqual([
      ['outbound', 'Hors fenêtre', 'undelivered', 63016],
      ['inbound', 'Encore moi', 'received', null],
      ['outbound', 'Bonjour Ana', 'read', null],
      ['inbound', 'Bonjour', 'received', null],
    ]);
  });

  it('shows a reply sent as several WhatsApp messages as one line: its text once, the troubled status, every medium', async () => {
    const owner = await cast.newUser('reply-parts');
    const agent = (await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: owner.id, name: 'Parts' }))
      .id;
    const number = '+33644444444';
    await inbound(owner, agent, number, 5, 'Long question');
    const voice = { bucket: 'whatsapp-media', path: `${owner.id}/${agent}/SMx/0`, contentType: 'audio/ogg' };
    const first = await insertWhatsAppMessage(cast.service, {
      user_id: owner.id,
      assigned_agent: agent,
      message_sid: sid(),
      direction: 'outbound',
      from_number: BUSINESS,
      to_number: `whatsapp:${number}`,
      body: 'A long answer, in two parts.',
      media: [voice],
      status: 'read',
      timestamp: at(4),
    });
    await insertWhatsAppMessage(cast.service, {
      user_id: owner.id,
      assigned_agent: agent,
      message_sid: sid(),
      direction: 'outbound',
      from_number: BUSINESS,
      to_number: `whatsapp:${number}`,
      body: '',
      message_id: first.message_id,
      status: 'delivered',
      timestamp: at(4),
    });
    const { data, error } = await owner.client.rpc('whatsapp_thread_messages', {
      thread_agent: agent,
      thread_contact: number,
    });
    expect(error).toBeNull();
    const rows = data as { direction: string; body: string; status: string; media: unknown[]; message_id: string }[];
    expect(rows.map((r) => [r.direction, r.body, r.status])).toEqual([
      ['outbound', 'A long answer, in two parts.', 'delivered'],
      ['inbound', 'Long question', 'received'],
    ]);
    expect(rows[0]).toMatchObject({ message_id: first.message_id, media: [voice] });
    // The text is the transcript's: what the transcript says, the thread shows.
    await cast.service.from('messages').update({ content: 'A long answer, edited.' }).eq('id', first.message_id);
    const [thread] = await threads(owner.client);
    expect(thread).toMatchObject({ last_body: 'A long answer, edited.', message_count: 2, failed_count: 0 });
  });

  it('shows why a reply was not sent', async () => {
    const { data } = await cast.owner.client.rpc('whatsapp_thread_messages', {
      thread_agent: agentA,
      thread_contact: '+33622222222',
    });
    expect((data as { direction: string; status: string; not_sent_reason: string | null }[])[0]).toMatchObject({
      direction: 'outbound',
      status: 'not_sent',
      not_sent_reason: 'monthly_limit',
    });
  });

  it('pages on (time, id)', async () => {
    const { data: first } = await thread(cast.owner.client, { page_size: 3 });
    const page = first as { id: string; sent_at: string; body: string }[];
    expect(page).toHaveLength(3);
    const { data: rest } = await thread(cast.owner.client, {
      page_size: 3,
      before_at: page[2]!.sent_at,
      before_id: page[2]!.id,
    });
    expect((rest as { body: string }[]).map((r) => r.body)).toEqual(['Bonjour']);
  });

  it('another owner and an admin read nothing of my thread; a visitor cannot call it', async () => {
    expect((await thread(cast.otherOwner.client, {})).data).toEqual([]);
    expect((await thread(cast.admin.client, {})).data).toEqual([]);
    expect((await thread(cast.anon, {})).error).not.toBeNull();
  });
});

describe('whatsapp media', () => {
  it('the webhook stores media in the owner’s folder; the owner gets a signed URL, nobody else', async () => {
    const path = `${cast.owner.id}/${agentA}/${sid()}/0`;
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    expect((await cast.service.storage.from('whatsapp-media').upload(path, jpeg)).error).toBeNull();
    const signed = await cast.owner.client.storage.from('whatsapp-media').createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
    expect(
      (await cast.otherOwner.client.storage.from('whatsapp-media').createSignedUrl(path, 60)).error,
    ).not.toBeNull();
    expect((await cast.anon.storage.from('whatsapp-media').createSignedUrl(path, 60)).error).not.toBeNull();
    // Owners read their media; only the server writes it.
    const upload = await cast.owner.client.storage.from('whatsapp-media').upload(`${cast.owner.id}/x/y/0`, jpeg);
    expect(upload.error).not.toBeNull();
  });
});

describe('live updates', () => {
  it('the owner hears of a message arriving; another owner does not', async () => {
    const heard: string[] = [];
    const overheard: string[] = [];
    const subscribe = (client: SupabaseClient, userId: string, into: string[]) =>
      new Promise<ReturnType<SupabaseClient['channel']>>((resolve, reject) => {
        const channel = client
          .channel(`wa-${userId}-${randomBytes(4).toString('hex')}`)
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'whatsapp_messages', filter: `user_id=eq.${cast.owner.id}` },
            (change) => into.push((change.new as { id?: string }).id ?? ''),
          )
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') resolve(channel);
            if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
          });
      });
    const mine = await subscribe(cast.owner.client, cast.owner.id, heard);
    const theirs = await subscribe(cast.otherOwner.client, cast.otherOwner.id, overheard);
    const live = await inbound(cast.owner, agentA, '+33633333333', 0, 'Live one');
    await expect.poll(() => heard, { timeout: 5000 }).toContain(live.id);
    // Give the other subscription the same chance to (wrongly) receive it.
    await new Promise((r) => setTimeout(r, 300));
    expect(overheard).toEqual([]);
    await cast.owner.client.removeChannel(mine);
    await cast.otherOwner.client.removeChannel(theirs);
  });
});
