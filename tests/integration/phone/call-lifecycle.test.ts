import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhoneCallStore } from '../../../supabase/functions/_shared/phone/call-store-db.ts';
import { startCast, type Cast } from '../security/support/actors.ts';
import { ageCall, agentWithNumber, callSid, credits, drainCredits, ledgerOf, type PhoneAgent } from './support.ts';

/**
 * The phone call lifecycle in SQL (migration 20261125120000) and its PhoneCallStore: opening by
 * CallSid (idempotent, reserving from the balance browser voice calls share), the relay's attach,
 * lease and end, out-of-order status callbacks, one ledger entry per call, the sweeper, the
 * sandbox opener, and who may call what.
 */
let cast: Cast;
let phone: PhoneAgent;

interface Opened {
  outcome: string;
  call_id: string | null;
  conversation_id: string | null;
  reserved_seconds: number | null;
  voice_mode: string | null;
}

async function open(sid: string, to: string, from = '+33612345678', defaultMode = 'any_model'): Promise<Opened> {
  const { data, error } = await cast.service.rpc('phone_open_call', {
    call_sid: sid,
    to_number: to,
    from_number: from,
    default_voice_mode: defaultMode,
  });
  if (error) throw new Error(error.message);
  return (data as Opened[])[0]!;
}

async function status(sid: string, value: string, duration?: number) {
  const { data, error } = await cast.service.rpc('phone_call_status', {
    call_sid: sid,
    status: value,
    ...(duration === undefined ? {} : { duration }),
  });
  if (error) throw new Error(error.message);
  return (data as { status_out: string; settled: boolean; credits_charged: number }[])[0];
}

async function callRow(id: string): Promise<Record<string, unknown>> {
  const { data } = await cast.service.from('calls').select('*').eq('id', id).single();
  return data as Record<string, unknown>;
}

beforeAll(async () => {
  cast = await startCast();
  phone = await agentWithNumber(cast.service, cast.owner, { transfer_number: '+33199000000', voice: 'female' });
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('opening a phone call', () => {
  it('opens the call of an assigned number: phone conversation with the caller as visitor, one block reserved', async () => {
    const sid = callSid();
    const opened = await open(sid, phone.number, '+33612345678', 'natural_voice');
    expect(opened).toMatchObject({ outcome: 'ok', voice_mode: 'natural_voice', reserved_seconds: 300 });
    const call = await callRow(opened.call_id!);
    expect(call).toMatchObject({
      call_sid: sid,
      user_id: cast.owner.id,
      assigned_agent: phone.agentId,
      phone_number_id: phone.numberId,
      status: 'in_progress',
      source: 'twilio',
      max_duration_seconds: 300,
      settled_at: null,
    });
    const { data: conversation } = await cast.service
      .from('conversations')
      .select('channel, visitor_id, agent_id')
      .eq('id', opened.conversation_id!)
      .single();
    expect(conversation).toEqual({ channel: 'phone', visitor_id: '+33612345678', agent_id: phone.agentId });
  });

  it('a replayed webhook gets the same call and reserves nothing more', async () => {
    const sid = callSid();
    const first = await open(sid, phone.number);
    const [second, third] = await Promise.all([open(sid, phone.number), open(sid, phone.number)]);
    expect(second!.call_id).toBe(first.call_id);
    expect(third!.call_id).toBe(first.call_id);
    const { count } = await cast.service.from('calls').select('id', { count: 'exact', head: true }).eq('call_sid', sid);
    expect(count).toBe(1);
  });

  it("answers no_agent for an unknown or unassigned number, and uses the agent's own voice mode first", async () => {
    expect((await open(callSid(), '+19995550000')).outcome).toBe('no_agent');
    const other = await agentWithNumber(cast.service, cast.otherOwner, { phone_voice_mode: 'any_model' });
    const opened = await open(callSid(), other.number, '+33600000000', 'natural_voice');
    expect(opened).toMatchObject({ outcome: 'ok', voice_mode: 'any_model' });
    await cast.service.from('phone_number_assignments').delete().eq('phone_number_id', other.numberId);
    expect((await open(callSid(), other.number)).outcome).toBe('no_agent');
  });

  it('refuses with no_credits and writes nothing when the balance is all reserved or spent', async () => {
    const poor = await cast.newUser('poor');
    const line = await agentWithNumber(cast.service, poor);
    await drainCredits(cast.service, poor.id, 6);
    // 5 minutes for the first call, 1 for the browser voice call, none left for a second phone call.
    const first = await open(callSid(), line.number);
    expect(first.reserved_seconds).toBe(300);
    const voice = await cast.service.rpc('voice_open_call', { agent_id: line.agentId });
    expect(voice.error).toBeNull();
    expect((voice.data as { reserved_seconds: number }[])[0]!.reserved_seconds).toBe(60);
    const sid = callSid();
    const refused = await open(sid, line.number);
    expect(refused.outcome).toBe('no_credits');
    expect(refused.call_id).toBeNull();
    const { count } = await cast.service.from('calls').select('id', { count: 'exact', head: true }).eq('call_sid', sid);
    expect(count).toBe(0);
    // A browser call cannot take what the phone call holds either.
    const blocked = await cast.service.rpc('voice_open_call', { agent_id: line.agentId });
    expect(blocked.error?.message).toBe('no_credits');
  });
});

describe('the relay over the call store', () => {
  it('attaches once, renews the lease, and the end is server-timed', async () => {
    const store = createPhoneCallStore(cast.service);
    const sid = callSid();
    const opened = await open(sid, phone.number, '+33611111111');
    expect(await store.attach(opened.call_id!, callSid())).toBeNull();
    const session = await store.attach(opened.call_id!, sid);
    expect(session).toMatchObject({
      callId: opened.call_id,
      callSid: sid,
      source: 'twilio',
      agentId: phone.agentId,
      ownerId: cast.owner.id,
      conversationId: opened.conversation_id,
      voiceMode: 'any_model',
      voice: 'female',
      fromNumber: '+33611111111',
      transferNumber: '+33199000000',
    });
    expect(session!.secondsLeft).toBeGreaterThan(290);
    expect(await store.attach(opened.call_id!, sid)).toBeNull();
    await expect(store.heartbeat(opened.call_id!)).resolves.toMatchObject({ open: true, final: false });
    await store.markEnded(opened.call_id!, 'hangup');
    expect(await callRow(opened.call_id!)).toMatchObject({ ended_reason: 'hangup', settled_at: null });
    await expect(store.heartbeat(opened.call_id!)).resolves.toMatchObject({ open: false });
  });

  it('tops the reservation up in blocks on heartbeats near its end, and says final when the balance is held', async () => {
    const store = createPhoneCallStore(cast.service);
    const thrifty = await cast.newUser('thrifty');
    const line = await agentWithNumber(cast.service, thrifty);
    await drainCredits(cast.service, thrifty.id, 7);
    const sid = callSid();
    const opened = await open(sid, line.number);
    await store.attach(opened.call_id!, sid);
    await ageCall(cast.service, opened.call_id!, 200);
    const lease = await store.heartbeat(opened.call_id!);
    expect(lease.open).toBe(true);
    expect(lease.final).toBe(true);
    expect((await callRow(opened.call_id!)).max_duration_seconds).toBe(420);
  });

  it('a call whose reservation is used up is closed to heartbeats', async () => {
    const store = createPhoneCallStore(cast.service);
    const sid = callSid();
    const opened = await open(sid, phone.number);
    await store.attach(opened.call_id!, sid);
    await ageCall(cast.service, opened.call_id!, 301);
    await expect(store.heartbeat(opened.call_id!)).resolves.toEqual({
      open: false,
      final: true,
      secondsLeft: 0,
      idleSeconds: 60,
    });
  });
});

describe('status callbacks and settling', () => {
  it('keeps the highest state when callbacks arrive out of order and bills once on completed', async () => {
    const sid = callSid();
    const opened = await open(sid, phone.number);
    const before = await credits(cast.service, cast.owner.id);
    await ageCall(cast.service, opened.call_id!, 125);
    expect(await status(sid, 'ringing')).toMatchObject({ status_out: 'in_progress', settled: false });
    // Twilio says 130 s; our clock saw ~125 s (+30 s tolerance); the reservation is 300 s.
    expect(await status(sid, 'completed', 130)).toMatchObject({
      status_out: 'completed',
      settled: true,
      credits_charged: 3,
    });
    expect(await status(sid, 'in_progress')).toMatchObject({ status_out: 'completed' });
    expect(await status(sid, 'completed', 130)).toMatchObject({ credits_charged: 3 });
    expect(await ledgerOf(cast.service, opened.call_id!)).toEqual([{ amount: -3 }]);
    expect(await credits(cast.service, cast.owner.id)).toBe(before - 3);
    expect(await callRow(opened.call_id!)).toMatchObject({ duration: 130, twilio_duration: 130, credits_charged: 3 });
  });

  it("bills the server's time when Twilio's duration is longer than the call the relay saw", async () => {
    const store = createPhoneCallStore(cast.service);
    const sid = callSid();
    const opened = await open(sid, phone.number);
    await store.attach(opened.call_id!, sid);
    await ageCall(cast.service, opened.call_id!, 50);
    await store.markEnded(opened.call_id!, 'transfer');
    const settled = await status(sid, 'completed', 1800);
    expect(settled?.settled).toBe(true);
    const row = await callRow(opened.call_id!);
    // ~50 s of agent time + 30 s tolerance, never Twilio's 30 minutes.
    expect(row.duration).toBeGreaterThanOrEqual(80);
    expect(row.duration).toBeLessThanOrEqual(82);
    expect(await ledgerOf(cast.service, opened.call_id!)).toEqual([{ amount: -2 }]);
  });

  it("a transfer reserves the owner's free balance, bounds the Dial by it and bills Twilio's duration", async () => {
    const owner = await cast.newUser('transferring');
    const agent = await agentWithNumber(cast.service, owner, { transfer_number: '+33199000000' });
    const balance = await credits(cast.service, owner.id);
    const store = createPhoneCallStore(cast.service);
    const sid = callSid();
    const opened = await open(sid, agent.number);
    await store.attach(opened.call_id!, sid);
    await ageCall(cast.service, opened.call_id!, 50);
    const { data, error } = await cast.service.rpc('phone_request_transfer', {
      conversation_id: opened.conversation_id,
    });
    expect(error).toBeNull();
    const [transfer] = data as { time_limit_seconds: number }[];
    const reserved = Math.min(balance * 60, 4 * 3600);
    expect(Number((await callRow(opened.call_id!)).max_duration_seconds)).toBe(reserved);
    // The Dial may last what is left of it after the agent's 50 s and the 45 s margin.
    expect(transfer!.time_limit_seconds).toBeGreaterThanOrEqual(reserved - 50 - 45 - 2);
    expect(transfer!.time_limit_seconds).toBeLessThanOrEqual(reserved - 50 - 45);
    await store.markEnded(opened.call_id!, 'transfer');
    // The human leg is still running at Twilio: the reservation stays and the sweeper waits.
    expect(Number((await callRow(opened.call_id!)).max_duration_seconds)).toBe(reserved);
    await cast.service.rpc('sweep_calls', { lease_seconds: 1, phone_grace_seconds: 0 });
    expect((await callRow(opened.call_id!)).settled_at).toBeNull();
    const twilioSeconds = Math.min(1800, reserved);
    expect((await status(sid, 'completed', twilioSeconds))?.settled).toBe(true);
    expect(await callRow(opened.call_id!)).toMatchObject({ duration: twilioSeconds });
    expect(await ledgerOf(cast.service, opened.call_id!)).toEqual([{ amount: -Math.ceil(twilioSeconds / 60) }]);
  });

  it("refuses a transfer the owner's balance cannot pay a minute of", async () => {
    const owner = await cast.newUser('nearly-broke');
    const agent = await agentWithNumber(cast.service, owner, { transfer_number: '+33199000000' });
    await drainCredits(cast.service, owner.id, 1);
    const sid = callSid();
    const opened = await open(sid, agent.number);
    await ageCall(cast.service, opened.call_id!, 20);
    const { data } = await cast.service.rpc('phone_request_transfer', { conversation_id: opened.conversation_id });
    expect(data).toMatchObject([{ call_id: opened.call_id, time_limit_seconds: 0 }]);
    expect(await callRow(opened.call_id!)).toMatchObject({ transferred_at: null, max_duration_seconds: 60 });
  });

  it('charges nothing for a call that failed before anyone spoke', async () => {
    const sid = callSid();
    const opened = await open(sid, phone.number);
    expect(await status(sid, 'no-answer', 0)).toMatchObject({ status_out: 'no-answer', credits_charged: 0 });
    expect(await ledgerOf(cast.service, opened.call_id!)).toEqual([]);
    expect(await status(callSid(), 'completed', 10)).toBeUndefined();
  });

  it('the sweeper settles a call whose lease expired and Twilio never reported, at its last sign of life', async () => {
    const sid = callSid();
    const opened = await open(sid, phone.number);
    await ageCall(cast.service, opened.call_id!, 400);
    await cast.service
      .from('calls')
      .update({ last_seen_at: new Date(Date.now() - 280_000).toISOString(), max_duration_seconds: 600 })
      .eq('id', opened.call_id!);
    const { data, error } = await cast.service.rpc('sweep_calls', { lease_seconds: 60, phone_grace_seconds: 120 });
    expect(error).toBeNull();
    const swept = (data as { call_id: string; credits_charged: number }[]).find((c) => c.call_id === opened.call_id);
    expect(swept?.credits_charged).toBe(2);
    expect(await callRow(opened.call_id!)).toMatchObject({ status: 'completed', ended_reason: 'lease_expired' });
    // Twilio's late callback changes nothing.
    expect(await status(sid, 'completed', 400)).toMatchObject({ credits_charged: 2 });
    expect(await ledgerOf(cast.service, opened.call_id!)).toEqual([{ amount: -2 }]);
  });
});

describe('who may open and run calls', () => {
  it('the owner opens a sandbox call on their own agent, billed by the server clock when it ends', async () => {
    const { data, error } = await cast.owner.client.rpc('phone_open_sandbox_call', { agent_id: phone.agentId });
    expect(error).toBeNull();
    const sandbox = (data as { call_id: string; call_sid: string; source: string; conversation_id: string }[])[0]!;
    expect(sandbox.call_sid).toMatch(/^SB[0-9a-f]{32}$/);
    expect(sandbox.source).toBe('sandbox');
    const { data: conversation } = await cast.service
      .from('conversations')
      .select('channel, visitor_id')
      .eq('id', sandbox.conversation_id)
      .single();
    expect(conversation).toEqual({ channel: 'sandbox', visitor_id: 'sandbox' });
    const store = createPhoneCallStore(cast.service);
    expect(await store.attach(sandbox.call_id, sandbox.call_sid)).toMatchObject({ source: 'sandbox' });
    await ageCall(cast.service, sandbox.call_id, 61);
    await store.markEnded(sandbox.call_id, 'hangup');
    expect(await ledgerOf(cast.service, sandbox.call_id)).toEqual([{ amount: -2 }]);
  });

  it("another owner, an admin and a visitor cannot open a sandbox call on the owner's agent", async () => {
    const other = await cast.otherOwner.client.rpc('phone_open_sandbox_call', { agent_id: phone.agentId });
    expect(other.error?.message).toBe('Agent not found');
    const admin = await cast.admin.client.rpc('phone_open_sandbox_call', { agent_id: phone.agentId });
    expect(admin.error?.message).toBe('Agent not found');
    const anon = await cast.anon.rpc('phone_open_sandbox_call', { agent_id: phone.agentId });
    expect(anon.error).not.toBeNull();
  });

  it('only the service role runs the call RPCs', async () => {
    for (const client of [cast.anon, cast.owner.client, cast.otherOwner.client, cast.admin.client]) {
      const opened = await client.rpc('phone_open_call', {
        call_sid: callSid(),
        to_number: phone.number,
        from_number: '+33612345678',
      });
      expect(opened.error?.code).toBe('42501');
      const claimed = await client.rpc('twilio_claim_webhook', { kind: 'status', natural_key: 'x' });
      expect(claimed.error?.code).toBe('42501');
      const settled = await client.rpc('phone_call_status', { call_sid: callSid(), status: 'completed' });
      expect(settled.error?.code).toBe('42501');
    }
  });

  it('owners read their own calls; another owner does not see them; admins are not owners here', async () => {
    const sid = callSid();
    const opened = await open(sid, phone.number);
    const mine = await cast.owner.client.from('calls').select('id').eq('id', opened.call_id!);
    expect(mine.data).toHaveLength(1);
    for (const client of [cast.otherOwner.client, cast.anon, cast.admin.client]) {
      const theirs = await client.from('calls').select('id').eq('id', opened.call_id!);
      expect(theirs.data ?? []).toHaveLength(0);
    }
    const write = await cast.owner.client
      .from('calls')
      .update({ credits_charged: 0 })
      .eq('id', opened.call_id!)
      .select();
    expect(write.data ?? []).toHaveLength(0);
  });

  it('a webhook receipt is claimed once, by natural key or by idempotency token', async () => {
    const claim = async (key: string, token?: string) =>
      (await cast.service.rpc('twilio_claim_webhook', { kind: 'status', natural_key: key, idempotency_token: token }))
        .data as boolean;
    expect(await claim('CA1:completed', 'tok-1')).toBe(true);
    expect(await claim('CA1:completed', 'tok-2')).toBe(false);
    expect(await claim('CA1:ringing', 'tok-1')).toBe(false);
    await cast.service.rpc('twilio_release_webhook', { kind: 'status', natural_key: 'CA1:completed' });
    expect(await claim('CA1:completed', 'tok-1')).toBe(true);
  });
});
