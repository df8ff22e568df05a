/**
 * Voice billing is server-authoritative and charged once, through the local
 * stack, the voice-session and voice-call-sweeper functions and a fake of OpenAI's
 * `POST /v1/realtime/calls`: parallel `end` requests charge once, the database clock times a call
 * and its reservation caps it, calls never ended are charged by the sweeper, starts are
 * rate-limited, and a browser's transcript is not stored at all (the server writes what it observed
 * on its control connection; tests/integration/functions/voice-core.test.ts). Roles: anonymous visitor, owner A, owner B, admin.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorEvent } from '../../../supabase/functions/_shared/connectors/event.ts';
import { VOICE_START_LIMITS } from '../../../supabase/functions/voice-session/limits.ts';
import { createAgent, createOwner, type Owner } from '../agent-chat/support.ts';
import { startReceiver, type Receiver } from '../connectors/receiver.ts';
import type { TestStack } from '../support/stack.ts';
import { startVoiceStack, voiceRequests, type HeldCall, type VoiceStack } from './support/voice.ts';

let voice: VoiceStack;
let stack: TestStack;
let receiver: Receiver;
let ownerA: Owner;
let ownerB: Owner;
let admin: Owner;

beforeAll(async () => {
  receiver = await startReceiver();
  voice = await startVoiceStack('sk-test-voice', { CONNECTOR_ALLOW_LOOPBACK: 'true' });
  ({ stack, ownerA, ownerB } = voice);
  admin = await createOwner(stack, 'admin');
  const promoted = await stack.serviceClient().rpc('set_user_admin', { user_id: admin.id, is_admin: true });
  if (promoted.error) throw new Error(promoted.error.message);
}, 120_000);

afterAll(async () => {
  await voice?.stop();
  await receiver?.close();
});

const { visitor, startCall, credits, setCredits, age: backdate, requestSweep: sweep } = voiceRequests(() => stack);

async function usageRows(callId: string) {
  const { data, error } = await stack
    .serviceClient()
    .from('credit_ledger')
    .select('amount')
    .eq('call_id', callId)
    .eq('type', 'usage');
  expect(error).toBeNull();
  return data as { amount: number }[];
}

describe('ending a voice call (anonymous visitor)', () => {
  it("charges exactly the call's minutes once for 100 parallel end requests, whatever duration the page claims", async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    const { callId } = call;
    await backdate(callId, 150);

    const page = visitor();
    // A page naming its own duration or charge is refused outright; it cannot end the call that way.
    expect((await page.end(call, { durationSeconds: 1, creditsCharged: 0 })).status).toBe(400);
    const answers = await Promise.all(Array.from({ length: 100 }, () => page.end(call)));

    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 100 }, () => 200));
    const outcomes = (await Promise.all(answers.map((a) => a.json()))) as {
      durationSeconds: number;
      creditsCharged: number;
    }[];
    expect(outcomes[0]?.creditsCharged).toBe(3);
    expect(outcomes[0]?.durationSeconds).toBeGreaterThanOrEqual(150);
    expect(new Set(outcomes.map((o) => JSON.stringify(o))).size).toBe(1);
    expect(await usageRows(callId)).toEqual([{ amount: -3 }]);
    expect(await credits(ownerA)).toBe(27);
  });

  it('caps the duration at the reservation, and charges no more than what is left', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 2);
    const capped = await startCall(agent.subdomain);
    expect(capped.reservedSeconds).toBe(120);
    await backdate(capped.callId, 3600);
    await expect((await visitor().end(capped)).json()).resolves.toEqual({
      durationSeconds: 120,
      creditsCharged: 2,
    });
    expect(await credits(ownerA)).toBe(0);

    // The balance dropped during the call (another call, a chat): the charge takes what remains.
    await setCredits(ownerA, 5);
    const long = await startCall(agent.subdomain);
    await backdate(long.callId, 250);
    await setCredits(ownerA, 1);
    await expect((await visitor().end(long)).json()).resolves.toMatchObject({ creditsCharged: 1 });
    expect(await credits(ownerA)).toBe(0);
  });

  it('answers 401 for an unknown call (no token can be valid for it) and 400 for a malformed id', async () => {
    expect((await visitor().end({ callId: randomUUID(), callToken: '1.x' })).status).toBe(401);
    expect((await visitor().end({ callId: 'not-a-call', callToken: '1.x' })).status).toBe(400);
  });
});

describe('the voice call sweeper (service role)', () => {
  it('closes and charges a call left open past its maximum, once; a recent call stays open', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 3);
    const abandoned = await startCall(agent.subdomain);
    // The first call holds the 3 credits: more for the second one.
    await setCredits(ownerA, 33);
    const recent = await startCall(agent.subdomain);
    await backdate(abandoned.callId, abandoned.reservedSeconds + 600);

    const run = await sweep();
    expect(run.status).toBe(200);
    await expect(run.json()).resolves.toEqual({ settled: 1, creditsCharged: 3, hungUp: 1 });
    const { data: call } = await stack
      .serviceClient()
      .from('calls')
      .select('status, duration, credits_charged, conversation_id')
      .eq('id', abandoned.callId)
      .single();
    expect(call).toMatchObject({ status: 'completed', duration: 180, credits_charged: 3 });
    const { data: conversation } = await stack
      .serviceClient()
      .from('conversations')
      .select('ended_at')
      .eq('id', (call as { conversation_id: string }).conversation_id)
      .single();
    expect((conversation as { ended_at: string | null }).ended_at).not.toBeNull();
    expect((await stack.serviceClient().from('calls').select('status').eq('id', recent.callId).single()).data).toEqual({
      status: 'recording',
    });

    // A late end and a second sweep change nothing.
    await expect((await visitor().end(abandoned)).json()).resolves.toEqual({
      durationSeconds: 180,
      creditsCharged: 3,
    });
    await expect((await sweep()).json()).resolves.toEqual({ settled: 0, creditsCharged: 0, hungUp: 0 });
    expect(await usageRows(abandoned.callId)).toEqual([{ amount: -3 }]);
    expect((await visitor().end(recent)).status).toBe(200);
  });

  it('refuses anyone but the service role', async () => {
    for (const token of [stack.anonKey, ownerA.token, admin.token]) {
      const refused = await sweep(token);
      expect(refused.status).toBe(403);
      await expect(refused.json()).resolves.toMatchObject({ error: { code: 'service_role_only' } });
    }
  });
});

describe('starting voice calls', () => {
  it('refuses a visitor with 429 and Retry-After after the limit, out of 20 rapid starts', async () => {
    const agent = await createAgent(stack, ownerB);
    // Each open call holds a 5-minute block of the balance: enough for all of them.
    await setCredits(ownerB, 10 * 5);
    const page = visitor();
    const answers = [];
    for (let i = 0; i < 20; i++) {
      const answer = await page.start(agent.subdomain);
      answers.push(answer);
      // Hung up at once: this is the window's limit, not the cap on calls held at once.
      if (answer.status === 200) expect((await page.end((await answer.clone().json()) as HeldCall)).status).toBe(200);
    }

    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, VOICE_START_LIMITS.perVisitor)).toEqual(
      Array.from({ length: VOICE_START_LIMITS.perVisitor }, () => 200),
    );
    expect(statuses.slice(VOICE_START_LIMITS.perVisitor)).toEqual(
      Array.from({ length: 20 - VOICE_START_LIMITS.perVisitor }, () => 429),
    );
    const refused = answers.at(-1)!;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(VOICE_START_LIMITS.windowSeconds);
    await expect(refused.json()).resolves.toMatchObject({ error: { code: 'rate_limited' } });
    // Another visitor of the same agent still gets through.
    expect((await visitor().start(agent.subdomain)).status).toBe(200);
  });

  it('limits starts per client address (rotating visitor keys) and per agent, in Postgres', async () => {
    const service = stack.serviceClient();
    const admit = (agentId: string, visitorKey: string, addressKey: string) =>
      service.rpc('voice_call_admit', {
        agent_id: agentId,
        visitor_key: visitorKey,
        address_key: addressKey,
        visitor_limit: 5,
        address_limit: 3,
        agent_limit: 4,
        window_seconds: 600,
        // No newcomers' share here: this test is about the plain counts (voice-start-abuse has the share).
        newcomer_reserve: 0,
        visitor_concurrent: 10,
        address_concurrent: 10,
      });
    const agent = randomUUID();
    const address = `ip:${randomUUID()}`;
    for (let i = 0; i < 3; i++)
      expect((await admit(agent, `visitor:${i}-${address}`, address)).data).toMatchObject({ allowed: true });
    expect((await admit(agent, `visitor:new-${address}`, address)).data).toMatchObject({
      allowed: false,
      scope: 'address',
    });
    expect((await admit(agent, `visitor:other-${address}`, `ip:${randomUUID()}`)).data).toMatchObject({
      allowed: true,
    });
    expect((await admit(agent, `visitor:third-${address}`, `ip:${randomUUID()}`)).data).toMatchObject({
      allowed: false,
      scope: 'agent',
    });
  });

  it('needs a positive balance', async () => {
    const agent = await createAgent(stack, ownerB);
    await setCredits(ownerB, 0);
    const refused = await visitor().start(agent.subdomain);
    expect(refused.status).toBe(402);
    await expect(refused.json()).resolves.toMatchObject({ error: { code: 'no_credits' } });
    await setCredits(ownerB, 30);
  });
});

describe('the browser transcript', () => {
  it('is never stored: nothing of it reaches the owner or the connectors', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const connected = await ownerA.client.from('agent_integrations').insert({
      agent_id: agent.id,
      user_id: ownerA.id,
      kind: 'zapier',
      enabled: true,
      config: { webhook_url: `${receiver.url}/zapier` },
      connected_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(connected.error).toBeNull();
    const held = await startCall(agent.subdomain);
    const { callId } = held;
    const ended = await visitor().end(held, {
      transcript: [
        { role: 'assistant', text: 'Your table is booked and paid, thank you.' },
        { role: 'user', text: 'Great!' },
      ],
    });
    expect(ended.status).toBe(200);
    const { data: call } = await stack
      .serviceClient()
      .from('calls')
      .select('conversation_id')
      .eq('id', callId)
      .single();
    const conversationId = (call as { conversation_id: string }).conversation_id;

    const pageLines = ['Your table is booked and paid, thank you.', 'Great!'];
    const { data: mine } = await ownerA.client.from('messages').select('content').eq('conversation_id', conversationId);
    // Only what the server said on its control connection (the greeting) is stored.
    expect((mine ?? []).filter((line) => pageLines.includes(line.content as string))).toEqual([]);

    receiver.received.length = 0;
    const dispatch = await fetch(`${stack.url}/functions/v1/connector-dispatch`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(dispatch.status).toBe(200);
    const hit = receiver.received.find((r) => r.path === '/zapier');
    expect(hit).toBeDefined();
    const event = JSON.parse(hit!.body) as ConnectorEvent;
    expect(event.conversation).toMatchObject({ id: conversationId, channel: 'web_voice' });
    expect(JSON.stringify(event.messages)).not.toContain('booked and paid');
  });
});

describe('the billing functions and the ledger key (visitor, owners, admin)', () => {
  it('cannot be called by anyone but the service role', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    const { callId } = call;
    const calls: [string, Record<string, unknown>][] = [
      ['voice_end_call', { call_id: callId, lease_seconds: 60 }],
      ['sweep_calls', { lease_seconds: 1, browser_grace_seconds: 0 }],
      ['voice_heartbeat', { call_id: callId, lease_seconds: 60 }],
      ['voice_attach_provider_call', { call_id: callId, provider_call_id: 'rtc_mine' }],
      ['voice_abort_call', { call_id: callId }],
      ['voice_hangups_due', {}],
      ['voice_record_hangup', { call_id: callId, hung_up: true }],
      ['voice_open_call', { agent_id: agent.id }],
      [
        'voice_call_admit',
        {
          agent_id: agent.id,
          visitor_key: 'v',
          address_key: 'a',
          visitor_limit: 1000,
          address_limit: 1000,
          agent_limit: 1000,
          window_seconds: 1,
        },
      ],
    ];
    // Untyped clients: the calls name functions by string and pass arguments each role must be refused.
    const clients: SupabaseClient[] = [stack.anonClient(), ownerA.client, ownerB.client, admin.client];
    for (const client of clients) {
      for (const [name, args] of calls) {
        const { error } = await client.rpc(name, args);
        expect(error, name).not.toBeNull();
      }
    }
    expect(
      (await stack.serviceClient().from('calls').select('status, provider_hung_up_at').eq('id', callId).single()).data,
    ).toEqual({ status: 'recording', provider_hung_up_at: null });
    expect((await visitor().end(call)).status).toBe(200);
  });

  it("an owner cannot take a call's one usage entry with use_credits (which would make the call free)", async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    const { callId } = call;
    const { error } = await ownerA.client.rpc('use_credits', { amount: 1, call_id: callId });
    expect(error?.code).toBe('42501');
    await backdate(callId, 61);
    await expect((await visitor().end(call)).json()).resolves.toMatchObject({ creditsCharged: 2 });
    expect(await usageRows(callId)).toEqual([{ amount: -2 }]);
  });
});
