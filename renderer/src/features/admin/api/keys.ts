/** Query keys of the admin area (one factory). */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (search: string) => [...adminKeys.users(), 'list', search] as const,
  userCredits: (userId: string) => [...adminKeys.users(), 'credits', userId] as const,
  modelSettings: () => [...adminKeys.all, 'model-settings'] as const,
  toolCatalogue: () => [...adminKeys.all, 'tool-catalogue'] as const,
  phoneNumbers: (search: string, page: number) => [...adminKeys.all, 'phone-numbers', search, page] as const,
};
