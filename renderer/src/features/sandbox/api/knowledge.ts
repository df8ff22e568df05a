import { knowledgeDocumentStatusSchema, type KnowledgeDocumentStatus } from '@contracts/knowledge-documents.ts';
import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/** A knowledge source as the sandbox lists it: its name and the start of its first chunk. */
export interface KnowledgeSource {
  id: string;
  name: string;
  status: KnowledgeDocumentStatus;
  preview: string;
}

const PREVIEW_CHARS = 160;

export function previewOf(content: string | undefined): string {
  const flat = (content ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : flat;
}

/** The agent's documents (RLS: the owner's only), newest first, each with its first chunk's opening. */
export async function fetchKnowledgeSources(agentId: string): Promise<KnowledgeSource[]> {
  const supabase = getSupabase();
  const docs = await supabase
    .from('knowledge_documents')
    .select('id, name, status')
    .eq('agent_id', agentId)
    .order('created_at', { ascending: false })
    .limit(50);
  if (docs.error) throw toAppError(docs.error, 'generic');
  // text with a check constraint: the generated type says string, the contract says which.
  const documents = (docs.data ?? []).map((d) => ({ ...d, status: knowledgeDocumentStatusSchema.parse(d.status) }));
  if (documents.length === 0) return [];
  const chunks = await supabase
    .from('knowledge_chunks')
    .select('document_id, content')
    .eq('agent_id', agentId)
    .eq('chunk_index', 0)
    .in(
      'document_id',
      documents.map((d) => d.id),
    );
  if (chunks.error) throw toAppError(chunks.error, 'generic');
  const first = new Map((chunks.data ?? []).map((c) => [c.document_id, c.content]));
  return documents.map((d) => ({ ...d, preview: previewOf(first.get(d.id)) }));
}

export function useKnowledgeSources(agentId: string) {
  return useQuery({
    queryKey: ['sandbox', 'knowledge', agentId],
    queryFn: () => fetchKnowledgeSources(agentId),
    // Documents finish uploading and ingesting in the background: look again while one is on its way.
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'uploading' || d.status === 'processing') ? 3_000 : false,
  });
}

/** The owner's access token: agent-chat and voice-session identify the owner by it. */
export function useAccessToken() {
  return useQuery({
    queryKey: ['sandbox', 'access-token'],
    queryFn: async () => {
      const { data, error } = await getSupabase().auth.getSession();
      if (error) throw toAppError(error, 'generic');
      return data.session?.access_token ?? null;
    },
    // supabase-js refreshes the session before it expires; read the current token again now and then.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
