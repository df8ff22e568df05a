/**
 * The one error shape every edge function answers with, its codes, and the one
 * parser the console and the public site read function failures with.
 *
 *   HTTP 4xx/5xx, content-type application/json
 *   { "error": { "code": "<one of ERROR_CODES>", "message": "<sentence for people>", "details"?: … } }
 *
 * `details` is machine-readable extra (e.g. the zod issues of an `invalid_request`, or the `limit` a
 * refusal names: limit-refusal.ts). Clients pick their wording from `code` (or that limit) and show
 * `message` only as the fallback.
 */
import { z } from 'zod';

/**
 * Every code a function may answer with. Servers can only throw these (the type of `HttpError`'s
 * code), so a new code is added here, where clients see it.
 */
export const ERROR_CODES = [
  // Platform layer (any function).
  'invalid_request',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'not_found',
  'method_not_allowed',
  'origin_not_allowed',
  'not_signed_in',
  'invalid_token',
  'admin_only',
  'service_role_only',
  'forbidden',
  'rate_limited',
  'internal_error',
  'database_error',
  // Agents and conversations.
  'agent_not_found',
  'conversation_not_found',
  'conversation_full',
  'too_many_conversations',
  'model_unavailable',
  // Browser voice.
  'call_not_found',
  'call_ended',
  'invalid_call_token',
  'no_credits',
  'voice_unavailable',
  'provider_error',
  'tools_unavailable',
  'unknown_tool',
  // Knowledge.
  'file_not_found',
  'document_not_found',
  'invalid_path',
  'file_too_large',
  'empty_file',
  'unsupported_file_type',
  'file_type_mismatch',
  'file_content_mismatch',
  'unreadable_file',
  'no_text',
  'no_file',
  'already_ingested',
  'already_processing',
  'ingestion_failed',
  // A document's upload: interrupted before the file arrived (the row's error_code), processed
  // while not waiting for its file, retried while not failed.
  'upload_interrupted',
  'upload_not_pending',
  'upload_not_retryable',
  // Owner helpers.
  'ai_unavailable',
  'ai_unusable_answer',
  'transcription_unavailable',
  'unsupported_audio',
  'sub_sector_not_found',
  // Google Calendar.
  'google_not_configured',
  'invalid_state',
  'state_mismatch',
  'code_exchange_failed',
  // Billing.
  'payment_not_configured',
  'payment_provider_error',
  'pack_not_found',
  'pack_not_purchasable',
  'return_url_not_allowed',
  'invalid_signature',
  'invalid_event',
  'unknown_reference',
  // Phone numbers (Twilio).
  'twilio_not_configured',
  'number_limit_reached',
  'number_not_found',
  'number_unavailable',
  'user_not_found',
  'address_not_found',
  'caller_id_not_found',
  'caller_id_taken',
  'address_required',
  // WhatsApp senders.
  'whatsapp_number_required',
  'whatsapp_already_connected',
  // Twilio 63101: it cannot reach the WABA the sign-up gave (not shared, no Solution ID, another account's).
  'whatsapp_waba_inaccessible',
  // /verify: no connected sender waiting for a code / Twilio refused the code.
  'whatsapp_not_awaiting_code',
  'whatsapp_verification_code_rejected',
  // whatsapp-webhook: no connected ONLINE sender answers the number / another account signed it.
  'sender_not_found',
  'wrong_account',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * The body as clients read it: `code` is any string, so a client older than the server still reads
 * a code it does not know (and falls back to its generic wording).
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().min(1),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a server writes: a known code. */
export interface ServerErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** A function's refusal as the browser sees it. */
export class FunctionError extends Error {
  override readonly name = 'FunctionError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The Response inside whatever failed: a Response itself, or supabase-js's FunctionsHttpError (`context`). */
function responseOf(failure: unknown): Response | null {
  if (typeof Response !== 'undefined' && failure instanceof Response) return failure;
  const context = (failure as { context?: unknown } | null | undefined)?.context;
  return typeof Response !== 'undefined' && context instanceof Response ? context : null;
}

/**
 * The ONE client-side parser of function failures (console and site). Give it a non-2xx fetch
 * Response or the `error` supabase-js' `functions.invoke` returned. Answers a FunctionError when
 * the function answered at all (a body that is not our shape keeps the status with code
 * `http_<status>`), or null when there was no HTTP answer (network failure, relay error), which
 * the caller reports as such. Never throws; the Response body is read from a clone.
 */
export async function readFunctionError(failure: unknown): Promise<FunctionError | null> {
  const response = responseOf(failure);
  if (!response || response.ok) return null;
  let raw: unknown = null;
  try {
    raw = await response.clone().json();
  } catch {
    // Not JSON (a gateway's HTML page, an empty 502): only the status is known.
  }
  const parsed = errorBodySchema.safeParse(raw);
  if (!parsed.success) return new FunctionError(response.status, `http_${response.status}`, `HTTP ${response.status}`);
  const { code, message, details } = parsed.data.error;
  return new FunctionError(response.status, code, message, details);
}
