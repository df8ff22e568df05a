-- Interaction texts have types. private.check_interaction reads url_title and
-- url_description with `->>`, which turns a number or an object into text, so `{"url_title": 5}`
-- passed while the console, the conversation core and the contract schema
-- (supabase/functions/_shared/contracts/interactions.ts) only know texts. And instructions that
-- are not an array failed inside check_interaction's jsonb_array_elements (22023) instead of
-- being refused as a check violation like every other bad value.
-- A second trigger rather than a restated check_interaction: triggers of one event fire in name
-- order, so interactions_check_arrays_and_texts runs before interactions_check_config. A trigger
-- only sees new writes: stored rows keep loading.
-- tests/integration/contracts/interactions.test.ts runs one table of cases through both sides.

create or replace function private.check_interaction_types() returns trigger
language plpgsql set search_path = '' as $$
begin
  if jsonb_typeof(new.instructions) is distinct from 'array' then
    raise exception 'instructions must be a list' using errcode = 'check_violation';
  end if;
  if new.type = 'share_url'
     and (coalesce(jsonb_typeof(new.config -> 'url_title'), 'string') <> 'string'
          or coalesce(jsonb_typeof(new.config -> 'url_description'), 'string') <> 'string') then
    raise exception 'url_title and url_description must be texts' using errcode = 'check_violation';
  end if;
  return new;
end
$$;
revoke all on function private.check_interaction_types() from public;

create trigger interactions_check_arrays_and_texts before insert or update on public.interactions
  for each row execute function private.check_interaction_types();
