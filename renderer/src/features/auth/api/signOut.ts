import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';

export async function signOut(): Promise<void> {
  const { error } = await getSupabase().auth.signOut();
  if (error) throw toAppError(error, 'signOut');
}

/** Refreshes the session so a just-confirmed address shows up (the Reload button). */
export async function reloadUser(): Promise<void> {
  const { error } = await getSupabase().auth.refreshSession();
  if (error) throw toAppError(error, 'signIn');
}
