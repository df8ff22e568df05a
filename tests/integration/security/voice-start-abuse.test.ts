/**
 * Voice call starts cannot lock an agent for everyone, nor let one visitor or address hold many
 * calls at once (second outside review), through the local stack's voice-session function and the
 * fake OpenAI realtime calls API. Roles: anonymous visitors from several client addresses, owner A.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_START_LIMITS } from '../../../supabase/functions/voice-session/limits.ts';
import { createAgent, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { OFFER, startVoiceStack, voiceRequests, type HeldCall, type VoiceStack } from './support/voice.ts';

let voice: VoiceStack;
let stack: TestStack;
let ownerA: Owner;

beforeAll(async () => {
  voice = await startVoiceStack('sk-test-voice-starts');
  ({ stack, ownerA } = voice);
}, 120_000);

afterAll(async () => {
  await voice?.stop();
});

const { setCredits } = voiceRequests(() => stack);

let addressCounter = 0;
/** A client address no other test uses (the functions trust x-forwarded-for from the platform). */
const newAddress = () => `203.0.113.${++addressCounter}`;
const newVisitorKey = () => randomUUID().replaceAll('-', '');

/** voice-session as a page at `address` with browser key `visitorKey` sends it. */
function page(address: string, visitorKey = newVisitorKey()) {
  const post = (body: Record<string, unknown>) =>
    fetch(`${stack.url}/functions/v1/voice-session`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${stack.anonKey}`,
        'content-type': 'application/json',
        'x-visitor-key': visitorKey,
        'x-forwarded-for': address,
      },
      body: JSON.stringify(body),
    });
  return {
    start: (subdomain: string) => post({ subdomain, sdp: OFFER }),
    end: (held: Pick<HeldCall, 'callId' | 'callToken'>) =>
      post({ action: 'end', callId: held.callId, callToken: held.callToken }),
  };
}

describe('a start storm (anonymous visitors from three addresses)', () => {
  it('still leaves a call for a fresh visitor of the agent', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 100);
    const statuses: number[] = [];
    // The reviewer's storm: three addresses, each rotating visitor keys up to its address limit,
    // every call hung up at once (the owner pays a realtime session per start).
    for (let a = 0; a < 3; a++) {
      const address = newAddress();
      for (let i = 0; i < VOICE_START_LIMITS.perAddress; i++) {
        const caller = page(address);
        const started = await caller.start(agent.subdomain);
        statuses.push(started.status);
        if (started.status === 200) await caller.end((await started.json()) as HeldCall);
        else await started.body?.cancel();
      }
    }
    const admitted = statuses.filter((s) => s === 200).length;
    // The storm fills the agent's capacity but for the newcomers' share.
    expect(admitted).toBeLessThan(VOICE_START_LIMITS.perAgent);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);

    // A visitor from an address the agent has not seen in the window still gets a call.
    const fresh = page(newAddress());
    const call = await fresh.start(agent.subdomain);
    expect(call.status).toBe(200);
    expect((await fresh.end((await call.json()) as HeldCall)).status).toBe(200);
  });
});

describe('calls held at once (anonymous visitors)', () => {
  it('one visitor key cannot hold more than its share of calls at once', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 100);
    const caller = page(newAddress());
    const held: HeldCall[] = [];
    for (let i = 0; i < VOICE_START_LIMITS.concurrentPerVisitor; i++) {
      const started = await caller.start(agent.subdomain);
      expect(started.status).toBe(200);
      held.push((await started.json()) as HeldCall);
    }
    const refused = await caller.start(agent.subdomain);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expect(refused.json()).resolves.toMatchObject({ error: { code: 'rate_limited' } });

    // Hanging one up frees its place.
    expect((await caller.end(held.pop()!)).status).toBe(200);
    const again = await caller.start(agent.subdomain);
    expect(again.status).toBe(200);
    held.push((await again.json()) as HeldCall);
    for (const call of held) expect((await caller.end(call)).status).toBe(200);
  });

  it('one address rotating visitor keys cannot hold more than its share of calls at once', async () => {
    const agent = await createAgent(stack, ownerA);
    await setCredits(ownerA, 200);
    const address = newAddress();
    const held: { caller: ReturnType<typeof page>; call: HeldCall }[] = [];
    for (let i = 0; i < VOICE_START_LIMITS.concurrentPerAddress; i++) {
      const caller = page(address);
      const started = await caller.start(agent.subdomain);
      expect(started.status).toBe(200);
      held.push({ caller, call: (await started.json()) as HeldCall });
    }
    const refused = await page(address).start(agent.subdomain);
    expect(refused.status).toBe(429);
    await refused.body?.cancel();
    // Another address is not affected.
    const other = page(newAddress());
    const elsewhere = await other.start(agent.subdomain);
    expect(elsewhere.status).toBe(200);
    expect((await other.end((await elsewhere.json()) as HeldCall)).status).toBe(200);
    for (const { caller, call } of held) expect((await caller.end(call)).status).toBe(200);
  });
});
