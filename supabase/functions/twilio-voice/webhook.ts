/**
 * A Twilio webhook request, read once and verified (reference/twilio.md §6): the form body is read
 * once (capped), and X-Twilio-Signature is checked over the PUBLIC URL Twilio was given
 * (`${webhookBaseUrl}/twilio-voice/<route>` + the original query), never `request.url`, which is
 * the internal address behind the platform's proxy. Forged or unsigned → 403 `invalid_signature`.
 */
import { z } from 'zod';
import { HttpError } from '../_shared/platform/errors.ts';
import { verifyTwilioSignature } from '../_shared/platform/signing.ts';
import { readTextBody, validate } from '../_shared/platform/validate.ts';

export interface TwilioWebhook {
  params: Record<string, string>;
  /** I-Twilio-Idempotency-Token: the same on Twilio's retries of one delivery. */
  idempotencyToken: string | null;
}

const MAX_WEBHOOK_BYTES = 16 * 1024;

export async function readTwilioWebhook(
  request: Request,
  route: string,
  options: { authToken: string; webhookBaseUrl: string },
): Promise<TwilioWebhook> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'unsupported_media_type', 'Twilio webhooks are form-encoded.');
  }
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(await readTextBody(request, MAX_WEBHOOK_BYTES))) {
    params[name] = value;
  }
  const publicUrl = `${options.webhookBaseUrl}/twilio-voice/${route}${new URL(request.url).search}`;
  const signature = request.headers.get('x-twilio-signature');
  if (!(await verifyTwilioSignature(options.authToken, publicUrl, params, signature))) {
    throw new HttpError(403, 'invalid_signature', 'The request is not signed by Twilio.');
  }
  return { params, idempotencyToken: request.headers.get('i-twilio-idempotency-token') };
}

const callSid = z.string().regex(/^CA[0-9a-fA-F]{32}$/, { error: 'CallSid must be a Twilio call SID.' });
const phoneish = z.string().trim().min(1).max(64);

export const incomingSchema = z.object({ CallSid: callSid, From: phoneish, To: phoneish });
export const statusSchema = z.object({
  CallSid: callSid,
  CallStatus: z.string().min(1).max(32),
  CallDuration: z.coerce.number().int().min(0).max(86_400).optional(),
});
export const recordingSchema = z.object({
  CallSid: callSid,
  RecordingSid: z.string().regex(/^RE[0-9a-fA-F]{32}$/, { error: 'RecordingSid must be a Twilio recording SID.' }),
  RecordingStatus: z.string().min(1).max(32),
  RecordingChannels: z.coerce.number().int().min(1).max(2).optional(),
  RecordingDuration: z.coerce.number().int().min(0).max(86_400).optional(),
});
export const relayActionSchema = z.object({ CallSid: callSid });

/** The webhook's fields by `schema`, 400 `invalid_request` otherwise (unknown fields are Twilio's). */
export function fields<T extends z.ZodType>(webhook: TwilioWebhook, schema: T): z.output<T> {
  return validate(schema, webhook.params);
}
