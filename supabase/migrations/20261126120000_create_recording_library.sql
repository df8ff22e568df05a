-- The desktop app's offline recordings library: the server side.
--
-- * public.recording_checksums: size + SHA-256 of each stored recording, computed once by the
--   `recording-library` function (service role) so the desktop app can verify what it downloads.
--   No client role may read or write it.
-- * public.recording_annotations: per-call notes, tags and quality rubric score of support staff,
--   written only through sync_recording_annotation (last writer wins on the client's edit time;
--   `updated_at` is the server's). Owners read their own rows; admins included, as for the call
--   history: these are an owner's records, not platform data.

-- Checksums ----------------------------------------------------------------------------------------
create table public.recording_checksums (
  -- object name in the `recordings` bucket ({user_id}/...)
  path text primary key check (char_length(path) between 1 and 1024),
  user_id uuid not null references public.profiles (id) on delete cascade,
  size bigint not null check (size >= 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  computed_at timestamptz not null default now()
);
create index recording_checksums_user_id_idx on public.recording_checksums (user_id);
alter table public.recording_checksums enable row level security;
revoke all on table public.recording_checksums from public, anon, authenticated;
grant select, insert, update, delete on table public.recording_checksums to service_role;
create policy "no client reads or writes recording checksums" on public.recording_checksums
  as restrictive for all to anon, authenticated using (false) with check (false);

-- The rubric as Postgres checks it; contracts/recording-library.ts (RUBRIC_CRITERIA) is the same
-- rule and tests/integration/library/annotations.test.ts proves both agree on a table of cases.
create or replace function private.valid_recording_rubric(rubric jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(rubric) = 'object'
     and not exists (
       select 1 from jsonb_each(rubric) e
        where e.key not in ('greeting', 'understanding', 'resolution', 'courtesy')
           or jsonb_typeof(e.value) <> 'number'
           or e.value::numeric not in (1, 2, 3, 4, 5))
$$;
revoke all on function private.valid_recording_rubric(jsonb) from public, anon;
grant execute on function private.valid_recording_rubric(jsonb) to authenticated, service_role;

create or replace function private.valid_recording_tags(tags text[]) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(cardinality(tags), 0) <= 20
     and not exists (select 1 from unnest(tags) t where t is null or char_length(t) not between 1 and 40)
$$;
revoke all on function private.valid_recording_tags(text[]) from public, anon;
grant execute on function private.valid_recording_tags(text[]) to authenticated, service_role;

-- Annotations --------------------------------------------------------------------------------------
create table public.recording_annotations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- 'gsm' = public.calls, 'voice' = public.voice_calls (as call_history names them)
  call_kind text not null check (call_kind in ('gsm', 'voice')),
  call_id uuid not null,
  notes text not null default '' check (char_length(notes) <= 10000),
  tags text[] not null default '{}' check (private.valid_recording_tags(tags)),
  rubric jsonb not null default '{}' check (private.valid_recording_rubric(rubric)),
  -- when the writer made the edit (its clock, clamped to the server's): decides who wins
  edited_at timestamptz not null,
  -- when the server stored it
  updated_at timestamptz not null default now(),
  constraint recording_annotations_one_per_call unique (user_id, call_kind, call_id)
);
create index recording_annotations_call_idx on public.recording_annotations (call_kind, call_id);
alter table public.recording_annotations enable row level security;
revoke all on table public.recording_annotations from public, anon, authenticated;
grant select on table public.recording_annotations to authenticated;
grant select, insert, update, delete on table public.recording_annotations to service_role;
create policy "owners can read their recording annotations" on public.recording_annotations
  for select to authenticated using (user_id = (select auth.uid()));
-- Writes go through sync_recording_annotation only (no insert/update/delete grant to clients).

-- Last writer wins by the client's edit time. A writer's clock may be wrong: an edit "from the
-- future" is clamped to the server's time plus a minute, so one bad clock cannot win forever.
-- Returns the row that now stands and whether the caller's edit lost to a later one.
create or replace function private.sync_recording_annotation(
  p_call_kind text,
  p_call_id uuid,
  p_notes text,
  p_tags text[],
  p_rubric jsonb,
  p_edited_at timestamptz
) returns table (
  call_kind text,
  call_id uuid,
  notes text,
  tags text[],
  rubric jsonb,
  edited_at timestamptz,
  updated_at timestamptz,
  lost boolean
)
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  edit_time timestamptz := least(p_edited_at, now() + interval '1 minute');
  current public.recording_annotations;
begin
  if uid is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  if p_call_kind is null or p_call_id is null or p_edited_at is null then
    raise exception 'call_kind, call_id and edited_at are required' using errcode = '22023';
  end if;
  -- The call must be the caller's own (never trust an id the client wrote).
  if not (
    (p_call_kind = 'gsm' and exists (select 1 from public.calls c where c.id = p_call_id and c.user_id = uid))
    or (p_call_kind = 'voice' and exists (select 1 from public.voice_calls v where v.id = p_call_id and v.user_id = uid))
  ) then
    raise exception 'Call not found' using errcode = 'PT404';
  end if;

  select * into current from public.recording_annotations a
   where a.user_id = uid and a.call_kind = p_call_kind and a.call_id = p_call_id
   for update;
  if found and current.edited_at > edit_time then
    return query select current.call_kind, current.call_id, current.notes, current.tags, current.rubric,
                        current.edited_at, current.updated_at, true;
    return;
  end if;

  insert into public.recording_annotations as a (user_id, call_kind, call_id, notes, tags, rubric, edited_at, updated_at)
  values (uid, p_call_kind, p_call_id, coalesce(p_notes, ''), coalesce(p_tags, '{}'), coalesce(p_rubric, '{}'),
          edit_time, now())
  on conflict on constraint recording_annotations_one_per_call do update
    set notes = excluded.notes, tags = excluded.tags, rubric = excluded.rubric,
        edited_at = excluded.edited_at, updated_at = excluded.updated_at
  returning * into current;
  return query select current.call_kind, current.call_id, current.notes, current.tags, current.rubric,
                      current.edited_at, current.updated_at, false;
end
$$;
revoke all on function private.sync_recording_annotation(text, uuid, text, text[], jsonb, timestamptz) from public, anon;
grant execute on function private.sync_recording_annotation(text, uuid, text, text[], jsonb, timestamptz)
  to authenticated;

-- The exposed entry point: runs as the caller and hands over to the definer above.
create or replace function public.sync_recording_annotation(
  call_kind text,
  call_id uuid,
  notes text,
  tags text[],
  rubric jsonb,
  edited_at timestamptz
) returns table (
  call_kind text,
  call_id uuid,
  notes text,
  tags text[],
  rubric jsonb,
  edited_at timestamptz,
  updated_at timestamptz,
  lost boolean
)
language sql security invoker set search_path = '' as $$
  select * from private.sync_recording_annotation($1, $2, $3, $4, $5, $6)
$$;
revoke all on function public.sync_recording_annotation(text, uuid, text, text[], jsonb, timestamptz) from public, anon;
grant execute on function public.sync_recording_annotation(text, uuid, text, text[], jsonb, timestamptz)
  to authenticated;
