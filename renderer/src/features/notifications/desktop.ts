import type { NotificationKind } from '@contracts/notifications.ts';
import type { NotificationSettings } from '../auth/api/profile.ts';

/** Whether the owner wants a native desktop notification for this kind (Profile › Settings). */
export function wantsDesktopNotification(settings: NotificationSettings, kind: NotificationKind): boolean {
  switch (kind) {
    case 'new_conversation':
      return settings.desktopConversations;
    case 'failed_call':
      return settings.desktopFailedCalls;
    case 'low_credit':
      return settings.desktopLowCredit;
  }
}
