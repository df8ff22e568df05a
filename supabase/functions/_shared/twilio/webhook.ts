/**
 * A Twilio webhook, read once and verified, for every function Twilio calls
 * (voice, WhatsApp): the form body is read once (capped), and X-Twilio-Signature is checked over the
 * PUBLIC URL Twilio was given (`publicUrl` + the request's original query), never `request.url`,
 * which is the internal address behind the platform's proxy. The auth token may depend on the
 * account the form names (a sub-account signs its own webhooks). Unknown account, forged or
 * unsigned → 403 `invalid_signature`; not a form → 415.
 */
import { HttpError } from '../platform/errors.ts';
import { verifyTwilioSignature } from '../platform/signing.ts';
import { readTextBody } from '../platform/validate.ts';

export interface TwilioForm {
  params: Record<string, string>;
  /** I-Twilio-Idempotency-Token: the same on Twilio's retries of one delivery. */
  idempotencyToken: string | null;
}

export async function readTwilioForm(
  request: Request,
  options: {
    /** The URL configured at Twilio, without query, e.g. `${webhookBaseUrl}/twilio-voice/status`. */
    publicUrl: string;
    maxBytes: number;
    /** The auth token that signed this form (by its AccountSid), or null for an unknown account. */
    authToken(params: Record<string, string>): string | null | Promise<string | null>;
  },
): Promise<TwilioForm> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'unsupported_media_type', 'Twilio webhooks are form-encoded.');
  }
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(await readTextBody(request, options.maxBytes))) {
    params[name] = value;
  }
  const token = await options.authToken(params);
  const publicUrl = `${options.publicUrl}${new URL(request.url).search}`;
  if (!token || !(await verifyTwilioSignature(token, publicUrl, params, request.headers.get('x-twilio-signature')))) {
    throw new HttpError(403, 'invalid_signature', 'The request is not signed by Twilio.');
  }
  return { params, idempotencyToken: request.headers.get('i-twilio-idempotency-token') };
}
