import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWhatsAppMessage } from '../../support/whatsapp-rows.ts';
import { imageUrls, startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { goldenPayload } from '../../fakes/twilio/messages.ts';
import { expectedTwilioSignature } from '../../fakes/twilio/server.ts';
import { startCast, type Cast } from '../security/support/actors.ts';
import type { PhoneAgent } from '../phone/support.ts';
import { connectSender, eventually, givePack, messagesOf, sendsTo, waNumber, whatsappAgent } from './support.ts';

/**
 * The whatsapp-webhook function through the local stack: the fake Twilio plays WhatsApp users
 * (signed golden payloads) and records every Messages API send; the fake OpenAI is the model and
 * the transcriber.
 */
let cast: Cast;
let twilio: FakeTwilio;
let openai: FakeOpenAI;
let agent: PhoneAgent;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  openai = await startFakeOpenAI({ transcript: 'Do you deliver on Sundays?' });
  cast = await startCast({
    functionEnv: {
      ...twilio.env,
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.baseURL,
    },
  });
  twilio.messages.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
  await givePack(cast.service, cast.owner.id, -1);
  agent = await whatsappAgent(cast.service, cast.owner);
  // The admin's WhatsApp model, unlike the chat model (platform default gpt-4.1): a reply made
  // with the chat model would be caught.
  await setModels({ chat_model: 'gpt-4.1', whatsapp_model: WHATSAPP_MODEL });
}, 120_000);
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
  await openai?.close();
});

const WHATSAPP_MODEL = 'gpt-4o-mini';

async function setModels(models: { chat_model?: string; whatsapp_model?: string }): Promise<void> {
  const { error } = await cast.service.from('platform_settings').update(models).eq('id', 'default');
  if (error) throw new Error(`platform_settings: ${error.message}`);
}

const inboundUrl = () => `${cast.stack.url}/functions/v1/whatsapp-webhook/inbound`;

describe('inbound messages through the core', () => {
  it('a text gets the model’s reply from the agent’s number, in one conversation keyed by the number', async () => {
    const user = waNumber();
    openai.queueChat({ text: 'We open at 9 every morning.' });
    const answer = await twilio.messages.inbound('text', { from: user, to: agent.number, profileName: 'Ana Lima' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(sent).toMatchObject({
      from: `whatsapp:${agent.number}`,
      body: 'We open at 9 every morning.',
      statusCallback: `${cast.stack.url}/functions/v1/whatsapp-webhook/status`,
    });
    // The admin's WhatsApp model answered, not the chat model.
    const chat = openai.requestsTo('chat').at(-1)!;
    expect((chat.body as { model: string }).model).toBe(WHATSAPP_MODEL);
    const rows = await eventually(async () => {
      const all = await messagesOf(cast.service, agent.agentId);
      const mine = all.filter((row) => row.from_number === user || row.to_number === user);
      return mine.length === 2 ? mine : null;
    });
    expect(rows[0]).toMatchObject({ direction: 'inbound', profile_name: 'Ana Lima', status: 'received' });
    expect(rows[1]).toMatchObject({ direction: 'outbound', message_sid: sent.sid, status: 'queued' });
    const conversation = await cast.service
      .from('conversations')
      .select('id, channel, visitor_id, messages(role, content)')
      .eq('id', rows[0]!.conversation_id!)
      .single();
    expect(conversation.data).toMatchObject({ channel: 'whatsapp', visitor_id: user });
    expect((conversation.data as { messages: { role: string }[] }).messages).toHaveLength(2);

    // A second message continues the same conversation.
    openai.queueChat({ text: 'Yes, on Saturdays too.' });
    await twilio.messages.inbound('text', { from: user, to: agent.number, body: 'And on Saturdays?' });
    await twilio.messages.waitForSend((m) => m.body === 'Yes, on Saturdays too.');
    const again = await eventually(async () => {
      const all = (await messagesOf(cast.service, agent.agentId)).filter((row) => row.from_number === user);
      return all.length === 2 ? all : null;
    });
    expect(again[1]!.conversation_id).toBe(rows[0]!.conversation_id);
  });

  it('a voice note is downloaded with the account’s credentials, transcribed and answered', async () => {
    const user = waNumber();
    openai.queueChat((request) => ({
      text: JSON.stringify(request.messages).includes('Do you deliver on Sundays?') ? 'No Sunday deliveries.' : 'What?',
    }));
    const answer = await twilio.messages.inbound('voice-note', { from: user, to: agent.number });
    expect(answer.status).toBe(200);
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(sent.body).toBe('No Sunday deliveries.');
    expect(openai.requestsTo('transcriptions').length).toBeGreaterThan(0);
    expect([...twilio.messages.downloads.values()]).toContain(1);
    // One transcript: the voice note's line holds its transcription, the reply is one line, and the
    // WhatsApp rows hold no text of their own, only the line they carried.
    const rows = await eventually(async () => {
      const found = (await messagesOf(cast.service, agent.agentId)).filter(
        (row) => row.from_number === user || row.to_number === user,
      );
      return found.length === 2 ? found : null;
    });
    const raw = await cast.service.from('whatsapp_messages').select('*').eq('id', rows[0]!.id).single();
    expect(Object.keys(raw.data as object)).not.toContain('body');
    const transcript = await cast.service
      .from('messages')
      .select('id, role, content')
      .eq('conversation_id', rows[0]!.conversation_id!)
      .order('timestamp');
    expect(transcript.data?.map((m) => [m.role, m.content])).toEqual([
      ['user', expect.stringContaining('Do you deliver on Sundays?')],
      ['assistant', 'No Sunday deliveries.'],
    ]);
    expect(rows.map((row) => row.message_id)).toEqual(transcript.data?.map((m) => m.id));
  });

  it('an image is shown to the agent’s WhatsApp model as a data URL of its bytes and described', async () => {
    const user = waNumber();
    const bytes = new Uint8Array([255, 216, 255, 224, 0, 16, 74, 70, 73, 70]);
    openai.queueChat((request) => ({
      text: imageUrls(request).length === 1 ? 'A red bicycle with a basket.' : 'I see nothing.',
    }));
    await twilio.messages.inbound('image', { from: user, to: agent.number, media: bytes });
    const described = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(described.body).toBe('A red bicycle with a basket.');
    const chat = openai.requestsTo('chat').at(-1)!.body as ChatRequestBody;
    // The bytes kept for the owner, never Twilio's URL (it needs our credentials).
    expect(imageUrls(chat)).toEqual([`data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`]);
    expect(JSON.stringify(chat)).not.toContain('api.twilio.com');

    // With a caption: the text and the image in one user turn; the transcript keeps both as text.
    openai.queueChat((request) => ({ text: imageUrls(request).length === 1 ? 'That model is in stock.' : 'What?' }));
    await twilio.messages.inbound('image', { from: user, to: agent.number, body: 'Do you have this one?' });
    await twilio.messages.waitForSend((m) => m.body === 'That model is in stock.');
    const last = (openai.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: unknown }[] })
      .messages;
    expect(last.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: '[image] Do you have this one?' }, { type: 'image_url' }],
    });
    // The earlier image reaches the model as its stored text only.
    expect(
      last.filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : 'parts')),
    ).toEqual(['[image]', 'parts']);
    const transcript = await eventually(async () => {
      const { data } = await cast.service
        .from('conversations')
        .select('messages(role, content, timestamp)')
        .eq('visitor_id', user)
        .single();
      const rows = (
        (data as { messages: { role: string; content: string; timestamp: string }[] } | null)?.messages ?? []
      ).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      return rows.length === 4 ? rows : null;
    });
    expect(transcript.map((m) => [m.role, m.content])).toEqual([
      ['user', '[image]'],
      ['assistant', 'A red bicycle with a basket.'],
      ['user', '[image] Do you have this one?'],
      ['assistant', 'That model is in stock.'],
    ]);
  });

  it('a text, a voice note and an image each get a reply through the core, in one conversation', async () => {
    const user = waNumber();
    openai.queueChat(
      { text: 'Hello Ana.' },
      (request) => ({ text: JSON.stringify(request).includes('Do you deliver on Sundays?') ? 'No Sundays.' : '?' }),
      (request) => ({ text: imageUrls(request).length === 1 ? 'Nice shoes.' : '?' }),
    );
    await twilio.messages.inbound('text', { from: user, to: agent.number, body: 'Hello' });
    await twilio.messages.waitForSend((m) => m.body === 'Hello Ana.');
    await twilio.messages.inbound('voice-note', { from: user, to: agent.number });
    await twilio.messages.waitForSend((m) => m.body === 'No Sundays.');
    await twilio.messages.inbound('image', { from: user, to: agent.number });
    await twilio.messages.waitForSend((m) => m.body === 'Nice shoes.');
    expect(sendsTo(twilio, user).map((m) => m.body)).toEqual(['Hello Ana.', 'No Sundays.', 'Nice shoes.']);
    const { data } = await cast.service
      .from('conversations')
      .select('channel, messages(role, content, metadata)')
      .eq('visitor_id', user)
      .single();
    const conversation = data as {
      channel: string;
      messages: { role: string; content: string; metadata: { channel?: string } }[];
    };
    expect(conversation.channel).toBe('whatsapp');
    expect(
      conversation.messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .sort(),
    ).toEqual(['Do you deliver on Sundays?', 'Hello', '[image]'].sort());
    expect(conversation.messages.every((m) => m.metadata.channel === 'whatsapp')).toBe(true);
  });

  it('with voice replies on, a voice note is answered with a voice note in the agent’s voice, then the text', async () => {
    const owner = await cast.newUser('wa-voice');
    await givePack(cast.service, owner.id, -1);
    const line = await whatsappAgent(cast.service, owner, { voice: 'female' });
    // The owner's own setting (column grant); another owner cannot change it.
    const mine = await owner.client
      .from('agents')
      .update({ whatsapp_voice_replies: true })
      .eq('id', line.agentId)
      .select('id');
    expect(mine.data).toHaveLength(1);
    const theirs = await cast.otherOwner.client
      .from('agents')
      .update({ whatsapp_voice_replies: false })
      .eq('id', line.agentId)
      .select('id');
    expect(theirs.data ?? []).toEqual([]);

    const user = waNumber();
    openai.queueChat({ text: 'No Sunday deliveries, sorry.' });
    const { messageSid } = await twilio.messages.inbound('voice-note', { from: user, to: line.number });
    const text = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}` && m.body !== null);
    expect(text.body).toBe('No Sunday deliveries, sorry.');
    const [voice, second] = sendsTo(twilio, user);
    expect(second).toBe(text);
    expect(voice).toMatchObject({ body: null, from: `whatsapp:${line.number}` });
    const speech = openai.requestsTo('speech').at(-1)!.body;
    expect(speech).toMatchObject({
      model: 'gpt-4o-mini-tts',
      voice: 'marin',
      response_format: 'opus',
      input: 'No Sunday deliveries, sorry.',
    });
    // Twilio fetches a short-lived signed URL of the private copy in the owner's folder.
    const path = `${owner.id}/${line.agentId}/${messageSid}/reply.ogg`;
    expect(voice!.mediaUrls).toHaveLength(1);
    expect(voice!.mediaUrls[0]).toContain(`/storage/v1/object/sign/whatsapp-media/${path}?token=`);
    const fetched = await fetch(voice!.mediaUrls[0]!);
    expect(fetched.headers.get('content-type')).toBe('audio/ogg');
    expect(new TextDecoder().decode(await fetched.arrayBuffer())).toBe('OggSfake-speech:No Sunday deliveries, sorry.');
    const row = await eventually(async () =>
      (await messagesOf(cast.service, line.agentId)).find((m) => m.message_sid === voice!.sid),
    );
    expect(row.media).toEqual([{ bucket: 'whatsapp-media', path, contentType: 'audio/ogg' }]);
    expect((await owner.client.storage.from('whatsapp-media').download(path)).error).toBeNull();
    // The spoken reply is metered like chat tokens: the characters synthesised, readable by the owner.
    const metered = await owner.client
      .from('analytics_metrics')
      .select('agent_id, value, dimensions')
      .eq('name', 'whatsapp.speech');
    expect(metered.error).toBeNull();
    expect(metered.data).toEqual([
      {
        agent_id: line.agentId,
        value: 'No Sunday deliveries, sorry.'.length,
        dimensions: {
          conversation_id: row.conversation_id,
          channel: 'whatsapp',
          model: 'gpt-4o-mini-tts',
          reply_to: messageSid,
        },
      },
    ]);

    // A written message still gets a written reply only.
    const speeches = openai.requestsTo('speech').length;
    openai.queueChat({ text: 'Written answer.' });
    await twilio.messages.inbound('text', { from: user, to: line.number });
    await twilio.messages.waitForSend((m) => m.body === 'Written answer.');
    expect(openai.requestsTo('speech')).toHaveLength(speeches);
    expect(sendsTo(twilio, user)).toHaveLength(3);
  });

  it('inbound media are kept in the owner’s whatsapp-media folder, readable by the owner only', async () => {
    const user = waNumber();
    const bytes = new Uint8Array([255, 216, 255, 224, 1, 2, 3, 4]);
    const { messageSid } = await twilio.messages.inbound('image', { from: user, to: agent.number, media: bytes });
    const path = `${cast.owner.id}/${agent.agentId}/${messageSid}/0`;
    const row = await eventually(async () => {
      const found = (await messagesOf(cast.service, agent.agentId)).find((m) => m.message_sid === messageSid);
      return found && JSON.stringify(found.media).includes('bucket') ? found : null;
    });
    expect(row.media).toEqual([{ bucket: 'whatsapp-media', path, contentType: 'image/jpeg' }]);
    const mine = await cast.owner.client.storage.from('whatsapp-media').download(path);
    expect(mine.error).toBeNull();
    expect(new Uint8Array(await mine.data!.arrayBuffer())).toEqual(bytes);
    expect((await cast.otherOwner.client.storage.from('whatsapp-media').download(path)).error).not.toBeNull();
  });

  it('a file larger than the bucket allows is not kept and the row says why', async () => {
    const user = waNumber();
    openai.queueChat({ text: 'It is a big one indeed.' });
    const { messageSid } = await twilio.messages.inbound('image', {
      from: user,
      to: agent.number,
      body: 'Big one',
      media: new Uint8Array(16 * 1024 * 1024 + 1),
    });
    const row = await eventually(async () =>
      (await messagesOf(cast.service, agent.agentId)).find((m) => m.message_sid === messageSid && m.error_message),
    );
    expect(row.media).toEqual([]);
    expect(row.error_message).toBe('Attachment 1 (image/jpeg) was not kept: larger than 16 MB.');
    // The caption is still answered.
    await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
  });

  it('a replayed webhook gives one reply', async () => {
    const user = waNumber();
    openai.queueChat({ text: 'Only once.' });
    const first = await twilio.messages.inbound('text', { from: user, to: agent.number });
    const replay = await twilio.messages.inbound('text', {
      from: user,
      to: agent.number,
      messageSid: first.messageSid,
    });
    expect(replay.status).toBe(200);
    await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sendsTo(twilio, user)).toHaveLength(1);
    const received = (await messagesOf(cast.service, agent.agentId)).filter((row) => row.from_number === user);
    expect(received).toHaveLength(1);
    // The replay wrote no second line of the transcript either: the message and its one reply.
    const lines = await cast.service
      .from('messages')
      .select('role')
      .eq('conversation_id', received[0]!.conversation_id!);
    expect(lines.data?.map((m) => m.role).sort()).toEqual(['assistant', 'user']);
  });

  it('a forged, unsigned or unknown-account webhook is refused with 403 and nothing is stored', async () => {
    const user = waNumber();
    const forged = await twilio.messages.inbound('text', {
      from: user,
      to: agent.number,
      signature: 'bm90IGEgc2lnbmF0dXJl',
    });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toMatchObject({ error: { code: 'invalid_signature' } });
    const stranger = await twilio.messages.inbound('text', {
      from: user,
      to: agent.number,
      account: { sid: `AC${'1'.repeat(32)}`, authToken: 'whatever' },
    });
    expect(stranger.status).toBe(403);
    // Signed for another URL than the one Twilio was given.
    const params = goldenPayload('inbound-text', {
      MessageSid: twilio.sid('SM'),
      AccountSid: twilio.accountSid,
      From: user,
      To: agent.number,
    });
    const moved = await twilio.sendWebhook(inboundUrl(), params, {
      signature: expectedTwilioSignature(twilio.authToken, inboundUrl().replace('/inbound', '/status'), params),
    });
    expect(moved.status).toBe(403);
    expect((await messagesOf(cast.service, agent.agentId)).filter((row) => row.from_number === user)).toEqual([]);
  });

  it('a number without a connected ONLINE sender is refused with 404, stores nothing and never replies', async () => {
    const owner = await cast.newUser('wa-not-online');
    await givePack(cast.service, owner.id, -1);
    // One number per owner: the same line goes through never connected, CREATING, OFFLINE, disconnected.
    const line = await whatsappAgent(cast.service, owner, {}, null);
    const user = waNumber();
    const states = [null, { status: 'CREATING' }, { status: 'OFFLINE' }, { status: 'ONLINE', enabled: false }];
    for (const state of states) {
      if (state) await connectSender(cast.service, owner.id, line, state);
      const answer = await twilio.messages.inbound('text', { from: user, to: line.number });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'sender_not_found' } });
    }
    expect(await messagesOf(cast.service, line.agentId)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sendsTo(twilio, user)).toEqual([]);
  });

  it('a malformed message is a 400, not a 500', async () => {
    const params = { AccountSid: twilio.accountSid, MessageSid: 'nope', From: 'x', To: 'y' };
    const answer = await twilio.sendWebhook(inboundUrl(), params);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('a sender on a sub-account is verified with the sub-account’s token and replies through it', async () => {
    const sub = twilio.addAccount();
    // One number per owner: the sub-account's sender belongs to another owner.
    const subOwner = await cast.newUser('wa-sub');
    await givePack(cast.service, subOwner.id, -1);
    const subAgent = await whatsappAgent(cast.service, subOwner);
    // What wa-connect stores when it creates the sender's sub-account (server-only secrets).
    const secrets = await cast.service
      .from('agent_secrets')
      .upsert({ agent_id: subAgent.agentId, whatsapp_account_sid: sub.sid, whatsapp_auth_token: sub.authToken });
    expect(secrets.error).toBeNull();
    const user = waNumber();
    // Signed by the platform account for a number whose sender is on the sub-account: not ours.
    const wrong = await twilio.messages.inbound('text', { from: user, to: subAgent.number });
    expect(wrong.status).toBe(403);
    expect(JSON.parse(wrong.body)).toMatchObject({ error: { code: 'wrong_account' } });
    openai.queueChat({ text: 'Hello from the sub-account.' });
    const answer = await twilio.messages.inbound('text', { from: user, to: subAgent.number, account: sub });
    expect(answer.status).toBe(200);
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(sent).toMatchObject({ account: sub.sid, body: 'Hello from the sub-account.' });
    expect(sendsTo(twilio, user)).toHaveLength(1);
  });

  it('a long reply is split under 1,600 characters at sentence ends', async () => {
    const user = waNumber();
    const sentence = 'This sentence is here to make the reply long enough to need several messages. ';
    openai.queueChat({ text: sentence.repeat(45).trim() });
    await twilio.messages.inbound('text', { from: user, to: agent.number });
    await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    const parts = await eventually(async () => {
      const sends = sendsTo(twilio, user);
      return sends.length === 3 ? sends : null;
    });
    for (const part of parts) {
      expect(part.body!.length).toBeLessThanOrEqual(1600);
      expect(part.body!.endsWith('messages.')).toBe(true);
    }
    expect(parts.map((p) => p.body).join(' ')).toBe(sentence.repeat(45).trim());
  });
});

describe('status callbacks', () => {
  it('keep the furthest state whatever their order, and a failure keeps its error code', async () => {
    const user = waNumber();
    openai.queueChat({ text: 'Status test.' });
    await twilio.messages.inbound('text', { from: user, to: agent.number });
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    const row = async () =>
      (await messagesOf(cast.service, agent.agentId)).find((candidate) => candidate.message_sid === sent.sid)!;
    await eventually(row);
    for (const status of ['read', 'sent', 'delivered']) {
      expect((await twilio.messages.status(sent.sid, status)).status).toBe(204);
    }
    expect((await row()).status).toBe('read');

    openai.queueChat({ text: 'This one fails.' });
    await twilio.messages.inbound('text', { from: user, to: agent.number, body: 'again' });
    const failing = await twilio.messages.waitForSend((m) => m.body === 'This one fails.');
    await eventually(async () =>
      (await messagesOf(cast.service, agent.agentId)).find((candidate) => candidate.message_sid === failing.sid),
    );
    await twilio.messages.status(failing.sid, 'failed', { code: 63016, message: 'Outside the allowed window' });
    await twilio.messages.status(failing.sid, 'sent');
    const failed = (await messagesOf(cast.service, agent.agentId)).find((c) => c.message_sid === failing.sid)!;
    expect(failed).toMatchObject({
      status: 'failed',
      error_code: 63016,
      error_message: 'Outside the allowed window',
      not_sent_reason: 'send_failed',
    });
  });

  it('a status signed by another owner’s sub-account leaves my message alone', async () => {
    // Owner B's sender lives on a sub-account: B holds its token and can sign callbacks with it.
    const subB = twilio.addAccount();
    const ownerB = await cast.newUser('wa-status-b');
    await givePack(cast.service, ownerB.id, -1);
    const agentB = await whatsappAgent(cast.service, ownerB);
    const secrets = await cast.service
      .from('agent_secrets')
      .upsert({ agent_id: agentB.agentId, whatsapp_account_sid: subB.sid, whatsapp_auth_token: subB.authToken });
    expect(secrets.error).toBeNull();
    // Owner A's reply, sent through the platform account.
    const user = waNumber();
    openai.queueChat({ text: 'A message of owner A.' });
    await twilio.messages.inbound('text', { from: user, to: agent.number });
    const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    const row = async () =>
      (await messagesOf(cast.service, agent.agentId)).find((candidate) => candidate.message_sid === sent.sid);
    await eventually(row);
    const params = goldenPayload('status-delivered', {
      MessageSid: sent.sid,
      AccountSid: subB.sid,
      From: agent.number,
      To: user,
    });
    params.MessageStatus = 'read';
    params.SmsStatus = 'read';
    const url = `${cast.stack.url}/functions/v1/whatsapp-webhook/status`;
    const answer = await twilio.sendWebhook(url, params, { authToken: subB.authToken });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'wrong_account' } });
    expect((await row())!.status).toBe('queued');
    // The account the message went through still moves it.
    expect((await twilio.messages.status(sent.sid, 'delivered')).status).toBe(204);
    expect((await row())!.status).toBe('delivered');
  });

  it('a forged status callback is refused', async () => {
    const params = goldenPayload('status-delivered', { MessageSid: twilio.sid('SM'), AccountSid: twilio.accountSid });
    const url = `${cast.stack.url}/functions/v1/whatsapp-webhook/status`;
    expect((await twilio.sendWebhook(url, params, { authToken: 'forged' })).status).toBe(403);
  });

  it('a refused send is recorded with Twilio’s error, not swallowed', async () => {
    const user = waNumber();
    twilio.messages.failNextSend(63024, 'Invalid message recipient');
    openai.queueChat({ text: 'You will not get this.' });
    await twilio.messages.inbound('text', { from: user, to: agent.number });
    const row = await eventually(async () =>
      (await messagesOf(cast.service, agent.agentId)).find(
        (candidate) => candidate.to_number === user && candidate.direction === 'outbound',
      ),
    );
    expect(row).toMatchObject({
      status: 'not_sent',
      not_sent_reason: 'send_failed',
      error_code: 63024,
      message_sid: null,
      body: 'You will not get this.',
    });
  });
});

describe('the 24-hour window', () => {
  async function oldConversation(user: string): Promise<void> {
    await insertWhatsAppMessage(cast.service, {
      user_id: cast.owner.id,
      assigned_agent: agent.agentId,
      message_sid: twilio.sid('SM'),
      direction: 'inbound',
      from_number: user,
      to_number: agent.number,
      body: 'Hello, a while ago',
      status: 'received',
      timestamp: new Date(Date.now() - 25 * 3600 * 1000).toISOString(),
    });
  }
  const send = (user: string, text: string, token: string) =>
    fetch(`${cast.stack.url}/functions/v1/whatsapp-webhook/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: agent.agentId, to: user, text }),
    });
  const token = async () => (await cast.owner.client.auth.getSession()).data.session!.access_token;

  it('outside 24 h without a chosen template nothing is sent and the reason is recorded', async () => {
    const user = waNumber();
    await oldConversation(user);
    const answer = await send(user, 'Your order is ready.', await token());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ sent: [], notSentReason: 'outside_window' });
    expect(sendsTo(twilio, user)).toEqual([]);
    const row = (await messagesOf(cast.service, agent.agentId)).find(
      (candidate) => candidate.to_number === user && candidate.direction === 'outbound',
    );
    expect(row).toMatchObject({ status: 'not_sent', not_sent_reason: 'outside_window' });
  });

  it('outside 24 h the owner’s approved template is sent with its variables and no body', async () => {
    const template = twilio.messages.addTemplate({
      friendlyName: 'order_ready',
      language: 'en',
      body: 'Hi {{1}}, your order is ready.',
      variables: { 1: 'name' },
      status: 'approved',
    });
    twilio.messages.addTemplate({ friendlyName: 'draft', language: 'en', body: 'x', variables: {}, status: 'pending' });
    const listed = await fetch(`${cast.stack.url}/functions/v1/whatsapp-webhook/templates?agentId=${agent.agentId}`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { templates: unknown[] }).templates).toEqual([
      {
        sid: template.sid,
        friendlyName: 'order_ready',
        language: 'en',
        body: 'Hi {{1}}, your order is ready.',
        variables: { 1: 'name' },
      },
    ]);
    const chosen = await cast.owner.client.from('whatsapp_template_choices').insert({
      agent_id: agent.agentId,
      user_id: cast.owner.id,
      content_sid: template.sid,
      friendly_name: 'order_ready',
      variables: { 1: 'there' },
    });
    expect(chosen.error).toBeNull();
    const user = waNumber();
    await oldConversation(user);
    const answer = await send(user, 'Your order is ready.', await token());
    expect(answer.status).toBe(200);
    const [sent] = sendsTo(twilio, user);
    expect(sent).toMatchObject({ contentSid: template.sid, contentVariables: '{"1":"there"}', body: null });

    // Inside the window the same owner message goes as text.
    const recent = waNumber();
    openai.queueChat({ text: 'Hi!' });
    await twilio.messages.inbound('text', { from: recent, to: agent.number });
    await twilio.messages.waitForSend((m) => m.to === `whatsapp:${recent}`);
    expect((await send(recent, 'A follow-up.', await token())).status).toBe(200);
    expect(sendsTo(twilio, recent).at(-1)).toMatchObject({ body: 'A follow-up.', contentSid: null });
  });

  it('an owner reply is labelled as the owner, in the thread and in the conversation’s transcript', async () => {
    const user = waNumber();
    openai.queueChat({ text: 'Hello there.' });
    await twilio.messages.inbound('text', { from: user, to: agent.number });
    await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    const whatsappMessages = async () => {
      const stats = await cast.owner.client.rpc('insights_agent_statistics', {
        agent_id: agent.agentId,
        period: '24h',
        time_zone: 'UTC',
      });
      expect(stats.error).toBeNull();
      return (stats.data as { messages: { whatsapp: number } }).messages.whatsapp;
    };
    const before = await whatsappMessages();
    expect((await send(user, 'The owner here: see you at 8.', await token())).status).toBe(200);
    // What the owner typed is a WhatsApp message in the figures too.
    expect(await whatsappMessages()).toBe(before + 1);
    const thread = await cast.owner.client.rpc('whatsapp_thread_messages', {
      thread_agent: agent.agentId,
      thread_contact: user,
    });
    expect(thread.error).toBeNull();
    const rows = (thread.data ?? []) as {
      direction: string;
      body: string;
      sent_by_owner: boolean;
      conversation_id: string | null;
    }[];
    const outbound = rows.filter((m) => m.direction === 'outbound');
    expect(Object.fromEntries(outbound.map((m) => [m.body, m.sent_by_owner]))).toEqual({
      'Hello there.': false,
      'The owner here: see you at 8.': true,
    });
    expect(rows.find((m) => m.direction === 'inbound')?.sent_by_owner).toBe(false);
    const conversationId = outbound[0]!.conversation_id!;
    const transcript = await cast.owner.client
      .from('messages')
      .select('role, content, metadata')
      .eq('conversation_id', conversationId)
      .eq('role', 'assistant')
      .order('timestamp');
    expect(
      transcript.data?.map((m) => [m.content, (m.metadata as Record<string, unknown>).sentByOwner ?? false]),
    ).toEqual([
      ['Hello there.', false],
      ['The owner here: see you at 8.', true],
    ]);
  });

  it('the owner’s composer sends the template it picked, and WhatsApp’s refusal (63016) comes back', async () => {
    const picked = twilio.messages.addTemplate({
      friendlyName: 'table_ready',
      language: 'en',
      body: 'Hi {{1}}, your table is ready.',
      variables: { 1: 'name' },
      status: 'approved',
    });
    const user = waNumber();
    await oldConversation(user);
    const post = (body: Record<string, unknown>) =>
      token().then((bearer) =>
        fetch(`${cast.stack.url}/functions/v1/whatsapp-webhook/send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ agentId: agent.agentId, to: user, ...body }),
        }),
      );
    // Not the agent's chosen template (order_ready): the one sent with the message.
    const answer = await post({
      text: 'Hi Ana, your table is ready.',
      template: { content_sid: picked.sid, variables: { 1: 'Ana' } },
    });
    expect(answer.status).toBe(200);
    const sent = sendsTo(twilio, user);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ contentSid: picked.sid, contentVariables: '{"1":"Ana"}', body: null });
    expect(await answer.json()).toEqual({ sent: [sent[0]!.sid], notSentReason: null });
    const row = (await messagesOf(cast.service, agent.agentId)).find((candidate) => candidate.to_number === user);
    expect(row).toMatchObject({ body: 'Hi Ana, your table is ready.', status: 'queued' });

    twilio.messages.failNextSend(63016, 'Failed to send freeform message because you are outside the allowed window.');
    const refused = await post({ text: 'Are you still coming?' });
    expect(await refused.json()).toEqual({
      sent: [],
      notSentReason: 'send_failed',
      failure: { code: 63016, message: 'Failed to send freeform message because you are outside the allowed window.' },
    });
    // A template SID that is not one is refused before Twilio.
    expect((await post({ text: 'x', template: { content_sid: 'HXnope', variables: {} } })).status).toBe(400);
  });

  it('another owner cannot send as my agent nor list its templates', async () => {
    const other = (await cast.otherOwner.client.auth.getSession()).data.session!.access_token;
    expect((await send(waNumber(), 'hi', other)).status).toBe(404);
    const listed = await fetch(`${cast.stack.url}/functions/v1/whatsapp-webhook/templates?agentId=${agent.agentId}`, {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(listed.status).toBe(404);
  });
});

describe('the monthly WhatsApp conversations of the pack', () => {
  it('stop replies at the limit with an owner-facing reason, count a conversation once, and meter it', async () => {
    const owner = await cast.newUser('wa-limited');
    await givePack(cast.service, owner.id, 1);
    const line = await whatsappAgent(cast.service, owner);
    const first = waNumber();
    openai.queueChat({ text: 'First reply.' }, { text: 'Second reply.' });
    await twilio.messages.inbound('text', { from: first, to: line.number });
    await twilio.messages.waitForSend((m) => m.to === `whatsapp:${first}`);
    // The same conversation again this month: not counted twice.
    await twilio.messages.inbound('text', { from: first, to: line.number, body: 'more' });
    await twilio.messages.waitForSend((m) => m.body === 'Second reply.');

    const second = waNumber();
    const chats = openai.requestsTo('chat').length;
    await twilio.messages.inbound('text', { from: second, to: line.number });
    const refused = await eventually(async () =>
      (await messagesOf(cast.service, line.agentId)).find((row) => row.to_number === second),
    );
    expect(refused).toMatchObject({ direction: 'outbound', status: 'not_sent', not_sent_reason: 'monthly_limit' });
    expect(sendsTo(twilio, second)).toEqual([]);
    expect(openai.requestsTo('chat').length).toBe(chats);

    const usage = await owner.client.rpc('whatsapp_usage');
    expect(usage.error).toBeNull();
    expect((usage.data as Record<string, unknown>[])[0]).toMatchObject({
      conversations_used: 1,
      conversations_included: 1,
      messages_sent: 2,
    });
    expect(Number((usage.data as { tokens: number }[])[0]!.tokens)).toBeGreaterThan(0);
  });

  it('the usage aggregate is the caller’s own; visitors cannot call it', async () => {
    const other = await cast.otherOwner.client.rpc('whatsapp_usage');
    expect((other.data as { conversations_used: number }[])[0]!.conversations_used).toBe(0);
    expect((await cast.anon.rpc('whatsapp_usage')).error).not.toBeNull();
  });
});

describe('tools and interactions over WhatsApp', () => {
  const share = (resource: string) => ({ name: 'share_resource', arguments: { resource } });

  it('a shared document goes out as WhatsApp media (a signed link to the file), a shared URL as a link line', async () => {
    const owner = await cast.newUser('wa-sharer');
    await givePack(cast.service, owner.id, -1);
    const line = await whatsappAgent(cast.service, owner);
    const path = `${owner.id}/${line.agentId}/interactions/${Date.now()}-tarifs.txt`;
    const uploaded = await owner.client.storage
      .from('interaction-documents')
      .upload(path, new Blob(['Tarifs 2026: menu 25 EUR'], { type: 'text/plain' }), { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    const inserted = await owner.client.from('interactions').insert([
      {
        agent_id: line.agentId,
        user_id: owner.id,
        type: 'share_document',
        name: 'Price list',
        config: { file_name: 'tarifs.txt', file_size: 24, storage_path: path, send_email: false, send_whatsapp: true },
      },
      {
        agent_id: line.agentId,
        user_id: owner.id,
        type: 'share_url',
        name: 'Menu',
        config: {
          url: 'https://bistrot.example/menu',
          url_title: 'Our menu',
          url_description: 'This week',
          send_url_email: false,
          send_url_whatsapp: true,
        },
      },
    ]);
    expect(inserted.error).toBeNull();

    // The document: the model calls share_resource, then says so; the file follows as media.
    const user = waNumber();
    openai.queueChat({ toolCalls: [share('share_document')] }, { text: 'Here is our price list.' });
    await twilio.messages.inbound('text', { from: user, to: line.number, body: 'Can I have your prices?' });
    const text = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}` && m.body !== null);
    expect(text).toMatchObject({ body: 'Here is our price list.', mediaUrls: [] });
    const media = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}` && m.mediaUrls.length > 0);
    expect(media.from).toBe(`whatsapp:${line.number}`);
    expect(media.body).toBeNull();
    expect(media.mediaUrls).toHaveLength(1);
    const url = media.mediaUrls[0]!;
    expect(url).toMatch(/\/storage\/v1\/object\/sign\/interaction-documents\//);
    // What Twilio fetches is the owner's file.
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('Tarifs 2026: menu 25 EUR');
    // The model was told it went into this chat, not by email or SMS.
    const told = (openai.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: string }[] }).messages
      .filter((m) => m.role === 'tool')
      .at(-1)!;
    expect(JSON.parse(told.content)).toMatchObject({
      resource: 'Price list',
      delivered: 'as a file in this WhatsApp chat',
    });
    // The owner's thread keeps both messages.
    const rows = await eventually(async () => {
      const mine = (await messagesOf(cast.service, line.agentId)).filter((row) => row.to_number === user);
      return mine.length === 2 ? mine : null;
    });
    expect(rows.map((row) => row.body)).toEqual(['Here is our price list.', '']);
    expect(rows[1]!.media).toEqual([{ url }]);

    // The URL: a link line under the reply, in the same message.
    openai.queueChat({ toolCalls: [share('share_url')] }, { text: 'Here is this week’s menu.' });
    await twilio.messages.inbound('text', { from: user, to: line.number, body: 'And the menu?' });
    const link = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}` && !!m.body?.includes('menu'));
    expect(link.body).toBe('Here is this week’s menu.\n\nOur menu: https://bistrot.example/menu');
    expect(link.mediaUrls).toEqual([]);
  });
});

describe('a WhatsApp model that cannot see', () => {
  it('acknowledges an image in the agent’s language without asking the model', async () => {
    // A model of an OpenAI-compatible server, unknown to the capabilities table: text only.
    await setModels({ whatsapp_model: 'llama3.1:8b' });
    try {
      // The function reads the settings at most every 5 s.
      await new Promise((resolve) => setTimeout(resolve, 5_200));
      const user = waNumber();
      const chats = openai.requestsTo('chat').length;
      await twilio.messages.inbound('image', { from: user, to: agent.number });
      const sent = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
      expect(sent.body).toBe('Thanks for the image! I cannot see it here: tell me in a few words what you need.');
      expect(openai.requestsTo('chat')).toHaveLength(chats);

      // With a caption, the caption is answered and the model is told of the unseen image.
      openai.queueChat({ text: 'We have it in blue too.' });
      await twilio.messages.inbound('image', { from: user, to: agent.number, body: 'Is this in blue?' });
      await twilio.messages.waitForSend((m) => m.body === 'We have it in blue too.');
      const request = openai.requestsTo('chat').at(-1)!.body as ChatRequestBody & { model: string };
      expect(request.model).toBe('llama3.1:8b');
      expect(imageUrls(request)).toEqual([]);
      expect(JSON.stringify(request)).toContain('(The user also sent an image you cannot see.)');
    } finally {
      await setModels({ whatsapp_model: WHATSAPP_MODEL });
    }
  }, 20_000);
});
