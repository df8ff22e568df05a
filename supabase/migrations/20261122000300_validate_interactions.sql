-- Interactions: the config shape per type is enforced here, not only in
-- the console, because the conversation engine acts on it with the service role (it signs URLs for
-- `storage_path` and sends `url` to visitors).
--   share_document {file_name, file_size, storage_path, send_email, send_whatsapp}
--   share_url      {url, url_title, url_description, send_url_email, send_url_whatsapp}
-- Drafts are allowed (the console autosaves while the owner is still filling the dialog): an empty
-- url or no file yet is fine, but whatever is filled must be valid, and an enabled interaction
-- needs at least one delivery channel. A document must sit in the owner's own folder of the
-- private interaction-documents bucket (10 MB; pdf, doc, docx, txt, png, jpg, jpeg; enforced by the bucket too).

create or replace function private.check_interaction() returns trigger
language plpgsql set search_path = '' as $$
declare
  c jsonb := new.config;
  item jsonb;
  path text;
begin
  if new.type not in ('share_document', 'share_url') then
    raise exception 'interaction type % is not supported', new.type using errcode = 'check_violation';
  end if;
  for item in select value from jsonb_array_elements(new.instructions) loop
    if jsonb_typeof(item) <> 'object' or jsonb_typeof(item -> 'value') is distinct from 'string'
       or char_length(item ->> 'value') > 2000 then
      raise exception 'each instruction must be an object with a text value of at most 2000 characters'
        using errcode = 'check_violation';
    end if;
  end loop;

  if new.type = 'share_url' then
    if coalesce(jsonb_typeof(c -> 'url'), 'string') <> 'string'
       or (coalesce(c ->> 'url', '') <> '' and ((c ->> 'url') !~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$'
           or char_length(c ->> 'url') > 2048)) then
      raise exception 'url must be a valid http or https address' using errcode = 'check_violation';
    end if;
    if char_length(coalesce(c ->> 'url_title', '')) > 200 or char_length(coalesce(c ->> 'url_description', '')) > 1000 then
      raise exception 'url title (200) or description (1000) is too long' using errcode = 'check_violation';
    end if;
    if coalesce(jsonb_typeof(c -> 'send_url_email'), 'boolean') <> 'boolean'
       or coalesce(jsonb_typeof(c -> 'send_url_whatsapp'), 'boolean') <> 'boolean' then
      raise exception 'send_url_email and send_url_whatsapp must be booleans' using errcode = 'check_violation';
    end if;
    if new.enabled and not (coalesce((c ->> 'send_url_email')::boolean, false)
                            or coalesce((c ->> 'send_url_whatsapp')::boolean, false)) then
      raise exception 'Select at least one channel' using errcode = 'check_violation';
    end if;
  else
    if coalesce(jsonb_typeof(c -> 'file_size'), 'number') <> 'number'
       or coalesce((c ->> 'file_size')::numeric, 0) not between 0 and 10485760 then
      raise exception 'The file must not exceed 10MB' using errcode = 'check_violation';
    end if;
    if coalesce(jsonb_typeof(c -> 'file_name'), 'string') <> 'string'
       or char_length(coalesce(c ->> 'file_name', '')) > 255
       or (coalesce(c ->> 'file_name', '') <> '' and lower(c ->> 'file_name') !~ '\.(pdf|doc|docx|txt|png|jpg|jpeg)$') then
      raise exception 'Unsupported file type' using errcode = 'check_violation';
    end if;
    path := c ->> 'storage_path';
    if coalesce(jsonb_typeof(c -> 'storage_path'), 'string') <> 'string'
       or (coalesce(path, '') <> '' and (not starts_with(path, new.user_id::text || '/') or path like '%..%'
           or char_length(path) > 1024)) then
      raise exception 'storage_path must be in the owner''s folder' using errcode = 'check_violation';
    end if;
    if coalesce(jsonb_typeof(c -> 'send_email'), 'boolean') <> 'boolean'
       or coalesce(jsonb_typeof(c -> 'send_whatsapp'), 'boolean') <> 'boolean' then
      raise exception 'send_email and send_whatsapp must be booleans' using errcode = 'check_violation';
    end if;
    if new.enabled and not (coalesce((c ->> 'send_email')::boolean, false)
                            or coalesce((c ->> 'send_whatsapp')::boolean, false)) then
      raise exception 'Select at least one channel' using errcode = 'check_violation';
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.check_interaction() from public;

create trigger interactions_check_config before insert or update on public.interactions
  for each row execute function private.check_interaction();
