import { readFunctionError, type ErrorCode } from '@contracts/errors.ts';
import { readLimitRefusal, retryAfterHeaderSeconds } from '@contracts/limit-refusal.ts';
import { limitMessage } from './limitMessage.ts';
import type { ConsoleKey } from '../i18n/keys.ts';
import { AppError, toAppError, type AppErrorContext } from './appError.ts';

export interface FunctionErrorOptions {
  /** Which operation failed: picks the generic wording when no code matches. */
  context?: AppErrorContext;
  /** i18n keys for the codes this call knows how to explain (`payment_not_configured` → …). */
  codeKeys?: Partial<Record<ErrorCode, ConsoleKey>>;
  /** The key for any other refusal by the function (network failures keep their own key). */
  fallbackKey?: ConsoleKey;
}

/**
 * The console's one reading of a failed `functions.invoke`: the function's `{error:{code,message}}`
 * (contracts/errors.ts' parser) becomes an AppError whose key comes from its code; a failure with
 * no HTTP answer (offline, relay) goes through toAppError like any other.
 */
export async function functionAppError(error: unknown, options: FunctionErrorOptions = {}): Promise<AppError> {
  const base = toAppError(error, options.context ?? 'generic');
  const failure = await readFunctionError(error);
  if (!failure) {
    if (base.source === 'network' || !options.fallbackKey) return base;
    return new AppError({
      source: base.source,
      code: base.code,
      message: base.message,
      messageKey: options.fallbackKey,
    });
  }
  const codeKey = options.codeKeys?.[failure.code as ErrorCode];
  // A refusal that names a limit (or, from an older server, a 429 with Retry-After) says the
  // limit and the wait rather than the operation's generic failure.
  const limited = codeKey
    ? null
    : limitMessage(
        readLimitRefusal(failure.details),
        failure.status === 429 ? retryAfterHeaderSeconds(retryAfterOf(error)) : null,
      );
  return new AppError({
    source: 'function',
    code: failure.code,
    message: failure.message,
    status: failure.status,
    params: { message: failure.message, ...limited?.params },
    messageKey: codeKey ?? limited?.key ?? options.fallbackKey ?? base.messageKey,
  });
}

/** The Retry-After header of the Response inside a functions.invoke failure, if any. */
function retryAfterOf(error: unknown): string | null {
  const context = (error as { context?: unknown } | null | undefined)?.context;
  const response = error instanceof Response ? error : context instanceof Response ? context : null;
  return response?.headers.get('retry-after') ?? null;
}
