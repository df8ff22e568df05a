import type { SupabaseClient } from '@supabase/supabase-js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai/server.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio/index.ts';
import { connectSender, givePack } from '../integration/whatsapp/support.ts';
import { productClient } from './support/clients.ts';
import {
  booking,
  brain,
  DATE,
  DEMO_AGENT_ID,
  DEMO_OWNER_ID,
  expectBooked,
  expectSameBrain,
  PASSAGE,
  QUESTION,
  storedConversation,
} from './support/one-brain.ts';
import { startTempProduct } from './support/temp-product.ts';

/**
 * One brain on Twilio's channels: the scripted model of one-brain.test.ts answers a phone call
 * through ConversationRelay and a WhatsApp conversation, on a product with Twilio (the loopback
 * fake) and a model (the fake OpenAI) configured, and the demo agent answering one number on both.
 * Each channel is asked the same question and the same booking, and must store the same
 * conversation as web chat, the sandbox and browser voice: the same lines, the answer from the
 * same knowledge passage with its citation, the same two tool rounds and one appointment.
 */
const shared = inject('product');
const NUMBER = '+14155550177';
const CALLER = '+33611223344';
const WHATSAPP_USER = '+33655667788';

describe('one brain: a phone call and a WhatsApp conversation share the conversation core', () => {
  let twilio: FakeTwilio;
  let openai: FakeOpenAI;
  let running: Awaited<ReturnType<typeof startTempProduct>> | undefined;
  let service: SupabaseClient;
  let functionsUrl: string;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    openai = await startFakeOpenAI();
    openai.setChatResponder(brain);
    running = await startTempProduct({
      ...process.env,
      ...twilio.env,
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.baseURL,
    });
    const { stack } = running.product;
    functionsUrl = `${stack.url}/functions/v1`;
    twilio.calls.webhookBaseUrl = functionsUrl;
    twilio.messages.webhookBaseUrl = functionsUrl;
    service = productClient({ ...shared, apiUrl: stack.url, anonKey: stack.anonKey }, stack.serviceRoleKey);
    // The demo agent's number (bought through phone-numbers in the phone suite) and its ONLINE
    // WhatsApp sender on the same number (connected in whatsapp-connect), set up directly here.
    const number = await stack.db.query<{ id: string }>(
      `insert into public.phone_numbers (phone_number, user_id, country_code) values ($1, $2, 'US') returning id`,
      [NUMBER, DEMO_OWNER_ID],
    );
    const numberId = number.rows[0]!.id;
    await stack.db.query(
      `insert into public.phone_number_assignments (phone_number_id, agent_id, user_id) values ($1, $2, $3)`,
      [numberId, DEMO_AGENT_ID, DEMO_OWNER_ID],
    );
    // Phone through ConversationRelay: the owner's choice of "any model" with Twilio's speech (a
    // product with a realtime key would otherwise answer in natural voice over Media Streams).
    await stack.db.query(`update public.agents set phone_voice_mode = 'any_model' where id = $1`, [DEMO_AGENT_ID]);
    await givePack(service, DEMO_OWNER_ID, -1);
    await connectSender(service, DEMO_OWNER_ID, { agentId: DEMO_AGENT_ID, number: NUMBER, numberId });
  });
  afterAll(async () => {
    await running?.stop();
    await twilio?.close();
    await openai?.close();
  });

  it('a phone call through ConversationRelay', async () => {
    const sid = `CA${randomBytes(16).toString('hex')}`;
    const answer = await twilio.calls.incoming(sid, CALLER, NUMBER);
    expect(answer.status).toBe(200);
    const url = /<ConversationRelay url="([^"]+)"/.exec(answer.body)?.[1];
    const token = /<Parameter name="callToken" value="([^"]+)"\/>/.exec(answer.body)?.[1];
    expect(url).toBe(`${functionsUrl.replace(/^http/, 'ws')}/phone-relay/conversation-relay`);
    expect(token).toBeTruthy();

    const call = await twilio.conversationRelay.call({
      url: url!,
      callSid: sid,
      from: CALLER,
      to: NUMBER,
      customParameters: { callToken: token! },
    });
    await call.waitFor((frame) => frame.type === 'language', { fromStart: true });
    expect(await call.ask(QUESTION)).toBe(`We serve ${PASSAGE}.`);
    expect(await call.ask(booking('10:00'))).toBe(`Your table is booked on ${DATE} at 10:00.`);
    const stored = await storedConversation(service, booking('10:00'));
    await call.hangup();
    expect(stored.channel).toBe('phone');
    expectSameBrain(stored, '10:00');
    // The call opens with the agent's greeting, as Twilio speaks it.
    expect(stored.messages[0]?.role).toBe('assistant');
    expect(stored.messages).toHaveLength(5);
    await expectBooked(service, '10:00', 'phone');
    expect((await twilio.calls.status(sid, 'completed', 30)).status).toBe(204);
  });

  it('a WhatsApp conversation through the signed webhook and the Messages API', async () => {
    const asked = await twilio.messages.inbound('text', { from: WHATSAPP_USER, to: NUMBER, body: QUESTION });
    expect(asked.status).toBe(200);
    const answered = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${WHATSAPP_USER}`);
    expect(answered).toMatchObject({ from: `whatsapp:${NUMBER}`, body: `We serve ${PASSAGE}.` });

    const wanted = booking('15:00');
    expect((await twilio.messages.inbound('text', { from: WHATSAPP_USER, to: NUMBER, body: wanted })).status).toBe(200);
    const confirmed = await twilio.messages.waitForSend(
      (m) => m.to === `whatsapp:${WHATSAPP_USER}` && m.sid !== answered.sid,
    );
    expect(confirmed.body).toBe(`Your table is booked on ${DATE} at 15:00.`);
    const stored = await storedConversation(service, wanted);
    expect(stored.channel).toBe('whatsapp');
    expectSameBrain(stored, '15:00');
    expect(stored.messages).toHaveLength(4);
    await expectBooked(service, '15:00', 'whatsapp');
  });
});
