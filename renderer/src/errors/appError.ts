/**
 * One error shape for the console: PostgREST, Auth, edge-function and IPC failures
 * all become an `AppError` whose `messageKey` is an i18n key in the `errors` namespace.
 */
import { signInWaitMinutes } from '@contracts/sign-in-throttle.ts';
import type { ConsoleKey, NamespaceKey } from '../i18n/keys.ts';

/** A key of the `errors` namespace, without its prefix. */
type ErrorKey = NamespaceKey<'errors'>;

export type AppErrorSource = 'auth' | 'database' | 'function' | 'network' | 'app';

/** Which operation failed decides the fallback wording (sign-in vs sign-up "other"). */
export type AppErrorContext =
  | 'signIn'
  | 'signUp'
  | 'signOut'
  | 'google'
  | 'profile'
  | 'profileUpdate'
  | 'packs'
  | 'balance'
  | 'history'
  | 'freePack'
  | 'purchase'
  | 'subscription'
  | 'verification'
  | 'recover'
  | 'resend'
  | 'resetPassword'
  | 'fetchAgents'
  | 'loadMoreAgents'
  | 'createAgent'
  | 'updateAgent'
  | 'deleteAgent'
  | 'sectors'
  | 'tools'
  | 'fetchUsers'
  | 'loadMoreUsers'
  | 'updateUser'
  | 'deleteUser'
  | 'recoverUsers'
  | 'cleanupDuplicates'
  | 'fetchSettings'
  | 'saveSettings'
  | 'saveTools'
  | 'generic';

export class AppError extends Error {
  readonly source: AppErrorSource;
  readonly code: string;
  readonly messageKey: ConsoleKey;
  /** Interpolation values for the message key, e.g. the provider's own message. */
  readonly params: Record<string, string>;
  readonly status: number | undefined;

  constructor(init: {
    source: AppErrorSource;
    code: string;
    messageKey: ConsoleKey;
    message: string;
    params?: Record<string, string>;
    status?: number | undefined;
  }) {
    super(init.message);
    this.name = 'AppError';
    this.source = init.source;
    this.code = init.code;
    this.messageKey = init.messageKey;
    this.params = init.params ?? {};
    this.status = init.status;
  }
}

type Fields = { message: string; code?: string; status?: number; name?: string; details?: unknown; hint?: unknown };

function fieldsOf(error: unknown): Fields {
  if (error instanceof Error) {
    const e = error as Error & {
      code?: unknown;
      status?: unknown;
      statusCode?: unknown;
      details?: unknown;
      hint?: unknown;
    };
    // Storage answers HTTP 400 for most refusals and puts the real status (404 for a missing
    // object, 403 for a refused one) in the body's statusCode, which storage-js keeps as a string.
    const storageStatus =
      e.name === 'StorageApiError' && typeof e.statusCode === 'string' && /^[45]\d\d$/.test(e.statusCode)
        ? Number(e.statusCode)
        : undefined;
    const status = storageStatus ?? (typeof e.status === 'number' ? e.status : undefined);
    return {
      message: e.message,
      name: e.name,
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(status !== undefined ? { status } : {}),
      details: e.details,
      hint: e.hint,
    };
  }
  if (typeof error === 'object' && error !== null) {
    const o = error as Record<string, unknown>;
    return {
      message: typeof o.message === 'string' ? o.message : 'Unknown error',
      ...(typeof o.code === 'string' ? { code: o.code } : {}),
      ...(typeof o.status === 'number' ? { status: o.status } : {}),
      ...(typeof o.name === 'string' ? { name: o.name } : {}),
      details: o.details,
      hint: o.hint,
    };
  }
  return { message: String(error) };
}

/** Auth error codes (GoTrue `error_code`) to the message the user reads, per operation. */
const authCodeKeys: Record<string, Partial<Record<AppErrorContext, ErrorKey>> & { any?: ErrorKey }> = {
  invalid_credentials: { any: 'auth.invalidCredentials' },
  user_not_found: { signIn: 'auth.noAccount' },
  email_not_confirmed: { any: 'auth.emailNotConfirmed' },
  email_address_invalid: { any: 'auth.invalidEmail' },
  user_banned: { any: 'auth.accountDisabled' },
  over_request_rate_limit: { any: 'auth.tooManyAttempts' },
  over_email_send_rate_limit: {
    signUp: 'auth.emailRateLimited',
    recover: 'auth.emailRateLimited',
    resend: 'auth.emailRateLimited',
    any: 'auth.tooManyAttempts',
  },
  same_password: { resetPassword: 'auth.samePassword' },
  user_already_exists: { any: 'auth.emailInUse' },
  email_exists: { any: 'auth.emailInUse' },
  weak_password: { any: 'auth.weakPassword' },
  signup_disabled: { any: 'auth.signUpDisabled' },
  email_provider_disabled: { any: 'auth.signUpDisabled' },
  provider_disabled: { google: 'auth.googleFailed' },
  oauth_provider_not_supported: { google: 'auth.googleFailed' },
};

/** GoTrue answers a malformed address with `validation_failed` and this message. */
const invalidEmailMessage = /invalid format|valid email/i;

const contextFallbackKeys: Record<AppErrorContext, ErrorKey> = {
  signIn: 'auth.signInFailed',
  signUp: 'auth.signUpFailed',
  signOut: 'auth.signOutFailed',
  google: 'auth.googleFailed',
  profile: 'profile.fetchFailed',
  profileUpdate: 'profile.updateFailed',
  packs: 'credits.fetchPacksFailed',
  balance: 'credits.fetchBalanceFailed',
  history: 'credits.fetchHistoryFailed',
  freePack: 'credits.activateFreePackFailed',
  purchase: 'credits.purchaseFailed',
  subscription: 'credits.fetchSubscriptionFailed',
  verification: 'verification.failed',
  recover: 'auth.recoverFailed',
  resend: 'auth.verificationSendFailed',
  resetPassword: 'auth.resetFailed',
  fetchAgents: 'agents.fetchFailed',
  loadMoreAgents: 'agents.loadMoreFailed',
  createAgent: 'agents.createFailed',
  updateAgent: 'agents.updateFailed',
  deleteAgent: 'agents.deleteFailed',
  sectors: 'agents.fetchSectorsFailed',
  tools: 'agents.fetchToolsFailed',
  fetchUsers: 'admin.fetchUsersFailed',
  loadMoreUsers: 'admin.loadMoreUsersFailed',
  updateUser: 'admin.updateUserFailed',
  deleteUser: 'admin.deleteUserFailed',
  recoverUsers: 'admin.recoverUsersFailed',
  cleanupDuplicates: 'admin.cleanupDuplicatesFailed',
  fetchSettings: 'admin.fetchSettingsFailed',
  saveSettings: 'admin.saveSettingsFailed',
  saveTools: 'admin.saveToolsFailed',
  generic: 'generic.somethingWentWrong',
};

/**
 * SQLSTATEs of a value the database refused: check_violation, unique_violation, string too long,
 * and messages raised on purpose (P0001 plpgsql default, PT400 answered as HTTP 400).
 */
const databaseRefusalKeys: Record<string, ErrorKey> = {
  '23514': 'database.invalidValue',
  '23505': 'database.duplicate',
  '22001': 'database.tooLong',
  P0001: 'database.refused',
  PT400: 'database.refused',
};

/** The constraint Postgres names in its message (`... violates check constraint "agents_name_check"`). */
function constraintName(f: Fields): string | null {
  const match = /constraint "([a-z0-9_]+)"/i.exec(f.message);
  return match?.[1] ?? null;
}

function isNetworkFailure(f: Fields): boolean {
  return (
    f.name === 'AuthRetryableFetchError' ||
    f.name === 'FunctionsFetchError' ||
    (f.name === 'TypeError' && /fetch|network/i.test(f.message))
  );
}

function isPostgrestError(f: Fields): boolean {
  // PostgREST errors carry `details` and `hint` (possibly null) next to a SQLSTATE or PGRST code.
  return f.code !== undefined && 'details' in f && 'hint' in f && (f.details !== undefined || f.hint !== undefined);
}

/**
 * The single choke point: turns anything thrown or returned by supabase-js into an `AppError`.
 * `context` picks the wording for the operation that failed.
 */
export function toAppError(error: unknown, context: AppErrorContext = 'generic'): AppError {
  if (error instanceof AppError) return error;
  const f = fieldsOf(error);
  const base = { message: f.message, params: { message: f.message }, status: f.status };

  // Any sign-out failure, offline included, gets the one "Failed to sign out" message.
  if (context === 'signOut') {
    return new AppError({
      ...base,
      source: isNetworkFailure(f) ? 'network' : 'auth',
      code: f.code ?? 'sign_out_failed',
      messageKey: 'errors:auth.signOutFailed',
    });
  }
  if (isNetworkFailure(f)) {
    return new AppError({ ...base, source: 'network', code: 'network_error', messageKey: 'errors:network.offline' });
  }
  const isAuth =
    f.name?.startsWith('Auth') === true ||
    context === 'signIn' ||
    context === 'signUp' ||
    context === 'google' ||
    context === 'recover' ||
    context === 'resend' ||
    context === 'resetPassword';
  if (isAuth) {
    const code = f.code ?? (f.status === 429 ? 'over_request_rate_limit' : 'unknown');
    const byCode = authCodeKeys[code];
    let key = byCode?.[context] ?? byCode?.any;
    if (!key && code === 'validation_failed' && invalidEmailMessage.test(f.message)) key = 'auth.invalidEmail';
    // The account's failed-sign-in throttle refuses with invalid_credentials and names the wait.
    const waitMinutes = code === 'invalid_credentials' ? signInWaitMinutes(f.message) : null;
    if (waitMinutes !== null) {
      return new AppError({
        ...base,
        params: { ...base.params, minutes: String(waitMinutes) },
        source: 'auth',
        code: 'sign_in_throttled',
        messageKey: 'errors:auth.signInThrottled',
      });
    }
    return new AppError({ ...base, source: 'auth', code, messageKey: `errors:${key ?? contextFallbackKeys[context]}` });
  }
  if (f.name === 'FunctionsHttpError' || f.name === 'FunctionsRelayError') {
    return new AppError({
      ...base,
      source: 'function',
      code: f.code ?? 'function_error',
      messageKey: `errors:${contextFallbackKeys[context]}`,
    });
  }
  if (isPostgrestError(f)) {
    const code = f.code ?? 'database_error';
    // 42501 = insufficient_privilege (RLS/grants); PGRST301/302 = JWT problems; refusals of a value
    // (databaseRefusalKeys) say what was refused, and name the constraint for the form's field.
    const key: ErrorKey =
      code === '42501'
        ? 'database.forbidden'
        : code.startsWith('PGRST30')
          ? 'database.sessionExpired'
          : (databaseRefusalKeys[code] ?? contextFallbackKeys[context]);
    const constraint = constraintName(f);
    return new AppError({
      ...base,
      params: { ...base.params, ...(constraint ? { constraint } : {}) },
      source: 'database',
      code,
      messageKey: `errors:${key}`,
    });
  }
  return new AppError({
    ...base,
    source: 'app',
    code: f.code ?? 'unknown',
    messageKey: `errors:${contextFallbackKeys[context]}`,
  });
}
