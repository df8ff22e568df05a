-- Full-text half of retrieval at scale (p95 <= 25 ms at 100k chunks).
-- match_knowledge_chunks filters chunks by agent AND full-text match. With a GIN index on fts alone
-- and a btree on agent_id, the planner (which cannot see the query text inside the function) ANDed
-- two bitmaps: every chunk of the agent (100k) and every chunk of any agent matching the words.
-- One GIN index over (agent_id, fts) -- btree_gin gives GIN the uuid equality -- answers both
-- conditions in a single index scan, so the cost follows the agent's matches, not the table.
create extension if not exists btree_gin with schema extensions;

create index knowledge_chunks_agent_fts_idx on public.knowledge_chunks using gin (agent_id, fts);
-- The single-column index served only this query; the composite one replaces it.
drop index if exists public.knowledge_chunks_fts_idx;
