/**
 * A visitor's rating: `POST /agent-chat/rating`, replacing any earlier rating.
 *  - `{conversationId, rating: 1-5}`: a web chat. The visitor is identified exactly as for a turn
 *    (the page's visitor key, `platform/visitor.ts`), and `rate_conversation` (service role only)
 *    stores it only on a web conversation opened with that key; anything else is the same 404 as
 *    a missing one.
 *  - `{callId, callToken, rating: 1-5}`: the end of a browser voice call. A voice conversation has
 *    no visitor key, so the proof is the call token voice-session signed for that call (checked
 *    here: 403 when it is not for this call or has expired), and `rate_voice_call` stores it on
 *    that call's conversation only.
 */
import type { DbClient } from '../platform/env.ts';
import {
  conversationRatingRequestSchema,
  voiceCallRatingRequestSchema,
  type RatingRequest,
} from '../contracts/insights.ts';
import { HttpError } from '../platform/errors.ts';
import { readJsonBody, validate } from '../platform/validate.ts';
import type { PublicCaller } from '../platform/visitor.ts';
import { isTokenForCall } from '../voice/call-token.ts';

export async function parseRatingRequest(request: Request): Promise<RatingRequest> {
  const raw = await readJsonBody(request, 1024);
  // The shape is chosen by its key so a bad value gets its own message, not "matched no member".
  const byCall = raw !== null && typeof raw === 'object' && 'callId' in raw;
  return byCall ? validate(voiceCallRatingRequestSchema, raw) : validate(conversationRatingRequestSchema, raw);
}

export interface RatingDeps {
  service: DbClient;
  /** The voice call token secret (voice-session's); without it no call can be rated. */
  callTokenSecret: string | undefined;
  now?: () => number;
}

const notFound = () => new HttpError(404, 'conversation_not_found', 'This conversation does not exist.');

export async function rateConversation(
  deps: RatingDeps,
  caller: PublicCaller,
  input: RatingRequest,
): Promise<{ satisfaction: number }> {
  let result: { data: unknown; error: { code?: string; message: string } | null };
  if ('callId' in input) {
    const secret = deps.callTokenSecret;
    if (!secret || !(await isTokenForCall(secret, input.callId, input.callToken, (deps.now ?? Date.now)())))
      throw new HttpError(403, 'invalid_call_token', 'The call token is missing, expired or not for this call.');
    result = await deps.service.rpc('rate_voice_call', { call_id: input.callId, rating: input.rating });
  } else {
    result = await deps.service.rpc('rate_conversation', {
      conversation_id: input.conversationId,
      visitor_key: caller.visitorKey,
      rating: input.rating,
    });
  }
  const { data, error } = result;
  if (error?.code === 'PT404') throw notFound();
  if (error || typeof data !== 'number')
    throw new Error(`rating the conversation failed: ${error?.message ?? 'no value'}`);
  return { satisfaction: data };
}
