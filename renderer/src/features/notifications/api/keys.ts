/** Query keys of the notification feed (one factory, CONVENTIONS §3). */
export const notificationKeys = {
  all: ['notifications'] as const,
  feed: (userId: string) => [...notificationKeys.all, 'feed', userId] as const,
};
