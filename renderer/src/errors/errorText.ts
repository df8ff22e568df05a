import type { TFunction } from 'i18next';
import type { ConsoleKey } from '../i18n/keys.ts';
import type { AppError } from './appError.ts';

/** Loose `t` for the few places whose values are known only at run time. */
type LooseT = (key: string, options?: Record<string, unknown>) => string;

/**
 * A message whose key was checked against the catalogue where it was chosen (a validation rule, a
 * failure) and whose values came with it (a limit, the provider's message, a wait): the compiler
 * cannot tie such values to the key's variables, so they are passed as they are.
 */
export function messageText(t: TFunction, key: ConsoleKey, values?: Record<string, unknown>): string {
  return (t as unknown as LooseT)(key, values);
}

/** The words of an error, in the reader's language. */
export function errorText(t: TFunction, error: Pick<AppError, 'messageKey' | 'params'>): string {
  return messageText(t, error.messageKey, error.params);
}
