/**
 * Interactions: row-level security per owner, the config shape
 * enforced by Postgres, the private document bucket's limits, and the engine path: the model is
 * offered `share_resource` with the owner's instructions, calls it (fake OpenAI), and the link or a
 * signed document URL lands in the local inbox and in outbound_messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import {
  chat,
  createAgent,
  createOwner,
  eventOf,
  newVisitorId,
  startTestStack,
  type Owner,
} from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';

let fake: FakeOpenAI;
let stack: TestStack;
let owner: Owner;
let other: Owner;
let agent: { id: string; subdomain: string };

const urlConfig = (extra: Record<string, unknown> = {}) => ({
  url: 'https://bistrot.example/menu',
  url_title: 'Our menu',
  url_description: 'This week',
  send_url_email: true,
  send_url_whatsapp: false,
  ...extra,
});

interface InboxEmail {
  to: string;
  subject: string;
  text: string;
}

async function inbox(to: string): Promise<InboxEmail[]> {
  return stack.readInbox(to);
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  stack = await startTestStack({
    functionEnv: {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
      CHAT_RATE_VISITOR: '100/100',
    },
  });
  owner = await createOwner(stack, 'owner');
  other = await createOwner(stack, 'other');
  agent = await createAgent(stack, owner);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

describe('row-level security', () => {
  it('lets the owner manage their interactions and hides them from others and anon', async () => {
    const created = await owner.client
      .from('interactions')
      .insert({ agent_id: agent.id, user_id: owner.id, type: 'share_url', name: 'Menu', config: urlConfig() })
      .select('id')
      .single<{ id: string }>();
    expect(created.error).toBeNull();
    const id = created.data!.id;

    expect((await other.client.from('interactions').select('id').eq('id', id)).data).toEqual([]);
    expect((await stack.anonClient().from('interactions').select('id').eq('id', id)).data ?? []).toEqual([]);
    const stolen = await other.client.from('interactions').update({ name: 'Mine' }).eq('id', id).select('id');
    expect(stolen.data).toEqual([]);
    const removed = await other.client.from('interactions').delete().eq('id', id).select('id');
    expect(removed.data).toEqual([]);
    // Attaching a row to someone else's agent fails on the composite key or the policy.
    const foreign = await other.client
      .from('interactions')
      .insert({ agent_id: agent.id, user_id: other.id, type: 'share_document', config: {} });
    expect(foreign.error).not.toBeNull();
    const anonInsert = await stack
      .anonClient()
      .from('interactions')
      .insert({ agent_id: agent.id, user_id: owner.id, type: 'share_document', config: {} });
    expect(anonInsert.error).not.toBeNull();

    const renamed = await owner.client.from('interactions').update({ name: 'Weekly menu' }).eq('id', id).select('name');
    expect(renamed.data).toEqual([{ name: 'Weekly menu' }]);
    // One interaction per type per agent: adding the type again is refused.
    const duplicate = await owner.client
      .from('interactions')
      .insert({ agent_id: agent.id, user_id: owner.id, type: 'share_url', config: urlConfig() });
    expect(duplicate.error?.code).toBe('23505');
    expect((await owner.client.from('interactions').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
  });
});

describe('validation in Postgres', () => {
  const attempt = (type: string, config: Record<string, unknown>, enabled = true) =>
    owner.client
      .from('interactions')
      .insert({ agent_id: agent.id, user_id: owner.id, type, enabled, config })
      .select('id')
      .single<{ id: string }>();

  it('rejects bad URLs, no channel when enabled, big or foreign files and unknown types', async () => {
    const cases: [string, Record<string, unknown>, boolean, RegExp][] = [
      ['share_url', urlConfig({ url: 'javascript:alert(1)' }), true, /valid http or https/],
      ['share_url', urlConfig({ url: 'ftp://example.com/x' }), true, /valid http or https/],
      ['share_url', urlConfig({ send_url_email: false }), true, /Select at least one channel/],
      ['share_url', urlConfig({ send_url_email: 'yes' }), true, /must be booleans/],
      ['share_document', { file_name: 'a.pdf', file_size: 10_485_761, send_email: true }, true, /10MB/],
      ['share_document', { file_name: 'run.exe', file_size: 10, send_email: true }, true, /Unsupported file type/],
      ['share_document', { storage_path: `${other.id}/x/a.pdf`, send_email: true }, true, /owner's folder/],
      ['share_document', { send_email: false, send_whatsapp: false }, true, /Select at least one channel/],
      ['collect_feedback', {}, true, /not supported/],
    ];
    for (const [type, config, enabled, message] of cases) {
      const { error } = await attempt(type, config, enabled);
      expect(error?.message, JSON.stringify(config)).toMatch(message);
      expect(error?.code).toBe('23514');
    }
  });

  it('accepts drafts: empty URL, no file yet, and no channel while disabled', async () => {
    const draft = await attempt('share_url', urlConfig({ url: '', send_url_email: false }), false);
    expect(draft.error).toBeNull();
    const doc = await attempt('share_document', { send_email: true });
    expect(doc.error).toBeNull();
    // Enabling it without a channel is refused on update too.
    const enable = await owner.client.from('interactions').update({ enabled: true }).eq('id', draft.data!.id);
    expect(enable.error?.message).toMatch(/Select at least one channel/);
    await owner.client.from('interactions').delete().eq('agent_id', agent.id);
  });
});

describe('interaction-documents bucket', () => {
  it('takes pdf, doc, docx, txt, png and jpeg up to 10 MB in the owner folder only', async () => {
    const bucket = () => owner.client.storage.from('interaction-documents');
    const ok = await bucket().upload(
      `${owner.id}/${agent.id}/interactions/menu.pdf`,
      new Blob(['%PDF-1.4 menu'], { type: 'application/pdf' }),
      {
        contentType: 'application/pdf',
      },
    );
    expect(ok.error).toBeNull();
    const exe = await bucket().upload(
      `${owner.id}/${agent.id}/interactions/x.exe`,
      new Blob(['MZ'], { type: 'application/x-msdownload' }),
      {
        contentType: 'application/x-msdownload',
      },
    );
    expect(exe.error).not.toBeNull();
    const big = await bucket().upload(
      `${owner.id}/${agent.id}/interactions/big.pdf`,
      new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'application/pdf' }),
      { contentType: 'application/pdf' },
    );
    expect(big.error).toMatchObject({ statusCode: '413' });
    const foreign = await other.client.storage
      .from('interaction-documents')
      .upload(`${owner.id}/${agent.id}/interactions/evil.pdf`, new Blob(['x'], { type: 'application/pdf' }), {
        contentType: 'application/pdf',
      });
    expect(foreign.error).not.toBeNull();
  });
});

describe('the engine shares enabled interactions', () => {
  it('offers share_resource with the instructions and emails the link', async () => {
    const sharing = await createAgent(stack, owner, { name: 'Sharer' });
    const inserted = await owner.client.from('interactions').insert([
      {
        agent_id: sharing.id,
        user_id: owner.id,
        type: 'share_url',
        name: 'Menu',
        instructions: [{ id: '1', type: 'keyword', value: 'when the visitor asks about the menu' }],
        config: urlConfig(),
      },
    ]);
    expect(inserted.error).toBeNull();
    const to = `guest-${Date.now()}@example.com`;
    const share = { name: 'share_resource', arguments: { resource: 'share_url', email: to } };
    const visitorId = newVisitorId();
    fake.queueChat({ toolCalls: [share] }, { text: `Is ${to} your address?` });
    const asked = await chat(stack, { agentId: sharing.id, message: `Send me the menu at ${to}` }, { visitorId });
    const asking = fake.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(JSON.parse(asking.messages.filter((m) => m.role === 'tool').at(-1)!.content)).toMatchObject({
      deliveries: [{ channel: 'email', status: 'confirmation_required', recipient: to }],
    });
    expect(await inbox(to)).toHaveLength(0);
    fake.queueChat({ toolCalls: [share] }, { text: 'I have sent you the menu.' });
    const turn = await chat(
      stack,
      { agentId: sharing.id, message: 'Yes', conversationId: eventOf(asked, 'meta').data.conversationId },
      { visitorId },
    );
    expect(turn.events.filter((e) => e.event === 'tool').map((e) => e.data)).toEqual([
      { name: 'Share resource', status: 'running', step: 1 },
      { name: 'Share resource', status: 'succeeded', step: 1 },
    ]);
    const first = fake.requestsTo('chat').at(-2)!.body as {
      tools: { function: { name: string; parameters: { properties: { resource: { enum: string[] } } } } }[];
      messages: { role: string; content: string }[];
    };
    const tool = first.tools.find((t) => t.function.name === 'share_resource');
    expect(tool?.function.parameters.properties.resource.enum).toEqual(['share_url']);
    expect(first.messages[0]?.content).toContain('when the visitor asks about the menu');
    const mails = await inbox(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Our menu');
    expect(mails[0]?.text).toContain('https://bistrot.example/menu');
    const { data } = await owner.client
      .from('outbound_messages')
      .select('channel, recipient, status')
      .eq('agent_id', sharing.id);
    expect(data).toEqual([{ channel: 'email', recipient: to, status: 'sent' }]);
  });

  it('sends a document as a signed URL that downloads the file; WhatsApp says not configured', async () => {
    const sharing = await createAgent(stack, owner, { name: 'Doc sharer' });
    const path = `${owner.id}/${sharing.id}/interactions/${Date.now()}-tarifs.txt`;
    const uploaded = await owner.client.storage
      .from('interaction-documents')
      .upload(path, new Blob(['Tarifs 2026: menu 25 EUR'], { type: 'text/plain' }), { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    const inserted = await owner.client.from('interactions').insert({
      agent_id: sharing.id,
      user_id: owner.id,
      type: 'share_document',
      name: 'Price list',
      config: { file_name: 'tarifs.txt', file_size: 24, storage_path: path, send_email: true, send_whatsapp: true },
    });
    expect(inserted.error).toBeNull();
    const to = `doc-${Date.now()}@example.com`;
    const share = {
      name: 'share_resource',
      arguments: { resource: 'share_document', email: to, phone: '+33612345678' },
    };
    const visitorId = newVisitorId();
    // The question names the address: only an answer to that question confirms it.
    fake.queueChat({ toolCalls: [share] }, { text: `Is ${to} your address?` });
    const asked = await chat(
      stack,
      { agentId: sharing.id, message: `Prices please, to ${to} or +33 6 12 34 56 78` },
      { visitorId },
    );
    fake.queueChat({ toolCalls: [share] }, { text: 'Sent.' });
    const turn = await chat(
      stack,
      { agentId: sharing.id, message: 'Yes', conversationId: eventOf(asked, 'meta').data.conversationId },
      { visitorId },
    );
    expect(turn.events.filter((e) => e.event === 'tool').at(-1)?.data.status).toBe('succeeded');
    const followUp = fake.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: string }[] };
    const result = JSON.parse(followUp.messages.filter((m) => m.role === 'tool').at(-1)!.content) as {
      deliveries: { channel: string; status?: string }[];
    };
    expect(result.deliveries).toEqual([
      { channel: 'email', sent: true, recipient: to },
      { channel: 'whatsapp', status: 'not_configured', message: 'WhatsApp sending is not configured for this agent.' },
    ]);
    const [mail] = await inbox(to);
    const link = /https?:\/\/\S+\/storage\/v1\/object\/sign\/interaction-documents\/\S+/.exec(mail?.text ?? '')?.[0];
    expect(link, mail?.text).toBeDefined();
    const download = await fetch(link!);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('Tarifs 2026: menu 25 EUR');
  });

  it('asks the model to get a recipient when the call has none', async () => {
    const sharing = await createAgent(stack, owner, { name: 'Asker' });
    await owner.client
      .from('interactions')
      .insert({ agent_id: sharing.id, user_id: owner.id, type: 'share_url', config: urlConfig() });
    fake.queueChat(
      { toolCalls: [{ name: 'share_resource', arguments: { resource: 'share_url' } }] },
      { text: 'Email?' },
    );
    const turn = await chat(stack, { agentId: sharing.id, message: 'The menu?' }, { visitorId: newVisitorId() });
    expect(turn.events.filter((e) => e.event === 'tool').at(-1)?.data.status).toBe('succeeded');
    const followUp = fake.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(JSON.parse(followUp.messages.filter((m) => m.role === 'tool').at(-1)!.content)).toEqual({
      status: 'missing_recipient',
      message: 'Ask the visitor for an email address, then call the tool again.',
    });
    const { count } = await owner.client
      .from('outbound_messages')
      .select('id', { count: 'exact', head: true })
      .eq('agent_id', sharing.id);
    expect(count).toBe(0);
  });

  it('offers nothing when the interaction is disabled', async () => {
    const sharing = await createAgent(stack, owner, { name: 'Quiet' });
    await owner.client.from('interactions').insert({
      agent_id: sharing.id,
      user_id: owner.id,
      type: 'share_url',
      enabled: false,
      config: urlConfig(),
    });
    fake.queueChat({ text: 'Hello.' });
    await chat(stack, { agentId: sharing.id, message: 'Hi' }, { visitorId: newVisitorId() });
    const offered = fake.requestsTo('chat').at(-1)!.body as { tools?: { function: { name: string } }[] };
    expect((offered.tools ?? []).map((t) => t.function.name)).not.toContain('share_resource');
  });
});
