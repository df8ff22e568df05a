/**
 * The call history, contact cards, contact timeline and inbox functions, and the
 * contacts Postgres matches from every channel. Rows are written with the service role as the
 * channels' functions write them; each role then reads through supabase-js.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWhatsAppMessage } from '../../support/whatsapp-rows.ts';
import { CALL_HISTORY_STATUSES, INBOX_CHANNELS } from '../../../supabase/functions/_shared/contracts/history.ts';
import { CALL_STATUSES } from '../../../supabase/functions/_shared/contracts/phone.ts';
import {
  attemptUpdate,
  serviceInsert,
  serviceRow,
  startCast,
  type Actor,
  type Cast,
} from '../security/support/actors.ts';

let cast: Cast;
let owner: Actor;
let sales: { id: string };
let support: { id: string };
const base = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

interface HistoryRow {
  kind: string;
  id: string;
  agent_name: string | null;
  from_number: string | null;
  started_at: string;
  status: string;
}

async function history(client: SupabaseClient, args: Record<string, unknown> = {}) {
  const { data, error } = await client.rpc('call_history', args);
  if (error) throw new Error(error.message);
  return data as HistoryRow[];
}

/** Agents are made by the service role: the free pack's one-agent limit is not under test here. */
async function agentOf(actor: Actor, name: string) {
  const { data, error } = await cast.service.from('agents').insert({ user_id: actor.id, name }).select('id').single();
  if (error) throw new Error(error.message);
  return data as { id: string };
}

beforeAll(async () => {
  cast = await startCast();
  owner = await cast.newUser('history-owner');
  sales = await agentOf(owner, 'Sales desk');
  support = await agentOf(owner, 'Support line');
  // 24 completed phone calls (one a minute), one that failed, one busy, 3 completed browser voice calls.
  const calls = Array.from({ length: 24 }, (_, i) => ({
    user_id: owner.id,
    assigned_agent: i % 2 === 0 ? sales.id : support.id,
    from_number: i < 3 ? '+33612345678' : `+1415555${String(1000 + i)}`,
    to_number: '+15550000001',
    status: 'completed',
    duration: 30 + i,
    timestamp: at(i),
    source: 'twilio',
  }));
  calls.push(
    { ...calls[0]!, status: 'failed', timestamp: at(100), from_number: '+33612345678' },
    { ...calls[1]!, status: 'busy', timestamp: at(101) },
    // the owner's own test call from the sandbox is not history
    { ...calls[2]!, timestamp: at(102), source: 'sandbox' },
  );
  const inserted = await cast.service.from('calls').insert(calls);
  if (inserted.error) throw new Error(inserted.error.message);
  const voice = await cast.service.from('calls').insert(
    [5.5, 12.5, 30.5].map((m) => ({
      kind: 'browser_voice',
      source: 'visitor',
      user_id: owner.id,
      assigned_agent: support.id,
      status: 'completed',
      duration: 60,
      timestamp: at(m),
      recording_path: `${owner.id}/${support.id}/voice-${m}.webm`,
      mime_type: 'audio/webm',
    })),
  );
  if (voice.error) throw new Error(voice.error.message);
  // the owner's own browser voice test from the console sandbox is not history either
  const sandboxVoice = await cast.service.from('calls').insert({
    kind: 'browser_voice',
    user_id: owner.id,
    assigned_agent: support.id,
    status: 'completed',
    duration: 60,
    timestamp: at(103),
    source: 'sandbox',
  });
  if (sandboxVoice.error) throw new Error(sandboxVoice.error.message);
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('call history', () => {
  it('pages every finished phone and browser call newest first, answered or not, 20 at a time, without gaps or repeats', async () => {
    const first = await history(owner.client);
    expect(first).toHaveLength(20);
    const last = first[first.length - 1]!;
    const second = await history(owner.client, { before_at: last.started_at, before_id: last.id });
    const all = [...first, ...second];
    expect(all).toHaveLength(29);
    expect(new Set(all.map((r) => r.id)).size).toBe(29);
    const times = all.map((r) => Date.parse(r.started_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // the missed ones first (the newest), with the caller's number to call back
    expect(first.slice(0, 2)).toMatchObject([
      { status: 'busy', from_number: '+33612345678' },
      { status: 'failed', from_number: '+33612345678' },
    ]);
    expect(all.filter((r) => r.status === 'completed')).toHaveLength(27);
    expect(all.some((r) => Date.parse(r.started_at) === Date.parse(at(102)))).toBe(false);
    expect(all.some((r) => Date.parse(r.started_at) === Date.parse(at(103)))).toBe(false);
    expect(all.filter((r) => r.kind === 'voice')).toHaveLength(3);
    expect(first[2]).toMatchObject({ kind: 'voice', agent_name: 'Support line', from_number: null });
  });

  it('the status filter lists only the calls of that status', async () => {
    const busy = await history(owner.client, { filter_status: 'busy' });
    expect(busy.map((r) => [r.status, r.from_number])).toEqual([['busy', '+33612345678']]);
    const failed = await history(owner.client, { filter_status: 'failed' });
    expect(failed.map((r) => r.status)).toEqual(['failed']);
    const completed = await history(owner.client, { filter_status: 'completed', page_size: 100 });
    expect(completed).toHaveLength(27);
    expect(await history(owner.client, { filter_status: 'no-answer' })).toEqual([]);
    const unknown = await owner.client.rpc('call_history', { filter_status: 'ringing' });
    expect(unknown.error?.code).toBe('22023');
  });

  it('lists exactly the contract’s statuses: every finished call, no live one (both definitions agree)', async () => {
    const user = await cast.newUser('history-statuses');
    const agent = await agentOf(user, 'Every status');
    const inserted = await cast.service.from('calls').insert(
      CALL_STATUSES.map((status, i) => ({
        user_id: user.id,
        assigned_agent: agent.id,
        from_number: `+3361000000${i}`,
        to_number: '+15550000009',
        status,
        timestamp: at(i),
        source: 'twilio',
      })),
    );
    if (inserted.error) throw new Error(inserted.error.message);
    const listed = await history(user.client, { page_size: 100 });
    expect(listed.map((r) => r.status).sort()).toEqual([...CALL_HISTORY_STATUSES].sort());
    for (const status of CALL_HISTORY_STATUSES)
      expect((await history(user.client, { filter_status: status })).map((r) => r.status)).toEqual([status]);
  });

  it('reads one call by id, for a link to it; not someone else’s', async () => {
    const [failed] = await history(owner.client, { filter_status: 'failed' });
    const linked = await history(owner.client, { only_call: failed!.id });
    expect(linked).toMatchObject([{ id: failed!.id, status: 'failed', from_number: '+33612345678' }]);
    expect(await history(cast.otherOwner.client, { only_call: failed!.id })).toEqual([]);
  });

  it('keeps its place when calls arrive between two pages', async () => {
    const first = await history(owner.client, { page_size: 5 });
    const last = first[first.length - 1]!;
    const extra = await serviceInsert<{ id: string }>(cast.service, 'calls', {
      user_id: owner.id,
      assigned_agent: sales.id,
      from_number: '+14155559999',
      to_number: '+15550000001',
      status: 'completed',
      timestamp: at(200),
    });
    const next = await history(owner.client, { page_size: 5, before_at: last.started_at, before_id: last.id });
    expect(next.map((r) => r.id)).not.toContain(extra.id);
    expect(Date.parse(next[0]!.started_at)).toBeLessThanOrEqual(Date.parse(last.started_at));
    await cast.service.from('calls').delete().eq('id', extra.id);
  });

  it('filters by agent, by the caller’s number as typed, by agent name and by dates', async () => {
    const salesOnly = await history(owner.client, { agent: sales.id });
    expect(salesOnly).toHaveLength(13);
    expect(salesOnly.every((r) => r.agent_name === 'Sales desk')).toBe(true);
    const byNumber = await history(owner.client, { search: '+33 6 12 34' });
    expect(byNumber.map((r) => r.from_number)).toEqual([
      '+33612345678',
      '+33612345678',
      '+33612345678',
      '+33612345678',
      '+33612345678',
    ]);
    const byName = await history(owner.client, { search: 'support' });
    expect(byName).toHaveLength(16);
    const ranged = await history(owner.client, { since: at(10), until: at(20) });
    expect(ranged.filter((r) => r.kind === 'gsm')).toHaveLength(10);
    expect(ranged.filter((r) => r.kind === 'voice')).toHaveLength(1);
    expect(ranged.every((r) => Date.parse(r.started_at) >= Date.parse(at(10)))).toBe(true);
  });

  it('another owner and an admin see none of it; a visitor cannot call it', async () => {
    expect(await history(cast.otherOwner.client)).toEqual([]);
    expect(await history(cast.admin.client)).toEqual([]);
    const anon = await cast.anon.rpc('call_history', {});
    expect(anon.error).not.toBeNull();
  });
});

describe('contacts matched across channels', () => {
  it('a caller who then writes on WhatsApp is one contact with both conversations, newest first', async () => {
    const user = await cast.newUser('timeline');
    const agent = await agentOf(user, 'Front desk');
    const phoneConv = await serviceInsert<{ id: string; contact_id: string }>(cast.service, 'conversations', {
      user_id: user.id,
      agent_id: agent.id,
      channel: 'phone',
      visitor_id: '+33698765432',
      started_at: at(0),
      last_message_at: at(3),
    });
    expect(phoneConv.contact_id).toBeTruthy();
    await serviceInsert(cast.service, 'calls', {
      user_id: user.id,
      assigned_agent: agent.id,
      from_number: '+33698765432',
      to_number: '+15550000002',
      status: 'completed',
      duration: 125,
      timestamp: at(0),
      conversation_id: phoneConv.id,
    });
    const waConv = await serviceInsert<{ id: string; contact_id: string }>(cast.service, 'conversations', {
      user_id: user.id,
      agent_id: agent.id,
      channel: 'whatsapp',
      visitor_id: 'whatsapp:+33698765432',
      started_at: at(60),
      last_message_at: at(61),
    });
    expect(waConv.contact_id).toBe(phoneConv.contact_id);
    await insertWhatsAppMessage(cast.service, {
      user_id: user.id,
      assigned_agent: agent.id,
      conversation_id: waConv.id,
      from_number: 'whatsapp:+33698765432',
      profile_name: 'Marie Curie Sklodowska',
      body: 'Bonjour',
      timestamp: at(60),
    });
    const contact = await serviceRow(cast.service, 'contacts', { id: phoneConv.contact_id });
    expect(contact).toMatchObject({
      phone: '33698765432',
      first_name: 'Marie',
      last_name: 'Curie Sklodowska',
      total_call_duration: 125,
      last_contact_date: expect.stringMatching(/^2026-11-20T11:01:00/),
    });

    const timeline = await user.client.rpc('contact_timeline', { contact: phoneConv.contact_id });
    expect(timeline.error).toBeNull();
    const entries = timeline.data as { channel: string; call_kind: string | null; call_duration: number | null }[];
    expect(entries.map((r) => [r.channel, r.call_kind, r.call_duration])).toEqual([
      ['whatsapp', null, null],
      ['phone', 'gsm', 125],
    ]);
    const theirs = await cast.otherOwner.client.rpc('contact_timeline', { contact: phoneConv.contact_id });
    expect(theirs.data).toEqual([]);
    // An admin is an owner with more screens: another owner's contacts stay theirs.
    const admins = await cast.admin.client.rpc('contact_timeline', { contact: phoneConv.contact_id });
    expect(admins.error).toBeNull();
    expect(admins.data).toEqual([]);
    expect((await cast.anon.rpc('contact_timeline', { contact: phoneConv.contact_id })).error).not.toBeNull();
  });

  it('a web visitor who gave an email becomes a contact; the same email later is the same contact', async () => {
    const user = await cast.newUser('web-contact');
    const agent = await agentOf(user, 'Web agent');
    const convs = [];
    for (const minute of [0, 30]) {
      const conv = await serviceInsert<{ id: string }>(cast.service, 'conversations', {
        user_id: user.id,
        agent_id: agent.id,
        channel: 'web_chat',
        visitor_id: `browser-${minute}`,
        started_at: at(minute),
      });
      await serviceInsert(cast.service, 'outbound_messages', {
        user_id: user.id,
        agent_id: agent.id,
        conversation_id: conv.id,
        channel: 'email',
        recipient: 'Visitor@Example.com',
        body: 'Your brochure',
        status: 'sent',
      });
      convs.push(conv);
    }
    const linked = await cast.service
      .from('conversations')
      .select('contact_id')
      .in(
        'id',
        convs.map((c) => c.id),
      );
    const ids = new Set(linked.data?.map((r) => r.contact_id));
    expect(ids.size).toBe(1);
    const [contactId] = [...ids];
    expect(contactId).toBeTruthy();
    expect(await serviceRow(cast.service, 'contacts', { id: contactId })).toMatchObject({
      email: 'visitor@example.com',
      phone: null,
    });
  });

  it('sandbox and browser ids never make contacts', async () => {
    const user = await cast.newUser('no-contact');
    const agent = await agentOf(user, 'Quiet');
    const conv = await serviceInsert<{ contact_id: string | null }>(cast.service, 'conversations', {
      user_id: user.id,
      agent_id: agent.id,
      channel: 'phone',
      visitor_id: 'sandbox',
    });
    expect(conv.contact_id).toBeNull();
    const { count } = await cast.service
      .from('contacts')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', user.id);
    expect(count).toBe(0);
  });
});

describe('contact cards', () => {
  let user: Actor;
  let ids: Record<string, string>;
  beforeAll(async () => {
    user = await cast.newUser('cards');
    const rows = [
      { first_name: 'Alice', last_name: 'Martin', phone: '33611111111', last_contact_date: at(3) },
      { first_name: 'Bruno', last_name: 'Alimi', phone: '33622222222', last_contact_date: at(2) },
      { first_name: 'Chloé', last_name: 'Durand', email: 'chloe@example.org', last_contact_date: at(1) },
      { first_name: 'Dan', last_name: '', phone: '14155550123', last_contact_date: null },
    ];
    const { data, error } = await cast.service
      .from('contacts')
      .insert(rows.map((r) => ({ user_id: user.id, ...r })))
      .select('id, first_name');
    if (error) throw new Error(error.message);
    ids = Object.fromEntries((data ?? []).map((r) => [r.first_name, r.id]));
  });

  async function cards(client: SupabaseClient, args: Record<string, unknown> = {}) {
    const { data, error } = await client.rpc('contact_cards', args);
    if (error) throw new Error(error.message);
    return (data as { first_name: string }[]).map((r) => r.first_name);
  }

  it('lists the most recent contact first and pages by key', async () => {
    expect(await cards(user.client)).toEqual(['Alice', 'Bruno', 'Chloé', 'Dan']);
    const { data } = await user.client.rpc('contact_cards', { page_size: 2 });
    const last = data![1]!;
    expect(await cards(user.client, { page_size: 2, before_key: last.sort_key, before_id: last.id })).toEqual([
      'Chloé',
      'Dan',
    ]);
  });

  it('searches names, emails and numbers as typed, case-insensitively, with wildcards taken literally', async () => {
    expect(await cards(user.client, { search: 'ALI' })).toEqual(['Alice', 'Bruno']);
    expect(await cards(user.client, { search: 'example.org' })).toEqual(['Chloé']);
    expect(await cards(user.client, { search: '+1 415 555' })).toEqual(['Dan']);
    expect(await cards(user.client, { search: '%' })).toEqual([]);
  });

  it('keeps favourites and notes for the owner only', async () => {
    expect(
      await attemptUpdate(user.client, 'contacts', { favorite: true, notes: 'Calls on Mondays' }, { id: ids.Bruno }),
    ).toBe(1);
    expect(await cards(user.client, { favorites_only: true })).toEqual(['Bruno']);
    expect(await attemptUpdate(cast.otherOwner.client, 'contacts', { favorite: true }, { id: ids.Alice })).toBe(0);
    expect(await attemptUpdate(cast.admin.client, 'contacts', { notes: 'x' }, { id: ids.Alice })).toBe(0);
    expect(await attemptUpdate(cast.anon, 'contacts', { notes: 'x' }, { id: ids.Alice })).toBe(0);
    expect(await serviceRow(cast.service, 'contacts', { id: ids.Alice })).toMatchObject({ favorite: false, notes: '' });
    expect(await cards(cast.otherOwner.client)).toEqual([]);
    expect(await cards(cast.admin.client)).toEqual([]);
    expect((await cast.anon.rpc('contact_cards', {})).error).not.toBeNull();
  });
});

describe('conversations inbox', () => {
  let user: Actor;
  let agentA: { id: string };
  beforeAll(async () => {
    user = await cast.newUser('inbox');
    agentA = await agentOf(user, 'Alpha');
    const agentB = await agentOf(user, 'Beta');
    const rows = [
      { agent_id: agentA.id, channel: 'web_chat', satisfaction: 1, started_at: at(5) },
      { agent_id: agentA.id, channel: 'phone', visitor_id: '+33633333333', satisfaction: 0.25, started_at: at(4) },
      { agent_id: agentB.id, channel: 'whatsapp', visitor_id: 'whatsapp:+33644444444', started_at: at(3) },
      { agent_id: agentB.id, channel: 'web_voice', satisfaction: 0.75, started_at: at(2) },
      // the owner's own tests from the console sandbox (chat, phone or browser call): never the inbox
      { agent_id: agentA.id, channel: 'sandbox', visitor_id: 'sandbox', satisfaction: 1, started_at: at(4.5) },
    ];
    const { data, error } = await cast.service
      .from('conversations')
      .insert(rows.map((r) => ({ user_id: user.id, ...r })))
      .select('id, channel');
    if (error) throw new Error(error.message);
    const webChat = data!.find((r) => r.channel === 'web_chat')!;
    await cast.service.from('messages').insert([
      {
        conversation_id: webChat.id,
        user_id: user.id,
        role: 'user',
        content: 'Are you open on Sunday?',
        timestamp: at(5),
      },
      { conversation_id: webChat.id, user_id: user.id, role: 'assistant', content: 'No.', timestamp: at(5.1) },
    ]);
  });

  async function inbox(args: Record<string, unknown> = {}) {
    const { data, error } = await user.client.rpc('conversation_inbox', args);
    if (error) throw new Error(error.message);
    return data as { channel: string; contact_id: string | null; agent_name: string }[];
  }

  it('lists every channel newest first with counts, preview and contact', async () => {
    const rows = await inbox();
    expect(rows.map((r) => r.channel)).toEqual(['web_chat', 'phone', 'whatsapp', 'web_voice']);
    expect(rows[0]).toMatchObject({ agent_name: 'Alpha', message_count: 2, preview: 'Are you open on Sunday?' });
    expect(rows[1]!.contact_id).toBeTruthy();
    // an unnamed contact is called by their number, as the contact cards do, not 'anonymous'
    expect(rows[1]).toMatchObject({ contact_name: '+33633333333' });
    expect(rows[0]).toMatchObject({ contact_id: null, contact_name: null });
  });

  it('filters by agent, channel, rating and date', async () => {
    expect((await inbox({ agent: agentA.id })).map((r) => r.channel)).toEqual(['web_chat', 'phone']);
    expect((await inbox({ filter_channel: 'whatsapp' })).map((r) => r.channel)).toEqual(['whatsapp']);
    expect((await inbox({ filter_rating: 'positive' })).map((r) => r.channel)).toEqual(['web_chat', 'web_voice']);
    expect((await inbox({ filter_rating: 'negative' })).map((r) => r.channel)).toEqual(['phone']);
    expect((await inbox({ filter_rating: 'unrated' })).map((r) => r.channel)).toEqual(['whatsapp']);
    expect((await inbox({ since: at(3), until: at(5) })).map((r) => r.channel)).toEqual(['phone', 'whatsapp']);
  });

  it('leaves out the owner’s sandbox tests, by default and as a channel, as the dashboards and call history do', async () => {
    expect((await inbox()).map((r) => r.channel)).not.toContain('sandbox');
    expect((await inbox({ agent: agentA.id, filter_rating: 'positive' })).map((r) => r.channel)).toEqual(['web_chat']);
    const asked = await user.client.rpc('conversation_inbox', { filter_channel: 'sandbox' });
    expect(asked.error?.code).toBe('22023');
    // SQL's channel list is the contract's: each of INBOX_CHANNELS is accepted.
    for (const channel of INBOX_CHANNELS) {
      expect((await user.client.rpc('conversation_inbox', { filter_channel: channel })).error, channel).toBeNull();
    }
  });

  it('answers a clear 400 for an unknown filter, and nothing to other owners', async () => {
    const bad = await user.client.rpc('conversation_inbox', { filter_rating: 'stars' });
    expect(bad.error?.code).toBe('22023');
    const other = await cast.otherOwner.client.rpc('conversation_inbox', {});
    expect(other.data).toEqual([]);
    expect((await cast.anon.rpc('conversation_inbox', {})).error).not.toBeNull();
  });

  it('an admin reads only their own conversations (an admin is an owner with more screens)', async () => {
    const adminAgent = await agentOf(cast.admin, 'Admin desk');
    await serviceInsert(cast.service, 'conversations', {
      user_id: cast.admin.id,
      agent_id: adminAgent.id,
      channel: 'web_chat',
      started_at: at(6),
    });
    const { data, error } = await cast.admin.client.rpc('conversation_inbox', {});
    expect(error).toBeNull();
    const rows = data as { agent_name: string }[];
    expect(rows.map((r) => r.agent_name)).toEqual(['Admin desk']);
    expect((await cast.admin.client.rpc('conversation_inbox', { agent: agentA.id })).data).toEqual([]);
  });
});
