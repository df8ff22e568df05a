/**
 * `agent-chat` input (schema in the contract module): anything else is a 400 with a message that
 * says what to fix.
 */
import { agentChatInputSchema, MAX_MESSAGE_LENGTH, type AgentChatInput } from '../contracts/agent-chat.ts';
import { charLength } from '../contracts/field-limits.ts';
import { limitDetails } from '../contracts/limit-refusal.ts';
import type { z } from 'zod';
import { HttpError } from '../platform/errors.ts';
import { validate } from '../platform/validate.ts';

export {
  agentChatInputSchema,
  CHAT_CHANNELS,
  MAX_MESSAGE_LENGTH,
  type AgentChatInput,
  type ChatChannel,
} from '../contracts/agent-chat.ts';

/**
 * The message of a public body's 400: the first issue's own text (the contract's messages name
 * the field), or the unknown fields; every issue is in `details.issues` (platform/validate.ts).
 */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}.`;
  return issue?.message ?? 'Invalid request.';
}

/**
 * Parses the JSON body; throws HttpError 400 `invalid_request` naming the first problem. A message
 * over the length limit says the limit and the message's length, and carries the limit in
 * `details.limit` for the visitor's own wording.
 */
export function parseAgentChatInput(raw: unknown): AgentChatInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object.');
  }
  const message = (raw as { message?: unknown }).message;
  const length = typeof message === 'string' ? charLength(message.trim()) : 0;
  if (length > MAX_MESSAGE_LENGTH) {
    throw new HttpError(
      400,
      'invalid_request',
      `message must be at most ${MAX_MESSAGE_LENGTH} characters (it has ${length}).`,
      {},
      limitDetails(
        { kind: 'message_length', max: MAX_MESSAGE_LENGTH },
        { issues: [{ path: 'message', message: `at most ${MAX_MESSAGE_LENGTH} characters` }] },
      ),
    );
  }
  return validate(agentChatInputSchema, raw, firstIssueMessage);
}
