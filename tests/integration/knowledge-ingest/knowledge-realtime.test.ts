/**
 * The knowledge tab follows ingestion live: knowledge_documents and connector_deliveries are in
 * the Realtime publication, and each owner receives only their own rows' changes.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createOwner, startTestStack, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';

let stack: TestStack;
let owner: Owner;
let stranger: Owner;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  owner = await createOwner(stack, 'owner');
  stranger = await createOwner(stack, 'stranger');
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await stack?.stop();
});

async function listen(who: Owner, filter: string): Promise<{ eventType: string; new: Record<string, unknown> }[]> {
  const client = await stack.clientAs(who.token);
  clients.push(client);
  const received: { eventType: string; new: Record<string, unknown> }[] = [];
  const channel = client
    .channel(`knowledge-${randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'knowledge_documents', filter }, (payload) =>
      received.push(payload as never),
    );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    });
  });
  return received;
}

async function until(predicate: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a change');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('knowledge documents over Realtime', () => {
  it('the owner sees a document appear and its progress move; another owner sees nothing', async () => {
    const agent = await createAgent(stack, owner);
    const mine = await listen(owner, `agent_id=eq.${agent.id}`);
    const theirs = await listen(stranger, `agent_id=eq.${agent.id}`);
    const service = stack.serviceClient();
    const created = await service
      .from('knowledge_documents')
      .insert({ agent_id: agent.id, user_id: owner.id, name: 'menu.pdf', type: 'pdf', status: 'processing' })
      .select('id')
      .single<{ id: string }>();
    expect(created.error).toBeNull();
    await service.from('knowledge_documents').update({ progress: 40 }).eq('id', created.data!.id);

    await until(() => mine.length >= 2);
    expect(mine.map((change) => [change.eventType, change.new.progress])).toEqual([
      ['INSERT', 0],
      ['UPDATE', 40],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(theirs).toEqual([]);
  });
});
