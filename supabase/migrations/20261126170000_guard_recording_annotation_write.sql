-- sync_recording_annotation, race-free. The first version read the row
-- `for update` and then upserted unconditionally: with no row yet the read locks nothing, so two
-- first saves of the same call could both pass it and the later-arriving, older edit overwrote the
-- newer one. Now the write itself decides: the upsert only replaces a row whose edit is not newer
-- (`where a.edited_at <= excluded.edited_at`, checked on the row it locked), and when it changes
-- nothing the caller's edit lost and the standing row is returned. Same signature and grants.
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
  -- A writer's clock may be wrong: an edit "from the future" is clamped to now + 1 minute.
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

  insert into public.recording_annotations as a (user_id, call_kind, call_id, notes, tags, rubric, edited_at, updated_at)
  values (uid, p_call_kind, p_call_id, coalesce(p_notes, ''), coalesce(p_tags, '{}'), coalesce(p_rubric, '{}'),
          edit_time, now())
  on conflict on constraint recording_annotations_one_per_call do update
    set notes = excluded.notes, tags = excluded.tags, rubric = excluded.rubric,
        edited_at = excluded.edited_at, updated_at = excluded.updated_at
    where a.edited_at <= excluded.edited_at
  returning * into current;
  if found then
    return query select current.call_kind, current.call_id, current.notes, current.tags, current.rubric,
                        current.edited_at, current.updated_at, false;
    return;
  end if;

  -- A later edit stands (perhaps a concurrent first save that committed just before ours).
  select * into current from public.recording_annotations a
   where a.user_id = uid and a.call_kind = p_call_kind and a.call_id = p_call_id;
  return query select current.call_kind, current.call_id, current.notes, current.tags, current.rubric,
                      current.edited_at, current.updated_at, true;
end
$$;
revoke all on function private.sync_recording_annotation(text, uuid, text, text[], jsonb, timestamptz) from public, anon;
grant execute on function private.sync_recording_annotation(text, uuid, text, text[], jsonb, timestamptz)
  to authenticated;
