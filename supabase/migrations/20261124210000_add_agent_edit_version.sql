-- Two tabs editing the same agent: the second save must not silently win.
--
-- agents.version counts the row's updates. An editor reads it with the row and sends it back with
-- its save as "the version I edited"; this trigger refuses the update when the row has moved on
-- since (SQLSTATE PT409, answered as HTTP 409 by PostgREST), whoever the caller is (owner, admin,
-- service role). An update that does not name a version (avatar upload, deploy toggles, server
-- functions) is not checked; it still bumps the version, so an editor open elsewhere learns of it.
-- Overwriting after a conflict is a save that names the current version again: a deliberate choice.

alter table public.agents add column version bigint not null default 1;
comment on column public.agents.version is
  'Edit counter: +1 on every update. An update that sets it must set the value it read, else PT409 (conflict).';

create or replace function private.check_agent_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    return new;
  end if;
  if new.version is distinct from old.version then
    raise exception 'This agent was changed elsewhere since it was loaded (version % expected, % current)',
        new.version, old.version
      using errcode = 'PT409', hint = 'agent_edit_conflict',
            detail = jsonb_build_object('expected', new.version, 'current', old.version)::text;
  end if;
  new.version := old.version + 1;
  return new;
end
$$;
-- "agents_a..." sorts before the other before-triggers: a stale save is refused before any work.
create trigger agents_a_check_version before insert or update on public.agents
  for each row execute function private.check_agent_version();

revoke all on function private.check_agent_version() from public;
-- Owners state the version they edited (the column grant is per column on agents).
grant update (version) on table public.agents to authenticated;
