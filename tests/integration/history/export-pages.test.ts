/**
 * An export reads a list page after page and takes a short page for the end, so the
 * page sizes the console asks for (LIST_MAX_PAGE_SIZE, INBOX_MAX_PAGE_SIZE in the history
 * contract) must be exactly what call_history, contact_cards and conversation_inbox serve: never
 * fewer (the export would stop early), and the functions' caps hold when more is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_MAX_PAGE_SIZE, LIST_MAX_PAGE_SIZE } from '../../../supabase/functions/_shared/contracts/history.ts';
import { startCast, type Actor, type Cast } from '../security/support/actors.ts';

let cast: Cast;
let owner: Actor;
const base = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number) => new Date(base - minutes * 60_000).toISOString();

async function insert(table: 'calls' | 'contacts' | 'conversations', rows: Record<string, unknown>[]) {
  // In batches: a response is capped like a read.
  for (let start = 0; start < rows.length; start += 500) {
    const { error } = await cast.service.from(table).insert(rows.slice(start, start + 500) as never);
    if (error) throw new Error(`${table}: ${error.message}`);
  }
}

async function pageLength(fn: 'call_history' | 'contact_cards' | 'conversation_inbox', pageSize: number) {
  const { data, error } = await owner.client.rpc(fn, { page_size: pageSize });
  if (error) throw new Error(error.message);
  return (data as unknown[]).length;
}

beforeAll(async () => {
  cast = await startCast();
  owner = await cast.newUser('history-export-owner');
  const agent = await cast.service.from('agents').insert({ user_id: owner.id, name: 'Busy' }).select('id').single();
  if (agent.error) throw new Error(agent.error.message);
  const extra = 15;
  await insert(
    'calls',
    Array.from({ length: LIST_MAX_PAGE_SIZE + extra }, (_, i) => ({
      user_id: owner.id,
      assigned_agent: agent.data.id,
      from_number: `+1415555${String(1000 + i)}`,
      to_number: '+15550000001',
      status: 'completed',
      duration: 30,
      timestamp: at(i),
      source: 'twilio',
    })),
  );
  await insert(
    'contacts',
    Array.from({ length: LIST_MAX_PAGE_SIZE + extra }, (_, i) => ({
      user_id: owner.id,
      first_name: `Contact ${i}`,
      phone: `4420${String(7000000 + i)}`,
      last_contact_date: at(i),
    })),
  );
  await insert(
    'conversations',
    Array.from({ length: INBOX_MAX_PAGE_SIZE + extra }, (_, i) => ({
      user_id: owner.id,
      agent_id: agent.data.id,
      channel: 'web_chat',
      visitor_id: `browser-${i}`,
      started_at: at(i),
    })),
  );
}, 120_000);
afterAll(async () => {
  await cast?.stack.stop();
});

describe('the page sizes exports ask for', () => {
  it('call history serves LIST_MAX_PAGE_SIZE calls a page, and no more', async () => {
    expect(await pageLength('call_history', LIST_MAX_PAGE_SIZE)).toBe(LIST_MAX_PAGE_SIZE);
    expect(await pageLength('call_history', LIST_MAX_PAGE_SIZE + 10)).toBe(LIST_MAX_PAGE_SIZE);
  });

  it('contact cards serve LIST_MAX_PAGE_SIZE contacts a page, and no more', async () => {
    expect(await pageLength('contact_cards', LIST_MAX_PAGE_SIZE)).toBe(LIST_MAX_PAGE_SIZE);
    expect(await pageLength('contact_cards', LIST_MAX_PAGE_SIZE + 10)).toBe(LIST_MAX_PAGE_SIZE);
  });

  it('the inbox serves INBOX_MAX_PAGE_SIZE conversations a page, and no more', async () => {
    expect(await pageLength('conversation_inbox', INBOX_MAX_PAGE_SIZE)).toBe(INBOX_MAX_PAGE_SIZE);
    expect(await pageLength('conversation_inbox', INBOX_MAX_PAGE_SIZE + 10)).toBe(INBOX_MAX_PAGE_SIZE);
  });
});
