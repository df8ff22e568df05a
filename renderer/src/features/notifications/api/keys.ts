/** Query keys of the notification feed (one factory). */
export const notificationKeys = {
  all: ['notifications'] as const,
  feed: (userId: string) => [...notificationKeys.all, 'feed', userId] as const,
};
