-- Knowledge files belong to one owner and one agent. knowledge-ingest reads, re-reads
-- and removes `storage_path` with the service role, so a path a client could write would let one
-- owner ingest (and delete) another owner's private file. From now on:
--   * clients cannot write storage_path (nor the processing columns the function owns): the insert
--     grant lists the columns a client may set, the update grant never had storage_path;
--   * whoever writes the row, the path must be {user_id}/{agent_id}/{file} of that very row, so the
--     service role cannot be talked into a foreign path either (the function re-checks it too).

-- The rule, once, for the constraint and for tests: exactly three segments, the row's owner and
-- agent folders, and a file name that is not empty and does not start with a dot ('..' included).
create or replace function private.is_own_knowledge_path(path text, user_id uuid, agent_id uuid) returns boolean
language sql immutable set search_path = '' as $$
  select path is null
      or path ~ ('^' || is_own_knowledge_path.user_id::text || '/' || is_own_knowledge_path.agent_id::text
                 || '/[^/.][^/]*$')
$$;
revoke all on function private.is_own_knowledge_path(text, uuid, uuid) from public;
-- Check constraints run with the writing role's privileges.
grant execute on function private.is_own_knowledge_path(text, uuid, uuid) to authenticated, service_role;

-- Rows written before this migration through the client grant may point anywhere: such a path was
-- never the function's (it only stores paths it checked), so it is dropped rather than trusted.
update public.knowledge_documents d
   set storage_path = null
 where not private.is_own_knowledge_path(d.storage_path, d.user_id, d.agent_id);

alter table public.knowledge_documents
  add constraint knowledge_documents_storage_path_in_agent_folder
  check (private.is_own_knowledge_path(storage_path, user_id, agent_id));

revoke insert on table public.knowledge_documents from authenticated;
grant insert (agent_id, user_id, name, type, size_bytes) on table public.knowledge_documents to authenticated;
