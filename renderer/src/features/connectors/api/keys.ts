/** Query keys of the connectors feature (one factory). */
export const connectorsKeys = {
  all: ['connectors'] as const,
  list: (agentId: string) => [...connectorsKeys.all, 'list', agentId] as const,
  deliveries: (agentId: string) => [...connectorsKeys.all, 'deliveries', agentId] as const,
  secret: (agentId: string) => [...connectorsKeys.all, 'secret', agentId] as const,
};
