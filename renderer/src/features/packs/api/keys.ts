/** Query keys of the admin packs editor (one factory). */
export const packsAdminKeys = {
  all: ['packs-admin'] as const,
  list: () => [...packsAdminKeys.all, 'list'] as const,
};
