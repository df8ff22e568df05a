/** Query keys of the auth feature (one factory). */
export const authKeys = {
  all: ['auth'] as const,
  profile: (userId: string) => [...authKeys.all, 'profile', userId] as const,
  settings: () => [...authKeys.all, 'settings'] as const,
};
