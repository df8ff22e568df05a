import { afterEach, describe, expect, it } from 'vitest';
import { FakeRelayCall, UpgradeRefused } from '../../../tests/fakes/twilio/conversation-relay.ts';
import {
  fakeRelayDeps,
  scriptedProvider,
  type FakeRelay,
  type ScriptedReply,
} from '../../../tests/support/phone-relay-fakes.ts';
import { agentGreeting } from '../_shared/contracts/greeting.ts';
import { callEndingGoodbye, callRatingQuestion, callRatingThanks } from '../_shared/conversation/messages.ts';
import { signPhoneCallToken } from '../_shared/phone/call-token.ts';
import type { RelayDeps } from './context.ts';
import { startRelayServer, type RelayServer } from './node-server.ts';
import { createRelay } from './relay.ts';

const AUTH_TOKEN = 'twilio-auth-token';
const PUBLIC = 'wss://relay.example.com/phone-relay';
const FAST: RelayDeps['timing'] = { dtmfGapMs: 50, speechMsPerChar: 0, heartbeatMs: 60_000 };

let running: RelayServer | null = null;
afterEach(async () => {
  await running?.shutdown(0);
  running = null;
});

async function relayWith(
  replies: ScriptedReply[],
  options: Parameters<typeof fakeRelayDeps>[1] = {},
): Promise<FakeRelay & { url: (path: string) => string; provider: ReturnType<typeof scriptedProvider> }> {
  const provider = scriptedProvider(replies);
  const fake = fakeRelayDeps(provider, { timing: FAST, ...options });
  running = await startRelayServer({ relay: createRelay(fake.deps), env: fake.deps.env });
  const port = running.port;
  return { ...fake, provider, url: (path) => `ws://127.0.0.1:${port}/phone-relay${path}` };
}

async function twilioCall(relay: FakeRelay & { url: (path: string) => string }, secondsLeft?: number) {
  const { call, token } = await relay.store.open({ secondsLeft });
  const socket = await FakeRelayCall.connect({
    url: relay.url('/conversation-relay'),
    publicUrl: `${PUBLIC}/conversation-relay`,
    authToken: AUTH_TOKEN,
    callSid: call.callSid,
    customParameters: { callToken: token },
  });
  await socket.waitFor((frame) => frame.type === 'language', { fromStart: true });
  return { call, socket };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('ConversationRelay session', () => {
  it('streams the reply token by token and stores the welcome, the question and the answer', async () => {
    const relay = await relayWith([{ tokens: ['We are open ', 'from 7am ', 'to 7pm.'] }]);
    const { call, socket } = await twilioCall(relay);
    expect(socket.frames[0]).toEqual({ type: 'language', ttsLanguage: 'en-US', transcriptionLanguage: 'en-US' });

    expect(await socket.ask('What are your opening hours?')).toBe('We are open from 7am to 7pm.');
    const texts = socket.frames.filter((frame) => frame.type === 'text');
    expect(texts).toEqual([
      { type: 'text', token: 'We are open ', last: false },
      { type: 'text', token: 'from 7am ', last: false },
      { type: 'text', token: 'to 7pm.', last: false },
      { type: 'text', token: '', last: true },
    ]);
    await until(() => relay.store.transcript(call.conversationId).length === 3, 'the reply to be saved');
    expect(relay.store.transcript(call.conversationId)).toEqual([
      { role: 'assistant', content: agentGreeting('Marie', 'en_US') },
      { role: 'user', content: 'What are your opening hours?' },
      { role: 'assistant', content: 'We are open from 7am to 7pm.' },
    ]);
    // The phone channel speaks: the core builds the spoken-style prompt.
    expect(relay.provider.requests[0]!.messages[0]!.content).toContain('speaking with the caller by voice');

    await socket.hangup();
    await until(() => relay.store.calls.get(call.callId)!.ended === 'hangup', 'the call to end');
  });

  it('keeps exactly what the caller heard when they interrupt a reply being streamed', async () => {
    const relay = await relayWith([
      { tokens: ['Our hours ', 'are seven ', 'to seven, ', 'Monday ', 'to Saturday.'], delayMs: 30 },
      { tokens: ['Yes, on Sunday too.'] },
    ]);
    const { call, socket } = await twilioCall(relay);
    const heard = await socket.askAndInterrupt('When are you open?', 14);
    expect(heard).toBe('Our hours are ');
    // Stored: our reply up to where the caller's report ends (heardPart).
    // Twilio waits for the end of the talk cycle after an interrupt.
    await socket.waitFor((frame) => frame.type === 'text' && frame.last === true, { fromStart: true });
    expect(await socket.ask('On Sunday?')).toBe('Yes, on Sunday too.');
    await until(() => relay.store.transcript(call.conversationId).length === 5, 'both replies');
    expect(relay.store.transcript(call.conversationId).slice(1)).toEqual([
      { role: 'user', content: 'When are you open?' },
      { role: 'assistant', content: 'Our hours are' },
      { role: 'user', content: 'On Sunday?' },
      { role: 'assistant', content: 'Yes, on Sunday too.' },
    ]);
  });

  it('cuts a reply already saved when the caller interrupts while Twilio is still speaking it', async () => {
    const relay = await relayWith([{ tokens: ['We deliver ', 'all over Lyon ', 'for free.'] }]);
    const { call, socket } = await twilioCall(relay);
    await socket.ask('Do you deliver?');
    await until(() => relay.store.transcript(call.conversationId).length === 3, 'the reply');
    socket.send({ type: 'interrupt', utteranceUntilInterrupt: 'We deliver all', durationUntilInterruptMs: '900' });
    await until(() => relay.store.lines.some((line) => line.cut), 'the cut');
    expect(relay.store.transcript(call.conversationId)[2]).toEqual({ role: 'assistant', content: 'We deliver all' });
  });

  it('turns keypad digits pressed together into one caller turn', async () => {
    const relay = await relayWith([{ tokens: ['You chose bookings.'] }]);
    const { call, socket } = await twilioCall(relay);
    const reply = socket.nextCycle();
    socket.dtmf('1');
    socket.dtmf('2');
    expect(await reply).toBe('You chose bookings.');
    await until(() => relay.store.transcript(call.conversationId).length === 3, 'the turn');
    expect(relay.store.transcript(call.conversationId)[1]).toEqual({ role: 'user', content: 'Keypad: 12' });
  });

  it('switches Twilio to the language the caller speaks', async () => {
    const relay = await relayWith([{ tokens: ['Nous sommes ouverts de 7h à 19h.'] }]);
    const { socket } = await twilioCall(relay);
    await socket.ask("Bonjour, quels sont vos horaires d'ouverture aujourd'hui s'il vous plaît ?");
    expect(socket.frames.filter((frame) => frame.type === 'language').at(-1)).toEqual({
      type: 'language',
      ttsLanguage: 'fr-FR',
      transcriptionLanguage: 'fr-FR',
    });
  });

  it('says goodbye and ends the call when its credit is about to run out', async () => {
    const relay = await relayWith([{ tokens: ['Sure.'] }], { timing: { ...FAST, heartbeatMs: 30 } });
    relay.store.leases = [{ open: true, final: true, secondsLeft: 8 }];
    const { call, socket } = await twilioCall(relay);
    expect(await socket.nextCycle()).toBe(callEndingGoodbye('en'));
    await socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect((await socket.closed).code).toBe(1000);
    expect(relay.store.calls.get(call.callId)!.ended).toBe('no_credit');
    expect(relay.store.transcript(call.conversationId).at(-1)).toEqual({
      role: 'assistant',
      content: callEndingGoodbye('en'),
    });
  });

  it("says goodbye and ends a call whose caller says nothing for the agent's idle seconds", async () => {
    const relay = await relayWith([{ tokens: ['Sure.'] }], { timing: { ...FAST, heartbeatMs: 20 } });
    // Every renewal gives the agent's cut-off (here 0.1 s, for a fast test).
    relay.store.leases = Array.from({ length: 50 }, () => ({
      open: true,
      final: false,
      secondsLeft: 600,
      idleSeconds: 0.1,
    }));
    const { call, socket } = await twilioCall(relay);
    expect(await socket.nextCycle()).toBe(callEndingGoodbye('en'));
    await socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(relay.store.calls.get(call.callId)!.ended).toBe('agent_ended');
  });

  it('ends at once when the lease is closed, and says goodbye at once to a call with nothing left', async () => {
    const relay = await relayWith([{ tokens: ['Sure.'] }], { timing: { ...FAST, heartbeatMs: 30 } });
    relay.store.leases = [{ open: false, final: true, secondsLeft: 0 }];
    const first = await twilioCall(relay);
    await first.socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(first.socket.cycles).toEqual([]);
    expect(relay.store.calls.get(first.call.callId)!.ended).toBe('no_credit');

    const second = await twilioCall(relay, 0);
    await second.socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(second.socket.cycles).toEqual([callEndingGoodbye('en')]);
  });

  it('ends the call after three failed heartbeats in a row, like the realtime control', async () => {
    const relay = await relayWith([{ tokens: ['Sure.'] }], { timing: { ...FAST, heartbeatMs: 20 } });
    relay.store.failHeartbeats = true;
    const { call, socket } = await twilioCall(relay);
    await socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(relay.store.heartbeats).toBeGreaterThanOrEqual(3);
    await until(() => relay.store.calls.get(call.callId)!.ended === 'error', 'the end of the call');
  });

  it('starts no timer and writes no welcome when the caller hangs up while the call is wired', async () => {
    let release!: () => void;
    const wired = new Promise<void>((resolve) => (release = resolve));
    let wiring = false;
    const relay = await relayWith([{ tokens: ['Sure.'] }], {
      timing: { ...FAST, heartbeatMs: 20 },
      beforeTurnDeps: () => ((wiring = true), wired),
    });
    const { call, token } = await relay.store.open();
    const socket = await FakeRelayCall.connect({
      url: relay.url('/conversation-relay'),
      publicUrl: `${PUBLIC}/conversation-relay`,
      authToken: AUTH_TOKEN,
      callSid: call.callSid,
      customParameters: { callToken: token },
    });
    await until(() => wiring, 'the call to be wired');
    await socket.hangup();
    await until(() => relay.store.calls.get(call.callId)!.ended === 'hangup', 'the hang-up');
    release();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(relay.store.heartbeats).toBe(0);
    expect(relay.store.transcript(call.conversationId)).toEqual([]);
  });

  it('refuses a natural-voice call on the Twilio route, and takes one in the sandbox (always any-model)', async () => {
    const relay = await relayWith([{ tokens: ['Sure.'] }]);
    const natural = await relay.store.open({ voiceMode: 'natural_voice' });
    const refused = await FakeRelayCall.connect({
      url: relay.url('/conversation-relay'),
      publicUrl: `${PUBLIC}/conversation-relay`,
      authToken: AUTH_TOKEN,
      callSid: natural.call.callSid,
      customParameters: { callToken: natural.token },
    });
    expect((await refused.closed).code).toBe(1008);
    expect(relay.store.calls.get(natural.call.callId)!.ended).toBe('error');

    const sandbox = await relay.store.open({ voiceMode: 'natural_voice', source: 'sandbox' });
    const taken = await FakeRelayCall.connect({
      url: relay.url('/sandbox/conversation-relay'),
      authToken: null,
      callSid: sandbox.call.callSid,
      customParameters: { callToken: sandbox.token },
    });
    await taken.waitFor((frame) => frame.type === 'language', { fromStart: true });
    expect(await taken.ask('Hello?')).toBe('Sure.');
    await taken.hangup();
  });

  it('ends the session with handoff data when the transfer tool succeeded', async () => {
    const relay = await relayWith([
      { tokens: [], toolCall: { id: 't1', name: 'transfer_call', arguments: '{}' } },
      { tokens: ['Transferring you now.'] },
    ]);
    const { call, socket } = await twilioCall(relay);
    expect(await socket.ask('Can I talk to a person?')).toBe('Transferring you now.');
    const end = await socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(JSON.parse(String((end as { handoffData?: string }).handoffData))).toEqual({ reason: 'transfer' });
    expect(relay.toolCalls.map((invocation) => invocation.functionName)).toEqual(['transfer_call']);
    await until(() => relay.store.calls.get(call.callId)!.ended === 'transfer', 'the transfer');
  });
});

describe('relay authentication', () => {
  it('refuses an upgrade with a forged or missing Twilio signature before upgrading', async () => {
    const relay = await relayWith([{ tokens: ['x'] }]);
    const { call, token } = await relay.store.open();
    const base = {
      url: relay.url('/conversation-relay'),
      callSid: call.callSid,
      customParameters: { callToken: token },
    };
    await expect(FakeRelayCall.connect({ ...base, authToken: 'not-the-token' })).rejects.toEqual(
      new UpgradeRefused(403),
    );
    await expect(FakeRelayCall.connect({ ...base, authToken: null })).rejects.toEqual(new UpgradeRefused(403));
    // Signed over the URL the relay was reached at, not the public one Twilio was given.
    await expect(FakeRelayCall.connect({ ...base, authToken: AUTH_TOKEN })).rejects.toEqual(new UpgradeRefused(403));
    expect(relay.store.calls.get(call.callId)!.attached).toBe(false);
  });

  it('closes 1008 on a setup whose token is missing, for another call, of the wrong source or already used', async () => {
    const relay = await relayWith([{ tokens: ['x'] }]);
    const { call, token } = await relay.store.open();
    const other = await relay.store.open();
    const sandbox = await relay.store.open({ source: 'sandbox' });
    const twilio = (callSid: string, customParameters: Record<string, string>) =>
      FakeRelayCall.connect({
        url: relay.url('/conversation-relay'),
        publicUrl: `${PUBLIC}/conversation-relay`,
        authToken: AUTH_TOKEN,
        callSid,
        customParameters,
      });
    const closes = await Promise.all(
      [
        await twilio(call.callSid, {}),
        await twilio(call.callSid, { callToken: other.token }),
        await twilio(call.callSid, { callToken: `${token}x` }),
        await twilio(sandbox.call.callSid, { callToken: sandbox.token }),
        await FakeRelayCall.connect({
          url: relay.url('/sandbox/conversation-relay'),
          authToken: null,
          callSid: call.callSid,
          customParameters: { callToken: token },
        }),
      ].map((socket) => socket.closed),
    );
    expect(closes.map((close) => close.code)).toEqual([1008, 1008, 1008, 1008, 1008]);
    expect([...relay.store.calls.values()].some((entry) => entry.attached)).toBe(false);

    // The genuine call attaches once; a second socket for it is refused.
    const first = await twilio(call.callSid, { callToken: token });
    await first.waitFor((frame) => frame.type === 'language', { fromStart: true });
    const again = await twilio(call.callSid, { callToken: token });
    expect((await again.closed).code).toBe(1008);
  });

  it('lets the owner sandbox in with a sandbox token and no Twilio signature (the browser speaks the welcome)', async () => {
    const relay = await relayWith([{ tokens: ['Hello!'] }]);
    const { call, token } = await relay.store.open({ source: 'sandbox' });
    const socket = await FakeRelayCall.connect({
      url: relay.url('/sandbox/conversation-relay'),
      authToken: null,
      callSid: call.callSid,
      customParameters: { callToken: token },
    });
    expect(await socket.ask('Hi there')).toBe('Hello!');
    expect(socket.cycles).toEqual(['Hello!']);
    await until(() => relay.store.transcript(call.conversationId).length === 3, 'the reply');
    expect(relay.store.transcript(call.conversationId)[0]).toEqual({
      role: 'assistant',
      content: agentGreeting('Marie', 'en_US'),
    });
  });

  it('tolerates a few malformed frames and closes 1007 after ten in a row', async () => {
    const relay = await relayWith([{ tokens: ['Fine.'] }]);
    const { socket } = await twilioCall(relay);
    socket.send('not json');
    socket.send({ type: 'mystery' });
    socket.send({ type: 'prompt' });
    socket.send({ type: 'info', name: 'agentSpeaking', value: 'off' });
    expect(await socket.ask('Still there?')).toBe('Fine.');
    for (let i = 0; i < 10; i++) socket.send('{');
    expect((await socket.closed).code).toBe(1007);
  });

  it('closes a socket that never sends setup', async () => {
    const relay = await relayWith([{ tokens: ['x'] }], { timing: { ...FAST, setupTimeoutMs: 50 } });
    const socket = await FakeRelayCall.connect({
      url: relay.url('/conversation-relay'),
      publicUrl: `${PUBLIC}/conversation-relay`,
      authToken: AUTH_TOKEN,
      callSid: 'CA1',
      skipSetup: true,
    });
    expect((await socket.closed).code).toBe(1008);
  });

  it('signs call tokens the relay accepts only until they expire', async () => {
    const relay = await relayWith([{ tokens: ['x'] }]);
    const { call } = await relay.store.open();
    const expired = await signPhoneCallToken(
      { callId: call.callId, callSid: call.callSid, source: 'twilio' },
      'test-phone-token-secret',
      Date.now() - 5 * 3600 * 1000,
    );
    const socket = await FakeRelayCall.connect({
      url: relay.url('/conversation-relay'),
      publicUrl: `${PUBLIC}/conversation-relay`,
      authToken: AUTH_TOKEN,
      callSid: call.callSid,
      customParameters: { callToken: expired },
    });
    expect((await socket.closed).code).toBe(1008);
  });
});

describe('end-of-call rating', () => {
  const RATING: RelayDeps['timing'] = { ...FAST, heartbeatMs: 30, ratingWaitMs: 400 };

  /** A call where the caller asked one thing, then the agent ends it (its credit runs out). */
  async function callEndedByAgent(language = 'en_US') {
    const relay = await relayWith([{ tokens: ['Sure.'] }], { timing: RATING });
    const { call, token } = await relay.store.open({ language });
    const socket = await FakeRelayCall.connect({
      url: relay.url('/conversation-relay'),
      publicUrl: `${PUBLIC}/conversation-relay`,
      authToken: AUTH_TOKEN,
      callSid: call.callSid,
      customParameters: { callToken: token },
    });
    await socket.waitFor((frame) => frame.type === 'language', { fromStart: true });
    if (language === 'fr_FR')
      await socket.ask('Bonjour, je voudrais réserver une table pour ce soir, s’il vous plaît.', 'fr-FR');
    else await socket.ask('Can I book a table?');
    relay.store.leases.push({ open: true, final: true, secondsLeft: 8 });
    return { relay, call, socket };
  }

  it('asks for 1-5 on the keypad after the goodbye, stores the digit pressed, thanks, then hangs up', async () => {
    const { relay, call, socket } = await callEndedByAgent();
    expect(await socket.nextCycle()).toBe(callEndingGoodbye('en'));
    expect(await socket.nextCycle()).toBe(callRatingQuestion('en'));
    socket.dtmf('4');
    await socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(relay.store.ratings.get(call.callId)).toBe(4);
    expect(socket.cycles.at(-1)).toBe(callRatingThanks('en'));
    expect(relay.store.transcript(call.conversationId).slice(-3)).toEqual([
      { role: 'assistant', content: callEndingGoodbye('en') },
      { role: 'assistant', content: callRatingQuestion('en') },
      { role: 'assistant', content: callRatingThanks('en') },
    ]);
    await until(() => relay.store.calls.get(call.callId)!.ended === 'no_credit', 'the end of the call');
  });

  it('hangs up without a rating when the caller presses nothing', async () => {
    const { relay, call, socket } = await callEndedByAgent();
    await socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(socket.cycles.slice(-2)).toEqual([callEndingGoodbye('en'), callRatingQuestion('en')]);
    expect(relay.store.ratings.has(call.callId)).toBe(false);
    expect((await socket.closed).code).toBe(1000);
  });

  it('ignores keys outside 1-5 and takes the first valid one (asked in French)', async () => {
    const { relay, call, socket } = await callEndedByAgent('fr_FR');
    expect(await socket.nextCycle()).toBe(callEndingGoodbye('fr'));
    expect(await socket.nextCycle()).toBe(callRatingQuestion('fr'));
    for (const key of ['0', '9', '#', '*']) socket.dtmf(key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(relay.store.ratings.has(call.callId)).toBe(false);
    socket.dtmf('2');
    socket.dtmf('5');
    await socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(relay.store.ratings.get(call.callId)).toBe(2);
    // No caller turn came of those keys.
    expect(relay.provider.requests).toHaveLength(1);
  });

  it('does not ask a caller who never spoke', async () => {
    const relay = await relayWith([{ tokens: ['Sure.'] }], { timing: RATING });
    relay.store.leases = [{ open: true, final: true, secondsLeft: 8 }];
    const { call, socket } = await twilioCall(relay);
    await socket.waitFor((frame) => frame.type === 'end', { fromStart: true });
    expect(socket.cycles).toEqual([callEndingGoodbye('en')]);
    expect(relay.store.ratings.has(call.callId)).toBe(false);
  });
});
