/**
 * knowledge-ingest through supabase-js (storage upload, then the function) against the local stack
 * and the fake OpenAI embeddings: the four formats become ready documents with chunks, refused
 * files leave nothing behind, embedding failures mark the document failed with a reason,
 * re-ingest and delete do what they say, and nobody ingests into someone else's agent.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLimitRefusal } from '@contracts/limit-refusal.ts';
import { UPLOAD_LIMITS } from '@contracts/upload-limits.ts';
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

const fixture = (name: string) => readFile(new URL(`../engine/fixtures/${name}`, import.meta.url));

let fake: FakeOpenAI;
let stack: TestStack;
let owner: Owner;
let stranger: Owner;
let agent: { id: string; subdomain: string };

interface DocumentRow {
  id: string;
  status: string;
  progress: number;
  chunk_count: number;
  error: string | null;
  storage_path: string;
}

async function upload(who: Owner, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const { error } = await who.client.storage.from('knowledge').upload(path, bytes, { contentType, upsert: true });
  if (error) throw new Error(`upload: ${error.message}`);
}

async function ingest(
  who: Owner,
  body: Record<string, unknown>,
): Promise<{
  status: number;
  body: { document?: DocumentRow; error?: { code: string; message: string; details?: unknown }; deleted?: boolean };
}> {
  const response = await fetch(`${stack.url}/functions/v1/knowledge-ingest`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as never };
}

async function filesIn(who: Owner, folder: string): Promise<string[]> {
  const { data, error } = await who.client.storage.from('knowledge').list(folder);
  if (error) throw new Error(error.message);
  return (data ?? []).map((file) => file.name);
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  stack = await startTestStack({
    functionEnv: { AI_PROVIDER: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL },
  });
  owner = await createOwner(stack, 'owner');
  stranger = await createOwner(stack, 'stranger');
  agent = await createAgent(stack, owner);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

describe('knowledge ingestion', () => {
  it.each([
    ['sample.txt', 'text/plain'],
    ['sample.pdf', 'application/pdf'],
    ['sample.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sample.csv', 'text/csv'],
  ])('turns %s into a ready document with embedded chunks', async (name, type) => {
    const path = `${owner.id}/${agent.id}/${name}`;
    await upload(owner, path, await fixture(name), type);
    const { status, body } = await ingest(owner, { action: 'ingest', agentId: agent.id, storagePath: path });
    expect(status).toBe(200);
    expect(body.document).toMatchObject({ status: 'uploaded', progress: 100, error: null, storage_path: path });
    expect(body.document!.chunk_count).toBeGreaterThan(0);
    const { data: chunks } = await owner.client
      .from('knowledge_chunks')
      .select('content, embedding')
      .eq('document_id', body.document!.id);
    expect(chunks).toHaveLength(body.document!.chunk_count);
    expect(chunks!.every((chunk) => chunk.content.length > 0 && chunk.embedding !== null)).toBe(true);
  });

  it('makes the ingested text answer visitors, with a citation', async () => {
    const turn = await chat(
      stack,
      { agentId: agent.id, message: 'Which metro station is nearest?' },
      { visitorId: newVisitorId() },
    );
    const citation = eventOf(turn, 'meta').data.citations[0];
    expect(citation?.name).toBe('sample.txt');
    expect(citation?.snippet).toContain('Bellecour');
  });

  it('refuses a file over 10 MB and keeps nothing of it', async () => {
    const path = `${owner.id}/${agent.id}/huge.txt`;
    await upload(owner, path, new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61), 'text/plain');
    const { status, body } = await ingest(owner, { action: 'ingest', agentId: agent.id, storagePath: path });
    expect(status).toBe(413);
    expect(body.error?.code).toBe('file_too_large');
    // The refusal names the limit, for the console to word it.
    expect(readLimitRefusal(body.error?.details)).toEqual({ kind: 'file_size', max: UPLOAD_LIMITS.knowledgeDocument });
    expect(await filesIn(owner, `${owner.id}/${agent.id}`)).not.toContain('huge.txt');
    const { data } = await owner.client.from('knowledge_documents').select('id').eq('name', 'huge.txt');
    expect(data).toEqual([]);
  });

  it('refuses an image renamed to .txt and keeps nothing of it', async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 1, 2, 3,
    ]);
    const path = `${owner.id}/${agent.id}/photo.txt`;
    await upload(owner, path, png, 'text/plain');
    const { status, body } = await ingest(owner, { action: 'ingest', agentId: agent.id, storagePath: path });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.error?.message).toMatch(/PDF, DOCX, CSV|text/i);
    expect(await filesIn(owner, `${owner.id}/${agent.id}`)).not.toContain('photo.txt');
    const { data } = await owner.client.from('knowledge_documents').select('id').eq('name', 'photo.txt');
    expect(data).toEqual([]);
  });

  it('marks the document failed with a reason when embedding fails, and re-ingests on demand', async () => {
    const path = `${owner.id}/${agent.id}/retry.txt`;
    await upload(owner, path, new TextEncoder().encode('Opening hours: Monday to Saturday, 8am to 7pm.'), 'text/plain');
    fake.failNext(
      'embeddings',
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
    );
    const failed = await ingest(owner, { action: 'ingest', agentId: agent.id, storagePath: path });
    expect(failed.status).toBe(502);
    // A code the console words in the owner's language, not only an English sentence.
    expect(failed.body.error?.code).toBe('provider_error');
    expect(failed.body.document).toMatchObject({
      status: 'failed',
      error: 'The embedding service is unavailable. Try again later.',
    });
    const retried = await ingest(owner, { action: 'reingest', documentId: failed.body.document!.id });
    expect(retried.status).toBe(200);
    expect(retried.body.document).toMatchObject({ status: 'uploaded', progress: 100, error: null });
  });

  it('a file with no text fails with the code "no_text", which the console translates', async () => {
    const path = `${owner.id}/${agent.id}/blank.txt`;
    await upload(owner, path, new TextEncoder().encode('   \n\n   '), 'text/plain');
    const failed = await ingest(owner, { action: 'ingest', agentId: agent.id, storagePath: path });
    expect(failed.status).toBe(422);
    expect(failed.body.error?.code).toBe('no_text');
    expect(failed.body.document).toMatchObject({ status: 'failed' });
  });

  it('refuses to re-ingest a document that is being processed', async () => {
    const path = `${owner.id}/${agent.id}/busy.txt`;
    await upload(owner, path, new TextEncoder().encode('Busy document about the lunch menu.'), 'text/plain');
    const { body } = await ingest(owner, { action: 'ingest', agentId: agent.id, storagePath: path });
    await stack
      .serviceClient()
      .from('knowledge_documents')
      .update({ status: 'processing', progress: 40 })
      .eq('id', body.document!.id);
    const again = await ingest(owner, { action: 'reingest', documentId: body.document!.id });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('already_processing');
  });

  it('deletes the file, the chunks and the row', async () => {
    const path = `${owner.id}/${agent.id}/gone.txt`;
    await upload(
      owner,
      path,
      new TextEncoder().encode('Temporary notice: the terrace is closed for works.'),
      'text/plain',
    );
    const { body } = await ingest(owner, { action: 'ingest', agentId: agent.id, storagePath: path });
    const id = body.document!.id;
    // Someone else cannot delete it.
    expect((await ingest(stranger, { action: 'delete', documentId: id })).status).toBe(404);
    const deleted = await ingest(owner, { action: 'delete', documentId: id });
    expect(deleted.body.deleted).toBe(true);
    expect(await filesIn(owner, `${owner.id}/${agent.id}`)).not.toContain('gone.txt');
    expect((await owner.client.from('knowledge_documents').select('id').eq('id', id)).data).toEqual([]);
    expect((await stack.serviceClient().from('knowledge_chunks').select('id').eq('document_id', id)).data).toEqual([]);
  });

  it("refuses bad input, signed-out callers and someone else's agent", async () => {
    expect((await ingest(owner, { action: 'explode' })).status).toBe(400);
    expect(
      (await ingest(owner, { action: 'ingest', agentId: agent.id, storagePath: `${owner.id}/../x.txt` })).status,
    ).toBe(400);
    const strangerPath = `${stranger.id}/${agent.id}/sneaky.txt`;
    expect((await ingest(stranger, { action: 'ingest', agentId: agent.id, storagePath: strangerPath })).status).toBe(
      404,
    );
    const anonymous = await fetch(`${stack.url}/functions/v1/knowledge-ingest`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'delete', documentId: agent.id }),
    });
    expect(anonymous.status).toBe(401);
  });
});
