/** Query keys of the agents feature (one factory). */
export const agentsKeys = {
  all: ['agents'] as const,
  lists: () => [...agentsKeys.all, 'list'] as const,
  list: (userId: string, search: string) => [...agentsKeys.lists(), userId, search] as const,
  /** Under lists: whatever refreshes the lists (a creation, a deletion) refreshes the count too. */
  allowance: () => [...agentsKeys.lists(), 'allowance'] as const,
  sectors: () => [...agentsKeys.all, 'sectors'] as const,
  tools: () => [...agentsKeys.all, 'tools'] as const,
  backups: (agentId: string) => [...agentsKeys.all, 'backups', agentId] as const,
  detail: (agentId: string) => [...agentsKeys.all, 'detail', agentId] as const,
  /** The branding editor's view of the same row. */
  branding: (agentId: string) => [...agentsKeys.all, 'branding', agentId] as const,
};
