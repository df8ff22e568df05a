/**
 * `agent-chat` input (schema in the contract module): anything else is a 400 with a message that
 * says what to fix.
 */
import { agentChatInputSchema, type AgentChatInput } from '../contracts/agent-chat.ts';
import { HttpError } from '../web/errors.ts';

export {
  agentChatInputSchema,
  CHAT_CHANNELS,
  MAX_MESSAGE_LENGTH,
  type AgentChatInput,
  type ChatChannel,
} from '../contracts/agent-chat.ts';

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
