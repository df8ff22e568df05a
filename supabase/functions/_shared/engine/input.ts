/**
 * `agent-chat` input: `{agentId | subdomain, conversationId?, message, channel?}`. Anything else is
 * a 400 with a message that says what to fix.
 */
import { z } from 'zod';
import { subdomainSchema } from '../contracts/subdomain.ts';
import { HttpError } from '../web/errors.ts';
import { safeText } from './safe-text.ts';

export const MAX_MESSAGE_LENGTH = 4_000;

export const CHAT_CHANNELS = ['web', 'sandbox', 'whatsapp', 'phone', 'voice'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export const agentChatInputSchema = z
  .object({
    agentId: z.guid({ error: 'agentId must be a UUID.' }).optional(),
    subdomain: subdomainSchema.optional(),
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

/** Parses the JSON body; throws HttpError 400 `invalid_input` naming the first problem. */
export function parseAgentChatInput(raw: unknown): AgentChatInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new HttpError(400, 'invalid_input', 'The request body must be a JSON object.');
  }
  const result = agentChatInputSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  let message = issue?.message ?? 'Invalid input.';
  if (issue?.code === 'unrecognized_keys') message = `Unknown field(s): ${issue.keys.join(', ')}.`;
  throw new HttpError(400, 'invalid_input', message);
}
