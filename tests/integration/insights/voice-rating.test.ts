/**
 * The end-of-call rating: a browser voice caller rates the call they just ended
 * through `POST /agent-chat/rating {callId, callToken, rating}`. The call token voice-session gave
 * the page is the proof (a voice conversation has no visitor key): the caller's own call is rated,
 * another call's token or a forged one is refused, a second rating replaces the first, and the
 * owner's satisfaction moves with it while another owner sees nothing. Roles: anonymous visitor
 * (the rater), owner A (the agent's owner), owner B, an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsAggregateSchema } from '../../../supabase/functions/_shared/contracts/insights.ts';
import { signCallToken } from '../../../supabase/functions/_shared/voice/call-token.ts';
import { createAgent, createOwner, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { OFFER, startVoiceStack, voiceRequests, type HeldCall, type VoiceStack } from '../security/support/voice.ts';

let voice: VoiceStack;
let stack: TestStack;
let ownerA: Owner;
let ownerB: Owner;
let agent: { id: string; subdomain: string };

beforeAll(async () => {
  voice = await startVoiceStack('sk-test-voice-rating');
  ({ stack, ownerA, ownerB } = voice);
  agent = await createAgent(stack, ownerA);
  await setCredits(ownerA, 30);
}, 120_000);

afterAll(async () => {
  await voice?.stop();
});

const { visitor, voiceSession, startCall, setCredits } = voiceRequests(() => stack);

async function rate(body: Record<string, unknown>, visitorKey?: string) {
  const response = await fetch(`${stack.url}/functions/v1/agent-chat/rating`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
      ...(visitorKey ? { 'x-visitor-key': visitorKey } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A call started and ended by a visitor's page, as the page holds it afterwards. */
async function endedCall(): Promise<HeldCall> {
  const call = await startCall(agent.subdomain);
  expect((await visitor().end(call)).status).toBe(200);
  return call;
}

async function conversationOf(callId: string) {
  const call = await stack
    .serviceClient()
    .from('calls')
    .select('conversation_id')
    .eq('id', callId)
    .single<{ conversation_id: string }>();
  const row = await stack
    .serviceClient()
    .from('conversations')
    .select('id, rating, satisfaction, channel')
    .eq('id', call.data?.conversation_id ?? '')
    .single();
  return row.data;
}

async function statistics(owner: Owner, agentId: string) {
  const { data, error } = await owner.client.rpc('insights_agent_statistics', {
    agent_id: agentId,
    period: '24h',
    time_zone: 'UTC',
  });
  if (error) throw error;
  return insightsAggregateSchema.parse(data);
}

async function satisfaction(owner: Owner, agentId: string) {
  const { data, error } = await owner.client.rpc('insights_agent_statistics', {
    agent_id: agentId,
    period: '24h',
    time_zone: 'UTC',
  });
  return { stats: error ? null : insightsAggregateSchema.parse(data).satisfaction, error };
}

describe('rating the end of a browser voice call', () => {
  it("stores the caller's rating on the call's conversation and the owner's satisfaction is its average", async () => {
    const call = await endedCall();
    expect(await rate({ callId: call.callId, callToken: call.callToken, rating: 5 })).toEqual({
      status: 200,
      json: { satisfaction: 1 },
    });
    expect(await conversationOf(call.callId)).toMatchObject({ channel: 'web_voice', rating: 5, satisfaction: 1 });
    const { stats } = await satisfaction(ownerA, agent.id);
    expect(stats).toMatchObject({ average: 1, ratings: 1, distribution: { '5': 1 } });
  });

  it('a second rating (a replay or a change of mind) replaces the first, never counts twice', async () => {
    const call = await endedCall();
    const before = (await satisfaction(ownerA, agent.id)).stats!;
    for (const rating of [1, 1, 3]) {
      expect((await rate({ callId: call.callId, callToken: call.callToken, rating })).status).toBe(200);
    }
    expect(await conversationOf(call.callId)).toMatchObject({ rating: 3, satisfaction: 0.5 });
    const after = (await satisfaction(ownerA, agent.id)).stats!;
    expect(after.ratings).toBe(before.ratings + 1);
    expect(after.distribution['3']).toBe((before.distribution['3'] ?? 0) + 1);
    expect(after.distribution['1'] ?? 0).toBe(before.distribution['1'] ?? 0);
  });

  it("another visitor cannot rate my call: another call's token, a forged or expired token, or none", async () => {
    const mine = await endedCall();
    const theirs = await endedCall();
    const forged = await signCallToken('not the secret', mine.callId, Date.now() + 60_000);
    const expired = await signCallToken(stack.serviceRoleKey, mine.callId, Date.now() - 1_000);
    for (const callToken of [theirs.callToken, forged, expired, 'x']) {
      const refused = await rate({ callId: mine.callId, callToken, rating: 1 });
      expect(refused.status, callToken).toBe(403);
      expect(refused.json).toMatchObject({ error: { code: 'invalid_call_token' } });
    }
    const missing = await rate({ callId: mine.callId, rating: 1 });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ error: { code: 'invalid_request' } });
    // The visitor key that started the call is no proof either: a voice conversation has none.
    const conversation = await conversationOf(mine.callId);
    const byKey = await rate({ conversationId: conversation?.id, rating: 1 }, 'a'.repeat(32));
    expect(byKey.status).toBe(404);
    expect((await conversationOf(mine.callId))?.rating).toBeNull();
  });

  it("the owner's own sandbox call is a test: stored as such, not rateable (404) and not counted; a visitor's call is", async () => {
    const before = await statistics(ownerA, agent.id);
    // The console's Test Agent: the owner's session calls their own agent.
    const started = await voiceSession({ agentId: agent.id, sdp: OFFER }, { bearer: ownerA.token });
    expect(started.status).toBe(200);
    const sandbox = (await started.json()) as HeldCall;
    expect((await visitor().end(sandbox)).status).toBe(200);
    const row = await stack
      .serviceClient()
      .from('calls')
      .select('source, status')
      .eq('id', sandbox.callId)
      .single<{ source: string; status: string }>();
    expect(row.data).toEqual({ source: 'sandbox', status: 'completed' });
    expect(await conversationOf(sandbox.callId)).toMatchObject({ channel: 'sandbox' });

    const refused = await rate({ callId: sandbox.callId, callToken: sandbox.callToken, rating: 1 });
    expect(refused).toEqual({
      status: 404,
      json: { error: { code: 'conversation_not_found', message: expect.any(String) } },
    });
    expect((await conversationOf(sandbox.callId))?.rating).toBeNull();
    const afterSandbox = await statistics(ownerA, agent.id);
    expect(afterSandbox.calls.voice).toBe(before.calls.voice);
    expect(afterSandbox.conversations.total).toBe(before.conversations.total);
    expect(afterSandbox.satisfaction.ratings).toBe(before.satisfaction.ratings);

    // The same call from a visitor's page counts (so the figures above could have moved).
    const visitorCall = await endedCall();
    const afterVisitor = await statistics(ownerA, agent.id);
    expect(afterVisitor.calls.voice).toBe(before.calls.voice + 1);
    expect(afterVisitor.conversations.total).toBe(before.conversations.total + 1);
    const stored = await stack.serviceClient().from('calls').select('source').eq('id', visitorCall.callId).single();
    expect(stored.data).toEqual({ source: 'visitor' });
  });

  it('refuses a rating outside 1-5 and a token for a call that has no conversation', async () => {
    const call = await endedCall();
    for (const rating of [0, 6, 2.5]) {
      const bad = await rate({ callId: call.callId, callToken: call.callToken, rating });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ error: { code: 'invalid_request' } });
    }
    const ghost = '00000000-0000-4000-8000-00000000dead';
    const token = await signCallToken(stack.serviceRoleKey, ghost, Date.now() + 60_000);
    const unknown = await rate({ callId: ghost, callToken: token, rating: 4 });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: { code: 'conversation_not_found' } });
  });

  it('another owner or an admin sees none of the ratings; no client role (anon, owner, other owner, admin) can call the RPC', async () => {
    const admin = await createOwner(stack, 'admin');
    const promoted = await stack.serviceClient().rpc('set_user_admin', { user_id: admin.id, is_admin: true });
    expect(promoted.error).toBeNull();
    for (const stranger of [ownerB, admin]) expect((await satisfaction(stranger, agent.id)).error?.code).toBe('PT404');
    const call = await endedCall();
    for (const client of [stack.anonClient(), ownerA.client, ownerB.client, admin.client]) {
      const denied = await client.rpc('rate_voice_call', { call_id: call.callId, rating: 1 });
      expect(denied.error).not.toBeNull();
    }
    expect((await conversationOf(call.callId))?.rating).toBeNull();
  });
});
