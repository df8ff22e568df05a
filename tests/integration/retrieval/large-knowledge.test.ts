/**
 * Retrieval on a knowledge base large enough (> 1,000 chunks) to take the HNSW path: the graph walk
 * must really use the binary-quantized index (not a scan and sort of every chunk), and its re-ranked
 * results must still put the document that answers first. The full-text half searches only the
 * query words found in at most max(200, 2%) of the agent's chunks, from per-agent document
 * frequencies that triggers keep in step with every insert, update and delete of chunks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedEmbedding } from '../../../supabase/functions/_shared/text/lexical.ts';
import { matchKnowledgeChunks } from '../../../supabase/functions/_shared/conversation/knowledge.ts';
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

/** The agent's document frequencies as the trigger-maintained table has them. */
async function storedFrequencies(agentId: string): Promise<Map<string, number>> {
  const { rows } = await stack.db.query<{ lexeme: string; chunks: number }>(
    'select lexeme, chunks from private.knowledge_terms where agent_id = $1',
    [agentId],
  );
  return new Map(rows.map((row) => [row.lexeme, row.chunks]));
}

/** The same, counted from the chunks themselves. */
async function actualFrequencies(agentId: string): Promise<Map<string, number>> {
  const { rows } = await stack.db.query<{ lexeme: string; chunks: number }>(
    `select l.lexeme, count(*)::integer as chunks
       from public.knowledge_chunks c cross join lateral unnest(tsvector_to_array(c.fts)) as l(lexeme)
      where c.agent_id = $1 group by 1`,
    [agentId],
  );
  return new Map(rows.map((row) => [row.lexeme, row.chunks]));
}

/** The agent's best passages for a question, through the RPC agent-chat calls. */
function search(query: string) {
  return matchKnowledgeChunks(stack.serviceClient(), {
    agentId: agent.id,
    embedding: hashedEmbedding(query),
    query,
    limit: 4,
    candidates: 20,
    minSimilarity: 0.2,
  });
}

async function selectiveQuery(query: string): Promise<string | null> {
  const { rows } = await stack.db.query<{ q: string | null }>(
    `select private.selective_tsquery($1, $2,
       (select sum(chunk_count) from public.knowledge_documents where agent_id = $1 and status = 'uploaded'))::text as q`,
    [agent.id, query],
  );
  return rows[0]!.q;
}

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
    const passages = await search(query);
    expect(passages[0]?.documentId).toBe(answerDoc);
    expect(passages[0]?.vectorRank).toBe(1);
  });

  it('keeps per-agent document frequencies in step with the chunks', async () => {
    const stored = await storedFrequencies(agent.id);
    expect(stored.get('vegetarian')).toBeGreaterThan(1_000);
    expect(stored.get('lepic')).toBe(1);
    expect(stored).toEqual(await actualFrequencies(agent.id));

    // An owner edits a chunk and deletes a document: the counts follow both.
    const extra = await addKnowledge(stack, owner, agent.id, 'extra.txt', 'Zanzibar lounge opens at dusk.');
    expect((await storedFrequencies(agent.id)).get('zanzibar')).toBe(1);
    const edited = await owner.client
      .from('knowledge_chunks')
      .update({ content: 'Quokka lounge opens at dusk.' })
      .eq('document_id', extra)
      .select('id');
    expect(edited.error).toBeNull();
    expect(edited.data).toHaveLength(1);
    let after = await storedFrequencies(agent.id);
    expect(after.has('zanzibar')).toBe(false);
    expect(after.get('quokka')).toBe(1);
    expect(after.get('lounge')).toBe(1);
    const removed = await owner.client.from('knowledge_documents').delete().eq('id', extra).select('id');
    expect(removed.data).toHaveLength(1);
    after = await storedFrequencies(agent.id);
    expect(after.has('quokka')).toBe(false);
    expect(after.has('lounge')).toBe(false);
    expect(after).toEqual(await actualFrequencies(agent.id));
  });

  it('keeps the frequencies out of reach of clients', async () => {
    for (const client of [stack.anonClient(), owner.client]) {
      const { error } = await client
        .schema('private' as never)
        .from('knowledge_terms')
        .select('lexeme');
      expect(error).not.toBeNull();
    }
  });

  it('searches full text only for the words that single chunks out', async () => {
    // 'vegetarian' is in most of the 1,500 chunks, 'lepic' in one, 'valet' in 25 (1 in 60).
    expect(await selectiveQuery('vegetarian:* | lepic:*')).toBe("'lepic':*");
    expect(await selectiveQuery('valet:*')).toBe("'valet':*");
    expect(await selectiveQuery('vegetarian:* | family:*')).toBeNull();
    // A prefix counts every lexeme it would match: 'v' covers 'vegetarian'.
    expect(await selectiveQuery('v:*')).toBeNull();
  });

  it('finds a chunk by a rare word even when the question is full of common ones', async () => {
    const query = 'Is the vegetarian family garden entrance on Lepic?';
    const passages = await search(query);
    expect(passages[0]?.documentId).toBe(answerDoc);
    expect(passages[0]?.textRank).toBe(1);
  });
});
