/** Query keys of /map (CONVENTIONS §3). */
export const mapKeys = {
  all: ['agent-map'] as const,
  points: () => [...mapKeys.all, 'points'] as const,
};
