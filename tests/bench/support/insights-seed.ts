/**
 * Bulk history for `npm run bench:insights` (the one seeding path of that benchmark): one
 * owner's calls, browser voice calls (with recordings), conversations, messages and contacts,
 * generated inside Postgres with generate_series (no rows cross the wire), spread over `days` days
 * before now, then vacuumed and analysed so the planner and index-only scans see the real table.
 */
import type { PGlite } from '@electric-sql/pglite';

export interface InsightsSeedOptions {
  ownerId: string;
  agentIds: string[];
  calls: number;
  messages: number;
  /** Messages per conversation (default 10). */
  messagesPerConversation?: number;
  voiceCalls?: number;
  /** Contacts in total: WhatsApp senders become contacts as their conversations load; the rest are added. */
  contacts?: number;
  /** History spread over this many days before now (default 365). */
  days?: number;
  /** Distinct callers / visitors (default 50,000). */
  people?: number;
  batch?: number;
  onProgress?: (what: string, done: number) => void;
}

export async function seedInsightsHistory(db: PGlite, options: InsightsSeedOptions): Promise<number> {
  const started = performance.now();
  const days = options.days ?? 365;
  const people = options.people ?? 50_000;
  const perConversation = options.messagesPerConversation ?? 10;
  const batch = options.batch ?? 100_000;
  const agents = `array[${options.agentIds.map((id) => `'${id}'::uuid`).join(',')}]`;
  const owner = `'${options.ownerId}'::uuid`;
  // Row i lands at a pseudo-random instant of the period (a multiplicative hash keeps it
  // deterministic and spread), with a pseudo-random agent and person.
  const at = (i: string) =>
    `now() - ((((${i}) * 2654435761::bigint) % (${days}::bigint * 86400)) * interval '1 second')`;
  const agent = (i: string) => `(${agents})[1 + ((${i}) * 40503 % ${options.agentIds.length})::int]`;
  const person = (i: string) => `'+3360' || lpad(((${i}) * 7919 % ${people})::text, 7, '0')`;

  // The rollup triggers would turn the load into millions of upserts; the rollups are rebuilt from
  // the rows at the end instead (the migration's backfill, private.insights_rebuild).
  const rollupTriggers = [
    ['calls', 'calls_insights'],
    ['conversations', 'conversations_insights'],
    ['messages', 'messages_insights'],
  ] as const;
  for (const [table, trigger] of rollupTriggers)
    await db.exec(`alter table public.${table} disable trigger ${trigger}`);
  for (let from = 0; from < options.calls; from += batch) {
    const to = Math.min(options.calls, from + batch) - 1;
    await db.exec(`
      insert into public.calls (user_id, assigned_agent, from_number, to_number, status, duration, "timestamp")
      select ${owner}, ${agent('i')}, ${person('i')}, '+33100000000',
             case when i % 10 = 0 then 'failed' when i % 17 = 0 then 'no-answer' else 'completed' end,
             (i * 31) % 900, ${at('i')}
        from generate_series(${from}::bigint, ${to}::bigint) i`);
    options.onProgress?.('calls', to + 1);
  }
  const conversations = Math.ceil(options.messages / perConversation);
  for (let from = 0; from < conversations; from += batch) {
    const to = Math.min(conversations, from + batch) - 1;
    await db.exec(`
      insert into public.conversations (id, user_id, agent_id, channel, visitor_id, rating, satisfaction, started_at, last_message_at)
      select md5('bench-conversation-' || i)::uuid, ${owner}, ${agent('i')},
             case when i % 3 = 0 then 'whatsapp' else 'web_chat' end,
             case when i % 3 = 0 then ${person('i')} else 'visitor:bench' || (i % ${people}) end,
             case when i % 4 = 0 then 1 + i % 5 end, case when i % 4 = 0 then (i % 5) / 4.0 end,
             ${at('i')}, ${at('i')} + interval '${perConversation} minutes'
        from generate_series(${from}::bigint, ${to}::bigint) i`);
    options.onProgress?.('conversations', to + 1);
  }
  // The per-row trigger that touches the conversation would turn the load into a million updates;
  // the conversations above already carry their last message time.
  await db.exec('alter table public.messages disable trigger messages_touch_conversation');
  for (let from = 0; from < options.messages; from += batch) {
    const to = Math.min(options.messages, from + batch) - 1;
    const c = `(i / ${perConversation})`;
    await db.exec(`
      insert into public.messages (conversation_id, user_id, agent_id, role, content, metadata, tool_calls, "timestamp")
      select md5('bench-conversation-' || ${c})::uuid, ${owner}, ${agent(c)},
             case when i % 2 = 0 then 'user' else 'assistant' end,
             case when i % 2 = 0 then (array['Opening hours?', 'Do you deliver?', 'Where can I park', 'prices please',
                                            'Can I book a table for ' || (i % 12) || '?'])[1 + i % 5]
                  else 'Here is what I found.' end,
             jsonb_build_object('channel', case when ${c} % 3 = 0 then 'whatsapp' else 'web' end),
             case when i % 20 = 1 then '[{"name":"Calendar","function":"manage_calendar","status":"ok","step":1}]'::jsonb end,
             ${at(c)} + (i % ${perConversation}) * interval '1 minute'
        from generate_series(${from}::bigint, ${to}::bigint) i`);
    options.onProgress?.('messages', to + 1);
  }
  await db.exec('alter table public.messages enable trigger messages_touch_conversation');
  const voice = options.voiceCalls ?? 0;
  if (voice > 0) {
    await db.exec(`
      insert into public.calls (kind, source, user_id, assigned_agent, status, duration, "timestamp", settled_at,
                                recording_path, mime_type)
      select 'browser_voice', 'visitor', ${owner}, ${agent('i')}, 'completed', (i * 13) % 600, ${at('i')}, ${at('i')},
             '${options.ownerId}/voice/' || i || '.webm', 'audio/webm'
        from generate_series(0::bigint, ${voice - 1}::bigint) i`);
    options.onProgress?.('voice calls', voice);
  }
  const { rows: known } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.contacts where user_id = ${owner}`,
  );
  const moreContacts = Math.max(0, (options.contacts ?? 0) - (known[0]?.n ?? 0));
  if (moreContacts > 0) {
    // Named people with numbers apart from the callers' (3370… vs 3360…), one in 50 a favourite.
    await db.exec(`
      insert into public.contacts (user_id, phone, first_name, last_name, favorite, last_contact_date)
      select ${owner}, '3370' || lpad(g::text, 7, '0'),
             (array['Marie','Jean','Sophie','Luc','Emma','Hugo','Léa','Paul'])[1 + g % 8],
             (array['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Leroy','Moreau'])[1 + (g / 8) % 10]
               || '-' || g,
             g % 50 = 0, now() - (g * interval '5 minutes')
        from generate_series(1, ${moreContacts}) g`);
    options.onProgress?.('contacts', moreContacts);
  }
  for (const [table, trigger] of rollupTriggers) await db.exec(`alter table public.${table} enable trigger ${trigger}`);
  await db.exec(`select private.insights_rebuild(${owner})`);
  options.onProgress?.('rollups rebuilt', 1);
  await db.exec(
    'vacuum analyze public.calls, public.conversations, public.messages, public.contacts, ' +
      'public.agents, private.insights_hourly, ' +
      'private.insights_people, private.insights_questions_daily, private.insights_tools_daily',
  );
  return (performance.now() - started) / 1000;
}
