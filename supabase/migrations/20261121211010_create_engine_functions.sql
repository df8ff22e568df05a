-- Knowledge ingestion progress and hybrid retrieval for the conversation engine.
-- Status 'uploaded' keeps its meaning from the data model: the document is ready
-- (extracted, chunked, embedded) and retrieval uses it; 'processing' shows `progress` (0..100);
-- 'failed' carries `error`.

alter table public.knowledge_documents
  add column progress smallint not null default 0 check (progress between 0 and 100),
  add column chunk_count integer not null default 0 check (chunk_count >= 0),
  add column embedding_model text check (char_length(embedding_model) <= 100),
  add column processed_at timestamptz;

-- The HNSW walk for one agent's nearest chunks, for large knowledge bases. Two planner settings
-- make it the only plan: sorts are off (below ~100k rows the cost model prefers "every chunk of the
-- agent, sorted", which is 10-20 times slower), and the agent filter is written `is true` so the
-- agent_id index cannot feed that sort either. Iterative scans (pgvector ≥ 0.8) keep walking the
-- shared graph until `k` chunks of this agent are found. Kept apart so the settings touch nothing
-- else.
-- PostgreSQL knows the hnsw.* settings only once pgvector's library is loaded in this connection;
-- until then only a superuser may attach them to a function, and hosted projects apply migrations
-- as the non-superuser postgres. Reading a vector value loads the library.
select '[1]'::extensions.vector;
create or replace function private.nearest_agent_chunks(agent_id uuid, query_embedding extensions.vector(1536), k integer)
returns table (id bigint, document_id uuid, distance double precision)
language sql stable set search_path = ''
set enable_sort = off
set hnsw.iterative_scan = 'relaxed_order'
as $$
  select c.id, c.document_id, c.embedding operator(extensions.<=>) nearest_agent_chunks.query_embedding
    from public.knowledge_chunks c
   where (c.agent_id = nearest_agent_chunks.agent_id) is true
   order by c.embedding operator(extensions.<=>) nearest_agent_chunks.query_embedding
   limit k
$$;
revoke all on function private.nearest_agent_chunks(uuid, extensions.vector, integer) from public;

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
language sql stable security definer set search_path = '' as $$
  -- Nearest chunks of this agent: a small knowledge base (≤ 1,000 chunks) is ranked exactly
  -- (`+ 0` keeps the planner off the index: walking the shared graph for a few matches costs more),
  -- a large one through the HNSW index (private.nearest_agent_chunks). Readiness is checked
  -- afterwards: chunks only exist for ready documents outside a re-ingest.
  with knowledge_size as materialized (
    select coalesce(sum(d.chunk_count), 0) as chunks
      from public.knowledge_documents d
     where d.agent_id = match_knowledge_chunks.agent_id and d.status = 'uploaded'
  ),
  vector_candidates as materialized (
    (select c.id, c.document_id, c.embedding operator(extensions.<=>) match_knowledge_chunks.query_embedding as distance
       from public.knowledge_chunks c
      where (select chunks from knowledge_size) <= 1000
        and c.agent_id = match_knowledge_chunks.agent_id and c.embedding is not null
      order by (c.embedding operator(extensions.<=>) match_knowledge_chunks.query_embedding) + 0
      limit least(greatest(candidates, 1), 200))
    union all
    (select n.id, n.document_id, n.distance
       from private.nearest_agent_chunks(match_knowledge_chunks.agent_id, match_knowledge_chunks.query_embedding,
                                         least(greatest(candidates, 1), 200)) n
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
     where match_knowledge_chunks.query_text is not null
       and c.agent_id = match_knowledge_chunks.agent_id
       and c.fts @@ to_tsquery('simple', match_knowledge_chunks.query_text)
     limit 300
  ),
  text_hits as (
    select t.id,
           row_number() over (order by ts_rank_cd(t.fts, to_tsquery('simple', match_knowledge_chunks.query_text)) desc, t.id)::integer as rank
      from text_candidates t
      join public.knowledge_documents d on d.id = t.document_id and d.status = 'uploaded'
     order by rank
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

-- One message of a turn in one round trip; the first message of a new conversation also creates
-- the conversation row (the engine opens conversations without a write so that a new visitor
-- does not wait for one before the stream starts). Service role only.
create or replace function public.save_chat_message(conversation jsonb, message jsonb) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  saved uuid;
begin
  if save_chat_message.conversation is not null then
    insert into public.conversations (id, user_id, agent_id, channel, visitor_id, language, started_at, last_message_at)
    values ((conversation ->> 'id')::uuid, (conversation ->> 'user_id')::uuid, (conversation ->> 'agent_id')::uuid,
            conversation ->> 'channel', conversation ->> 'visitor_id', conversation ->> 'language',
            (conversation ->> 'started_at')::timestamptz, (conversation ->> 'started_at')::timestamptz)
    on conflict (id) do nothing;
  end if;
  insert into public.messages (conversation_id, user_id, agent_id, role, content, language, citations, tool_calls, metadata, "timestamp")
  values ((message ->> 'conversation_id')::uuid, (message ->> 'user_id')::uuid, (message ->> 'agent_id')::uuid,
          message ->> 'role', message ->> 'content', message ->> 'language',
          case when jsonb_typeof(message -> 'citations') = 'array' then message -> 'citations' end,
          case when jsonb_typeof(message -> 'tool_calls') = 'array' then message -> 'tool_calls' end,
          coalesce(message -> 'metadata', '{}'::jsonb), (message ->> 'timestamp')::timestamptz)
  returning id into saved;
  return saved;
end
$$;
revoke all on function public.save_chat_message(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.save_chat_message(jsonb, jsonb) to service_role;
