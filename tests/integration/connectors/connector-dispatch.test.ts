/**
 * Connector dispatch against the local stack and a loopback receiver: a finished
 * conversation reaches each enabled Zapier/Make webhook as a signed JSON event the owner can
 * verify, disabled connectors get nothing, failures are recorded with their status and retried
 * with backoff, and the delivery log is the owner's alone (read-only, service role writes).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyConnectorEvent, type ConnectorEvent } from '../../../supabase/functions/_shared/connectors/event.ts';
import { createAgent, createOwner, startTestStack, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { startReceiver, type Received, type Receiver } from './receiver.ts';

let stack: TestStack;
let owner: Owner;
let stranger: Owner;
let receiver: Receiver;
let receiverUrl: string;
/** What the receiver got, in order (emptied before each test). */
let received: Received[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  receiverUrl = receiver.url;
  received = receiver.received;
  stack = await startTestStack({ functionEnv: { CONNECTOR_ALLOW_LOOPBACK: 'true' } });
  owner = await createOwner(stack, 'owner');
  stranger = await createOwner(stack, 'stranger');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

beforeEach(() => {
  received.length = 0;
  receiver.answers.length = 0;
});

async function dispatch(token = stack.serviceRoleKey, body: unknown = {}) {
  const response = await fetch(`${stack.url}/functions/v1/connector-dispatch`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function connect(agentId: string, kind: 'zapier' | 'make', path: string, enabled = true) {
  const { error } = await owner.client.from('agent_integrations').insert({
    agent_id: agentId,
    user_id: owner.id,
    kind,
    enabled,
    config: { webhook_url: `${receiverUrl}${path}` },
    connected_at: enabled ? new Date(Date.now() - 60_000).toISOString() : null,
  });
  if (error) throw new Error(`connect: ${error.message}`);
}

/** A conversation with two messages, ended `endedMinutesAgo` (null = still open, last message then). */
async function conversation(
  agentId: string,
  options: { channel?: string; minutesAgo?: number; ended?: boolean; visitor?: string } = {},
): Promise<string> {
  const service = stack.serviceClient();
  const last = new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000);
  const started = new Date(last.getTime() - 5 * 60_000);
  const { data, error } = await service
    .from('conversations')
    .insert({
      user_id: owner.id,
      agent_id: agentId,
      channel: options.channel ?? 'web_chat',
      visitor_id: options.visitor ?? 'visitor:abc',
      language: 'fr',
      started_at: started.toISOString(),
      last_message_at: started.toISOString(),
    })
    .select('id')
    .single<{ id: string }>();
  if (error || !data) throw new Error(`conversation: ${error?.message}`);
  const inserted = await service.from('messages').insert([
    {
      conversation_id: data.id,
      user_id: owner.id,
      agent_id: agentId,
      role: 'user',
      content: 'Bonjour, êtes-vous ouverts samedi ?',
      timestamp: new Date(last.getTime() - 1000).toISOString(),
    },
    {
      conversation_id: data.id,
      user_id: owner.id,
      agent_id: agentId,
      role: 'assistant',
      content: 'Oui, de 9 h à 18 h.',
      timestamp: last.toISOString(),
    },
  ]);
  if (inserted.error) throw new Error(`messages: ${inserted.error.message}`);
  if (options.ended !== false) {
    const ended = await service.from('conversations').update({ ended_at: last.toISOString() }).eq('id', data.id);
    if (ended.error) throw new Error(`end: ${ended.error.message}`);
  }
  return data.id;
}

async function deliveriesOf(conversationId: string) {
  const { data, error } = await stack
    .serviceClient()
    .from('connector_deliveries')
    .select('*')
    .eq('conversation_id', conversationId)
    .order('kind');
  if (error) throw new Error(error.message);
  return data as {
    id: string;
    kind: string;
    status: string;
    attempts: number;
    status_code: number | null;
    error: string | null;
    next_attempt_at: string;
  }[];
}

describe('connector dispatch', () => {
  it('posts a signed event for a finished conversation that the owner can verify', async () => {
    const agent = await createAgent(stack, owner, { name: 'Clara' });
    await connect(agent.id, 'zapier', '/zapier');
    const id = await conversation(agent.id, { channel: 'whatsapp', visitor: '33612345678' });

    const run = await dispatch();
    expect(run).toMatchObject({ status: 200, body: { claimed: 1, delivered: 1 } });
    expect(received).toHaveLength(1);
    const hit = received[0]!;
    expect(hit.path).toBe('/zapier');
    expect(hit.headers['x-concierge-event']).toBe('conversation.finished');

    const secret = await owner.client.rpc('connector_signing_secret', { agent_id: agent.id });
    expect(secret.error).toBeNull();
    expect(secret.data).toMatch(/^whsec_[0-9a-f]{64}$/);
    const headers = {
      timestamp: String(hit.headers['x-concierge-timestamp']),
      signature: String(hit.headers['x-concierge-signature']),
    };
    expect(await verifyConnectorEvent(secret.data as string, headers, hit.body)).toBe(true);
    expect(await verifyConnectorEvent(secret.data as string, headers, hit.body.replace('samedi', 'dimanche'))).toBe(
      false,
    );

    const event = JSON.parse(hit.body) as ConnectorEvent;
    expect(event).toMatchObject({
      event: 'conversation.finished',
      connector: 'zapier',
      agent: { id: agent.id, name: 'Clara', subdomain: agent.subdomain },
      conversation: { id, channel: 'whatsapp', language: 'fr', messageCount: 2 },
      contact: { phone: '33612345678' },
    });
    expect(event.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Bonjour, êtes-vous ouverts samedi ?'],
      ['assistant', 'Oui, de 9 h à 18 h.'],
    ]);
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ kind: 'zapier', status: 'delivered', attempts: 1, status_code: 200, error: null });
    expect(hit.headers['x-concierge-delivery']).toBe(delivery!.id);

    // Idempotent: the next run finds nothing left to send.
    expect((await dispatch()).body).toMatchObject({ claimed: 0 });
    expect(received).toHaveLength(1);
  });

  it('sends nothing to a disabled connector, to sandbox conversations, or for conversations ended before connecting', async () => {
    const agent = await createAgent(stack, owner);
    await connect(agent.id, 'zapier', '/on');
    await connect(agent.id, 'make', '/off', false);
    const before = await conversation(agent.id, { minutesAgo: 10 });
    const sandbox = await conversation(agent.id, { channel: 'sandbox' });
    const id = await conversation(agent.id);

    await dispatch();
    expect(received.map((r) => r.path)).toEqual(['/on']);
    expect((await deliveriesOf(id)).map((d) => d.kind)).toEqual(['zapier']);
    expect(await deliveriesOf(before)).toEqual([]);
    expect(await deliveriesOf(sandbox)).toEqual([]);
  });

  it('cancels a pending delivery whose connector was switched off before sending', async () => {
    const agent = await createAgent(stack, owner);
    await connect(agent.id, 'make', '/make');
    const id = await conversation(agent.id);
    receiver.answers.push(503);
    await dispatch();
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'pending', status_code: 503 });
    await owner.client
      .from('agent_integrations')
      .update({ enabled: false })
      .eq('agent_id', agent.id)
      .eq('kind', 'make');
    await stack
      .serviceClient()
      .from('connector_deliveries')
      .update({ next_attempt_at: new Date().toISOString() })
      .eq('conversation_id', id);
    await dispatch();
    expect(received).toHaveLength(1);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'cancelled' });
  });

  it('records a failed attempt with its status and retries it later with backoff', async () => {
    const agent = await createAgent(stack, owner);
    await connect(agent.id, 'make', '/flaky');
    const id = await conversation(agent.id);
    receiver.answers.push(500);

    const first = await dispatch();
    expect(first.body).toMatchObject({ claimed: 1, retrying: 1 });
    const [pending] = await deliveriesOf(id);
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      status_code: 500,
      error: 'the webhook answered 500',
    });
    const wait = Date.parse(pending!.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    // Not due yet: nothing is sent.
    expect((await dispatch()).body).toMatchObject({ claimed: 0 });
    expect(received).toHaveLength(1);

    // Once due, the retry goes through and the same delivery id is sent again.
    await stack
      .serviceClient()
      .from('connector_deliveries')
      .update({ next_attempt_at: new Date().toISOString() })
      .eq('id', pending!.id);
    expect((await dispatch()).body).toMatchObject({ claimed: 1, delivered: 1 });
    expect(received.map((r) => r.headers['x-concierge-delivery'])).toEqual([pending!.id, pending!.id]);
    expect((await deliveriesOf(id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      status_code: 200,
      error: null,
    });
  });

  it('fails at once on an answer that retrying cannot fix', async () => {
    const agent = await createAgent(stack, owner);
    await connect(agent.id, 'zapier', '/gone');
    const id = await conversation(agent.id);
    receiver.answers.push(410);
    expect((await dispatch()).body).toMatchObject({ failed: 1 });
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'failed', attempts: 1, status_code: 410 });
  });

  it('ends a chat idle for longer than the idle time and delivers it; an active chat stays open', async () => {
    const agent = await createAgent(stack, owner);
    await connect(agent.id, 'zapier', '/idle');
    const idle = await conversation(agent.id, { minutesAgo: 45, ended: false });
    const active = await conversation(agent.id, { minutesAgo: 5, ended: false });
    // The connector was connected a minute ago; the idle chat's end (45 min ago) predates it, so
    // connect it earlier for this case.
    await owner.client
      .from('agent_integrations')
      .update({ connected_at: new Date(Date.now() - 3_600_000).toISOString() })
      .eq('agent_id', agent.id)
      .eq('kind', 'zapier');

    await dispatch(stack.serviceRoleKey, { idleMinutes: 30 });
    const service = stack.serviceClient();
    const rows = await service.from('conversations').select('id, ended_at, last_message_at').in('id', [idle, active]);
    const byId = new Map((rows.data ?? []).map((r) => [r.id as string, r]));
    expect(byId.get(idle)?.ended_at).toBe(byId.get(idle)?.last_message_at);
    expect(byId.get(active)?.ended_at).toBeNull();
    expect(received.map((r) => r.path)).toEqual(['/idle']);

    // A new message re-opens the chat; its next idle end is a second delivery.
    await service.from('messages').insert({
      conversation_id: idle,
      user_id: owner.id,
      agent_id: agent.id,
      role: 'user',
      content: 'Encore une question',
    });
    const reopened = await service.from('conversations').select('ended_at').eq('id', idle).single();
    expect(reopened.data?.ended_at).toBeNull();
  });

  it('answers 403 to anyone but the service role and 400 to bad settings', async () => {
    expect((await dispatch(owner.token)).status).toBe(403);
    expect((await dispatch(stack.anonKey)).status).toBe(403);
    expect((await dispatch(stack.serviceRoleKey, { idleMinutes: 0 })).status).toBe(400);
    expect((await dispatch(stack.serviceRoleKey, { unknown: true })).status).toBe(400);
  });
});

describe('connector deliveries access', () => {
  let deliveryAgent: string;
  beforeAll(async () => {
    const agent = await createAgent(stack, owner);
    deliveryAgent = agent.id;
    await connect(agent.id, 'zapier', '/rls');
    await conversation(agent.id);
    await dispatch();
  });

  it('the owner reads their agent deliveries', async () => {
    const { data, error } = await owner.client
      .from('connector_deliveries')
      .select('status, kind')
      .eq('agent_id', deliveryAgent);
    expect(error).toBeNull();
    expect(data).toEqual([{ status: 'delivered', kind: 'zapier' }]);
  });

  it('another owner cannot read them, nor the signing secret', async () => {
    const { data } = await stranger.client.from('connector_deliveries').select('id').eq('agent_id', deliveryAgent);
    expect(data).toEqual([]);
    const secret = await stranger.client.rpc('connector_signing_secret', { agent_id: deliveryAgent });
    expect(secret.data).toBeNull();
  });

  it('a visitor cannot read them', async () => {
    const { data, error } = await stack.anonClient().from('connector_deliveries').select('id');
    expect(data ?? []).toEqual([]);
    expect(error?.code).toBe('42501');
  });

  it('the owner cannot write deliveries', async () => {
    const insert = await owner.client.from('connector_deliveries').insert({
      agent_id: deliveryAgent,
      user_id: owner.id,
      conversation_id: '00000000-0000-4000-8000-000000000000',
      conversation_ended_at: new Date().toISOString(),
      kind: 'make',
      url: 'https://example.com',
    });
    expect(insert.error?.code).toBe('42501');
    const update = await owner.client
      .from('connector_deliveries')
      .update({ status: 'failed' })
      .eq('agent_id', deliveryAgent)
      .select();
    expect(update.error?.code).toBe('42501');
  });

  it('the database refuses a connector webhook URL that is not https', async () => {
    const agent = await createAgent(stack, owner);
    const insert = await owner.client.from('agent_integrations').insert({
      agent_id: agent.id,
      user_id: owner.id,
      kind: 'make',
      enabled: true,
      config: { webhook_url: 'http://hook.example.com/abc' },
    });
    expect(insert.error?.code).toBe('23514');
    const ok = await owner.client.from('agent_integrations').insert({
      agent_id: agent.id,
      user_id: owner.id,
      kind: 'make',
      enabled: true,
      config: { webhook_url: 'https://hook.eu1.make.com/abc' },
    });
    expect(ok.error).toBeNull();
  });
});
