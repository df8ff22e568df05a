/**
 * A contact is created or matched from an email or phone number a web visitor gave. A
 * visitor who writes their number in the public chat (the real agent-chat function, offline model)
 * and later calls from it is one contact, with the chat and the call in one timeline.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, eventOf, newVisitorId } from '../agent-chat/support.ts';
import { serviceInsert, serviceRow, startCast, type Actor, type Cast } from '../security/support/actors.ts';

let cast: Cast;

beforeAll(async () => {
  cast = await startCast({ functionEnv: { AI_PROVIDER: 'offline' } });
}, 120_000);

afterAll(async () => {
  await cast?.stack.stop();
});

async function publicAgent(owner: Actor) {
  const subdomain = `web-${randomUUID().slice(0, 8)}`;
  const agent = await serviceInsert<{ id: string }>(cast.service, 'agents', {
    user_id: owner.id,
    name: 'Clara',
    subdomain,
  });
  return { id: agent.id, subdomain };
}

/** One visitor turn through agent-chat; the conversation it wrote. */
async function visitorSays(subdomain: string, message: string, visitorId = newVisitorId(), conversationId?: string) {
  const turn = await chat(
    cast.stack,
    { subdomain, message, ...(conversationId ? { conversationId } : {}) },
    { visitorId },
  );
  expect(turn.error).toBeUndefined();
  return { conversationId: eventOf(turn, 'meta').data.conversationId, visitorId };
}

async function contactOf(conversationId: string): Promise<string | null> {
  const row = await serviceRow<{ contact_id: string | null }>(cast.service, 'conversations', { id: conversationId });
  return row?.contact_id ?? null;
}

describe('what a visitor writes names them', () => {
  it.each([
    ['Call me on +33 6 12 34 56 78 please', '33612345678', null],
    ['mon numéro : 0033 6 12 34 56 78', '33612345678', null],
    ['(+1) 415-555-0123 or Jane.Doe@Example.org.', '14155550123', 'jane.doe@example.org'],
    ['my order is 0612345678', null, null],
    ['we will be 2+2 people, total +1000000', null, null],
    ['write to me at nobody@localhost', null, null],
  ])('%s', async (text, phone, email) => {
    const { rows } = await cast.stack.db.query<{ phone: string | null; email: string | null }>(
      'select phone, email from private.contact_details_in_text($1)',
      [text],
    );
    expect(rows[0]).toEqual({ phone, email });
  });
});

describe('a web visitor who gave their number', () => {
  it('writes it in the chat, then calls from it: one contact with both in the timeline', async () => {
    const owner = await cast.newUser('web-then-call');
    const agent = await publicAgent(owner);
    const web = await visitorSays(agent.subdomain, 'Can someone call me back? My number is +33 6 44 55 66 77');
    const contactId = await contactOf(web.conversationId);
    expect(contactId).toBeTruthy();
    expect(await serviceRow(cast.service, 'contacts', { id: contactId })).toMatchObject({
      user_id: owner.id,
      phone: '33644556677',
      email: null,
    });

    // The call, as the telephony function writes it (its conversation is keyed by the caller's number).
    const phone = await serviceInsert<{ id: string; contact_id: string }>(cast.service, 'conversations', {
      user_id: owner.id,
      agent_id: agent.id,
      channel: 'phone',
      visitor_id: '+33644556677',
      started_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(phone.contact_id).toBe(contactId);
    await serviceInsert(cast.service, 'calls', {
      user_id: owner.id,
      assigned_agent: agent.id,
      from_number: '+33644556677',
      to_number: '+15550000009',
      status: 'completed',
      duration: 95,
      timestamp: new Date(Date.now() + 60_000).toISOString(),
      conversation_id: phone.id,
    });

    const timeline = await owner.client.rpc('contact_timeline', { contact: contactId });
    expect(timeline.error).toBeNull();
    const entries = timeline.data as { id: string; channel: string; call_duration: number | null }[];
    expect(entries.map((e) => [e.channel, e.call_duration])).toEqual([
      ['phone', 95],
      ['web_chat', null],
    ]);
    const { count } = await cast.service
      .from('contacts')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', owner.id);
    expect(count).toBe(1);
    // Another owner sees none of it.
    expect((await cast.otherOwner.client.rpc('contact_timeline', { contact: contactId })).data).toEqual([]);
  });

  it('an address given later joins the contact the conversation already has', async () => {
    const owner = await cast.newUser('web-later');
    const agent = await publicAgent(owner);
    const first = await visitorSays(agent.subdomain, 'This is +44 20 7946 0958');
    const contactId = await contactOf(first.conversationId);
    expect(contactId).toBeTruthy();
    const second = await visitorSays(
      agent.subdomain,
      'and my email is Sam@Example.co.uk',
      first.visitorId,
      first.conversationId,
    );
    expect(second.conversationId).toBe(first.conversationId);
    expect(await contactOf(first.conversationId)).toBe(contactId);
    expect(await serviceRow(cast.service, 'contacts', { id: contactId })).toMatchObject({
      phone: '442079460958',
      email: 'sam@example.co.uk',
    });
  });

  it('a number without its country code, or the owner’s own sandbox, makes no contact', async () => {
    const owner = await cast.newUser('web-none');
    const agent = await publicAgent(owner);
    const web = await visitorSays(agent.subdomain, 'Rappelez-moi au 06 12 34 56 78');
    expect(await contactOf(web.conversationId)).toBeNull();
    const sandbox = await serviceInsert<{ id: string }>(cast.service, 'conversations', {
      user_id: owner.id,
      agent_id: agent.id,
      channel: 'sandbox',
      visitor_id: 'sandbox',
    });
    await serviceInsert(cast.service, 'messages', {
      conversation_id: sandbox.id,
      user_id: owner.id,
      agent_id: agent.id,
      role: 'user',
      content: 'test +33 6 99 88 77 66 owner@example.com',
    });
    expect(await contactOf(sandbox.id)).toBeNull();
    const { count } = await cast.service
      .from('contacts')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', owner.id);
    expect(count).toBe(0);
  });
});
