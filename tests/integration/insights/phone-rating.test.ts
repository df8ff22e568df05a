/**
 * The phone's end-of-call rating: when the agent ends a call, the relay (service
 * role) stores the caller's keypad digit with rate_phone_call through the Postgres call store. The
 * rating lands on the call's conversation and moves the owner's satisfaction; no client role may
 * call the function, a digit outside 1-5 is refused, and an owner's sandbox call is not rated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsAggregateSchema } from '../../../supabase/functions/_shared/contracts/insights.ts';
import { createPhoneCallStore } from '../../../supabase/functions/_shared/phone/call-store-db.ts';
import { serviceInsert, serviceRow, startCast, type Cast } from '../security/support/actors.ts';

let cast: Cast;
let agentId: string;

/** A phone call as the voice webhook leaves it: its row and its 'phone' conversation. */
async function phoneCall(source: 'twilio' | 'sandbox' = 'twilio') {
  const conversation = await serviceInsert<{ id: string }>(cast.service, 'conversations', {
    user_id: cast.owner.id,
    agent_id: agentId,
    channel: 'phone',
    visitor_id: '+33612345678',
  });
  const call = await serviceInsert<{ id: string }>(cast.service, 'calls', {
    user_id: cast.owner.id,
    assigned_agent: agentId,
    from_number: '+33612345678',
    to_number: '+33100000000',
    status: 'in_progress',
    source,
    conversation_id: conversation.id,
  });
  return { callId: call.id, conversationId: conversation.id };
}

beforeAll(async () => {
  cast = await startCast();
  const agent = await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: cast.owner.id, name: 'Line' });
  agentId = agent.id;
});

afterAll(async () => {
  await cast?.stack.stop();
});

describe('rate_phone_call', () => {
  it('the relay stores a keypad rating on the call’s conversation, and the owner’s satisfaction shows it', async () => {
    const { callId, conversationId } = await phoneCall();
    await createPhoneCallStore(cast.service).rate(callId, 4);
    expect(await serviceRow(cast.service, 'conversations', { id: conversationId })).toMatchObject({
      rating: 4,
      satisfaction: 0.75,
    });
    // A second press replaces the first.
    await createPhoneCallStore(cast.service).rate(callId, 2);
    expect(await serviceRow(cast.service, 'conversations', { id: conversationId })).toMatchObject({ rating: 2 });
    const { data, error } = await cast.owner.client.rpc('insights_agent_statistics', {
      agent_id: agentId,
      period: '24h',
      time_zone: 'UTC',
    });
    expect(error).toBeNull();
    expect(insightsAggregateSchema.parse(data).satisfaction).toMatchObject({ average: 0.25, ratings: 1 });
  });

  it('refuses a digit outside 1-5 with a clear error', async () => {
    const { callId } = await phoneCall();
    const { error } = await cast.service.rpc('rate_phone_call', { call_id: callId, rating: 9 });
    expect(error?.code).toBe('22023');
  });

  it('does not rate an owner’s sandbox call or an unknown call', async () => {
    const { callId, conversationId } = await phoneCall('sandbox');
    const sandbox = await cast.service.rpc('rate_phone_call', { call_id: callId, rating: 5 });
    expect(sandbox.error?.code).toBe('PT404');
    expect(await serviceRow(cast.service, 'conversations', { id: conversationId })).toMatchObject({ rating: null });
    const unknown = await cast.service.rpc('rate_phone_call', { call_id: crypto.randomUUID(), rating: 5 });
    expect(unknown.error?.code).toBe('PT404');
  });

  it('no client can rate a call: not a visitor, the owner, another owner or an admin', async () => {
    const { callId, conversationId } = await phoneCall();
    for (const client of [cast.anon, cast.owner.client, cast.otherOwner.client, cast.admin.client]) {
      const { error } = await client.rpc('rate_phone_call', { call_id: callId, rating: 5 });
      expect(error).not.toBeNull();
    }
    expect(await serviceRow(cast.service, 'conversations', { id: conversationId })).toMatchObject({ rating: null });
  });
});
