import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWhatsAppMessage } from '../../support/whatsapp-rows.ts';
import { serviceInsert, startCast, type Cast } from '../security/support/actors.ts';
import { givePack, waNumber, whatsappAgent } from './support.ts';

/**
 * `whatsapp_usage()`, the owner's WhatsApp block on /credits: this month's
 * conversations against the pack, messages sent, and the cost as the meter records it (model
 * tokens of WhatsApp replies, characters of voice-note replies; no credits). The owner is the
 * caller's JWT: nothing a client sends names whose usage is read.
 */
let cast: Cast;
let agentId: string;

interface Usage {
  conversations_used: number;
  conversations_included: number;
  messages_sent: number;
  tokens: number;
  speech_characters: number;
}
const usageOf = async (client: Cast['anon']) => {
  const { data, error } = await client.rpc('whatsapp_usage');
  if (error) throw new Error(error.message);
  const row = (data as Usage[])[0]!;
  return { ...row, tokens: Number(row.tokens), speech_characters: Number(row.speech_characters) };
};

beforeAll(async () => {
  cast = await startCast();
  await givePack(cast.service, cast.owner.id, 5);
  agentId = (await whatsappAgent(cast.service, cast.owner)).agentId;
  const user = waNumber();
  const conversation = await serviceInsert<{ id: string }>(cast.service, 'conversations', {
    user_id: cast.owner.id,
    agent_id: agentId,
    channel: 'whatsapp',
    visitor_id: user,
  });
  // Counted as the webhook counts it: the conversation's first reply this month.
  const claimed = await cast.service.rpc('whatsapp_claim_conversation', { conversation_id: conversation.id });
  expect(claimed.data).toBe('ok');
  await insertWhatsAppMessage(cast.service, {
    user_id: cast.owner.id,
    assigned_agent: agentId,
    conversation_id: conversation.id,
    message_sid: `SM${'a'.repeat(32)}`,
    direction: 'outbound',
    from_number: '+15005550006',
    to_number: user,
    body: 'Hello',
    status: 'delivered',
    timestamp: new Date().toISOString(),
  });
  const metric = (name: string, value: number, channel: string) =>
    serviceInsert(cast.service, 'analytics_metrics', {
      user_id: cast.owner.id,
      agent_id: agentId,
      name,
      value,
      dimensions: { conversation_id: conversation.id, channel },
    });
  await metric('chat.tokens', 120, 'whatsapp');
  await metric('chat.tokens', 80, 'whatsapp');
  await metric('whatsapp.speech', 42, 'whatsapp');
  // The same owner's web chat is not WhatsApp's cost.
  await metric('chat.tokens', 999, 'web');
}, 120_000);
afterAll(async () => {
  await cast?.stack.stop();
});

describe('the owner’s WhatsApp usage this month', () => {
  it('an owner reads their conversations of the pack’s, messages sent and the metered cost', async () => {
    expect(await usageOf(cast.owner.client)).toMatchObject({
      conversations_used: 1,
      conversations_included: 5,
      messages_sent: 1,
      tokens: 200,
      speech_characters: 42,
    });
  });

  it('another owner cannot read mine: they get their own (empty) usage', async () => {
    expect(await usageOf(cast.otherOwner.client)).toMatchObject({
      conversations_used: 0,
      messages_sent: 0,
      tokens: 0,
      speech_characters: 0,
    });
    // No argument names a user: asking for someone else's is refused, not answered.
    const named = await cast.otherOwner.client.rpc('whatsapp_usage', { user_id: cast.owner.id } as never);
    expect(named.error).not.toBeNull();
  });

  it('an admin, whose replies the pack never stops, reads unlimited (-1)', async () => {
    expect((await usageOf(cast.admin.client)).conversations_included).toBe(-1);
  });

  it('a visitor cannot call it', async () => {
    expect((await cast.anon.rpc('whatsapp_usage')).error).not.toBeNull();
  });
});
