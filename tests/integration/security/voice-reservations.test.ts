/**
 * Voice calls reserve the owner's balance in blocks, like a card authorisation hold, through
 * the local stack, the voice-session and voice-call-sweeper
 * functions and the fake OpenAI realtime calls API: a call opens with one block (5 minutes) of
 * what the owner's other open calls do not hold, heartbeats top it up while credits remain, a
 * call whose reservation cannot grow ends at it and is charged only that, and parallel heartbeats
 * never reserve more than the balance. Roles: anonymous visitors calling owner A's and owner B's
 * agents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../../fakes/openai/server.ts';
import { createAgent, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { OFFER, startVoiceStack, voiceRequests, type HeldCall, type VoiceStack } from './support/voice.ts';

/** The reservation block (private.voice_reservation_block_seconds) and top-up threshold, in seconds. */
const BLOCK = 300;
const TOP_UP_BELOW = 120;

let voice: VoiceStack;
let stack: TestStack;
let openai: FakeOpenAI;
let ownerA: Owner;
let ownerB: Owner;

beforeAll(async () => {
  voice = await startVoiceStack('sk-test-voice-reservations');
  ({ stack, openai, ownerA, ownerB } = voice);
}, 120_000);

afterAll(async () => {
  await voice?.stop();
});

const { voiceSession, visitor, startCall, credits, setCredits, age, sweep } = voiceRequests(() => stack);

interface Beat {
  open: boolean;
  secondsLeft: number;
  final?: boolean;
}

async function heartbeat(call: HeldCall): Promise<Beat> {
  const answer = await visitor().heartbeat(call);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Beat;
}

const end = async (call: HeldCall) =>
  (await (await visitor().end(call)).json()) as {
    durationSeconds: number;
    creditsCharged: number;
  };

/** The call's reservation as the database holds it, in seconds. */
async function reservation(callId: string): Promise<number> {
  const { data, error } = await stack
    .serviceClient()
    .from('calls')
    .select('max_duration_seconds')
    .eq('id', callId)
    .single();
  expect(error).toBeNull();
  return (data as { max_duration_seconds: number }).max_duration_seconds;
}

/** The call started `seconds` ago and its page heartbeated just now (service role). */
const talkedFor = (callId: string, seconds: number) => age(callId, seconds, 0);

describe('voice calls reserve the balance in blocks (anonymous visitors, owner A, owner B)', () => {
  it('an owner with 30 credits takes 3 parallel calls (each reserves a block)', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 30);
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await startCall(agent.subdomain));

    expect(calls.map((c) => c.reservedSeconds)).toEqual([BLOCK, BLOCK, BLOCK]);
    // 15 of the 30 credits are still unreserved: each call can grow.
    expect(calls.map((c) => c.final)).toEqual([false, false, false]);
    for (const call of calls) expect(await reservation(call.callId)).toBe(BLOCK);
    for (const call of calls) await end(call);
  });

  it("a call's reservation grows on heartbeats while credits remain", async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 12);
    const call = await startCall(agent.subdomain);
    expect(call).toMatchObject({ reservedSeconds: BLOCK, final: false });

    // More than the threshold left: nothing changes.
    await talkedFor(call.callId, 60);
    expect(await heartbeat(call)).toMatchObject({ open: true, final: false });
    expect(await reservation(call.callId)).toBe(BLOCK);

    // Under the threshold: another block.
    await talkedFor(call.callId, BLOCK - TOP_UP_BELOW + 20);
    const grown = await heartbeat(call);
    expect(grown).toMatchObject({ open: true, final: false });
    expect(grown.secondsLeft).toBeGreaterThan(2 * BLOCK - (BLOCK - TOP_UP_BELOW + 20) - 5);
    expect(await reservation(call.callId)).toBe(2 * BLOCK);

    // Only 2 of the 12 credits are left: they are reserved, and the page is told the end is final.
    await talkedFor(call.callId, 2 * BLOCK - 60);
    const last = await heartbeat(call);
    expect(last).toMatchObject({ open: true, final: true });
    expect(last.secondsLeft).toBeGreaterThan(175);
    expect(last.secondsLeft).toBeLessThanOrEqual(180);
    expect(await reservation(call.callId)).toBe(12 * 60);

    // Talking past it: the call is over, charged its 12 minutes.
    await talkedFor(call.callId, 12 * 60 + 30);
    expect(await heartbeat(call)).toEqual({ open: false, secondsLeft: 0 });
    await expect(end(call)).resolves.toEqual({ durationSeconds: 12 * 60, creditsCharged: 12 });
    expect(await credits(ownerA)).toBe(0);
  });

  it('when the balance is reserved by other calls, a call stops at its reservation and is charged only that', async () => {
    const agent = await createAgent(stack, ownerB);
    await setCredits(ownerB, 10);
    const first = await startCall(agent.subdomain);
    const second = await startCall(agent.subdomain);
    expect([first.reservedSeconds, second.reservedSeconds]).toEqual([BLOCK, BLOCK]);
    expect(second.final).toBe(true);
    // A third caller finds nothing unreserved.
    const third = await voiceSession({ subdomain: agent.subdomain, sdp: OFFER });
    expect(third.status).toBe(402);
    await expect(third.json()).resolves.toMatchObject({ error: { code: 'no_credits' } });

    // Near the end of its block, the first call cannot grow: the page is told how long is left.
    await talkedFor(first.callId, BLOCK - 100);
    const warned = await heartbeat(first);
    expect(warned).toMatchObject({ open: true, final: true });
    expect(warned.secondsLeft).toBeLessThanOrEqual(100);
    expect(await reservation(first.callId)).toBe(BLOCK);

    // Past it the server cuts the call off (hangs the provider up) and the sweeper settles it there.
    await talkedFor(first.callId, BLOCK + 60);
    const { data } = await stack
      .serviceClient()
      .from('calls')
      .select('provider_call_id')
      .eq('id', first.callId)
      .single();
    expect(await heartbeat(first)).toEqual({ open: false, secondsLeft: 0 });
    expect(openai.hangups).toContain((data as { provider_call_id: string }).provider_call_id);
    // The hang-up ends the call's sideband: the server's control settles it at its reservation,
    // or the sweeper does, whichever comes first; either way once.
    await sweep();
    await expect
      .poll(
        async () =>
          (await stack.serviceClient().from('calls').select('status').eq('id', first.callId).single()).data?.status,
      )
      .toBe('completed');
    const { data: settled } = await stack
      .serviceClient()
      .from('calls')
      .select('status, duration, credits_charged')
      .eq('id', first.callId)
      .single();
    expect(settled).toEqual({ status: 'completed', duration: BLOCK, credits_charged: 5 });
    expect(await credits(ownerB)).toBe(5);
    // The second call still holds its block; its end charges what it used.
    await talkedFor(second.callId, 90);
    await expect(end(second)).resolves.toMatchObject({ creditsCharged: 2 });
    expect(await credits(ownerB)).toBe(3);
  });

  it('parallel heartbeats of several calls never reserve more than the balance', async () => {
    const agent = await createAgent(stack, ownerB);
    await setCredits(ownerB, 17);
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await startCall(agent.subdomain));
    // 15 reserved, 2 unreserved: every call is under the top-up threshold at once.
    for (const call of calls) await talkedFor(call.callId, BLOCK - 100);
    const beats = await Promise.all(calls.flatMap((call) => Array.from({ length: 5 }, () => heartbeat(call))));
    expect(beats.every((beat) => beat.open)).toBe(true);

    const reserved = await Promise.all(calls.map((call) => reservation(call.callId)));
    expect(reserved.reduce((sum, seconds) => sum + seconds / 60, 0)).toBe(17);
    expect([...reserved].sort((a, b) => a - b)).toEqual([BLOCK, BLOCK, BLOCK + 120]);
    // Nothing is left for another call, and every call now knows its end is final.
    expect((await voiceSession({ subdomain: agent.subdomain, sdp: OFFER })).status).toBe(402);
    for (const call of calls) expect((await heartbeat(call)).final).toBe(true);

    // All of them talk to their reservation: the owner pays exactly the balance, never more.
    for (const [i, call] of calls.entries()) await talkedFor(call.callId, reserved[i]! + 10);
    const outcomes = await Promise.all(calls.map(end));
    expect(outcomes.reduce((sum, o) => sum + o.creditsCharged, 0)).toBe(17);
    expect(await credits(ownerB)).toBe(0);
  });
});
