-- Retrieval at 100k chunks within budget (p95 ≤ 25 ms). EXPLAIN ANALYZE in PGlite at
-- 100k chunks showed the HNSW walk on the float index (1536 × 4 bytes = one index element per 8 kB
-- page, ~900 MB for 100k chunks) reading 1,000-1,500 pages per query from outside shared_buffers:
-- 30-130 ms for the vector branch alone, while the full-text branch took 1-9 ms warm.
-- The graph is now built on the binary quantization of each embedding (one bit per dimension,
-- 192 bytes: ~40 elements per page, the whole index fits in memory) with Hamming distance, and
-- the candidates it returns are re-ranked by exact cosine distance on the stored vectors
-- (pgvector's documented binary-quantization pattern). Four times the candidates are walked so
-- the re-ranking recovers what the one-bit distance misorders.
drop index if exists public.knowledge_chunks_embedding_idx;
create index knowledge_chunks_embedding_bq_idx on public.knowledge_chunks
  using hnsw ((extensions.binary_quantize(embedding)::bit(1536)) extensions.bit_hamming_ops);

-- Same contract as before (k nearest chunks of one agent by cosine distance, best first); the
-- settings keep the planner on the graph walk (sorts off for the inner query, the agent filter
-- written `is true` so the agent_id index cannot feed a sort) and iterative scans keep walking the
-- shared graph until enough chunks of this agent are found. ef_search covers the 4k candidates.
create or replace function private.nearest_agent_chunks(agent_id uuid, query_embedding extensions.vector(1536), k integer)
returns table (id bigint, document_id uuid, distance double precision)
language sql stable set search_path = ''
set enable_sort = off
set hnsw.iterative_scan = 'relaxed_order'
set hnsw.ef_search = 100
as $$
  select s.id, s.document_id, s.embedding operator(extensions.<=>) nearest_agent_chunks.query_embedding
    from (select c.id, c.document_id, c.embedding
            from public.knowledge_chunks c
           where (c.agent_id = nearest_agent_chunks.agent_id) is true
           order by extensions.binary_quantize(c.embedding)::bit(1536)
                    operator(extensions.<~>) extensions.binary_quantize(nearest_agent_chunks.query_embedding)::bit(1536)
           limit k * 4) s
   order by s.embedding operator(extensions.<=>) nearest_agent_chunks.query_embedding
   limit k
$$;
revoke all on function private.nearest_agent_chunks(uuid, extensions.vector, integer) from public;
