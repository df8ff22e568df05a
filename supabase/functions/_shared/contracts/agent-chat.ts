/**
 * The `agent-chat` request body, one definition for the function and the browsers that call it:
 * `{agentId | subdomain, conversationId?, message, channel?}`. Its answer is the event stream of
 * `conversation-events.ts`, or `{error:{code,message}}` with a 4xx before the stream starts.
 */
import { z } from 'zod';
import { charLength } from './field-limits.ts';
import { safeText } from './safe-text.ts';
import { subdomainSchema } from './subdomain.ts';

/** Characters of one chat message (code points, as every counter counts them). */
export const MAX_MESSAGE_LENGTH = 4_000;

/**
 * What save_chat_message enforces on public conversations (migration 20261124130000), as the
 * visitor is told it: new conversations one client address may start with one agent per window,
 * and the messages one public conversation holds. An integration test proves the SQL agrees.
 */
export const PUBLIC_CONVERSATION_LIMITS = {
  newPerAddress: 30,
  windowSeconds: 3600,
  messages: 200,
} as const;

/** Every channel of the conversation core; browsers may name only `web` and `sandbox`. */
export const CHAT_CHANNELS = ['web', 'sandbox', 'whatsapp', 'phone', 'voice'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export const agentChatInputSchema = z
  .object({
    agentId: z.guid({ error: 'agentId must be a UUID.' }).optional(),
    subdomain: z.optional(subdomainSchema),
    conversationId: z.guid({ error: 'conversationId must be a UUID.' }).optional(),
    message: safeText(
      z
        .string({ error: 'message is required and must be a string.' })
        .trim()
        .min(1, { error: 'message must not be empty.' })
        .refine((message) => charLength(message) <= MAX_MESSAGE_LENGTH, {
          error: `message must be at most ${MAX_MESSAGE_LENGTH} characters.`,
        }),
      'message',
    ),
    channel: z.enum(CHAT_CHANNELS, { error: `channel must be one of ${CHAT_CHANNELS.join(', ')}.` }).default('web'),
  })
  .strict()
  .refine((input) => (input.agentId === undefined) !== (input.subdomain === undefined), {
    error: 'Give exactly one of agentId or subdomain.',
  });

export type AgentChatInput = z.infer<typeof agentChatInputSchema>;
/** What a browser sends (before defaults apply). */
export type AgentChatBody = z.input<typeof agentChatInputSchema>;
