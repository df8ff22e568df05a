import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { startCast, type Cast } from '../security/support/actors.ts';
import { agentWithNumber, callSid, type PhoneAgent } from './support.ts';

/**
 * Failed-call notifications through the real call path: Twilio's status callbacks (the twilio-voice function,
 * with the fake Twilio signing them) move a call to busy / no-answer / completed, and the
 * notification trigger tells the owner about the calls that did not complete, once each.
 */
let cast: Cast;
let twilio: FakeTwilio;
let phone: PhoneAgent;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  cast = await startCast({ functionEnv: { ...twilio.env, PHONE_CALL_TOKEN_SECRET: 'notify-token-secret' } });
  twilio.calls.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
  phone = await agentWithNumber(cast.service, cast.owner, { name: 'Clara' });
});
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
});

const failedCallNotifications = async () =>
  (await cast.owner.client.from('notifications').select('kind, route, data').eq('kind', 'failed_call')).data ?? [];

describe('failed call notifications', () => {
  it('a call Twilio reports as no-answer notifies the owner once; a completed call does not', async () => {
    const missed = callSid();
    expect((await twilio.calls.incoming(missed, '+33612345678', phone.number)).status).toBe(200);
    expect((await twilio.calls.status(missed, 'no-answer')).status).toBe(204);
    expect((await twilio.calls.status(missed, 'no-answer')).status).toBe(204); // replayed

    const answered = callSid();
    await twilio.calls.incoming(answered, '+33612340000', phone.number);
    await twilio.calls.status(answered, 'completed', 30);

    // The notification opens that call in the agent's call list.
    expect(await failedCallNotifications()).toEqual([
      {
        kind: 'failed_call',
        route: expect.stringMatching(new RegExp(`^/agents/${phone.agentId}/calls\\?call=[0-9a-f-]{36}$`)),
        data: { channel: 'phone', status: 'no-answer', from: '+33612345678', agentName: 'Clara' },
      },
    ]);
    // Another owner sees none of it.
    expect((await cast.otherOwner.client.from('notifications').select('id')).data).toEqual([]);
  });
});
