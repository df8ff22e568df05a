import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { adminKeys } from './keys.ts';

/** Users page size. */
export const USERS_PAGE_SIZE = 10;

const userRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  is_admin: z.boolean(),
  credits: z.number().int(),
  lang: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login: z.string().nullable(),
  total_count: z.number().int(),
});
export type AdminUser = Omit<z.infer<typeof userRow>, 'total_count'>;

export interface UsersPage {
  users: AdminUser[];
  /** Users matching the search in all pages. */
  total: number;
  offset: number;
}

/**
 * One page of users matching `search` (name or email, on the server), most recent login first and
 * never-logged-in users last (RPC admin_list_users; Postgres refuses non-admins).
 */
export async function fetchUsersPage(search: string, offset: number): Promise<UsersPage> {
  const { data, error } = await getSupabase().rpc('admin_list_users', {
    search,
    page_offset: offset,
    page_size: USERS_PAGE_SIZE,
  });
  if (error) throw toAppError(error, offset === 0 ? 'fetchUsers' : 'loadMoreUsers');
  const rows = z.array(userRow).parse(data ?? []);
  return {
    users: rows.map(({ total_count: _total, ...user }) => user),
    // An offset past the end returns no rows and so no count: everything was already listed.
    total: rows[0]?.total_count ?? offset,
    offset,
  };
}

export function useUsersQuery(search: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userList(search),
    queryFn: ({ pageParam }) => fetchUsersPage(search, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.users.length;
      return last.users.length > 0 && next < last.total ? next : undefined;
    },
  });
}
