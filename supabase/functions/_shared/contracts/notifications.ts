import { z } from 'zod';
import { NOTIFICATION_ROUTE_MAX_LENGTH, NOTIFICATION_ROUTE_PATTERN } from './notification-route.ts';

export { NOTIFICATION_ROUTE_MAX_LENGTH, NOTIFICATION_ROUTE_PATTERN };

/**
 * The notification feed: rows of `public.notifications`, written only by Postgres
 * triggers (migration 20261126130000) and read by the console's feed, the desktop app's native
 * notifications and the tests. SQL restates the threshold in `private.low_credit_threshold()`;
 * tests/integration/security/notifications.test.ts proves both agree.
 */

/** Balance (credits = minutes) under which the owner is told, once per crossing. */
export const LOW_CREDIT_THRESHOLD = 10;

export const NOTIFICATION_KINDS = ['new_conversation', 'failed_call', 'low_credit'] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** A console route (see ./notification-route.ts). */
export const notificationRouteSchema = z
  .string()
  .max(NOTIFICATION_ROUTE_MAX_LENGTH)
  .regex(NOTIFICATION_ROUTE_PATTERN, 'an in-app path');

/** `notifications.data`, lenient per field: what the feed words the notification with. */
export const notificationDataSchema = z.object({
  channel: z.string().max(40).optional().catch(undefined),
  agentName: z.string().max(200).optional().catch(undefined),
  status: z.string().max(40).optional().catch(undefined),
  from: z.string().max(64).optional().catch(undefined),
  balance: z.number().optional().catch(undefined),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/** The per-user desktop toggles on the profile, one per kind (profiles.notify_desktop_*). */
export const DESKTOP_TOGGLE_COLUMN = {
  new_conversation: 'notify_desktop_conversations',
  failed_call: 'notify_desktop_failed_calls',
  low_credit: 'notify_desktop_low_credit',
} as const satisfies Record<NotificationKind, string>;
