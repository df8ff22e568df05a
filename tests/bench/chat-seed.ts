/**
 * Seeding for the chat benchmark: knowledge chunks written straight into the stack's database
 * (PGlite) in large batches, with the same hashed embeddings the fake model returns, so retrieval
 * works on realistic vectors without thousands of HTTP calls.
 */
import type { PGlite } from '@electric-sql/pglite';
import { hashedEmbedding } from '../../supabase/functions/_shared/text/lexical.ts';

const TOPICS = [
  'parking',
  'menu',
  'opening hours',
  'delivery',
  'allergens',
  'prices',
  'booking',
  'terrace',
  'wine',
  'gift cards',
  'events',
  'payment',
];
const WORDS =
  'fresh local seasonal homemade organic vegetarian weekend evening morning garden family private group children chef market bread cheese dessert coffee tea'.split(
    ' ',
  );

/** A deterministic pseudo-random paragraph for chunk `i`. */
export function syntheticChunk(i: number): string {
  const topic = TOPICS[i % TOPICS.length]!;
  const words: string[] = [];
  let state = (i * 2654435761) >>> 0;
  for (let w = 0; w < 40; w++) {
    state = (state * 1103515245 + 12345) >>> 0;
    words.push(WORDS[state % WORDS.length]!);
  }
  // One chunk in 60 mentions valet parking: a word of middling frequency (1.7%), which the
  // full-text half still searches at 100k chunks (very common words are left to the vector half).
  const valet = i % 60 === 7 ? ' Valet service on request.' : '';
  return `About ${topic} (note ${i}): ${words.join(' ')}.${valet}`;
}

/**
 * Adds `count` ready chunks to a new document of the agent; returns the seconds it took. The HNSW
 * and full-text indexes are dropped during the load and rebuilt after from their own definitions
 * (pgvector's advice for bulk loads: one build is far cheaper than `count` incremental inserts),
 * then the table is analysed so the planner knows the agent's row count.
 */
export async function seedChunks(
  db: PGlite,
  agent: { id: string; ownerId: string },
  count: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  const started = performance.now();
  const { rows } = await db.query<{ id: string }>(
    `insert into public.knowledge_documents (agent_id, user_id, name, type, status, progress, chunk_count)
     values ($1, $2, $3, 'txt', 'uploaded', 100, $4) returning id`,
    [agent.id, agent.ownerId, `bench-${count}.txt`, count],
  );
  const documentId = rows[0]!.id;
  // The search indexes exactly as the migrations define them, rebuilt after the load.
  const { rows: searchIndexes } = await db.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = 'knowledge_chunks' and indexdef ~* 'using (hnsw|gin) '`,
  );
  for (const index of searchIndexes) await db.exec(`drop index public.${index.name}`);
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const values: string[] = [];
    const params: unknown[] = [];
    for (let k = 0; k < size; k++) {
      const i = start + k;
      const content = syntheticChunk(i);
      const base = params.length;
      params.push(
        content,
        `[${hashedEmbedding(content)
          .map((x) => (x === 0 ? '0' : x.toFixed(5)))
          .join(',')}]`,
        i,
      );
      values.push(`($${base + 1}::text, $${base + 2}::extensions.vector, $${base + 3}::integer)`);
    }
    await db.query(
      `insert into public.knowledge_chunks (document_id, agent_id, user_id, content, embedding, chunk_index)
       select '${documentId}', '${agent.id}', '${agent.ownerId}', v.content, v.embedding, v.idx
         from (values ${values.join(',')}) as v(content, embedding, idx)`,
      params,
    );
    onProgress?.(start + size);
  }
  // A serial build: a parallel one asks for dynamic shared memory PGlite cannot give (53200).
  await db.exec(`set maintenance_work_mem = '768MB'; set max_parallel_maintenance_workers = 0;`);
  for (const index of searchIndexes) await db.exec(index.definition);
  await db.exec('reset maintenance_work_mem; reset max_parallel_maintenance_workers; analyze public.knowledge_chunks;');
  return (performance.now() - started) / 1000;
}
