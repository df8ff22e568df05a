/** Query keys of the admin packs editor (CONVENTIONS §3). */
export const packsAdminKeys = {
  all: ['packs-admin'] as const,
  list: () => [...packsAdminKeys.all, 'list'] as const,
};
