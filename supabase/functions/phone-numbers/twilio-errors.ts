/**
 * Twilio's refusals of number operations: the codes that mean something to a buyer, on top of the
 * shared mapping (`_shared/twilio/errors.ts`).
 */
import { HttpError } from '../_shared/platform/index.ts';
import { twilioHttpError as sharedTwilioHttpError, type TwilioRestError } from '../_shared/twilio/errors.ts';

export { isTwilioNotFound } from '../_shared/twilio/errors.ts';

function numberRefusal(error: TwilioRestError): HttpError | null {
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
  return null;
}

export function twilioHttpError(error: unknown, what: string): HttpError {
  return sharedTwilioHttpError(error, what, numberRefusal);
}
