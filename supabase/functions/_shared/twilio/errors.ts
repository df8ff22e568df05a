/**
 * Twilio's refusals as our error answers, for every function that calls Twilio. The SDK throws
 * RestException {status, code, message}; anything else (network, timeout) is the provider being
 * unreachable. A caller may first map the codes that mean something in its own domain.
 */
import { HttpError } from '../platform/errors.ts';

export interface TwilioRestError {
  status: number;
  code: number;
  message: string;
}

export function isTwilioError(error: unknown): error is TwilioRestError {
  const e = error as Partial<TwilioRestError> | null;
  return typeof e === 'object' && e !== null && typeof e.status === 'number' && typeof e.code === 'number';
}

/** Twilio's "not found" (20404): the resource is already gone, which a delete or hang-up treats as done. */
export function isTwilioNotFound(error: unknown): boolean {
  return isTwilioError(error) && (error.status === 404 || error.code === 20404);
}

/** Twilio's refusal as our answer: its 4xx are the owner's to read, with Twilio's code. */
export function twilioHttpError(
  error: unknown,
  what: string,
  specific?: (error: TwilioRestError) => HttpError | null,
): HttpError {
  if (isTwilioError(error)) {
    const mapped = specific?.(error);
    if (mapped) return mapped;
    if (error.status === 401 || error.code === 20003) {
      return new HttpError(502, 'provider_error', 'Twilio refused the account credentials.');
    }
    if (error.status >= 400 && error.status < 500) {
      return new HttpError(
        400,
        'provider_error',
        `Twilio refused to ${what}: ${error.message} (${error.code})`,
        {},
        {
          twilioCode: error.code,
        },
      );
    }
  }
  return new HttpError(502, 'provider_error', `Twilio could not ${what}. Please try again.`);
}
