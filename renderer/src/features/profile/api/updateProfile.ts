import type { UpdateRow } from '../../../lib/db-types.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { authKeys } from '../../auth/api/keys.ts';
import type { NotificationSettings, Profile } from '../../auth/api/profile.ts';

/** What the profile page may change (notification settings). */
export interface ProfilePatch {
  name?: string;
  lang?: 'en' | 'fr';
  avatarUrl?: string | null;
  notifications?: Partial<NotificationSettings>;
}

export function toProfileColumns(patch: ProfilePatch): UpdateRow<'profiles'> {
  const columns: UpdateRow<'profiles'> = {};
  if (patch.name !== undefined) columns.name = patch.name.trim();
  if (patch.lang !== undefined) columns.lang = patch.lang;
  if (patch.avatarUrl !== undefined) columns.avatar = patch.avatarUrl;
  const n = patch.notifications;
  if (n?.emailAlerts !== undefined) columns.notify_email_alerts = n.emailAlerts;
  if (n?.featureAnnouncements !== undefined) columns.notify_feature_announcements = n.featureAnnouncements;
  if (n?.usageReports !== undefined) columns.notify_usage_reports = n.usageReports;
  if (n?.desktopConversations !== undefined) columns.notify_desktop_conversations = n.desktopConversations;
  if (n?.desktopFailedCalls !== undefined) columns.notify_desktop_failed_calls = n.desktopFailedCalls;
  if (n?.desktopLowCredit !== undefined) columns.notify_desktop_low_credit = n.desktopLowCredit;
  return columns;
}

export async function updateProfile(userId: string, patch: ProfilePatch): Promise<void> {
  const { error } = await getSupabase().from('profiles').update(toProfileColumns(patch)).eq('id', userId);
  if (error) throw toAppError(error, 'profileUpdate');
  // Auth emails (password reset, address change) are written in the user metadata's language.
  if (patch.lang !== undefined) {
    const { error: authError } = await getSupabase().auth.updateUser({ data: { lang: patch.lang } });
    if (authError) throw toAppError(authError, 'profileUpdate');
  }
}

/** Saves at once and shows the change at once (optimistic), rolling back if the save fails. */
export function useUpdateProfileMutation(userId: string) {
  const queryClient = useQueryClient();
  const key = authKeys.profile(userId);
  return useMutation({
    mutationFn: (patch: ProfilePatch) => updateProfile(userId, patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Profile | null>(key);
      if (previous) {
        queryClient.setQueryData<Profile>(key, {
          ...previous,
          ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
          ...(patch.lang !== undefined ? { lang: patch.lang } : {}),
          ...(patch.avatarUrl !== undefined ? { avatarUrl: patch.avatarUrl } : {}),
          notifications: { ...previous.notifications, ...patch.notifications },
        });
      }
      return { previous };
    },
    onError: (_e, _p, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
