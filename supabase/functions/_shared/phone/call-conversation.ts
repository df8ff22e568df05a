/**
 * The core's ConversationStore for one phone call: the call's own conversation (opened with the
 * call row, `calls.conversation_id`) and no other. The relay authenticated the socket and attached
 * the call, so ownership is settled; the history lives in memory for the call's length (one load,
 * then every saved line is appended), which keeps the database out of the path to the first token.
 * Lines are written by the core's one transcript writer.
 */
import type { DbClient } from '../platform/env.ts';
import type { ChatMessage } from '../ai/types.ts';
import type { Citation } from '../contracts/conversation-events.ts';
import type { ToolRecord } from '../conversation/tool-loop.ts';
import { loadChatHistory } from '../conversation/conversations.ts';
import { heardPart } from '../conversation/spoken.ts';
import { createTranscriptWriter, cutTranscriptLine } from '../conversation/transcript.ts';
import type { ConversationStore } from '../conversation/turn.ts';
import type { PhoneCallSession } from './call-store.ts';

const HISTORY_LIMIT = 20;

export function createCallConversationStore(service: DbClient, call: PhoneCallSession): ConversationStore {
  const write = createTranscriptWriter(service);
  let history: (ChatMessage & { messageId?: string })[] | null = null;
  const metadataOf = new Map<string, Record<string, unknown>>();

  async function load(): Promise<(ChatMessage & { messageId?: string })[]> {
    if (history) return history;
    const lines = await loadChatHistory(service, call.conversationId, HISTORY_LIMIT);
    history ??= lines;
    return history;
  }

  /** The stored text of one of this call's replies (the history has it, unless it was loaded before). */
  async function replyText(messageId: string): Promise<string | null> {
    const line = history?.find((entry) => entry.messageId === messageId);
    if (line) return line.content;
    const { data, error } = await service
      .from('messages')
      .select('content')
      .eq('id', messageId)
      .eq('conversation_id', call.conversationId)
      .eq('role', 'assistant')
      .maybeSingle<{ content: string }>();
    if (error) throw new Error(`reading the reply to cut failed: ${error.message}`);
    return data?.content ?? null;
  }

  return {
    async openConversation({ agent, conversationId }) {
      if (agent.id !== call.agentId || (conversationId !== undefined && conversationId !== call.conversationId))
        return null;
      const lines = await load();
      return {
        conversationId: call.conversationId,
        language: null,
        history: lines.map(({ messageId: _id, ...line }) => line as ChatMessage),
      };
    },
    async saveMessage(message) {
      const { citations, tools, ...metadata } = message.metadata;
      const saved = await write({
        conversationId: call.conversationId,
        ownerId: call.ownerId,
        agentId: call.agentId,
        role: message.role,
        content: message.content,
        language: message.language,
        createdAt: message.createdAt,
        channel: 'phone',
        citations: Array.isArray(citations) ? (citations as Citation[]) : undefined,
        tools: Array.isArray(tools) ? (tools as ToolRecord[]) : undefined,
        metadata,
      });
      metadataOf.set(saved.messageId, { ...metadata, channel: 'phone' });
      if (!metadata.failed)
        (await load()).push({ role: message.role, content: message.content, messageId: saved.messageId });
      return saved;
    },
    async cutMessage({ messageId, heard }) {
      const reply = await replyText(messageId);
      if (reply === null) return;
      // Our own reply, cut where the caller's report ends: the reported words are never stored.
      const content = heardPart(reply, heard);
      if (content === reply) return;
      const line = history?.find((entry) => entry.messageId === messageId);
      if (content.trim() === '') {
        // Nothing of the reply was heard: it was never said.
        const { error } = await service
          .from('messages')
          .delete()
          .eq('id', messageId)
          .eq('conversation_id', call.conversationId);
        if (error) throw new Error(`cutting the transcript failed: ${error.message}`);
        if (history && line) history.splice(history.indexOf(line), 1);
        return;
      }
      await cutTranscriptLine(service, {
        conversationId: call.conversationId,
        messageId,
        content,
        metadata: metadataOf.get(messageId) ?? { channel: 'phone' },
      });
      if (line) line.content = content;
    },
  };
}
