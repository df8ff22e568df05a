-- Tool definitions have types. private.is_valid_function_definition checks the
-- frame only (a name, a parameters object, a properties object, a required array), while the admin
-- editor, the owner's wizard and the conversation core read one schema
-- (supabase/functions/_shared/contracts/tool-definition.ts): a description of text, parameters of
-- type object, each property an object of a known type with a text description and an enum of
-- texts on string parameters only. Anything else reached the model API and failed the turn there.
-- agents.tools entries are read by id (agent_for_turn joins the catalogue on `t ->> 'id'`) with an
-- object config merged over the catalogue's: an entry that is not such an object is refused.
-- tests/integration/contracts/tool-definitions.test.ts runs one table of cases through both sides.
-- Separate checks added NOT VALID, like the branding types: stored rows keep loading, every new
-- write is checked.

create or replace function private.has_typed_function_definition(definition jsonb) returns boolean
language sql immutable set search_path = '' as $$
  with frame as (
    select case jsonb_typeof(definition) when 'object' then definition else '{}' end as d
  ), parts as (
    select f.d,
           case jsonb_typeof(f.d -> 'parameters') when 'object' then f.d -> 'parameters' else '{}' end as p
      from frame f
  )
  -- coalesce: a check passes on null, and a missing key makes these comparisons null.
  select coalesce(jsonb_typeof(definition) = 'object'
     and jsonb_typeof(x.d -> 'name') = 'string'
     and jsonb_typeof(x.d -> 'description') = 'string'
     and char_length(x.d ->> 'description') <= 1000
     and x.p -> 'type' = '"object"'::jsonb
     and jsonb_typeof(x.p -> 'properties') = 'object'
     and jsonb_typeof(x.p -> 'required') = 'array'
     and not exists (
       select 1 from jsonb_array_elements(case jsonb_typeof(x.p -> 'required') when 'array' then x.p -> 'required' else '[]' end) r
        where jsonb_typeof(r) <> 'string')
     and not exists (
       select 1
         from jsonb_each(case jsonb_typeof(x.p -> 'properties') when 'object' then x.p -> 'properties' else '{}' end) e(key, value)
        where e.key !~ '^[a-zA-Z0-9_-]{1,64}$'
           or jsonb_typeof(e.value) <> 'object'
           or jsonb_typeof(e.value -> 'type') is distinct from 'string'
           or (e.value ->> 'type') not in ('string', 'number', 'boolean', 'array', 'object')
           or coalesce(jsonb_typeof(e.value -> 'description'), 'string') <> 'string'
           or char_length(coalesce(e.value ->> 'description', '')) > 1000
           or (e.value ? 'enum' and (
                 e.value ->> 'type' <> 'string'
                 or jsonb_typeof(e.value -> 'enum') <> 'array'
                 or jsonb_array_length(case jsonb_typeof(e.value -> 'enum') when 'array' then e.value -> 'enum' else '[]' end) > 100
                 or exists (
                   select 1
                     from jsonb_array_elements(case jsonb_typeof(e.value -> 'enum') when 'array' then e.value -> 'enum' else '[]' end) v
                    where jsonb_typeof(v) <> 'string' or char_length(v #>> '{}') not between 1 and 200)))), false)
    from parts x
$$;

create or replace function private.is_valid_agent_tools(tools jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_typeof(tools) = 'array', false)
     and not exists (
       select 1 from jsonb_array_elements(case jsonb_typeof(tools) when 'array' then tools else '[]' end) t
        where jsonb_typeof(t) <> 'object'
           or jsonb_typeof(t -> 'id') is distinct from 'string'
           or (t ->> 'id') !~ '^[a-z0-9_]{1,64}$'
           or coalesce(jsonb_typeof(t -> 'config'), 'object') <> 'object'
           or coalesce(jsonb_typeof(t -> 'type'), 'string') <> 'string'
           or coalesce(t ->> 'type', 'system') not in ('system', 'custom')
           or exists (
             select 1 from unnest(array['name', 'description', 'icon', 'created_at', 'updated_at']) k(key)
              where coalesce(jsonb_typeof(t -> k.key), 'string') <> 'string'))
$$;

revoke all on function private.has_typed_function_definition(jsonb), private.is_valid_agent_tools(jsonb) from public;
-- Check constraints run with the writing role's privileges (owners and admins through PostgREST).
grant execute on function private.has_typed_function_definition(jsonb), private.is_valid_agent_tools(jsonb)
  to authenticated, service_role;

alter table public.tool_catalogue add constraint tool_catalogue_function_definition_types
  check (private.has_typed_function_definition(function_definition)) not valid;
alter table public.agents add constraint agents_tools_entries
  check (private.is_valid_agent_tools(tools)) not valid;
