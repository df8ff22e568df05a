import type { Row } from '../../../lib/db-types.ts';

/** The `profiles` columns the console reads ("profile as loaded by the client"). */
export const PROFILE_COLUMNS =
  'id, name, email, avatar, credits, lang, is_admin, has_free_pack_activated, notify_email_alerts, notify_feature_announcements, notify_usage_reports, notify_desktop_conversations, notify_desktop_failed_calls, notify_desktop_low_credit';
export type ProfileRow = Pick<
  Row<'profiles'>,
  | 'id'
  | 'name'
  | 'email'
  | 'avatar'
  | 'credits'
  | 'lang'
  | 'is_admin'
  | 'has_free_pack_activated'
  | 'notify_email_alerts'
  | 'notify_feature_announcements'
  | 'notify_usage_reports'
  | 'notify_desktop_conversations'
  | 'notify_desktop_failed_calls'
  | 'notify_desktop_low_credit'
>;

/**
 * The Settings tab's toggles: three email ones (migration 20261121210000) and, per kind of feed
 * notification, whether the desktop app raises a native notification (migration 20261126130000).
 */
export interface NotificationSettings {
  emailAlerts: boolean;
  featureAnnouncements: boolean;
  usageReports: boolean;
  desktopConversations: boolean;
  desktopFailedCalls: boolean;
  desktopLowCredit: boolean;
}

export interface Profile {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  credits: number;
  lang: 'en' | 'fr';
  isAdmin: boolean;
  hasFreePackActivated: boolean;
  notifications: NotificationSettings;
}

export function toProfile(r: ProfileRow): Profile {
  return {
    id: r.id,
    name: r.name,
    email: r.email ?? '',
    avatarUrl: r.avatar,
    credits: r.credits,
    // text with a check constraint (en, fr): the generated type says string.
    lang: r.lang === 'fr' ? 'fr' : 'en',
    isAdmin: r.is_admin,
    hasFreePackActivated: r.has_free_pack_activated,
    notifications: {
      emailAlerts: r.notify_email_alerts,
      featureAnnouncements: r.notify_feature_announcements,
      usageReports: r.notify_usage_reports,
      desktopConversations: r.notify_desktop_conversations,
      desktopFailedCalls: r.notify_desktop_failed_calls,
      desktopLowCredit: r.notify_desktop_low_credit,
    },
  };
}
