import { z } from 'zod';

/**
 * The `profiles` row as the console uses it (spec 000 §3.1 "profile as loaded by the client"):
 * missing optional fields take the spec's defaults (avatar null, credits 0, lang en, not admin).
 */
export const profileRowSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  avatar: z.string().nullish(),
  credits: z.number().nullish(),
  lang: z.string().nullish(),
  is_admin: z.boolean().nullish(),
  has_free_pack_activated: z.boolean().nullish(),
  notify_email_alerts: z.boolean().nullish(),
  notify_feature_announcements: z.boolean().nullish(),
  notify_usage_reports: z.boolean().nullish(),
});

/** The Settings tab's three toggles (migration 20261121210000). */
export interface NotificationSettings {
  emailAlerts: boolean;
  featureAnnouncements: boolean;
  usageReports: boolean;
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

export function toProfile(row: unknown): Profile {
  const r = profileRowSchema.parse(row);
  return {
    id: r.id,
    name: r.name ?? '',
    email: r.email ?? '',
    avatarUrl: r.avatar ?? null,
    credits: r.credits ?? 0,
    lang: r.lang === 'fr' ? 'fr' : 'en',
    isAdmin: r.is_admin === true,
    hasFreePackActivated: r.has_free_pack_activated === true,
    notifications: {
      emailAlerts: r.notify_email_alerts ?? true,
      featureAnnouncements: r.notify_feature_announcements ?? true,
      usageReports: r.notify_usage_reports ?? false,
    },
  };
}
