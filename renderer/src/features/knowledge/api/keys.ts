/** Query keys of the knowledge feature (one factory, CONVENTIONS §3). */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  documents: (agentId: string) => [...knowledgeKeys.all, 'documents', agentId] as const,
};
