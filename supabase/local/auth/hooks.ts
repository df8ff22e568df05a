import type { PGlite } from '@electric-sql/pglite';
import { AuthError, badRequest } from './errors.ts';
import type { AuthEnv } from './settings.ts';

/** What hosted Auth says when a password hook rejects without a message of its own. */
const DEFAULT_REJECTION = 'Further password verification attempts will be rejected.';

/**
 * `pg-functions://<database>/<schema>/<function>` → the quoted function name. Anything else is a
 * configuration error, reported as hosted Auth refuses to start with it.
 */
export function pgFunctionOf(uri: string): string {
  const match = /^pg-functions:\/\/[^/]+\/([A-Za-z_][A-Za-z0-9_]*)\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(uri);
  if (!match) throw new Error(`auth.hook uri must be pg-functions://<database>/<schema>/<function>: ${uri}`);
  return `"${match[1]}"."${match[2]}"`;
}

interface PasswordHookOutput {
  decision?: string;
  message?: string;
  should_logout_user?: boolean;
}

/**
 * Calls `[auth.hook.password_verification_attempt]` after the password of an existing account was
 * checked, as the Auth server's own database role does on hosted projects: input
 * `{user_id, valid}`; a `reject` decision answers 400 invalid_credentials with the hook's message
 * (and signs the user out everywhere when asked). Returns quietly on `continue` or when no hook is
 * configured.
 */
export async function passwordVerificationAttempt(env: AuthEnv, userId: string, valid: boolean): Promise<void> {
  const hook = env.config.hook.password_verification_attempt;
  if (!hook.enabled) return;
  const fn = pgFunctionOf(hook.uri);
  const rejection = await env.ctx.db.transaction(async (tx): Promise<AuthError | null> => {
    await tx.query('set local role supabase_auth_admin');
    const result = await tx.query<{ output: PasswordHookOutput | null }>(`select ${fn}($1::jsonb) as output`, [
      JSON.stringify({ user_id: userId, valid }),
    ]);
    const output = result.rows[0]?.output ?? {};
    if (output.decision !== 'reject') return null;
    await tx.query('reset role');
    if (output.should_logout_user) await signOutEverywhere(tx, userId);
    return badRequest('invalid_credentials', output.message || DEFAULT_REJECTION);
  });
  if (rejection) throw rejection;
}

async function signOutEverywhere(tx: Pick<PGlite, 'query'>, userId: string): Promise<void> {
  await tx.query('delete from auth.sessions where user_id = $1', [userId]);
}
