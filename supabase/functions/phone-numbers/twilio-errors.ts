/**
 * Twilio's refusals as our error answers. The SDK throws RestException {status, code, message};
 * anything else (network, timeout) is the provider being unreachable.
 */
import { HttpError } from '../_shared/platform/index.ts';

interface TwilioRestError {
  status: number;
  code: number;
  message: string;
}

export function isTwilioError(error: unknown): error is TwilioRestError {
  const e = error as Partial<TwilioRestError> | null;
  return typeof e === 'object' && e !== null && typeof e.status === 'number' && typeof e.code === 'number';
}

/** Twilio's "not found" (20404): the resource is already gone, which a delete treats as done. */
export function isTwilioNotFound(error: unknown): boolean {
  return isTwilioError(error) && (error.status === 404 || error.code === 20404);
}

export function twilioHttpError(error: unknown, what: string): HttpError {
  if (isTwilioError(error)) {
    // 21421/21422: the number is invalid or no longer for sale.
    if (error.code === 21421 || error.code === 21422) {
      return new HttpError(409, 'number_unavailable', 'This number is no longer available. Choose another one.');
    }
    // 21631: the number's country requires an address and none (or an unsuitable one) was given.
    if (error.code === 21631) {
      return new HttpError(
        400,
        'address_required',
        'This number needs an address that meets its requirement. Choose one of your addresses, or add one first.',
      );
    }
    if (error.status === 401 || error.code === 20003) {
      return new HttpError(502, 'provider_error', 'Twilio refused the platform account credentials.');
    }
    if (error.status >= 400 && error.status < 500) {
      return new HttpError(400, 'provider_error', `Twilio refused to ${what}: ${error.message}`);
    }
  }
  return new HttpError(502, 'provider_error', `Twilio could not ${what}. Please try again.`);
}
