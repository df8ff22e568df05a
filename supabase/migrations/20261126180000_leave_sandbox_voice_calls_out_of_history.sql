-- Call history leaves out the owner's own browser voice tests as it leaves out their phone tests:
-- since 20261126160100 voice_calls.source says 'sandbox' for them (not rated, not counted in the
-- dashboards), and a list of the calls people made should not show them either. The recordings
-- library walks this list, so it no longer offers them for download. Same signature and body as
-- 20261125170100 otherwise.
create or replace function public.call_history(
  agent uuid default null,
  search text default null,
  since timestamptz default null,
  until timestamptz default null,
  before_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 20
) returns table (
  kind text,
  id uuid,
  agent_id uuid,
  agent_name text,
  from_number text,
  to_number text,
  status text,
  duration integer,
  started_at timestamptz,
  recording_path text,
  recording_mime text,
  conversation_id uuid
)
language plpgsql stable set search_path = '' as $$
begin
  -- EXECUTE plans each call with its values, so the cursor, dates and agent bound the index scans
  -- (a generic plan of `param is null or …` cannot). A browser call has no number: only the agent's
  -- name can match it.
  return query execute $q$
    with p as (
      select (select auth.uid()) as uid,
             nullif(trim(coalesce($2, '')), '') as q,
             case when trim(coalesce($2, '')) ~ '^\+?[0-9][0-9 ().-]*$' then private.phone_digits($2) end as digits
    ),
    named as (
      select a.id from public.agents a, p
       where p.q is not null and a.user_id = p.uid and a.name ilike private.contains_pattern(p.q)
    ),
    gsm as (
      select c.id, c.assigned_agent, c.from_number, c.to_number, c.status, c.duration, c."timestamp" as at,
             c.recording_path, c.conversation_id
        from public.calls c, p
       where c.user_id = (select auth.uid()) and c.status = 'completed'
         -- the owner's own "call as a phone caller" tests are not calls anyone made
         and c.source <> 'sandbox'
         and ($1 is null or c.assigned_agent = $1)
         and c."timestamp" >= coalesce($3, '-infinity') and c."timestamp" < coalesce($4, 'infinity')
         and c."timestamp" <= coalesce($5, 'infinity')
         and (c."timestamp" < coalesce($5, 'infinity') or c.id < coalesce($6, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
         and (p.q is null
              or (p.digits is not null and c.from_number like private.contains_pattern(p.digits))
              or c.assigned_agent in (select named.id from named))
       order by c."timestamp" desc, c.id desc
       limit least(greatest(coalesce($7, 20), 1), 100)
    ),
    voice as (
      select v.id, v.agent_id, v.status, v.duration, v.created_at as at, v.storage_path, v.mime_type, v.conversation_id
        from public.voice_calls v, p
       where v.user_id = (select auth.uid()) and v.status = 'completed'
         -- the owner's own test calls from the console sandbox are not calls anyone made
         and v.source <> 'sandbox'
         and ($1 is null or v.agent_id = $1)
         and v.created_at >= coalesce($3, '-infinity') and v.created_at < coalesce($4, 'infinity')
         and v.created_at <= coalesce($5, 'infinity')
         and (v.created_at < coalesce($5, 'infinity') or v.id < coalesce($6, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
         and (p.q is null or v.agent_id in (select named.id from named))
       order by v.created_at desc, v.id desc
       limit least(greatest(coalesce($7, 20), 1), 100)
    ),
    merged as (
      select 'gsm'::text as kind, g.id, g.assigned_agent as agent_id, g.from_number, g.to_number, g.status,
             g.duration, g.at, g.recording_path, null::text as recording_mime, g.conversation_id
        from gsm g
      union all
      select 'voice', v.id, v.agent_id, null, null, v.status, v.duration, v.at, v.storage_path, v.mime_type,
             v.conversation_id
        from voice v
    )
    select m.kind, m.id, m.agent_id, a.name, m.from_number, m.to_number, m.status, m.duration, m.at,
           m.recording_path, m.recording_mime, m.conversation_id
      from merged m left join public.agents a on a.id = m.agent_id
     order by m.at desc, m.id desc
     limit least(greatest(coalesce($7, 20), 1), 100)
  $q$
  using agent, search, since, until, before_at, before_id, page_size;
end
$$;
