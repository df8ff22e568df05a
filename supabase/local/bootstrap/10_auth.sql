-- The `auth` schema as GoTrue (supabase/auth v2.18x) leaves it after all its migrations
--, written out by hand. Same table and column names, so app migrations can add
-- triggers on auth.users, FKs to auth.users(id), and seeds can insert users and identities directly.
-- The local auth service (supabase/local/auth) reads and writes these tables as the superuser.

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'aal_level') then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'code_challenge_method') then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'factor_type') then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'factor_status') then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'one_time_token_type') then
    create type auth.one_time_token_type as enum ('confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'oauth_registration_type') then
    create type auth.oauth_registration_type as enum ('dynamic', 'manual');
  end if;
end
$$;

create table auth.schema_migrations (version varchar(255) primary key);
-- The last GoTrue migration the hand-written shape corresponds to.
insert into auth.schema_migrations (version) values ('20250804100000');

create table auth.instances (
  id uuid primary key,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz
);

create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
comment on column auth.users.is_sso_user is 'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';
create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index users_instance_id_idx on auth.users (instance_id);
create index users_instance_id_email_idx on auth.users (instance_id, lower((email)::text));
create index users_is_anonymous_idx on auth.users (is_anonymous);
create unique index confirmation_token_idx on auth.users (confirmation_token) where ((confirmation_token)::text !~ '^[0-9 ]*$');
create unique index recovery_token_idx on auth.users (recovery_token) where ((recovery_token)::text !~ '^[0-9 ]*$');
create unique index email_change_token_current_idx on auth.users (email_change_token_current) where ((email_change_token_current)::text !~ '^[0-9 ]*$');
create unique index email_change_token_new_idx on auth.users (email_change_token_new) where ((email_change_token_new)::text !~ '^[0-9 ]*$');
create unique index reauthentication_token_idx on auth.users (reauthentication_token) where ((reauthentication_token)::text !~ '^[0-9 ]*$');

create table auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index identities_user_id_idx on auth.identities (user_id);
create index identities_email_idx on auth.identities (email text_pattern_ops);

create table auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text
);
create index sessions_user_id_idx on auth.sessions (user_id);
create index user_id_created_at_idx on auth.sessions (user_id, created_at);
create index sessions_not_after_idx on auth.sessions (not_after desc);

create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create table auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  invite_token text,
  referrer text,
  oauth_client_state_id uuid,
  linking_target_id uuid,
  email_optional boolean not null default false
);
create index idx_auth_code on auth.flow_state (auth_code);
create index idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index flow_state_created_at_idx on auth.flow_state (created_at desc);

create table auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create unique index one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);
create index one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);

create table auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);
create index audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

create table auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where (trim(friendly_name) <> '');

create table auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);

create table auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table auth.sso_providers (
  id uuid primary key,
  resource_id text check (resource_id is null or char_length(resource_id) > 0),
  created_at timestamptz,
  updated_at timestamptz,
  disabled boolean
);

create table auth.sso_domains (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  domain text not null check (char_length(domain) > 0),
  created_at timestamptz,
  updated_at timestamptz
);

create table auth.saml_providers (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  entity_id text not null unique check (char_length(entity_id) > 0),
  metadata_xml text not null check (char_length(metadata_xml) > 0),
  metadata_url text check (metadata_url is null or char_length(metadata_url) > 0),
  attribute_mapping jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  name_id_format text
);

create table auth.saml_relay_states (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  request_id text not null check (char_length(request_id) > 0),
  for_email text,
  redirect_to text,
  created_at timestamptz,
  updated_at timestamptz,
  flow_state_id uuid references auth.flow_state (id) on delete cascade
);

create table auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text,
  client_uri text,
  logo_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type text not null default 'confidential'
);

create table auth.oauth_authorizations (
  id uuid primary key,
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null,
  scope text not null,
  state text,
  resource text,
  code_challenge text,
  code_challenge_method auth.code_challenge_method,
  response_type text not null default 'code',
  status text not null default 'pending',
  authorization_code text unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + interval '3 minutes'),
  approved_at timestamptz
);

create table auth.oauth_consents (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null,
  granted_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table auth.oauth_client_states (
  id uuid primary key,
  provider_type text not null,
  code_verifier text,
  created_at timestamptz not null
);

create table auth.custom_oauth_providers (
  id uuid primary key,
  identifier text not null unique,
  name text not null,
  client_id text not null,
  client_secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table auth.webauthn_credentials (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  friendly_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table auth.webauthn_challenges (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null,
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- Hosted grants: the auth tables belong to GoTrue's role; the API roles may use the schema's
-- helper functions (auth.uid() and friends, 00_roles.sql) but can read no table, and RLS is on
-- so even a stray grant exposes nothing.
do $$
declare t record;
begin
  for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'auth' and c.relkind = 'r' loop
    execute format('alter table auth.%I enable row level security', t.relname);
    execute format('revoke all on auth.%I from anon, authenticated, service_role, public', t.relname);
    execute format('grant all on auth.%I to supabase_auth_admin, dashboard_user', t.relname);
    execute format('grant select on auth.%I to postgres', t.relname);
  end loop;
end
$$;
grant all on schema auth to supabase_auth_admin, dashboard_user;
grant usage, select on all sequences in schema auth to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role, postgres;
