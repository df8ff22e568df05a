-- Knowledge base: documents uploaded by the owner to the `knowledge` bucket
-- and their chunks for hybrid retrieval (pgvector cosine + full-text) by the conversation core.

-- Hosted projects ship pgvector disabled; the local stack's bootstrap already created it.
create extension if not exists vector with schema extensions;

create table public.knowledge_documents (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  name text not null check (char_length(btrim(name)) between 1 and 255),
  type text not null check (type in ('pdf', 'csv', 'txt', 'docx')),
  status text not null default 'processing' check (status in ('processing', 'uploaded', 'failed')),
  -- object name in the `knowledge` bucket: {user_id}/{agent_id}/{file}
  storage_path text unique check (char_length(storage_path) <= 1024),
  size_bytes bigint check (size_bytes >= 0),
  error text check (char_length(error) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index knowledge_documents_user_id_idx on public.knowledge_documents (user_id);
create index knowledge_documents_agent_id_idx on public.knowledge_documents (agent_id, user_id, created_at desc);
create trigger knowledge_documents_set_updated_at before update on public.knowledge_documents
  for each row execute function private.set_updated_at();

create table public.knowledge_chunks (
  id bigint generated always as identity primary key,
  document_id uuid not null references public.knowledge_documents (id) on delete cascade,
  agent_id uuid not null,
  user_id uuid not null,
  chunk_index integer not null check (chunk_index >= 0),
  content text not null check (char_length(content) between 1 and 20000),
  token_count integer check (token_count >= 0),
  -- text-embedding-3-small; null until the embedding function has run
  embedding extensions.vector(1536),
  -- 'simple' keeps tokens language-neutral (agents answer in many languages)
  fts tsvector generated always as (to_tsvector('simple'::regconfig, content)) stored,
  created_at timestamptz not null default now(),
  constraint knowledge_chunks_position_key unique (document_id, chunk_index),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index knowledge_chunks_user_id_idx on public.knowledge_chunks (user_id);
create index knowledge_chunks_agent_id_idx on public.knowledge_chunks (agent_id, user_id);
create index knowledge_chunks_embedding_idx on public.knowledge_chunks
  using hnsw (embedding extensions.vector_cosine_ops);
create index knowledge_chunks_fts_idx on public.knowledge_chunks using gin (fts);

-- A chunk belongs to the same agent as its document.
create or replace function private.check_chunk_document() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from public.knowledge_documents d where d.id = new.document_id and d.agent_id = new.agent_id and d.user_id = new.user_id;
  if not found then
    raise exception 'Chunk agent does not match its document' using errcode = '23503';
  end if;
  return new;
end
$$;
create trigger knowledge_chunks_check_document before insert or update on public.knowledge_chunks
  for each row execute function private.check_chunk_document();

revoke all on table public.knowledge_documents, public.knowledge_chunks from public, anon, authenticated;
grant all on table public.knowledge_documents, public.knowledge_chunks to service_role;
alter table public.knowledge_documents enable row level security;
alter table public.knowledge_chunks enable row level security;

grant select, insert, delete on table public.knowledge_documents to authenticated;
grant update (name, status, size_bytes, error) on table public.knowledge_documents to authenticated;
create policy "owners can read their knowledge documents" on public.knowledge_documents for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can add knowledge documents to their agents" on public.knowledge_documents for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their knowledge documents" on public.knowledge_documents for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their knowledge documents" on public.knowledge_documents for delete to authenticated
  using (user_id = (select auth.uid()));

-- The embedding function acts as the calling owner (chatgpt-your-files model), so owners may
-- write chunks of their own documents.
grant select, insert, delete on table public.knowledge_chunks to authenticated;
grant update (content, token_count, embedding) on table public.knowledge_chunks to authenticated;
create policy "owners can read their knowledge chunks" on public.knowledge_chunks for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can add chunks to their documents" on public.knowledge_chunks for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their knowledge chunks" on public.knowledge_chunks for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their knowledge chunks" on public.knowledge_chunks for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on function private.check_chunk_document() from public;
