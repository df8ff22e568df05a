import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCast, type Cast } from '../security/support/actors.ts';
import { agentWithNumber, callSid, type PhoneAgent } from './support.ts';

/**
 * One calls table for every voice conversation: each row says what carries it (`kind`), and who
 * calls (`source`) must be one that kind allows; only phone calls need numbers. Each kind keeps its
 * own statuses and its own fields. Reading a row of either kind follows the same rule: its owner
 * may, nobody else.
 */
let cast: Cast;
let phone: PhoneAgent;

async function kindOf(id: string): Promise<{ kind: string; source: string }> {
  const { data, error } = await cast.service.from('calls').select('kind, source').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data as { kind: string; source: string };
}

async function insertCall(row: Record<string, unknown>) {
  return cast.service
    .from('calls')
    .insert({
      user_id: cast.owner.id,
      assigned_agent: phone.agentId,
      // a browser voice call is open while it is recording
      ...(row.kind === 'browser_voice' ? { status: 'recording' } : {}),
      ...row,
    })
    .select('id')
    .single();
}

beforeAll(async () => {
  cast = await startCast();
  phone = await agentWithNumber(cast.service, cast.owner);
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('the kind of a call', () => {
  it('a Twilio call to a number is a phone call from twilio', async () => {
    const { data, error } = await cast.service.rpc('phone_open_call', {
      call_sid: callSid(),
      to_number: phone.number,
      from_number: '+33612345678',
    });
    expect(error).toBeNull();
    const opened = (data as { outcome: string; call_id: string }[])[0]!;
    expect(opened.outcome).toBe('ok');
    expect(await kindOf(opened.call_id)).toEqual({ kind: 'phone', source: 'twilio' });
  });

  it("the owner's sandbox phone test is a phone call from the sandbox", async () => {
    const { data, error } = await cast.owner.client.rpc('phone_open_sandbox_call', { agent_id: phone.agentId });
    expect(error).toBeNull();
    const opened = (data as { call_id: string }[])[0]!;
    expect(await kindOf(opened.call_id)).toEqual({ kind: 'phone', source: 'sandbox' });
  });

  it('a browser voice call has no numbers, and comes from a visitor or the sandbox', async () => {
    for (const source of ['visitor', 'sandbox']) {
      const { data, error } = await insertCall({ kind: 'browser_voice', source });
      expect(error).toBeNull();
      expect(await kindOf(data!.id)).toEqual({ kind: 'browser_voice', source });
    }
  });

  it('refuses a phone call without both numbers', async () => {
    const noCaller = await insertCall({ kind: 'phone', source: 'twilio', to_number: phone.number });
    expect(noCaller.error?.message).toContain('calls_phone_numbers_known');
    const noCalled = await insertCall({ source: 'twilio', from_number: '+33612345678' });
    expect(noCalled.error?.message).toContain('calls_phone_numbers_known');
  });

  it('refuses a caller the kind does not have: a browser call from twilio, a phone call from a visitor', async () => {
    const browserFromTwilio = await insertCall({ kind: 'browser_voice', source: 'twilio' });
    expect(browserFromTwilio.error?.message).toContain('calls_source_matches_kind');
    const phoneFromVisitor = await insertCall({
      kind: 'phone',
      source: 'visitor',
      from_number: '+33612345678',
      to_number: phone.number,
    });
    expect(phoneFromVisitor.error?.message).toContain('calls_source_matches_kind');
  });

  it('refuses a status the kind does not have: a ringing browser call, a recording phone call', async () => {
    const ringing = await insertCall({ kind: 'browser_voice', source: 'visitor', status: 'ringing' });
    expect(ringing.error?.message).toContain('calls_status_matches_kind');
    const recording = await insertCall({
      kind: 'phone',
      source: 'twilio',
      status: 'recording',
      from_number: '+33612345678',
      to_number: phone.number,
    });
    expect(recording.error?.message).toContain('calls_status_matches_kind');
  });

  it("refuses a phone line's fields on a browser call and a provider call on a phone call", async () => {
    for (const line of [
      { call_sid: callSid() },
      { from_number: '+33612345678' },
      { transferred_to: '+33612345678' },
      { ended_reason: 'hangup' },
    ]) {
      const browser = await insertCall({ kind: 'browser_voice', source: 'visitor', ...line });
      expect(browser.error?.message).toContain('calls_browser_voice_has_no_line');
    }
    for (const voice of [
      { provider_call_id: 'rtc_1' },
      { hangup_attempts: 1 },
      { uncharged_reason: 'no_caller_audio' },
    ]) {
      const phoneCall = await insertCall({
        kind: 'phone',
        source: 'twilio',
        from_number: '+33612345678',
        to_number: phone.number,
        ...voice,
      });
      expect(phoneCall.error?.message).toContain('calls_phone_has_no_provider_call');
    }
  });

  it('refuses a kind that is not a call', async () => {
    const unknown = await insertCall({ kind: 'fax', source: 'twilio', from_number: '+1', to_number: '+2' });
    expect(unknown.error?.message).toContain('calls_kind_check');
  });
});

describe('who reads a browser voice row of calls', () => {
  let id: string;
  beforeAll(async () => {
    const { data, error } = await insertCall({ kind: 'browser_voice', source: 'visitor' });
    if (error) throw new Error(error.message);
    id = data!.id;
  });

  it('its owner reads it', async () => {
    const { data, error } = await cast.owner.client.from('calls').select('id, kind').eq('id', id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id, kind: 'browser_voice' }]);
  });

  it('another owner cannot read it', async () => {
    const { data } = await cast.otherOwner.client.from('calls').select('id').eq('id', id);
    expect(data ?? []).toEqual([]);
  });

  it('a visitor cannot read it', async () => {
    const { data } = await cast.anon.from('calls').select('id').eq('id', id);
    expect(data ?? []).toEqual([]);
  });

  it('its owner cannot change its kind or write rows', async () => {
    const changed = await cast.owner.client.from('calls').update({ kind: 'phone' }).eq('id', id).select('id');
    expect(changed.data ?? []).toEqual([]);
    expect(await kindOf(id)).toMatchObject({ kind: 'browser_voice' });
    const inserted = await cast.owner.client
      .from('calls')
      .insert({ user_id: cast.owner.id, kind: 'browser_voice', source: 'visitor' });
    expect(inserted.error).not.toBeNull();
  });
});
