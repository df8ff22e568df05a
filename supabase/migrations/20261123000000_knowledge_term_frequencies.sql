-- Retrieval at 100k chunks (p95 <= 25 ms), full-text half. GIN answers `fts @@ query` by
-- gathering every matching row before anything can be ranked or limited, so a word found in most
-- chunks of a large knowledge base costs per match: in PGlite at 100,000 chunks, a word in 86% of
-- them took 18-29 ms in the bitmap index scan alone, a word in 8% about 10 ms, a rare word 1 ms.
-- Such words also say almost nothing about which chunk answers (their inverse document frequency
-- is near zero): the full-text half is there for the words embeddings blur (names, references,
-- codes), and the vector half carries broad questions. So retrieval now leaves out the words found
-- in more than max(200 chunks, 2% of the agent's chunks) before searching, as search engines do
-- with corpus-specific stop words. That needs each agent's document frequency per lexeme, kept
-- here by statement-level triggers on knowledge_chunks (one aggregated upsert per ingestion batch).

create table private.knowledge_terms (
  agent_id uuid not null references public.agents (id) on delete cascade,
  -- "C" ordering: a prefix is a plain range scan (a query word matches longer lexemes, `park:*`).
  lexeme text collate "C" not null,
  chunks integer not null check (chunks > 0),
  primary key (agent_id, lexeme)
);
comment on table private.knowledge_terms is
  'Per agent, how many knowledge chunks contain each lexeme (document frequency); written by triggers on public.knowledge_chunks, read by match_knowledge_chunks.';
-- Like the other private tables: outside the API's schemas, closed to client roles by grants.
revoke all on table private.knowledge_terms from public, anon, authenticated;
grant select on table private.knowledge_terms to service_role;

-- One trigger function for the three statements (transition tables: `removed` holds the old rows
-- of a delete or update, `added` the new rows of an insert or update; owners may edit a chunk's
-- content, and fts follows). Old lexemes are taken off first, then new ones counted. Rows are
-- touched in key order so two concurrent ingestions of one agent lock them in the same order.
create or replace function private.knowledge_terms_after_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    with gone as (
      select o.agent_id, l.lexeme collate "C" as lexeme, count(*)::integer as chunks
        from removed o cross join lateral unnest(tsvector_to_array(o.fts)) as l(lexeme)
       group by 1, 2
    ),
    emptied as (
      delete from private.knowledge_terms k using gone g
       where k.agent_id = g.agent_id and k.lexeme = g.lexeme and k.chunks <= g.chunks
    )
    update private.knowledge_terms k set chunks = k.chunks - g.chunks
      from gone g
     where k.agent_id = g.agent_id and k.lexeme = g.lexeme and k.chunks > g.chunks;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.knowledge_terms as k (agent_id, lexeme, chunks)
    select n.agent_id, l.lexeme collate "C", count(*)::integer
      from added n cross join lateral unnest(tsvector_to_array(n.fts)) as l(lexeme)
     group by 1, 2
     order by 1, 2
    on conflict (agent_id, lexeme) do update set chunks = k.chunks + excluded.chunks;
  end if;
  return null;
end
$$;
revoke all on function private.knowledge_terms_after_change() from public;

create trigger knowledge_chunks_count_terms_insert after insert on public.knowledge_chunks
  referencing new table as added for each statement execute function private.knowledge_terms_after_change();
create trigger knowledge_chunks_count_terms_delete after delete on public.knowledge_chunks
  referencing old table as removed for each statement execute function private.knowledge_terms_after_change();
create trigger knowledge_chunks_count_terms_update after update on public.knowledge_chunks
  referencing old table as removed new table as added
  for each statement execute function private.knowledge_terms_after_change();

-- Chunks stored before this migration.
insert into private.knowledge_terms (agent_id, lexeme, chunks)
select c.agent_id, l.lexeme, count(*)::integer
  from public.knowledge_chunks c cross join lateral unnest(tsvector_to_array(c.fts)) as l(lexeme)
 group by 1, 2;

-- The query words worth a full-text search for this agent: each word of `query_text` (parsed by
-- the same 'simple' configuration as the chunks), kept when the chunks containing a lexeme that
-- starts with it number at most max(200, 2% of the agent's chunks). The sum over lexemes is an
-- upper bound (a chunk may hold several), so a kept word is never broader than the limit. Returns
-- an OR of prefix matches, or null when no word is left.
create or replace function private.selective_tsquery(agent_id uuid, query_text text, total_chunks bigint)
returns tsquery
language sql stable security definer set search_path = '' as $$
  select to_tsquery('simple', string_agg(format('%L:*', w.word), ' | ' order by w.word))
    from (select distinct word from unnest(tsvector_to_array(to_tsvector('simple', coalesce(query_text, '')))) as word
           where word !~ '[''\\]') w
   where (select coalesce(sum(k.chunks), 0)
            from private.knowledge_terms k
           where k.agent_id = selective_tsquery.agent_id
             and k.lexeme >= w.word collate "C"
             and k.lexeme < (w.word || chr(1114111)) collate "C")
         <= greatest(200, total_chunks / 50)
$$;
revoke all on function private.selective_tsquery(uuid, text, bigint) from public;

-- Same contract and result shape as before; the full-text branch now searches only the selective
-- words (see above) and ranks their matches (one word matches at most max(200, 2%) of the
-- chunks, so ranking is bounded; at most 2,000 are ranked) instead of an arbitrary 100 of a broad
-- match. It ranks with ts_rank (term frequency) rather than ts_rank_cd (cover density): for an OR
-- of a few words proximity adds little, and at 1,667 matches ts_rank_cd cost 40% more.
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
declare
  total_chunks bigint;
  text_query tsquery;
begin
  select coalesce(sum(d.chunk_count), 0) into total_chunks
    from public.knowledge_documents d
   where d.agent_id = match_knowledge_chunks.agent_id and d.status = 'uploaded';
  text_query := private.selective_tsquery(match_knowledge_chunks.agent_id, query_text, total_chunks);

  return query execute $sql$
  -- Nearest chunks of this agent: a small knowledge base (≤ 1,000 chunks) is ranked exactly
  -- (`+ 0` keeps the planner off the index: walking the shared graph for a few matches costs more),
  -- a large one through the HNSW index (private.nearest_agent_chunks). Readiness is checked
  -- afterwards: chunks only exist for ready documents outside a re-ingest.
  with vector_candidates as materialized (
    (select c.id, c.document_id, c.embedding operator(extensions.<=>) $2 as distance
       from public.knowledge_chunks c
      where $7 <= 1000
        and c.agent_id = $1 and c.embedding is not null
      order by (c.embedding operator(extensions.<=>) $2) + 0
      limit least(greatest($5, 1), 200))
    union all
    (select n.id, n.document_id, n.distance
       from private.nearest_agent_chunks($1, $2, least(greatest($5, 1), 200)) n
      where $7 > 1000)
  ),
  vector_hits as (
    select v.id, (1 - v.distance)::double precision as similarity, row_number() over (order by v.distance)::integer as rank
      from vector_candidates v
      join public.knowledge_documents d on d.id = v.document_id and d.status = 'uploaded'
  ),
  text_candidates as materialized (
    select c.id, c.document_id, ts_rank(c.fts, $3) as text_score
      from public.knowledge_chunks c
     where $3 is not null
       and c.agent_id = $1
       and c.fts @@ $3
     limit 2000
  ),
  text_hits as (
    select t.id, row_number() over (order by t.text_score desc, t.id)::integer as rank
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
  using match_knowledge_chunks.agent_id, query_embedding, text_query, match_count, candidates, min_similarity,
        total_chunks;
end
$fn$;
