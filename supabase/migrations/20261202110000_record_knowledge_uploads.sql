-- A knowledge upload is recorded before its bytes leave the browser: knowledge-ingest creates the
-- document as 'uploading' (with the storage path it chose), the console PUTs the file there, then
-- asks knowledge-ingest to process that document ('uploading' -> 'processing' -> 'uploaded' or
-- 'failed'). A page that goes away mid-upload therefore leaves a row behind instead of nothing, and
-- that row is failed with the reason `upload_interrupted` once it is known to be dead:
--   * the page that was uploading was reloaded or closed (the console hands the ids it left in
--     flight to interrupt_knowledge_uploads on its next load), or
--   * it showed no sign of life for the grace time (no progress reported), which the console's
--     own load and the scheduled sweep both notice.
-- Clients still write no status: the two RPCs below only ever move the caller's own 'uploading'
-- rows, one to 'failed' with that one reason, the other keeping them alive.

alter table public.knowledge_documents drop constraint knowledge_documents_status_check;
alter table public.knowledge_documents
  add constraint knowledge_documents_status_check check (status in ('uploading', 'processing', 'uploaded', 'failed'));

-- Why a document failed, as a code the console words in the owner's language (`error` keeps the
-- server's English sentence). Written by the service role and the definer functions only: the
-- column update grant stays (name).
alter table public.knowledge_documents
  add column error_code text constraint knowledge_documents_error_code_check check (error_code ~ '^[a-z][a-z0-9_]{0,63}$');

-- The sweep looks for uploads gone quiet across every owner.
create index knowledge_documents_uploading_idx on public.knowledge_documents (updated_at) where status = 'uploading';

-- How long an upload may go without a sign of life (its row's updated_at: creation, retry or a
-- progress report) before it counts as interrupted. The console reports progress every few
-- seconds while bytes move, so only a page that is gone, or a transfer stalled this long, is cut.
create or replace function private.knowledge_upload_grace() returns interval
language sql immutable set search_path = '' as $$
  select interval '120 seconds'
$$;
revoke all on function private.knowledge_upload_grace() from public;

-- The one writer of the interrupted state. `owner_id` null means every owner (the sweep); the ids a
-- page left in flight count only for their owner.
create or replace function private.interrupt_knowledge_uploads(owner_id uuid, abandoned uuid[]) returns integer
language sql security definer set search_path = '' as $$
  with interrupted as (
    update public.knowledge_documents d
       set status = 'failed',
           progress = 0,
           error = 'The upload was interrupted before the whole file arrived.',
           error_code = 'upload_interrupted'
     where d.status = 'uploading'
       and (interrupt_knowledge_uploads.owner_id is null or d.user_id = interrupt_knowledge_uploads.owner_id)
       and ((interrupt_knowledge_uploads.owner_id is not null
             and d.id = any (coalesce(interrupt_knowledge_uploads.abandoned, '{}'::uuid[])))
            or d.updated_at < now() - private.knowledge_upload_grace())
    returning 1
  )
  select count(*)::integer from interrupted
$$;
revoke all on function private.interrupt_knowledge_uploads(uuid, uuid[]) from public;

-- The console, on load: the caller's own uploads that are dead (the ids its previous page left in
-- flight, and any gone quiet beyond the grace time) become failed. Only 'uploading' rows move, so
-- a ready or processing document named here stays as it is. Answers how many were interrupted.
create or replace function public.interrupt_knowledge_uploads(abandoned uuid[] default '{}') returns integer
language plpgsql security definer set search_path = '' as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to manage knowledge uploads.' using errcode = '42501';
  end if;
  if cardinality(abandoned) > 100 then
    raise exception 'At most 100 uploads can be interrupted at once.' using errcode = '22023';
  end if;
  return private.interrupt_knowledge_uploads((select auth.uid()), abandoned);
end
$$;
revoke all on function public.interrupt_knowledge_uploads(uuid[]) from public, anon, authenticated;
grant execute on function public.interrupt_knowledge_uploads(uuid[]) to authenticated;

-- The uploading page's sign of life: the bytes sent so far (0..100, never backwards) on the
-- caller's own 'uploading' document. False when the document is no longer uploading (interrupted,
-- removed, or not the caller's), which tells the page to stop sending.
create or replace function public.report_knowledge_upload_progress(document_id uuid, progress integer) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to manage knowledge uploads.' using errcode = '42501';
  end if;
  if progress is null or progress < 0 or progress > 100 then
    raise exception 'progress must be between 0 and 100.' using errcode = '22023';
  end if;
  update public.knowledge_documents d
     set progress = greatest(d.progress, report_knowledge_upload_progress.progress)
   where d.id = report_knowledge_upload_progress.document_id
     and d.user_id = (select auth.uid())
     and d.status = 'uploading';
  return found;
end
$$;
revoke all on function public.report_knowledge_upload_progress(uuid, integer) from public, anon, authenticated;
grant execute on function public.report_knowledge_upload_progress(uuid, integer) to authenticated;

-- The scheduler's pass (knowledge-ingest /sweep with the service role): every owner's uploads gone
-- quiet beyond the grace time, for pages that never came back.
create or replace function public.sweep_interrupted_knowledge_uploads() returns integer
language sql security definer set search_path = '' as $$
  select private.interrupt_knowledge_uploads(null, '{}')
$$;
revoke all on function public.sweep_interrupted_knowledge_uploads() from public, anon, authenticated;
grant execute on function public.sweep_interrupted_knowledge_uploads() to service_role;
