-- Knowledge ingestion progress and hybrid retrieval for the conversation engine (issue 6,
-- ARCHITECTURE §4). Status 'uploaded' keeps its meaning from the data model: the document is ready
-- (extracted, chunked, embedded) and retrieval uses it; 'processing' shows `progress` (0..100);
-- 'failed' carries `error`.

alter table public.knowledge_documents
  add column progress smallint not null default 0 check (progress between 0 and 100),
  add column chunk_count integer not null default 0 check (chunk_count >= 0),
  add column embedding_model text check (char_length(embedding_model) <= 100),
  add column processed_at timestamptz;

-- Hybrid retrieval in one round trip: the agent's nearest chunks by cosine distance and its best
-- full-text matches, fused by reciprocal rank fusion (k = 60). Ranks, not scores, are fused because
-- cosine and ts_rank_cd live on different scales. Vector-only hits must reach `min_similarity`
-- (nearest neighbours always exist, relevant or not); full-text hits are lexical matches already.
-- Only the service role may call it: the agent-chat function decides who may talk to which agent,
-- and visitors never read chunks directly. `query_text` is a to_tsquery expression built by the
-- engine from letters and digits only (toOrTsQuery), or null to skip full-text search.
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
language sql stable security definer set search_path = ''
-- The HNSW index is shared by every agent: with iterative scans (pgvector ≥ 0.8) a filtered search
-- keeps walking the graph until it has enough of this agent's chunks instead of returning fewer.
set hnsw.iterative_scan = 'relaxed_order'
as $$
  with vector_hits as (
    select c.id, (1 - (c.embedding operator(extensions.<=>) match_knowledge_chunks.query_embedding))::double precision as similarity,
           row_number() over (order by c.embedding operator(extensions.<=>) match_knowledge_chunks.query_embedding)::integer as rank
      from public.knowledge_chunks c
      join public.knowledge_documents d on d.id = c.document_id and d.status = 'uploaded'
     where c.agent_id = match_knowledge_chunks.agent_id and c.embedding is not null
     order by c.embedding operator(extensions.<=>) match_knowledge_chunks.query_embedding
     limit least(greatest(candidates, 1), 200)
  ),
  text_hits as (
    select c.id,
           row_number() over (order by ts_rank_cd(c.fts, to_tsquery('simple', match_knowledge_chunks.query_text)) desc, c.id)::integer as rank
      from public.knowledge_chunks c
      join public.knowledge_documents d on d.id = c.document_id and d.status = 'uploaded'
     where match_knowledge_chunks.query_text is not null
       and c.agent_id = match_knowledge_chunks.agent_id
       and c.fts @@ to_tsquery('simple', match_knowledge_chunks.query_text)
     order by ts_rank_cd(c.fts, to_tsquery('simple', match_knowledge_chunks.query_text)) desc, c.id
     limit least(greatest(candidates, 1), 200)
  ),
  fused as (
    select coalesce(v.id, t.id) as id, v.similarity, v.rank as vector_rank, t.rank as text_rank,
           coalesce(1.0 / (60 + v.rank), 0) + coalesce(1.0 / (60 + t.rank), 0) as score
      from (select * from vector_hits where similarity >= min_similarity) v
      full join text_hits t on t.id = v.id
  )
  select c.id, c.document_id, d.name, c.content, f.similarity, f.vector_rank, f.text_rank, f.score::double precision
    from fused f
    join public.knowledge_chunks c on c.id = f.id
    join public.knowledge_documents d on d.id = c.document_id
   order by f.score desc, f.vector_rank nulls last
   limit least(greatest(match_count, 1), 20)
$$;

revoke all on function public.match_knowledge_chunks(uuid, extensions.vector, text, integer, integer, double precision)
  from public, anon, authenticated;
grant execute on function public.match_knowledge_chunks(uuid, extensions.vector, text, integer, integer, double precision)
  to service_role;

-- Everything the engine needs about an agent for one turn, in one round trip: profile, system
-- prompt, whether the public page is on, whether it has ready knowledge, its calendar time zone
-- and its tools joined with the enabled catalogue rows (per-agent config included, custom tools
-- carry their webhook settings there). Service role only: the system prompt is never public.
create or replace function public.agent_for_turn(agent_id uuid default null, subdomain text default null)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', a.id,
    'owner_id', a.user_id,
    'name', a.name,
    'company_name', a.company_name,
    'system_prompt', a.description,
    'default_language', a.default_language,
    'public_chat_enabled', exists (select 1 from public.agent_integrations card
      where card.agent_id = a.id and card.kind = 'virtual_business_card' and card.enabled),
    'has_knowledge', exists (select 1 from public.knowledge_documents d where d.agent_id = a.id and d.status = 'uploaded'),
    'time_zone', (select s.time_zone from public.calendar_settings s where s.agent_id = a.id),
    'tools', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', c.id, 'name', c.name, 'description', c.description,
        'function_definition', c.function_definition,
        'config', c.default_config || coalesce(case when jsonb_typeof(t -> 'config') = 'object' then t -> 'config' end, '{}'::jsonb))
        order by ord)
      from jsonb_array_elements(a.tools) with ordinality as e(t, ord)
      join public.tool_catalogue c on c.id = t ->> 'id' and c.enabled), '[]'::jsonb))
  from public.agents a
  where (agent_for_turn.agent_id is not null and a.id = agent_for_turn.agent_id)
     or (agent_for_turn.agent_id is null and a.subdomain = lower(btrim(agent_for_turn.subdomain)))
  limit 1
$$;

revoke all on function public.agent_for_turn(uuid, text) from public, anon, authenticated;
grant execute on function public.agent_for_turn(uuid, text) to service_role;

-- A saved message moves its conversation's "last message" time (lists sort by it), in the same
-- statement as the insert rather than a second round trip from the engine.
create or replace function private.touch_conversation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.conversations set last_message_at = greatest(last_message_at, new."timestamp")
   where id = new.conversation_id;
  return new;
end
$$;
create trigger messages_touch_conversation after insert on public.messages
  for each row execute function private.touch_conversation();
revoke all on function private.touch_conversation() from public;
