-- A fresh database shaped the way hosted Supabase hands it to a project before its first
-- migration, run by psql as the cluster's superuser `supabase_admin`. The embedded stack's
-- bootstrap files provide the platform roles and the auth and storage schemas; what follows each
-- one gives objects the owners and privileges the hosted platform gives them, above all a
-- `postgres` role that is NOT a superuser, as `supabase db push` connects.

\set ON_ERROR_STOP 1
set client_min_messages = warning;

-- postgres: the project's login role, demoted from superuser with the attributes the platform
-- keeps for it. It owns the database, hence the public schema (pg_database_owner).
create role postgres login createrole createdb replication bypassrls;
alter database postgres owner to postgres;
alter role postgres set search_path to "$user", public, extensions;

-- Platform roles, the extensions schema with its extensions, auth.uid() and friends, the realtime
-- publication.
\ir ../../../supabase/local/bootstrap/00_roles.sql

-- The API roles inherit (so a member of authenticated uses its grants) and postgres holds the
-- predefined roles the platform grants it.
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;
grant anon, authenticated, service_role, authenticator to supabase_storage_admin;

-- Extensions live in a schema postgres owns; the extensions themselves were created by the
-- platform's superuser (a project's `create extension if not exists` then finds them installed).
-- btree_gin is left to the migrations: it is a trusted extension that postgres may create itself.
alter schema extensions owner to postgres;
grant all on all tables in schema extensions to postgres with grant option;
grant all on all routines in schema extensions to postgres with grant option;
grant all on all sequences in schema extensions to postgres with grant option;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on routines to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;

-- What postgres creates in public is granted to the API roles by default; RLS then decides.
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Realtime's publication belongs to postgres, which adds its own tables to it.
alter publication supabase_realtime owner to postgres;

-- The CLI creates its bookkeeping schema itself, as postgres, on the first push.
drop schema supabase_migrations cascade;

-- auth: the schema belongs to supabase_admin, every object in it to GoTrue's role
-- supabase_auth_admin. postgres may use every table (triggers on auth.users included) but create
-- nothing there, and only read GoTrue's own migration list.
\ir ../../../supabase/local/bootstrap/10_auth.sql

do $$
declare
  o record;
begin
  for o in select c.relname from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'v', 'p') loop
    execute format('alter table auth.%I owner to supabase_auth_admin', o.relname);
  end loop;
  for o in select p.oid::regprocedure as fn from pg_proc p where p.pronamespace = 'auth'::regnamespace loop
    execute format('alter function %s owner to supabase_auth_admin', o.fn);
  end loop;
  for o in select t.typname from pg_type t where t.typnamespace = 'auth'::regnamespace and t.typtype = 'e' loop
    execute format('alter type auth.%I owner to supabase_auth_admin', o.typname);
  end loop;
end
$$;
revoke create on schema auth from postgres;
grant usage on schema auth to postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
revoke all on auth.schema_migrations from postgres;
grant select on auth.schema_migrations to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres, dashboard_user;

-- storage: the schema belongs to supabase_admin, every object in it to Storage's role
-- supabase_storage_admin. postgres may use every table and function, with grant option.
create schema storage authorization supabase_admin;
\ir ../../../supabase/local/bootstrap/20_storage.sql

do $$
declare
  o record;
begin
  for o in select c.relname from pg_class c where c.relnamespace = 'storage'::regnamespace and c.relkind in ('r', 'v', 'p') loop
    execute format('alter table storage.%I owner to supabase_storage_admin', o.relname);
  end loop;
  for o in select p.oid::regprocedure as fn from pg_proc p where p.pronamespace = 'storage'::regnamespace loop
    execute format('alter function %s owner to supabase_storage_admin', o.fn);
  end loop;
  for o in select t.typname from pg_type t where t.typnamespace = 'storage'::regnamespace and t.typtype = 'e' loop
    execute format('alter type storage.%I owner to supabase_storage_admin', o.typname);
  end loop;
end
$$;
grant all on schema storage to supabase_storage_admin;
grant usage on schema storage to postgres with grant option;
grant all on all tables in schema storage to postgres with grant option;
grant all on all sequences in schema storage to postgres with grant option;
grant all on all routines in schema storage to postgres with grant option;

-- Policies and triggers on the platform's tables. Hosted Postgres lets postgres create, replace and
-- drop policies (and drop triggers) on auth and storage tables it does not own through a narrow
-- grant that plain PostgreSQL has no equivalent of. Here postgres is a member of
-- supabase_storage_admin instead, and the event triggers below refuse everything that membership
-- allows beyond policies and triggers, as the platform does.
grant supabase_storage_admin to postgres;

create schema supabase_platform authorization supabase_admin;

create function supabase_platform.refuse_platform_schema_changes() returns event_trigger
language plpgsql set search_path = '' as $$
declare
  c record;
begin
  if session_user <> 'postgres' then
    return;
  end if;
  for c in select * from pg_catalog.pg_event_trigger_ddl_commands() loop
    if c.schema_name in ('auth', 'storage') and c.object_type not in ('policy', 'trigger') then
      raise exception 'permission denied: postgres may add only policies and triggers in schema %, not %',
        c.schema_name, c.command_tag || ' ' || c.object_identity
        using errcode = '42501';
    end if;
  end loop;
end
$$;

create function supabase_platform.refuse_platform_schema_drops() returns event_trigger
language plpgsql set search_path = '' as $$
declare
  d record;
begin
  if session_user <> 'postgres' then
    return;
  end if;
  for d in select * from pg_catalog.pg_event_trigger_dropped_objects() loop
    if d.schema_name in ('auth', 'storage') and d.object_type not in ('policy', 'trigger')
       and d.original then
      raise exception 'permission denied: postgres may drop only policies and triggers in schema %, not % %',
        d.schema_name, d.object_type, d.object_identity
        using errcode = '42501';
    end if;
  end loop;
end
$$;

create event trigger supabase_platform_ddl on ddl_command_end
  execute function supabase_platform.refuse_platform_schema_changes();
create event trigger supabase_platform_drops on sql_drop
  execute function supabase_platform.refuse_platform_schema_drops();
