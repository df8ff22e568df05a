/**
 * The voice webhooks' forms: read and verified by the one Twilio webhook reader
 * (`_shared/twilio/webhook.ts`) over `${webhookBaseUrl}/twilio-voice/<route>`, signed by the
 * platform account; then each route's fields.
 */
import { z } from 'zod';
import { validate } from '../_shared/platform/validate.ts';
import { readTwilioForm, type TwilioForm } from '../_shared/twilio/webhook.ts';

export type TwilioWebhook = TwilioForm;

const MAX_WEBHOOK_BYTES = 16 * 1024;

export async function readTwilioWebhook(
  request: Request,
  route: string,
  options: { authToken: string; webhookBaseUrl: string },
): Promise<TwilioWebhook> {
  return readTwilioForm(request, {
    publicUrl: `${options.webhookBaseUrl}/twilio-voice/${route}`,
    maxBytes: MAX_WEBHOOK_BYTES,
    authToken: () => options.authToken,
  });
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
