import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWhatsAppMessage } from '../../support/whatsapp-rows.ts';
import { WHATSAPP_NOT_SENT_REASONS } from '@contracts/whatsapp.ts';
import { addKnowledge, type Owner } from '../agent-chat/support.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { startCast, type Cast } from '../security/support/actors.ts';
import type { PhoneAgent } from '../phone/support.ts';
import { givePack, sendsTo, waNumber, whatsappAgent } from './support.ts';

/**
 * WhatsApp without an AI key (the offline provider), and who may read or choose an agent's
 * WhatsApp template (whatsapp_template_choices RLS, per role).
 */
let cast: Cast;
let twilio: FakeTwilio;
let agent: PhoneAgent;
const HX = `HX${'a'.repeat(32)}`;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  cast = await startCast({ functionEnv: { ...twilio.env, AI_PROVIDER: 'offline' } });
  twilio.messages.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
  await givePack(cast.service, cast.owner.id, -1);
  agent = await whatsappAgent(cast.service, cast.owner, { default_language: 'fr_FR' });
  await addKnowledge(
    cast.stack,
    cast.owner as unknown as Owner,
    agent.agentId,
    'hours.txt',
    'Our opening hours are 7am to 7pm, Monday to Saturday. We are closed on Sundays.',
  );
}, 120_000);
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
});

describe('offline mode', () => {
  it('answers a text from the agent’s knowledge, labelled offline in the transcript', async () => {
    const user = waNumber();
    await twilio.messages.inbound('text', { from: user, to: agent.number, body: 'What are your opening hours?' });
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(sent.body).toContain('7am to 7pm, Monday to Saturday');
    const { data } = await cast.service
      .from('conversations')
      .select('messages(role, metadata)')
      .eq('visitor_id', user)
      .single();
    const reply = (
      data as { messages: { role: string; metadata: { offline?: boolean; channel?: string } }[] }
    ).messages.find((m) => m.role === 'assistant');
    expect(reply?.metadata).toMatchObject({ offline: true, channel: 'whatsapp' });
  });

  it('a voice note gets the clear reply that voice notes need an AI key, in text even with voice replies on', async () => {
    const on = await cast.owner.client
      .from('agents')
      .update({ whatsapp_voice_replies: true })
      .eq('id', agent.agentId)
      .select('whatsapp_voice_replies');
    expect(on.data).toEqual([{ whatsapp_voice_replies: true }]);
    const user = waNumber();
    await twilio.messages.inbound('voice-note', { from: user, to: agent.number });
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(sent.body).toBe(
      "Je ne peux pas encore écouter les messages vocaux : cet assistant fonctionne sans clé d'IA. Pouvez-vous m'écrire votre message ?",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sendsTo(twilio, user)).toHaveLength(1);
    expect(sent.mediaUrls).toEqual([]);
  });

  it('an English agent says so in English', async () => {
    const owner = await cast.newUser('wa-offline-en');
    await givePack(cast.service, owner.id, -1);
    const english = await whatsappAgent(cast.service, owner, { default_language: 'en_US' });
    const user = waNumber();
    await twilio.messages.inbound('voice-note', { from: user, to: english.number });
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(sent.body).toBe(
      'I cannot listen to voice notes yet: this assistant runs without an AI key. Could you type your message instead?',
    );
  });

  it('an image is acknowledged with the clear reply that the agent cannot see it, in the agent’s language', async () => {
    const user = waNumber();
    await twilio.messages.inbound('image', { from: user, to: agent.number });
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(sent.body).toBe(
      "Merci pour l'image ! Je ne peux pas la voir ici : dites-moi en quelques mots ce dont vous avez besoin.",
    );
  });
});

describe('whatsapp_template_choices', () => {
  const choice = (agentId: string, userId: string) => ({
    agent_id: agentId,
    user_id: userId,
    content_sid: HX,
    friendly_name: 'order_ready',
    variables: { 1: 'there' },
  });

  it('an owner chooses, reads, changes and removes their agent’s template', async () => {
    const mine = cast.owner.client.from('whatsapp_template_choices');
    expect((await mine.insert(choice(agent.agentId, cast.owner.id))).error).toBeNull();
    expect((await cast.owner.client.from('whatsapp_template_choices').select('content_sid')).data).toEqual([
      { content_sid: HX },
    ]);
    const changed = await cast.owner.client
      .from('whatsapp_template_choices')
      .update({ variables: { 1: 'friend' } })
      .eq('agent_id', agent.agentId)
      .select('variables');
    expect(changed.data).toEqual([{ variables: { 1: 'friend' } }]);
    expect(
      (await cast.owner.client.from('whatsapp_template_choices').delete().eq('agent_id', agent.agentId).select()).data,
    ).toHaveLength(1);
  });

  it('another owner, an admin and a visitor can neither read nor choose it', async () => {
    expect(
      (await cast.service.from('whatsapp_template_choices').insert(choice(agent.agentId, cast.owner.id))).error,
    ).toBeNull();
    for (const client of [cast.otherOwner.client, cast.admin.client, cast.anon]) {
      const read = await client.from('whatsapp_template_choices').select('agent_id').eq('agent_id', agent.agentId);
      expect(read.data ?? []).toEqual([]);
      const changed = await client
        .from('whatsapp_template_choices')
        .update({ content_sid: `HX${'b'.repeat(32)}` })
        .eq('agent_id', agent.agentId)
        .select();
      expect(changed.data ?? []).toEqual([]);
    }
    // Claiming another owner's agent as mine fails on the (agent, owner) key; as theirs, on RLS.
    const asOther = await cast.otherOwner.client
      .from('whatsapp_template_choices')
      .insert(choice(agent.agentId, cast.otherOwner.id));
    expect(asOther.error).not.toBeNull();
    expect(
      (await cast.anon.from('whatsapp_template_choices').insert(choice(agent.agentId, cast.owner.id))).error,
    ).not.toBeNull();
    const kept = await cast.service
      .from('whatsapp_template_choices')
      .select('content_sid')
      .eq('agent_id', agent.agentId);
    expect(kept.data).toEqual([{ content_sid: HX }]);
  });

  it('a content SID that is not a template is refused by Postgres', async () => {
    const bad = await cast.owner.client
      .from('whatsapp_template_choices')
      .upsert({ ...choice(agent.agentId, cast.owner.id), content_sid: 'HXnope' });
    expect(bad.error?.code).toBe('23514');
  });
});

describe('why a message was not sent', () => {
  it('Postgres accepts exactly the reasons the contract names', async () => {
    // The reply that was not sent points at the user's message it leaves unanswered.
    const asked = await insertWhatsAppMessage(cast.service, {
      user_id: cast.owner.id,
      assigned_agent: agent.agentId,
      from_number: waNumber(),
      to_number: agent.number,
      body: 'Hello?',
    });
    const row = (reason: string) => ({
      user_id: cast.owner.id,
      assigned_agent: agent.agentId,
      message_id: asked.message_id,
      direction: 'outbound',
      from_number: agent.number,
      to_number: waNumber(),
      status: 'not_sent',
      not_sent_reason: reason,
    });
    for (const reason of WHATSAPP_NOT_SENT_REASONS) {
      expect([reason, (await cast.service.from('whatsapp_messages').insert(row(reason))).error]).toEqual([
        reason,
        null,
      ]);
    }
    expect((await cast.service.from('whatsapp_messages').insert(row('lost_in_transit'))).error?.code).toBe('23514');
  });
});

describe('server-only RPCs', () => {
  it('owners and visitors cannot receive messages, claim conversations or set statuses', async () => {
    for (const client of [cast.owner.client, cast.anon]) {
      expect(
        (
          await client.rpc('whatsapp_message_status', {
            message_sid: 'SM1',
            status: 'read',
            error_code: null,
            error_message: null,
            account_sid: 'AC1',
            platform_account_sid: 'AC1',
          })
        ).error,
      ).not.toBeNull();
      expect(
        (await client.rpc('whatsapp_claim_conversation', { conversation_id: crypto.randomUUID() })).error,
      ).not.toBeNull();
    }
  });
});
