import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';

export async function signInWithEmail(input: { email: string; password: string }): Promise<void> {
  const { error } = await getSupabase().auth.signInWithPassword({
    email: input.email.trim(),
    password: input.password,
  });
  if (error) throw toAppError(error, 'signIn');
}

/** Google through Supabase Auth OAuth, with the account chooser forced. */
export async function signInWithGoogle(redirectTo: string): Promise<void> {
  const { error } = await getSupabase().auth.signInWithOAuth({
    provider: 'google',
    options: { queryParams: { prompt: 'select_account' }, redirectTo },
  });
  if (error) throw toAppError(error, 'google');
}
