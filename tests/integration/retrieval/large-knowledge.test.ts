/**
 * Retrieval on a knowledge base large enough (> 1,000 chunks) to take the HNSW path: the graph walk
 * must really use the binary-quantized index (not a scan and sort of every chunk), and its re-ranked
 * results must still put the document that answers first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedEmbedding } from '../../../supabase/functions/_shared/text/lexical.ts';
import { matchKnowledgeChunks } from '../../../supabase/functions/_shared/agent-chat/retrieval.ts';
import { seedChunks } from '../../bench/chat-seed.ts';
import { addKnowledge, createAgent, createOwner, startTestStack, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';

let stack: TestStack;
let owner: Owner;
let agent: { id: string };
let answerDoc: string;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await createOwner(stack, 'large');
  agent = await createAgent(stack, owner);
  await seedChunks(stack.db, { id: agent.id, ownerId: owner.id }, 1_500);
  answerDoc = await addKnowledge(
    stack,
    owner,
    agent.id,
    'access.txt',
    'Free parking is available in the underground garage on Rue Lepic, entrance next to the bakery.',
  );
  await stack.db.exec('analyze public.knowledge_chunks');
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('retrieval over a large knowledge base', () => {
  it('walks the binary-quantized HNSW index for the nearest chunks', async () => {
    const { rows } = await stack.db.query<{ src: string }>(
      `select prosrc as src from pg_proc where proname = 'nearest_agent_chunks'
          and pronamespace = 'private'::regnamespace`,
    );
    const body = rows[0]!.src
      .replaceAll('nearest_agent_chunks.agent_id', `'${agent.id}'::uuid`)
      .replaceAll(
        'nearest_agent_chunks.query_embedding',
        `'[${hashedEmbedding('parking garage').join(',')}]'::extensions.vector`,
      )
      .replaceAll('limit k * 4', 'limit 80')
      .replaceAll('limit k', 'limit 20');
    // The function's own settings, as its SET clauses apply them.
    const plan = await stack.db.transaction(async (tx) => {
      await tx.exec(
        `set local enable_sort = off; set local hnsw.iterative_scan = 'relaxed_order'; set local hnsw.ef_search = 100`,
      );
      const result = await tx.query<{ 'QUERY PLAN': string }>(`explain ${body}`);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Scan using knowledge_chunks_embedding_bq_idx');
  });

  it('ranks the answering document first through the real RPC', async () => {
    const query = 'Where is the underground parking garage?';
    const passages = await matchKnowledgeChunks(stack.serviceClient(), {
      agentId: agent.id,
      embedding: hashedEmbedding(query),
      query,
      limit: 4,
      candidates: 20,
      minSimilarity: 0.2,
    });
    expect(passages[0]?.documentId).toBe(answerDoc);
    expect(passages[0]?.vectorRank).toBe(1);
  });
});
