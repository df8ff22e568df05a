/**
 * knowledge-ingest trusts a document's `status` to refuse a second run while
 * one is under way, so only the function writes the processing columns. An owner may rename their
 * document and nothing else; other owners, an admin and a visitor cannot change it at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptUpdate, serviceInsert, serviceRow, startCast, type Cast } from './support/actors.ts';

let cast: Cast;
let documentId: string;

const row = async () =>
  serviceRow<{ name: string; status: string; size_bytes: number | null; error: string | null }>(
    cast.service,
    'knowledge_documents',
    { id: documentId },
  );

beforeAll(async () => {
  cast = await startCast();
  const agent = await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: cast.owner.id, name: 'Bakery' });
  const document = await serviceInsert<{ id: string }>(cast.service, 'knowledge_documents', {
    agent_id: agent.id,
    user_id: cast.owner.id,
    name: 'menu.txt',
    type: 'txt',
    status: 'processing',
    size_bytes: 1200,
  });
  documentId = document.id;
}, 120_000);
afterAll(async () => {
  await cast?.stack.stop();
});

describe('knowledge document columns', () => {
  it.each([
    ['status', { status: 'uploaded' }],
    ['size_bytes', { size_bytes: 1 }],
    ['error', { error: 'made up' }],
  ])('an owner cannot set %s of their own document (the function owns it)', async (_column, patch) => {
    const { error } = await cast.owner.client.from('knowledge_documents').update(patch).eq('id', documentId);
    expect(error?.code).toBe('42501');
    expect(await row()).toMatchObject({ status: 'processing', size_bytes: 1200, error: null });
  });

  it('an owner cannot mark a document being processed as done to start a second run', async () => {
    await cast.owner.client.from('knowledge_documents').update({ status: 'failed' }).eq('id', documentId);
    expect((await row())?.status).toBe('processing');
  });

  it('an owner renames their document', async () => {
    const renamed = await attemptUpdate(
      cast.owner.client,
      'knowledge_documents',
      { name: 'Menu 2026' },
      {
        id: documentId,
      },
    );
    expect(renamed).toBe(1);
    expect((await row())?.name).toBe('Menu 2026');
  });

  it('another owner, an admin and a visitor cannot rename my document', async () => {
    for (const client of [cast.otherOwner.client, cast.admin.client, cast.anon]) {
      expect(await attemptUpdate(client, 'knowledge_documents', { name: 'Hijacked' }, { id: documentId })).toBe(0);
    }
    expect((await row())?.name).toBe('Menu 2026');
  });
});
