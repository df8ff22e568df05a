/**
 * The `agent-chat` request body, one definition for the function and the browsers that call it:
 * `{agentId | subdomain, conversationId?, message, channel?}`. Its answer is the event stream of
 * `conversation-events.ts`, or `{error:{code,message}}` with a 4xx before the stream starts.
 */
import { z } from 'zod';
import { safeText } from './safe-text.ts';
import { subdomainSchema } from './subdomain.ts';

export const MAX_MESSAGE_LENGTH = 4_000;

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
        .max(MAX_MESSAGE_LENGTH, { error: `message must be at most ${MAX_MESSAGE_LENGTH} characters.` }),
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
