-- knowledge-ingest owns a document's processing columns. Its re-ingest guard
-- reads `status` ('processing' = busy), so an owner who could write status (the old column grant
-- had name, status, size_bytes, error) could flip a busy document back and start parallel runs
-- (duplicate chunks, paid embeddings twice), or mark a failed one as ready. Clients may only rename
-- a document; everything else is written by the function with the service role.
revoke update on table public.knowledge_documents from authenticated;
grant update (name) on table public.knowledge_documents to authenticated;
