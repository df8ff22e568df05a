-- The `storage` schema as hosted Supabase Storage leaves it after its tenant migrations:
-- the tables app migrations insert buckets into and write policies on, the helper functions those
-- policies call, and the guard that keeps plain SQL from deleting rows whose bytes live on disk.
-- Depends only on 00_roles.sql (roles, auth.uid()); never on auth tables.

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED'
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  archived_at timestamptz,
  is_delete_marker boolean default false,
  is_versioned boolean default false,
  constraint objects_bucket_id_name_key unique (bucket_id, name)
);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- As hosted: every API role holds all privileges, policies decide (with none, only service_role,
-- which bypasses RLS, sees anything).
grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.operation() returns text language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end
$$;

create or replace function storage.update_updated_at_column() returns trigger language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Rows of storage.objects point at bytes on disk; deleting them with plain SQL would orphan the
-- bytes, so (as hosted) only transactions opened by the Storage API, which set
-- storage.allow_delete_query, may delete.
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using errcode = '42501',
            hint = 'This prevents accidental data loss from orphaned objects.';
  end if;
  return null;
end
$$;

drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();

-- One level of a bucket listing, as `POST /object/list/{bucket}` returns it: the sub-folders under
-- `prefix` (one row each, id and timestamps null) and the files directly under it. `prefix` must be
-- '' or end with '/'; `levels` = segments in prefix + 1; `search` narrows to names starting with it
-- (case-insensitive). Sorted by name, folders and files together; by another column, folders come
-- first. SECURITY INVOKER, so the caller's RLS SELECT policies decide what is listed.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
) language plpgsql stable as $$
declare
  v_order text := case when lower(sortorder) = 'desc' then 'desc' else 'asc' end;
  v_column text := case when lower(sortcolumn) in ('name', 'updated_at', 'created_at', 'last_accessed_at')
                        then lower(sortcolumn) else 'name' end;
  v_pattern text := replace(replace(replace(coalesce(prefix, '') || coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  return query execute format(
    'with matching as (
       select o.path_tokens, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
       from storage.objects o
       where o.bucket_id = $1 and o.name ilike $2
     ), entries as (
       select distinct m.path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
       from matching m where array_length(m.path_tokens, 1) > $3
       union all
       select m.path_tokens[$3], m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata, 1
       from matching m where array_length(m.path_tokens, 1) = $3
     )
     select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata from entries e
     order by %1$s, e.%2$I %3$s, e.name %3$s
     limit $4 offset $5',
    case when v_column = 'name' then 'e.kind * 0' else 'e.kind' end, v_column, v_order
  ) using bucketname, v_pattern, levels, limits, offsets;
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text),
  storage.operation(), storage.search(text, text, int, int, int, text, text, text)
  to anon, authenticated, service_role;
