-- Branding values have types. private.is_valid_branding reads texts with `->>`,
-- which turns any JSON value into text: a number as hero_title, an 11-digit number as a video id
-- or a number as an album name passed, while the console, the site and the contract schema
-- (supabase/functions/_shared/contracts/branding.ts, brandingSchema) only know strings. Texts are
-- now strings (or null, read as absent) wherever the contract reads a string;
-- tests/integration/contracts/json-columns.test.ts runs one table of cases through both.
-- A separate check rather than a restated is_valid_branding, added NOT VALID: rows stored before
-- keep loading, and every new write is checked.

create or replace function private.has_typed_branding(branding jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(branding) <> 'object' or (
    not exists (
      select 1
      from unnest(array['primary_color', 'secondary_color', 'font_family', 'hero_title', 'hero_subtitle',
                        'meta_title', 'meta_description', 'og_title', 'twitter_title', 'og_description',
                        'twitter_description', 'about_text', 'custom_css', 'description']) as k(key)
      where jsonb_typeof(branding -> k.key) not in ('string', 'null'))
    and not exists (
      select 1 from jsonb_array_elements(case jsonb_typeof(branding -> 'youtube_videos')
                                           when 'array' then branding -> 'youtube_videos' else '[]' end) v
      where jsonb_typeof(v) = 'object'
        and (jsonb_typeof(v -> 'id') is distinct from 'string'
             or jsonb_typeof(v -> 'url') not in ('string', 'null')
             or jsonb_typeof(v -> 'title') not in ('string', 'null')
             or jsonb_typeof(v -> 'author_name') not in ('string', 'null')))
    and not exists (
      select 1 from jsonb_array_elements(case jsonb_typeof(branding -> 'albums')
                                           when 'array' then branding -> 'albums' else '[]' end) a
      where jsonb_typeof(a) = 'object'
        and (jsonb_typeof(a -> 'name') is distinct from 'string'
             or exists (
               select 1 from jsonb_array_elements(case jsonb_typeof(a -> 'images')
                                                    when 'array' then a -> 'images' else '[]' end) i
               where jsonb_typeof(i) = 'object'
                 and (jsonb_typeof(i -> 'url') is distinct from 'string'
                      or jsonb_typeof(i -> 'alt') not in ('string', 'null')))))
  )
$$;

revoke all on function private.has_typed_branding(jsonb) from public;
grant execute on function private.has_typed_branding(jsonb) to authenticated, service_role;

alter table public.agents add constraint agents_branding_types
  check (private.has_typed_branding(branding)) not valid;
