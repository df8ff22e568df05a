/**
 * An owner cannot make knowledge-ingest process one document several times
 * at once (duplicate chunks, embeddings paid twice). Parallel re-ingests all read the document idle;
 * the function claims it atomically, so one runs and the others get 409 already_processing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { createAgent, createOwner, startTestStack, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';

let fake: FakeOpenAI;
let stack: TestStack;
let owner: Owner;

async function ingest(body: Record<string, unknown>) {
  const response = await fetch(`${stack.url}/functions/v1/knowledge-ingest`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { document?: { id: string }; error?: { code: string } },
  };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  stack = await startTestStack({
    functionEnv: { AI_PROVIDER: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL },
  });
  owner = await createOwner(stack, 'reingest-owner');
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

describe('owner: knowledge re-ingestion', () => {
  it('ten re-ingests of one document sent at once run it once; the others are 409 already_processing', async () => {
    const agent = await createAgent(stack, owner);
    const path = `${owner.id}/${agent.id}/hours.txt`;
    const uploaded = await owner.client.storage
      .from('knowledge')
      .upload(path, new Blob(['Open Tuesday to Saturday, 8am to 7pm.'], { type: 'text/plain' }));
    expect(uploaded.error).toBeNull();
    const created = await ingest({ action: 'ingest', agentId: agent.id, storagePath: path });
    expect(created.status).toBe(200);
    const id = created.body.document!.id;
    // The run that wins waits on a slow embedding call, so every other request arrives meanwhile.
    fake.failNext('embeddings', { kind: 'slow', delayMs: 2_000 });
    const embeddingsBefore = fake.requestsTo('embeddings').length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => ingest({ action: 'reingest', documentId: id })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.status === 409 && answer.body.error?.code === 'already_processing'),
    ).toHaveLength(9);
    expect(fake.requestsTo('embeddings').length - embeddingsBefore).toBe(1);
    const { data: chunks } = await stack.serviceClient().from('knowledge_chunks').select('id').eq('document_id', id);
    expect(chunks).toHaveLength(1);
  });
});
