-- Storage buckets the product uses, with their limits, and per-owner-folder policies: every object
-- name starts with the owner's user id ({user_id}/...), so one indexed-free comparison on the first
-- path segment decides. Public buckets serve public pages by URL; reading through the API,
-- listing and writing still need the owner. Recordings are written by functions (service role).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('agent-media', 'agent-media', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('knowledge', 'knowledge', false, 20971520, array['application/pdf', 'text/csv', 'text/plain',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document']),
  ('recordings', 'recordings', false, 209715200, array['audio/mp4', 'audio/m4a', 'audio/x-m4a', 'audio/mpeg',
    'audio/webm', 'audio/ogg', 'audio/wav', 'audio/x-wav']),
  ('interaction-documents', 'interaction-documents', false, 10485760, array['application/pdf', 'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain', 'image/png', 'image/jpeg'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "owners can read files in their own folder" on storage.objects for select to authenticated
  using (bucket_id in ('avatars', 'agent-media', 'knowledge', 'recordings', 'interaction-documents')
         and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "owners can upload files to their own folder" on storage.objects for insert to authenticated
  with check (bucket_id in ('avatars', 'agent-media', 'knowledge', 'interaction-documents')
              and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "owners can replace files in their own folder" on storage.objects for update to authenticated
  using (bucket_id in ('avatars', 'agent-media', 'knowledge', 'interaction-documents')
         and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('avatars', 'agent-media', 'knowledge', 'interaction-documents')
              and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "owners can delete files in their own folder" on storage.objects for delete to authenticated
  using (bucket_id in ('avatars', 'agent-media', 'knowledge', 'interaction-documents')
         and (storage.foldername(name))[1] = (select auth.uid())::text);
