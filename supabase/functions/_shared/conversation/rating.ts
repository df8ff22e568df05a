/**
 * A visitor's rating of their own conversation (issue 18 §2): `POST /agent-chat/rating`
 * `{conversationId, rating: 1-5}`. The visitor is identified exactly as for a turn (the page's
 * visitor key, `platform/visitor.ts`), and `rate_conversation` (service role only) stores it only
 * on a web conversation opened with that key; anything else is the same 404 as a missing one.
 * Rating again replaces the earlier rating.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { conversationRatingRequestSchema, type ConversationRatingRequest } from '../contracts/insights.ts';
import { HttpError } from '../platform/errors.ts';
import { parseJsonBody } from '../platform/validate.ts';
import type { PublicCaller } from '../platform/visitor.ts';

export async function parseRatingRequest(request: Request): Promise<ConversationRatingRequest> {
  return parseJsonBody(request, conversationRatingRequestSchema, { maxBytes: 1024 });
}

export async function rateConversation(
  service: SupabaseClient,
  caller: PublicCaller,
  input: ConversationRatingRequest,
): Promise<{ satisfaction: number }> {
  const { data, error } = await service.rpc('rate_conversation', {
    conversation_id: input.conversationId,
    visitor_key: caller.visitorKey,
    rating: input.rating,
  });
  if (error?.code === 'PT404') throw new HttpError(404, 'conversation_not_found', 'This conversation does not exist.');
  if (error || typeof data !== 'number')
    throw new Error(`rating the conversation failed: ${error?.message ?? 'no value'}`);
  return { satisfaction: data };
}
