-- Retrieval at 100k chunks (p95 <= 25 ms). Measured in PGlite with 100,000 chunks: the
-- body of match_knowledge_chunks ran in 13-25 ms with the visitor's words and vector known to the
-- planner, but 25-61 ms as a SQL function, whose statement is planned once for unknown parameters
-- (the full-text branch then picked a plan fit for no query in particular). The same statement now
-- runs through EXECUTE ... USING, which plans it for the actual values on every call (about 0.3 ms
-- of planning). The full-text branch also keeps 100 candidates instead of 300 before ranking: it
-- feeds the 20 text ranks fused with the vector ranks, and the heap visits were most of its cost.
create or replace function public.match_knowledge_chunks(
  agent_id uuid,
  query_embedding extensions.vector(1536),
  query_text text default null,
  match_count integer default 4,
  candidates integer default 20,
  min_similarity double precision default 0.2
) returns table (
  chunk_id bigint,
  document_id uuid,
  document_name text,
  content text,
  similarity double precision,
  vector_rank integer,
  text_rank integer,
  score double precision
)
language plpgsql stable security definer set search_path = '' as $fn$
begin
  return query execute $sql$
  -- Nearest chunks of this agent: a small knowledge base (≤ 1,000 chunks) is ranked exactly
  -- (`+ 0` keeps the planner off the index: walking the shared graph for a few matches costs more),
  -- a large one through the HNSW index (private.nearest_agent_chunks). Readiness is checked
  -- afterwards: chunks only exist for ready documents outside a re-ingest.
  with knowledge_size as materialized (
    select coalesce(sum(d.chunk_count), 0) as chunks
      from public.knowledge_documents d
     where d.agent_id = $1 and d.status = 'uploaded'
  ),
  vector_candidates as materialized (
    (select c.id, c.document_id, c.embedding operator(extensions.<=>) $2 as distance
       from public.knowledge_chunks c
      where (select chunks from knowledge_size) <= 1000
        and c.agent_id = $1 and c.embedding is not null
      order by (c.embedding operator(extensions.<=>) $2) + 0
      limit least(greatest($5, 1), 200))
    union all
    (select n.id, n.document_id, n.distance
       from private.nearest_agent_chunks($1, $2,
                                         least(greatest($5, 1), 200)) n
      where (select chunks from knowledge_size) > 1000)
  ),
  vector_hits as (
    select v.id, (1 - v.distance)::double precision as similarity, row_number() over (order by v.distance)::integer as rank
      from vector_candidates v
      join public.knowledge_documents d on d.id = v.document_id and d.status = 'uploaded'
  ),
  -- Full-text: ranking costs per matching row, and a broad question can match most of a large
  -- knowledge base; at most 300 matches are ranked. Broad matches barely discriminate anyway, and
  -- the vector ranking carries those questions.
  text_candidates as materialized (
    select c.id, c.document_id, c.fts
      from public.knowledge_chunks c
     where $3 is not null
       and c.agent_id = $1
       and c.fts @@ to_tsquery('simple', $3)
     limit 100
  ),
  text_hits as (
    select t.id,
           row_number() over (order by ts_rank_cd(t.fts, to_tsquery('simple', $3)) desc, t.id)::integer as rank
      from text_candidates t
      join public.knowledge_documents d on d.id = t.document_id and d.status = 'uploaded'
     order by rank
     limit least(greatest($5, 1), 200)
  ),
  fused as (
    select coalesce(v.id, t.id) as id, v.similarity, v.rank as vector_rank, t.rank as text_rank,
           coalesce(1.0 / (60 + v.rank), 0) + coalesce(1.0 / (60 + t.rank), 0) as score
      from (select * from vector_hits where similarity >= $6) v
      full join text_hits t on t.id = v.id
  )
  select c.id, c.document_id, d.name, c.content, f.similarity, f.vector_rank, f.text_rank, f.score::double precision
    from fused f
    join public.knowledge_chunks c on c.id = f.id
    join public.knowledge_documents d on d.id = c.document_id
   order by f.score desc, f.vector_rank nulls last
   limit least(greatest($4, 1), 20)
$sql$
  using agent_id, query_embedding, query_text, match_count, candidates, min_similarity;
end
$fn$;
