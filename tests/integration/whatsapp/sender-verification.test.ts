import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VERIFICATION_CODE_REJECTED_MESSAGE,
  WABA_INACCESSIBLE_MESSAGE,
  type SenderState,
} from '../../../supabase/functions/_shared/contracts/whatsapp.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { agentWithNumber } from '../phone/support.ts';
import { serviceRow, startCast, type Actor, type Cast, accessTokenOf } from '../security/support/actors.ts';

/**
 * What the Senders API really asks of an ISV, through the
 * `whatsapp-senders` function and the fake Twilio: senders on a sub-account say
 * `account_type: "ISVSubAccount"`; a number that is not the sub-account's own waits in
 * PENDING_VERIFICATION for the code its owner receives (POST /verify); Twilio's 63101 (it cannot
 * reach the WABA) reaches the owner in words they can act on.
 */
let twilio: FakeTwilio;
let cast: Cast;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  cast = await startCast({ functionEnv: { ...twilio.env, TWILIO_WEBHOOK_BASE_URL: 'https://hooks.example.test/f' } });
});
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
});

async function call(who: Actor, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${cast.stack.url}/functions/v1/whatsapp-senders${path}`, {
    method,
    headers: {
      apikey: cast.stack.anonKey,
      authorization: `Bearer ${await accessTokenOf(who.client)}`,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const errorOf = (answer: { body: Record<string, unknown> }) => answer.body.error as { code: string; message: string };
const connect = (who: Actor, agentId: string) => call(who, 'POST', '/connect', { agentId, wabaId: '1234567890' });
const status = (who: Actor, agentId: string) => call(who, 'GET', `/status?agentId=${agentId}`);
const verify = (who: Actor, agentId: string, code: string) => call(who, 'POST', '/verify', { agentId, code });

async function ownerWithNumber(label: string) {
  const owner = await cast.newUser(label);
  const agent = await agentWithNumber(cast.service, owner, { name: 'Front desk', company_name: 'Acme Bakery' });
  return { owner, ...agent };
}

async function storedStatus(agentId: string): Promise<string | undefined> {
  const row = await serviceRow<{ config: { status?: string } }>(cast.service, 'agent_integrations', {
    agent_id: agentId,
    kind: 'whatsapp_business',
  });
  return row?.config.status;
}

describe('a number that is not the sub-account’s own (PENDING_VERIFICATION)', () => {
  it('waits for the owner’s code: a wrong one is refused, the right one goes VERIFYING → TWILIO_REVIEW → ONLINE', async () => {
    const { owner, agentId, number } = await ownerWithNumber('verifier');
    twilio.senders.planNext({ final: 'ONLINE', verificationCode: '123456', review: true });
    expect((await connect(owner, agentId)).status).toBe(201);
    expect((await status(owner, agentId)).body).toMatchObject({ status: 'PENDING_VERIFICATION', ready: false });
    const sender = twilio.senders.bySenderId(`whatsapp:${number}`)!;

    const wrong = await verify(owner, agentId, '654321');
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toMatchObject({
      code: 'whatsapp_verification_code_rejected',
      message: VERIFICATION_CODE_REJECTED_MESSAGE,
    });
    expect(await storedStatus(agentId)).toBe('PENDING_VERIFICATION');

    const right = await verify(owner, agentId, ' 123456 ');
    expect(right.status).toBe(200);
    expect(right.body as unknown as SenderState).toMatchObject({ status: 'VERIFYING', ready: false });
    expect(await storedStatus(agentId)).toBe('VERIFYING');
    // The code went to this agent's sender, with its sub-account's credentials.
    expect(twilio.senders.verificationAttempts().filter((a) => a.sid === sender.sid)).toEqual([
      { sid: sender.sid, code: '654321', accepted: false },
      { sid: sender.sid, code: '123456', accepted: true },
    ]);
    const update = twilio.requests.filter((r) => r.host === 'messaging' && r.method === 'POST').at(-1)!;
    expect(update.username).toBe(sender.accountSid);
    expect(update.username).not.toBe(twilio.accountSid);

    expect((await status(owner, agentId)).body).toMatchObject({ status: 'TWILIO_REVIEW', ready: false });
    expect((await status(owner, agentId)).body).toMatchObject({
      status: 'ONLINE',
      businessStatus: 'active',
      ready: true,
    });
    // Once ONLINE there is no code to give.
    expect(errorOf(await verify(owner, agentId, '123456')).code).toBe('whatsapp_not_awaiting_code');
  });

  it('takes the sender from the caller’s own agent only, and 4 to 8 digits only', async () => {
    const { owner, agentId } = await ownerWithNumber('guarded');
    twilio.senders.planNext({ final: 'ONLINE', verificationCode: '4242' });
    await connect(owner, agentId);
    await status(owner, agentId);
    const requests = twilio.requests.length;

    const stranger = await verify(cast.otherOwner, agentId, '4242');
    expect(stranger.status).toBe(404);
    expect(errorOf(stranger).code).toBe('agent_not_found');
    for (const body of [
      { agentId, code: '123' },
      { agentId, code: '123456789' },
      { agentId, code: '12ab' },
      { agentId },
      // A sender id from the client is refused, never used.
      { agentId, code: '4242', senderId: 'XE00000000000000000000000000000000' },
    ]) {
      const answer = await call(owner, 'POST', '/verify', body);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).code).toBe('invalid_request');
    }
    expect(twilio.requests).toHaveLength(requests);
    expect(await storedStatus(agentId)).toBe('PENDING_VERIFICATION');

    const { owner: idle, agentId: idleAgent } = await ownerWithNumber('unconnected');
    expect((await verify(idle, idleAgent, '4242')).status).toBe(409);
  });
});

describe('Twilio cannot access the WABA (63101)', () => {
  it('tells the owner to share the WABA with Twilio, and stores no sender', async () => {
    const { owner, agentId } = await ownerWithNumber('no-access');
    twilio.senders.failNextCreate({ status: 400, code: 63101, message: 'Unable to access WhatsApp Business Account' });
    const answer = await connect(owner, agentId);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: 'whatsapp_waba_inaccessible',
      message: WABA_INACCESSIBLE_MESSAGE,
      details: { twilioCode: 63101 },
    });
    expect((await status(owner, agentId)).body).toMatchObject({ connected: false });
    // The next attempt (after a sign-up that shared the WABA) connects.
    expect((await connect(owner, agentId)).status).toBe(201);
  });
});

describe('the fake Senders API, like Twilio', () => {
  it('refuses a sub-account’s sender without configuration.account_type ISVSubAccount', async () => {
    const basic = (sid: string, token: string) => `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
    const created = await fetch(`${twilio.url}/api/2010-04-01/Accounts.json`, {
      method: 'POST',
      headers: {
        authorization: basic(twilio.accountSid, twilio.authToken),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'FriendlyName=isv-check',
    });
    const sub = (await created.json()) as { sid: string; auth_token: string };
    const create = (configuration: Record<string, unknown>, number: string) =>
      fetch(`${twilio.url}/messaging/v2/Channels/Senders`, {
        method: 'POST',
        headers: { authorization: basic(sub.sid, sub.auth_token), 'content-type': 'application/json' },
        body: JSON.stringify({ sender_id: `whatsapp:${number}`, configuration, profile: { name: 'Acme' } }),
      });
    const refused = await create({ waba_id: '1' }, '+15005550901');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 20001, status: 400 });
    expect((await create({ waba_id: '1', account_type: 'ISVSubAccount' }, '+15005550901')).status).toBe(201);
  });
});
