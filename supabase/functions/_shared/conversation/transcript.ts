/**
 * The core's one transcript writer: what was said on any channel becomes `messages` rows of one
 * shape (role, content, language, citations, tool_calls, metadata.channel), written by the server
 * from what it observed itself (a text turn, or the realtime model's transcripts on its sideband),
 * never from a browser's account of it. Rows go through `save_chat_message`, which enforces the
 * conversation limits in Postgres.
 */
import type { DbClient } from '../platform/env.ts';
import { toJson, type Json } from '../platform/json.ts';
import type { ChatChannel } from '../contracts/agent-chat.ts';
import type { Citation } from '../contracts/conversation-events.ts';
import { storableText } from '../contracts/safe-text.ts';
import type { ToolRecord } from './tool-loop.ts';

export interface TranscriptLine {
  conversationId: string;
  /** The agent's owner: messages rows carry it (RLS). */
  ownerId: string;
  agentId: string;
  role: 'user' | 'assistant';
  content: string;
  language: string;
  createdAt: Date;
  channel: ChatChannel;
  citations?: Citation[];
  tools?: ToolRecord[];
  /** Anything else the channel records (model, usage, offline, interrupted…). */
  metadata?: Record<string, unknown>;
}

/** Rows are capped at 50,000 characters (messages.content check). */
const MAX_CONTENT = 50_000;

/** The `message` argument of save_chat_message for one line: the one row shape of every channel. */
export function transcriptMessage(line: TranscriptLine): Json {
  return toJson({
    conversation_id: line.conversationId,
    user_id: line.ownerId,
    agent_id: line.agentId,
    role: line.role,
    content: storableText(line.content).slice(0, MAX_CONTENT),
    language: line.language,
    citations: line.citations && line.citations.length > 0 ? line.citations : line.role === 'assistant' ? [] : null,
    tool_calls: line.tools && line.tools.length > 0 ? line.tools : null,
    metadata: { ...line.metadata, channel: line.channel },
    timestamp: line.createdAt.toISOString(),
  });
}

export type TranscriptWriter = (line: TranscriptLine) => Promise<{ messageId: string }>;

/** Writes lines of conversations that already have their row (a call's, opened by voice_open_call). */
export function createTranscriptWriter(service: DbClient): TranscriptWriter {
  return async (line) => {
    const { data, error } = await service.rpc('save_chat_message', {
      conversation: null,
      message: transcriptMessage(line),
    });
    if (error || typeof data !== 'string')
      throw new Error(`saving the transcript failed: ${error?.message ?? 'no id'}`);
    return { messageId: data };
  };
}

/**
 * Cuts a saved reply to what the person heard (a phone caller's barge-in): the row keeps its id
 * and time, its content becomes the heard text and its metadata says it was interrupted.
 */
export async function cutTranscriptLine(
  service: DbClient,
  cut: { conversationId: string; messageId: string; content: string; metadata: Record<string, unknown> },
): Promise<void> {
  const { error } = await service
    .from('messages')
    .update({
      content: storableText(cut.content).slice(0, MAX_CONTENT),
      metadata: { ...cut.metadata, interrupted: true },
    })
    .eq('id', cut.messageId)
    .eq('conversation_id', cut.conversationId);
  if (error) throw new Error(`cutting the transcript failed: ${error.message}`);
}
