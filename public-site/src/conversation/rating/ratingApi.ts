import { readFunctionError } from '@contracts/errors.ts';
import { conversationRatingResponseSchema, type RatingRequest } from '@contracts/insights.ts';
import { VISITOR_KEY_HEADER, type ConversationEndpoint } from '../api.ts';

/**
 * `POST /functions/v1/agent-chat/rating` from the visitor's page: a web conversation is proved by
 * the visitor key that opened it, a browser voice call by its call token (in the body).
 */
export async function sendRating(args: {
  endpoint: ConversationEndpoint;
  body: RatingRequest;
  visitorKey?: string;
  fetchFn?: typeof fetch;
}): Promise<number> {
  const { endpoint } = args;
  const response = await (args.fetchFn ?? fetch)(
    `${endpoint.supabaseUrl.replace(/\/+$/, '')}/functions/v1/agent-chat/rating`,
    {
      method: 'POST',
      headers: {
        apikey: endpoint.anonKey,
        authorization: `Bearer ${endpoint.accessToken ?? endpoint.anonKey}`,
        'content-type': 'application/json',
        ...(args.visitorKey ? { [VISITOR_KEY_HEADER]: args.visitorKey } : {}),
      },
      body: JSON.stringify(args.body),
    },
  );
  if (!response.ok) {
    const error = await readFunctionError(response);
    throw new Error(error?.message ?? `rating answered ${response.status}`);
  }
  return conversationRatingResponseSchema.parse(await response.json()).satisfaction;
}
