-- Branding editor: Postgres refuses what the editor refuses, so a
-- hand-made request cannot store what the public page would then have to guess about.
-- On top of 20261121193200: Open Graph / Twitter text lengths; every video an object whose id is
-- an 11-character YouTube id; every social link one of the eight networks with an https URL;
-- albums named, their images with http(s) URLs; tracking entries {enabled boolean, value text}
-- whose value, when set, has the provider's format (the same formats the public site checks
-- before writing it into a script), and an enabled entry needs a value.

create or replace function private.is_valid_branding(branding jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(branding) = 'object'
     and coalesce(branding ->> 'primary_color', '#000000') ~ '^#[0-9a-fA-F]{6}$'
     and coalesce(branding ->> 'secondary_color', '#000000') ~ '^#[0-9a-fA-F]{6}$'
     and coalesce(branding ->> 'font_family', 'inter') in ('inter', 'roboto', 'poppins', 'open-sans')
     and char_length(coalesce(branding ->> 'hero_title', '')) <= 100
     and char_length(coalesce(branding ->> 'hero_subtitle', '')) <= 100
     and char_length(coalesce(branding ->> 'meta_title', '')) <= 70
     and char_length(coalesce(branding ->> 'meta_description', '')) <= 170
     and char_length(coalesce(branding ->> 'og_title', '')) <= 200
     and char_length(coalesce(branding ->> 'twitter_title', '')) <= 200
     and char_length(coalesce(branding ->> 'og_description', '')) <= 500
     and char_length(coalesce(branding ->> 'twitter_description', '')) <= 500
     and char_length(coalesce(branding ->> 'about_text', '')) <= 50000
     and char_length(coalesce(branding ->> 'custom_css', '')) <= 20000
     and case jsonb_typeof(coalesce(branding -> 'social_links', '[]'::jsonb))
           when 'array' then jsonb_array_length(coalesce(branding -> 'social_links', '[]'::jsonb)) <= 5 else false end
     and case jsonb_typeof(coalesce(branding -> 'youtube_videos', '[]'::jsonb))
           when 'array' then jsonb_array_length(coalesce(branding -> 'youtube_videos', '[]'::jsonb)) <= 10 else false end
     and jsonb_typeof(coalesce(branding -> 'albums', '[]'::jsonb)) = 'array'
     and jsonb_typeof(coalesce(branding -> 'content_images', '[]'::jsonb)) = 'array'
     and jsonb_typeof(coalesce(branding -> 'integrations', '{}'::jsonb)) = 'object'
     -- the arrays are known to be arrays here (and is evaluated left to right only by intent, so
     -- each element test guards its own type instead of relying on it)
     and not exists (
       select 1 from jsonb_array_elements(case jsonb_typeof(branding -> 'youtube_videos')
                                            when 'array' then branding -> 'youtube_videos' else '[]' end) v
       where jsonb_typeof(v) <> 'object'
          or coalesce(v ->> 'id', '') !~ '^[A-Za-z0-9_-]{11}$'
          or char_length(coalesce(v ->> 'url', '')) > 2048
          or char_length(coalesce(v ->> 'title', '')) > 300
          or char_length(coalesce(v ->> 'author_name', '')) > 300)
     and not exists (
       select 1 from jsonb_array_elements(case jsonb_typeof(branding -> 'social_links')
                                            when 'array' then branding -> 'social_links' else '[]' end) l
       where jsonb_typeof(l) <> 'object'
          or coalesce(l ->> 'type', '') not in
             ('facebook', 'twitter', 'instagram', 'linkedin', 'youtube', 'tiktok', 'pinterest', 'snapchat')
          or coalesce(l ->> 'url', '') !~ '^https://[^\s/?#]+\.[^\s]+$'
          or char_length(l ->> 'url') > 2048)
     and not exists (
       select 1 from jsonb_array_elements(case jsonb_typeof(branding -> 'albums')
                                            when 'array' then branding -> 'albums' else '[]' end) a
       where jsonb_typeof(a) <> 'object'
          or char_length(btrim(coalesce(a ->> 'name', ''))) not between 1 and 100
          or jsonb_typeof(coalesce(a -> 'images', '[]'::jsonb)) <> 'array'
          or exists (
            select 1 from jsonb_array_elements(case jsonb_typeof(a -> 'images')
                                                 when 'array' then a -> 'images' else '[]' end) i
            where jsonb_typeof(i) <> 'object'
               or coalesce(i ->> 'url', '') !~ '^https?://'
               or char_length(i ->> 'url') > 2048
               or char_length(coalesce(i ->> 'alt', '')) > 300))
     and not exists (
       select 1
       from (values ('google_analytics', '^(G|UA|AW)-[A-Z0-9-]{4,20}$'),
                    ('google_tag_manager', '^GTM-[A-Z0-9]{4,12}$'),
                    ('meta_pixel', '^[0-9]{6,20}$')) as f(key, format)
       cross join lateral (select case jsonb_typeof(branding -> 'integrations')
                                    when 'object' then branding -> 'integrations' -> f.key end as entry) e
       where e.entry is not null
         and (jsonb_typeof(e.entry) <> 'object'
              or jsonb_typeof(coalesce(e.entry -> 'enabled', 'false'::jsonb)) <> 'boolean'
              or jsonb_typeof(coalesce(e.entry -> 'value', '""'::jsonb)) <> 'string'
              or (coalesce(e.entry ->> 'value', '') <> '' and (e.entry ->> 'value') !~ f.format)
              or ((e.entry ->> 'enabled')::boolean and coalesce(e.entry ->> 'value', '') = '')))
$$;
