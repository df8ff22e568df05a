/** Query keys of /map (one factory). */
export const mapKeys = {
  all: ['agent-map'] as const,
  points: () => [...mapKeys.all, 'points'] as const,
};
