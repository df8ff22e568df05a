/**
 * Voice calls stay under the server's control, through the
 * local stack, the voice-session and voice-call-sweeper functions and the fake OpenAI realtime
 * calls API (Location header on create, a hang-up route): only the page holding a call's token
 * ends it; every settled call's provider session is hung up (at `end`, after the lease or the
 * maximum, and retried by the sweeper when a hang-up fails); a crashed tab is charged up to its last
 * heartbeat, not the 4 h maximum; and parallel calls share the balance instead of each getting all
 * of it (reservations in blocks: voice-reservations.test.ts). Roles: anonymous visitor, owner A, owner B.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_LEASE_SECONDS } from '../../../supabase/functions/_shared/contracts/voice-lease.ts';
import type { FakeOpenAI } from '../../fakes/openai/server.ts';
import { createAgent, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { OFFER, startVoiceStack, voiceRequests, type HeldCall, type VoiceStack } from './support/voice.ts';

let voice: VoiceStack;
let stack: TestStack;
let openai: FakeOpenAI;
let ownerA: Owner;
let ownerB: Owner;

beforeAll(async () => {
  voice = await startVoiceStack('sk-test-voice-control');
  ({ stack, openai, ownerA, ownerB } = voice);
}, 120_000);

afterAll(async () => {
  await voice?.stop();
});

const { voiceSession, visitor, startCall, credits, setCredits, age, sweep } = voiceRequests(() => stack);
const end = (held: Pick<HeldCall, 'callId' | 'callToken'>) => visitor().end(held);
const heartbeat = (held: Pick<HeldCall, 'callId' | 'callToken'>) => visitor().heartbeat(held);

interface CallRow {
  status: string;
  duration: number;
  credits_charged: number;
  provider_call_id: string | null;
  provider_hung_up_at: string | null;
  hangup_attempts: number;
  last_seen_at: string | null;
}

async function callRow(callId: string): Promise<CallRow> {
  const { data, error } = await stack
    .serviceClient()
    .from('calls')
    .select('status, duration, credits_charged, provider_call_id, provider_hung_up_at, hangup_attempts, last_seen_at')
    .eq('id', callId)
    .single();
  expect(error).toBeNull();
  return data as CallRow;
}

describe('ending a call (anonymous visitor, owner A, owner B)', () => {
  it('a visitor cannot end a call with its id alone: the call keeps being timed until its page ends it', async () => {
    const agent = await createAgent(stack, ownerA);
    // Two calls at once, each holding a block of the balance.
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    const other = await startCall(agent.subdomain);
    for (const callToken of [undefined, 'forged.token', other.callToken]) {
      const refused = await voiceSession({ action: 'end', callId: call.callId, callToken });
      expect(refused.status).toBe(401);
      await expect(refused.json()).resolves.toMatchObject({ error: { code: 'invalid_call_token' } });
    }
    expect((await callRow(call.callId)).status).toBe('recording');
    expect((await end(call)).status).toBe(200);
    expect((await end(other)).status).toBe(200);
  });

  it('owner A (the call’s owner) and owner B cannot end calls by the ids the call list shows', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    const { data: listed } = await ownerA.client.from('calls').select('id').eq('status', 'recording');
    expect((listed as { id: string }[]).map((row) => row.id)).toContain(call.callId);
    for (const owner of [ownerA, ownerB]) {
      const refused = await voiceSession({ action: 'end', callId: call.callId }, { bearer: owner.token });
      expect(refused.status).toBe(401);
    }
    expect((await callRow(call.callId)).status).toBe('recording');
    expect((await end(call)).status).toBe(200);
  });

  it('ending at once hangs the provider call up: the visitor cannot keep talking for free', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    const { provider_call_id: providerCallId } = await callRow(call.callId);
    expect(providerCallId).toBe(openai.realtimeCalls.at(-1)?.id);

    await expect((await end(call)).json()).resolves.toEqual({ durationSeconds: 0, creditsCharged: 0 });
    expect(openai.hangups).toContain(providerCallId);
    expect((await callRow(call.callId)).provider_hung_up_at).not.toBeNull();
    // A second end settles nothing and hangs nothing up again.
    const hangups = openai.hangups.length;
    expect((await end(call)).status).toBe(200);
    expect(openai.hangups).toHaveLength(hangups);
  });

  it('clients cannot write the provider call id or the lease', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    for (const client of [ownerA.client, ownerB.client, stack.anonClient()]) {
      const forged = await client
        .from('calls')
        .update({ provider_call_id: 'rtc_other', last_seen_at: new Date(Date.now() + 3_600_000).toISOString() })
        .eq('id', call.callId)
        .select('id');
      expect(forged.error?.code).toBe('42501');
    }
    const row = await callRow(call.callId);
    expect(row.provider_call_id).toMatch(/^rtc_fake/);
    expect(Date.parse(row.last_seen_at ?? '')).toBeLessThanOrEqual(Date.now() + 5_000);
    expect((await end(call)).status).toBe(200);
  });
});

describe('the liveness lease (anonymous visitor, sweeper)', () => {
  it('a heartbeat needs the call token and renews the lease on the database clock', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    await age(call.callId, 30, 30);
    expect((await voiceSession({ action: 'heartbeat', callId: call.callId })).status).toBe(401);
    expect(Date.now() - Date.parse((await callRow(call.callId)).last_seen_at ?? '')).toBeGreaterThan(25_000);

    const beat = await heartbeat(call);
    expect(beat.status).toBe(200);
    const answer = (await beat.json()) as { open: boolean; secondsLeft: number };
    expect(answer.open).toBe(true);
    expect(answer.secondsLeft).toBeLessThanOrEqual(call.reservedSeconds - 30);
    expect(Date.now() - Date.parse((await callRow(call.callId)).last_seen_at ?? '')).toBeLessThan(5_000);
    expect((await end(call)).status).toBe(200);
  });

  it('a crashed tab is charged up to its last heartbeat, and its provider call is hung up by the sweeper', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 300);
    const call = await startCall(agent.subdomain);
    // One 5-minute block is reserved, not the 4 h maximum.
    expect(call.reservedSeconds).toBe(300);
    // Started 10 minutes ago; the page's last heartbeat came 150 s after the start.
    await age(call.callId, 600, 450);

    const run = await sweep();
    expect(run).toMatchObject({ settled: 1, creditsCharged: 3 });
    expect(run.hungUp).toBeGreaterThanOrEqual(1);
    const row = await callRow(call.callId);
    expect(row).toMatchObject({ status: 'completed', duration: 150, credits_charged: 3 });
    expect(row.provider_hung_up_at).not.toBeNull();
    expect(openai.hangups).toContain(row.provider_call_id);
    expect(await credits(ownerA)).toBe(297);
  });

  it('a page that stops heartbeating is cut off: a late heartbeat is refused, and a late end pays up to the last one', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    await age(call.callId, 200, VOICE_LEASE_SECONDS + 10 + 100);
    const { provider_call_id: providerCallId } = await callRow(call.callId);

    await expect((await heartbeat(call)).json()).resolves.toEqual({ open: false, secondsLeft: 0 });
    expect(openai.hangups).toContain(providerCallId);
    // The refused heartbeat did not renew anything: the call is timed to its last accepted one.
    await expect((await end(call)).json()).resolves.toEqual({ durationSeconds: 30, creditsCharged: 1 });
  });

  it('a call past its reservation is settled at it and hung up, even while its page keeps heartbeating', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 2);
    const call = await startCall(agent.subdomain);
    expect(call.reservedSeconds).toBe(120);
    await age(call.callId, 600, 0);
    const { provider_call_id: providerCallId } = await callRow(call.callId);

    await expect((await heartbeat(call)).json()).resolves.toEqual({ open: false, secondsLeft: 0 });
    expect(openai.hangups).toContain(providerCallId);
    // The hang-up ends the call's sideband: the server's control settles it at its reservation
    // (or the sweeper does, whichever comes first; either way once).
    await sweep();
    await expect.poll(async () => (await callRow(call.callId)).status).toBe('completed');
    expect(await callRow(call.callId)).toMatchObject({ status: 'completed', duration: 120, credits_charged: 2 });
    await expect(sweep()).resolves.toMatchObject({ settled: 0 });
  });

  it('a failed hang-up never blocks settling, and the sweeper retries it', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const call = await startCall(agent.subdomain);
    await age(call.callId, 61, 1);
    openai.failNext('realtime_hangup', { kind: 'status', status: 500 });

    await expect((await end(call)).json()).resolves.toMatchObject({ creditsCharged: 2 });
    const failed = await callRow(call.callId);
    expect(failed).toMatchObject({
      status: 'completed',
      credits_charged: 2,
      provider_hung_up_at: null,
      hangup_attempts: 1,
    });
    expect(openai.hangups).not.toContain(failed.provider_call_id);

    expect((await sweep()).hungUp).toBeGreaterThanOrEqual(1);
    expect(openai.hangups).toContain(failed.provider_call_id);
    expect((await callRow(call.callId)).provider_hung_up_at).not.toBeNull();
  });

  it('a call with no lease (left open by the previous code) is never charged more than the lease', async () => {
    const agent = await createAgent(stack, ownerB);
    await setCredits(ownerB, 300);
    const { data, error } = await stack
      .serviceClient()
      .from('calls')
      .insert({
        kind: 'browser_voice',
        source: 'visitor',
        user_id: ownerB.id,
        assigned_agent: agent.id,
        status: 'recording',
        max_duration_seconds: 4 * 3600,
        timestamp: new Date(Date.now() - 3 * 3600_000).toISOString(),
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const callId = (data as { id: string }).id;
    await sweep();
    expect(await callRow(callId)).toMatchObject({ status: 'completed', duration: 0, credits_charged: 0 });
    expect(await credits(ownerB)).toBe(300);
  });
});

describe('parallel calls share the balance (anonymous visitors, owner B)', () => {
  it('5 parallel starts on 10 credits reserve at most 10 minutes; settling them all charges no more than the balance, and every reserved minute used is paid', async () => {
    const agent = await createAgent(stack, ownerB);
    await setCredits(ownerB, 10);
    const starts = await Promise.all(
      Array.from({ length: 5 }, () => voiceSession({ subdomain: agent.subdomain, sdp: OFFER })),
    );
    const started: HeldCall[] = [];
    for (const answer of starts) {
      if (answer.status === 200) started.push((await answer.json()) as HeldCall);
      else {
        expect(answer.status).toBe(402);
        await expect(answer.json()).resolves.toMatchObject({ error: { code: 'no_credits' } });
      }
    }
    expect(started.length).toBeGreaterThanOrEqual(1);
    const reservedMinutes = started.reduce((sum, call) => sum + Math.ceil(call.reservedSeconds / 60), 0);
    expect(reservedMinutes).toBeLessThanOrEqual(10);
    // Nothing is left for a sixth call while these are open.
    expect((await voiceSession({ subdomain: agent.subdomain, sdp: OFFER })).status).toBe(402);

    // Every call talks to its reservation (and beyond), then ends.
    for (const call of started) await age(call.callId, call.reservedSeconds + 300, 0);
    const outcomes = (await Promise.all(started.map(async (call) => (await end(call)).json()))) as {
      durationSeconds: number;
      creditsCharged: number;
    }[];
    const charged = outcomes.reduce((sum, o) => sum + o.creditsCharged, 0);
    expect(charged).toBe(reservedMinutes);
    expect(charged).toBeLessThanOrEqual(10);
    outcomes.forEach((o, i) => expect(o.creditsCharged).toBe(Math.ceil(started[i]!.reservedSeconds / 60)));
    expect(await credits(ownerB)).toBe(10 - charged);
  });
});
