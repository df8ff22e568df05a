import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLaterMigrations, openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * Migration 20261202125000 moves the text of WhatsApp messages into the one transcript: each
 * existing `whatsapp_messages` row is linked to the `messages` row that already holds its text
 * (the user's message, the reply its parts carried, the owner's line), a row without one gets it
 * written, a reply that never existed points at the message it left unanswered, and `body` goes.
 */
const OWNER = 'd0000000-0000-4000-8000-000000000001';
const USER = 'whatsapp:+33611111111';
const BUSINESS = 'whatsapp:+14155550199';
let db: PGlite;
let agent: string;
let conversation: string;
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 30, 12, 0, seconds)).toISOString();
const ids: Record<string, string> = {};

async function line(key: string, role: string, content: string, seconds: number, metadata = {}) {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.messages (conversation_id, user_id, agent_id, role, content, metadata, "timestamp")
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [conversation, OWNER, agent, role, content, JSON.stringify({ channel: 'whatsapp', ...metadata }), at(seconds)],
  );
  ids[key] = rows[0]!.id;
}

async function delivery(key: string, row: Record<string, unknown>) {
  const inbound = row.direction === 'inbound';
  const values = {
    user_id: OWNER,
    assigned_agent: agent,
    conversation_id: conversation,
    from_number: inbound ? USER : BUSINESS,
    to_number: inbound ? BUSINESS : USER,
    status: inbound ? 'received' : 'sent',
    ...row,
  };
  const columns = Object.keys(values);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.whatsapp_messages (${columns.map((c) => `"${c}"`).join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(values),
  );
  ids[key] = rows[0]!.id;
}

beforeAll(async () => {
  db = await openMigratedDatabase({ before: '20261202125000' });
  agent = (
    await db.query<{ id: string }>("insert into public.agents (user_id, name) values ($1, 'Shop') returning id", [
      OWNER,
    ])
  ).rows[0]!.id;
  conversation = (
    await db.query<{ id: string }>(
      "insert into public.conversations (user_id, agent_id, channel, visitor_id) values ($1, $2, 'whatsapp', $3) returning id",
      [OWNER, agent, '+33611111111'],
    )
  ).rows[0]!.id;
  // The turn saved the user's message and its reply; the reply went out in two parts.
  await line('hello', 'user', 'Bonjour', 1);
  await line('reply', 'assistant', 'Bonjour Ana. Nous ouvrons à 9 h.', 3);
  await delivery('hello-in', { direction: 'inbound', body: 'Bonjour', timestamp: at(0), message_sid: 'SM1' });
  await delivery('part-1', { direction: 'outbound', body: 'Bonjour Ana.', timestamp: at(4), message_sid: 'SM2' });
  await delivery('part-2', {
    direction: 'outbound',
    body: 'Nous ouvrons à 9 h.',
    timestamp: at(4),
    message_sid: 'SM3',
  });
  // A voice note (no caption) whose transcription the turn saved.
  await line('voice', 'user', 'Vous livrez le dimanche ?', 21);
  await delivery('voice-in', { direction: 'inbound', body: '', timestamp: at(20), message_sid: 'SM4' });
  // The monthly limit: no reply existed.
  await delivery('limit', {
    direction: 'outbound',
    body: '',
    status: 'not_sent',
    not_sent_reason: 'monthly_limit',
    timestamp: at(22),
  });
  // The owner's line, saved by the console.
  await line('owner', 'assistant', 'Le patron ici.', 30, { sentByOwner: true });
  await delivery('owner-out', {
    direction: 'outbound',
    body: 'Le patron ici.',
    sent_by_owner: true,
    timestamp: at(30),
    message_sid: 'SM5',
  });
  // A fixed answer of the adapter never reached the transcript.
  await delivery('fixed', {
    direction: 'outbound',
    body: 'Je ne peux pas écouter.',
    timestamp: at(40),
    message_sid: 'SM6',
  });
  // A message whose conversation was deleted.
  await delivery('orphan', {
    direction: 'inbound',
    body: 'Encore là ?',
    conversation_id: null,
    from_number: 'whatsapp:+33622222222',
    timestamp: at(50),
    message_sid: 'SM7',
  });
  await applyLaterMigrations(db);
});
afterAll(async () => {
  await db?.close();
});

const linked = async (key: string) =>
  (
    await db.query<{ message_id: string; role: string; content: string; conversation_id: string; metadata: object }>(
      `select w.message_id, m.role, m.content, m.conversation_id, m.metadata
         from public.whatsapp_messages w join public.messages m on m.id = w.message_id where w.id = $1`,
      [ids[key]],
    )
  ).rows[0]!;

describe('moving WhatsApp text into the transcript', () => {
  it('links messages to the transcript rows that already hold their text, parts to their one reply', async () => {
    expect((await linked('hello-in')).message_id).toBe(ids.hello);
    expect((await linked('part-1')).message_id).toBe(ids.reply);
    expect((await linked('part-2')).message_id).toBe(ids.reply);
    expect((await linked('voice-in')).message_id).toBe(ids.voice);
    expect((await linked('owner-out')).message_id).toBe(ids.owner);
  });

  it('points a reply that never existed at the message it left unanswered', async () => {
    expect((await linked('limit')).message_id).toBe(ids.voice);
  });

  it('writes the transcript rows that were missing, in a conversation of their own when it was gone', async () => {
    expect(await linked('fixed')).toMatchObject({
      role: 'assistant',
      content: 'Je ne peux pas écouter.',
      conversation_id: conversation,
      metadata: { channel: 'whatsapp' },
    });
    const orphan = await linked('orphan');
    expect(orphan).toMatchObject({ role: 'user', content: 'Encore là ?' });
    expect(orphan.conversation_id).not.toBe(conversation);
    const { rows } = await db.query<{ channel: string; visitor_id: string }>(
      'select channel, visitor_id from public.conversations where id = $1',
      [orphan.conversation_id],
    );
    expect(rows[0]).toEqual({ channel: 'whatsapp', visitor_id: '+33622222222' });
    // Nothing else was written: one transcript row per line of text.
    const { rows: count } = await db.query<{ n: number }>(
      'select count(*)::int as n from public.messages where conversation_id = $1',
      [conversation],
    );
    expect(count[0]!.n).toBe(5);
  });

  it('leaves whatsapp_messages no text of its own and every row a transcript row', async () => {
    const { rows } = await db.query<{ column_name: string; is_nullable: string }>(
      `select column_name, is_nullable from information_schema.columns
        where table_schema = 'public' and table_name = 'whatsapp_messages' and column_name in ('body', 'message_id')`,
    );
    expect(rows).toEqual([{ column_name: 'message_id', is_nullable: 'NO' }]);
  });
});
