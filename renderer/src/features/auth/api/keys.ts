/** Query keys of the auth feature (one factory, CONVENTIONS §3). */
export const authKeys = {
  all: ['auth'] as const,
  profile: (userId: string) => [...authKeys.all, 'profile', userId] as const,
};
