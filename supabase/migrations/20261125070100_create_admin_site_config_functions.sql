-- Site SEO: an admin merge-writes the one 'default' row through
-- update_site_config(); the console and landing servers inject it into the HTML they serve. The
-- favicon is uploaded to the public 'site-assets' bucket, which only admins write.

-- Links written into every served page: absolute http(s) URLs only (no javascript:, data:).
create or replace function private.is_site_url(value text) returns boolean
language sql immutable set search_path = '' as $$
  select value is null or value ~ '^https?://[^\s"''<>]+$'
$$;

create or replace function public.update_site_config(config jsonb) returns public.site_config
language plpgsql security definer set search_path = '' as $$
declare
  field text;
  saved public.site_config;
begin
  if not private.is_admin() then
    raise exception 'Only an admin can change the site configuration' using errcode = '42501';
  end if;
  if jsonb_typeof(update_site_config.config) is distinct from 'object' then
    raise exception 'config must be an object' using errcode = '22023';
  end if;
  for field in select jsonb_object_keys(update_site_config.config) loop
    if field not in ('meta_title', 'meta_description', 'og_title', 'og_description', 'og_image', 'favicon',
                     'twitter_card', 'twitter_title', 'twitter_description', 'twitter_image') then
      raise exception 'unknown field %', field using errcode = '22023';
    end if;
    if jsonb_typeof(update_site_config.config -> field) not in ('string', 'null') then
      raise exception '% must be text', field using errcode = '22023';
    end if;
  end loop;
  insert into public.site_config (id) values ('default') on conflict (id) do nothing;
  -- Merge: a field absent from `config` keeps its value; an empty text clears it.
  update public.site_config c set
    meta_title = case when update_site_config.config ? 'meta_title' then nullif(btrim(update_site_config.config ->> 'meta_title'), '') else c.meta_title end,
    meta_description = case when update_site_config.config ? 'meta_description' then nullif(btrim(update_site_config.config ->> 'meta_description'), '') else c.meta_description end,
    og_title = case when update_site_config.config ? 'og_title' then nullif(btrim(update_site_config.config ->> 'og_title'), '') else c.og_title end,
    og_description = case when update_site_config.config ? 'og_description' then nullif(btrim(update_site_config.config ->> 'og_description'), '') else c.og_description end,
    og_image = case when update_site_config.config ? 'og_image' then nullif(btrim(update_site_config.config ->> 'og_image'), '') else c.og_image end,
    favicon = case when update_site_config.config ? 'favicon' then nullif(btrim(update_site_config.config ->> 'favicon'), '') else c.favicon end,
    twitter_card = case when update_site_config.config ? 'twitter_card' then coalesce(nullif(btrim(update_site_config.config ->> 'twitter_card'), ''), 'summary_large_image') else c.twitter_card end,
    twitter_title = case when update_site_config.config ? 'twitter_title' then nullif(btrim(update_site_config.config ->> 'twitter_title'), '') else c.twitter_title end,
    twitter_description = case when update_site_config.config ? 'twitter_description' then nullif(btrim(update_site_config.config ->> 'twitter_description'), '') else c.twitter_description end,
    twitter_image = case when update_site_config.config ? 'twitter_image' then nullif(btrim(update_site_config.config ->> 'twitter_image'), '') else c.twitter_image end
  where c.id = 'default'
  returning c.* into saved;
  if not (private.is_site_url(saved.og_image) and private.is_site_url(saved.favicon) and private.is_site_url(saved.twitter_image)) then
    raise exception 'Images and the favicon must be http(s) addresses' using errcode = '22023';
  end if;
  return saved;
end
$$;

-- The same URL rule for direct writes (admins keep their table grants).
alter table public.site_config add constraint site_config_urls_are_http
  check (private.is_site_url(og_image) and private.is_site_url(favicon) and private.is_site_url(twitter_image));

revoke all on function public.update_site_config(jsonb) from public, anon, authenticated;
grant execute on function public.update_site_config(jsonb) to authenticated;
revoke all on function private.is_site_url(text) from public;
-- Check constraints run with the writing role's privileges.
grant execute on function private.is_site_url(text) to authenticated, service_role;

-- The favicon (and any site image): public bucket, small images only, written by admins only.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('site-assets', 'site-assets', true, 1048576,
   array['image/png', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "admins can read site assets" on storage.objects for select to authenticated
  using (bucket_id = 'site-assets' and (select private.is_admin()));
create policy "admins can upload site assets" on storage.objects for insert to authenticated
  with check (bucket_id = 'site-assets' and (select private.is_admin()));
create policy "admins can replace site assets" on storage.objects for update to authenticated
  using (bucket_id = 'site-assets' and (select private.is_admin()))
  with check (bucket_id = 'site-assets' and (select private.is_admin()));
create policy "admins can delete site assets" on storage.objects for delete to authenticated
  using (bucket_id = 'site-assets' and (select private.is_admin()));
