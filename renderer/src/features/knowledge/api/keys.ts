/** Query keys of the knowledge feature (one factory). */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  documents: (agentId: string) => [...knowledgeKeys.all, 'documents', agentId] as const,
};
