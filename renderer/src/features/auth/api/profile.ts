import { z } from 'zod';

/**
 * The `profiles` row as the console uses it (spec 000 §3.1 "profile as loaded by the client"):
 * missing optional fields take the spec's defaults.
 */
export const profileRowSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  avatar_url: z.string().nullish(),
  lang: z.string().nullish(),
  is_admin: z.boolean().nullish(),
});

export interface Profile {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  lang: 'en' | 'fr';
  isAdmin: boolean;
}

export function toProfile(row: unknown): Profile {
  const r = profileRowSchema.parse(row);
  return {
    id: r.id,
    name: r.name ?? '',
    email: r.email ?? '',
    avatarUrl: r.avatar_url ?? null,
    lang: r.lang === 'fr' ? 'fr' : 'en',
    isAdmin: r.is_admin === true,
  };
}
