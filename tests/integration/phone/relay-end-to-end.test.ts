import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentGreeting } from '../../../supabase/functions/_shared/contracts/greeting.ts';
import { FakeRelayCall, UpgradeRefused } from '../../fakes/twilio/conversation-relay.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { addKnowledge } from '../agent-chat/support.ts';
import { startCast, type Cast } from '../security/support/actors.ts';
import { agentWithNumber, callSid, ledgerOf, type PhoneAgent } from './support.ts';

/**
 * A phone call end to end on the local stack, in offline mode (no AI key): Twilio's signed
 * incoming webhook → TwiML with ConversationRelay and a call token → Twilio's socket to the relay
 * the stack hosts in-process (`/functions/v1/phone-relay/conversation-relay`) → the core answers
 * from the knowledge base → hang-up → Twilio's final status → one ledger entry for the call.
 */
let cast: Cast;
let twilio: FakeTwilio;
let phone: PhoneAgent;

function connectTarget(twiml: string): { url: string; token: string } {
  const url = /<ConversationRelay url="([^"]+)"/.exec(twiml)?.[1];
  const token = /<Parameter name="callToken" value="([^"]+)"\/>/.exec(twiml)?.[1];
  if (!url || !token) throw new Error(`no ConversationRelay in ${twiml}`);
  return { url, token };
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  cast = await startCast({
    functionEnv: { ...twilio.env, PHONE_CALL_TOKEN_SECRET: 'relay-e2e-secret', AI_PROVIDER: 'offline' },
  });
  twilio.calls.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
  phone = await agentWithNumber(cast.service, cast.owner, { name: 'Clara', default_language: 'en_US' });
  await addKnowledge(
    cast.stack,
    { ...cast.owner, token: '' },
    phone.agentId,
    'hours.txt',
    'Our opening hours are 7am to 7pm, Monday to Saturday. We are closed on Sundays.',
  );
});
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
});

describe('a phone call through the relay the local stack hosts', () => {
  it('answers from the knowledge base offline, writes the transcript and is charged once', async () => {
    const sid = callSid();
    const answer = await twilio.calls.incoming(sid, '+33612345678', phone.number);
    const { url, token } = connectTarget(answer.body);
    expect(url).toBe(`${cast.stack.url.replace(/^http/, 'ws')}/functions/v1/phone-relay/conversation-relay`);

    const health = async () =>
      (await (await fetch(`${cast.stack.url}/functions/v1/phone-relay/health`)).json()) as object;
    expect(await health()).toEqual({ ok: true, draining: false, activeCalls: 0 });

    const socket = await twilio.conversationRelay.call({ url, callSid: sid, customParameters: { callToken: token } });
    await socket.waitFor((frame) => frame.type === 'language', { fromStart: true });
    expect(await health()).toMatchObject({ activeCalls: 1 });
    expect(await socket.ask('What are your opening hours?')).toContain('7am to 7pm');
    await socket.hangup();

    const call = (await cast.service.from('calls').select('id, conversation_id').eq('call_sid', sid).single()).data as {
      id: string;
      conversation_id: string;
    };
    let lines: { role: string; content: string }[] = [];
    for (let i = 0; i < 100 && lines.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lines = ((
        await cast.service
          .from('messages')
          .select('role, content')
          .eq('conversation_id', call.conversation_id)
          .order('timestamp', { ascending: true })
      ).data ?? []) as typeof lines;
    }
    expect(lines[0]).toEqual({ role: 'assistant', content: agentGreeting('Clara', 'en_US') });
    expect(lines[1]).toEqual({ role: 'user', content: 'What are your opening hours?' });
    expect(lines[2]!.content).toContain('7am to 7pm');

    expect((await twilio.calls.status(sid, 'completed', 42)).status).toBe(204);
    expect(await ledgerOf(cast.service, call.id)).toEqual([{ amount: -1 }]);
  });

  it('refuses a forged upgrade with 403 and a second socket for the same call with 1008', async () => {
    const sid = callSid();
    const { url, token } = connectTarget((await twilio.calls.incoming(sid, '+33612345679', phone.number)).body);
    await expect(
      twilio.conversationRelay.call({ url, callSid: sid, authToken: 'forged', customParameters: { callToken: token } }),
    ).rejects.toEqual(new UpgradeRefused(403));
    const first = await twilio.conversationRelay.call({ url, callSid: sid, customParameters: { callToken: token } });
    await first.waitFor((frame) => frame.type === 'language', { fromStart: true });
    const second = await FakeRelayCall.connect({
      url,
      authToken: twilio.authToken,
      callSid: sid,
      customParameters: { callToken: token },
    });
    expect((await second.closed).code).toBe(1008);
    await first.hangup();
  });
});
