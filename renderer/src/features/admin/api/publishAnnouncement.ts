import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { ANNOUNCEMENT_LIMITS, charsAtMost } from '@contracts/field-limits.ts';

/** The limits publish_announcement enforces in SQL (migration 20261128170000), checked first here. */
export const announcementSchema = z.object({
  subject: z.string().trim().min(1).pipe(charsAtMost(ANNOUNCEMENT_LIMITS.subject)),
  body: z.string().trim().min(1).pipe(charsAtMost(ANNOUNCEMENT_LIMITS.body)),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** Emails a feature announcement to every owner with announcements on; returns how many. */
export async function publishAnnouncement(announcement: Announcement): Promise<number> {
  const { subject, body } = announcementSchema.parse(announcement);
  const { data, error } = await getSupabase().rpc('publish_announcement', { subject, body });
  if (error) throw toAppError(error);
  return z.number().int().parse(data);
}

export function usePublishAnnouncementMutation() {
  return useMutation({ mutationFn: publishAnnouncement });
}
