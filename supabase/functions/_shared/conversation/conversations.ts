/**
 * The engine's ConversationStore on `conversations` and `messages`, as the service role with
 * explicit ownership checks: a conversation is the caller's when it belongs to this agent and to
 * the same visitor (anonymous) or the agent's owner (sandbox). Anything else is "not found".
 *
 * A new conversation gets its id here and its row with the first saved message (one RPC,
 * `save_chat_message`, per message), so starting a conversation costs no extra round trip.
 */
import type { DbClient } from '../platform/env.ts';
import type { ChatMessage } from '../ai/types.ts';
import { CHAT_CHANNELS, PUBLIC_CONVERSATION_LIMITS as CAPS } from '../contracts/agent-chat.ts';
import { englishWait, limitDetails } from '../contracts/limit-refusal.ts';
import { CHANNELS } from './channel.ts';
import type { ChatChannel } from './input.ts';
import type { ConversationStore, SaveMessage } from './turn.ts';
import type { Citation } from '../contracts/conversation-events.ts';
import { HttpError } from '../platform/errors.ts';
import type { ToolRecord } from './tool-loop.ts';
import { transcriptMessage } from './transcript.ts';

// The database counts openings over a sliding hour without saying when the oldest leaves it; the
// visitor is told to come back in ten minutes, which the header and the details both say.
const CONVERSATION_LIMIT_RETRY_SECONDS = 600;

/** Limits save_chat_message enforces (migration 20261124130000), as the visitor is told them. */
const LIMITS: Record<string, () => HttpError> = {
  conversation_limit: () =>
    new HttpError(
      429,
      'too_many_conversations',
      `Your network has started ${CAPS.newPerAddress} conversations with this assistant within the hour, the most allowed. Try again in ${englishWait(CONVERSATION_LIMIT_RETRY_SECONDS)}.`,
      { 'retry-after': String(CONVERSATION_LIMIT_RETRY_SECONDS) },
      limitDetails({
        kind: 'new_conversations',
        max: CAPS.newPerAddress,
        windowSeconds: CAPS.windowSeconds,
        scope: 'address',
        retryAfterSeconds: CONVERSATION_LIMIT_RETRY_SECONDS,
      }),
    ),
  conversation_full: () =>
    new HttpError(
      409,
      'conversation_full',
      `This conversation has reached its limit of ${CAPS.messages} messages. Start a new one.`,
      {},
      limitDetails({ kind: 'conversation_messages', max: CAPS.messages }),
    ),
};

/** Engine channel → `conversations.channel` (each adapter says it in CHANNELS). */
export const CONVERSATION_CHANNEL: Record<ChatChannel, string> = Object.fromEntries(
  CHAT_CHANNELS.map((channel) => [channel, CHANNELS[channel].conversationChannel]),
) as Record<ChatChannel, string>;

export interface StoredMessage {
  role: string;
  content: string;
  metadata: Record<string, unknown> | null;
}

/** Stored lines (newest first, as the history query reads them) → the model's history, oldest first. */
export function chatHistory(newestFirst: StoredMessage[]): ChatMessage[] {
  return (
    newestFirst
      .slice()
      .reverse()
      // Apologies for failed turns are not part of what the model should continue from.
      .filter((message) => (message.role === 'user' || message.role === 'assistant') && !message.metadata?.failed)
      .map((message) => ({ role: message.role as 'user' | 'assistant', content: message.content }))
  );
}

/** The last `limit` lines of one conversation as the model's history (the caller checked ownership). */
export async function loadChatHistory(
  service: DbClient,
  conversationId: string,
  limit: number,
): Promise<ChatMessage[]> {
  const { data, error } = await service
    .from('messages')
    .select('role, content, metadata')
    .eq('conversation_id', conversationId)
    .order('timestamp', { ascending: false })
    .limit(limit)
    .returns<StoredMessage[]>();
  if (error) throw new Error(`loading the conversation's history failed: ${error.message}`);
  return chatHistory(data ?? []);
}

interface StoredConversation {
  id: string;
  agent_id: string | null;
  user_id: string;
  visitor_id: string | null;
  language: string | null;
  messages: StoredMessage[];
}

export function createConversationStore(service: DbClient, options: { historyLimit?: number } = {}): ConversationStore {
  const historyLimit = options.historyLimit ?? 20;
  /** Conversations opened by this request that have no row yet. */
  const pending = new Map<
    string,
    { agentId: string; ownerId: string; channel: string; visitorId: string; clientKey: string | null }
  >();
  /** Conversation id → the agent owner's id (messages rows carry it for RLS). */
  const ownerOf = new Map<string, string>();

  return {
    async openConversation({ agent, conversationId, channel, caller, isOwner }) {
      if (conversationId === undefined) {
        const id = crypto.randomUUID();
        ownerOf.set(id, agent.ownerId);
        pending.set(id, {
          agentId: agent.id,
          ownerId: agent.ownerId,
          channel: CONVERSATION_CHANNEL[channel],
          visitorId: caller.visitorKey,
          // Owners' sandbox turns are not counted against an address.
          clientKey: isOwner ? null : (caller.addressKey ?? null),
        });
        return { conversationId: id, language: null, history: [] };
      }
      const { data, error } = await service
        .from('conversations')
        .select('id, agent_id, user_id, visitor_id, language, messages(role, content, metadata)')
        .eq('id', conversationId)
        .eq('agent_id', agent.id)
        .order('timestamp', { referencedTable: 'messages', ascending: false })
        .limit(historyLimit, { referencedTable: 'messages' })
        .maybeSingle<StoredConversation>();
      if (error) throw new Error(`loading the conversation failed: ${error.message}`);
      if (!data) return null;
      const mine = data.visitor_id === caller.visitorKey || (isOwner && data.user_id === caller.userId);
      if (!mine) return null;
      ownerOf.set(data.id, data.user_id);
      return { conversationId: data.id, language: data.language, history: chatHistory(data.messages) };
    },

    async saveMessage(message: SaveMessage) {
      const opening = pending.get(message.conversationId);
      const { citations, tools, ...metadata } = message.metadata;
      const { data, error } = await service.rpc('save_chat_message', {
        conversation: opening
          ? {
              id: message.conversationId,
              user_id: opening.ownerId,
              agent_id: opening.agentId,
              channel: opening.channel,
              visitor_id: opening.visitorId,
              language: message.language,
              started_at: message.createdAt.toISOString(),
              client_key: opening.clientKey,
            }
          : null,
        message: transcriptMessage({
          conversationId: message.conversationId,
          ownerId: ownerOf.get(message.conversationId) ?? '',
          agentId: message.agentId,
          role: message.role,
          content: message.content,
          language: message.language,
          createdAt: message.createdAt,
          channel: (typeof metadata.channel === 'string' ? metadata.channel : 'web') as ChatChannel,
          citations: Array.isArray(citations) ? (citations as Citation[]) : undefined,
          tools: Array.isArray(tools) ? (tools as ToolRecord[]) : undefined,
          metadata,
        }),
      });
      const limit = error ? LIMITS[error.message] : undefined;
      if (limit) throw limit();
      if (error || typeof data !== 'string') throw new Error(`saving the message failed: ${error?.message ?? 'no id'}`);
      pending.delete(message.conversationId);
      return { messageId: data };
    },
  };
}
