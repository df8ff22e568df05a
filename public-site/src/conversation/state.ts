import type { AgentChatEvent, Citation } from '@contracts/conversation-events.ts';

/**
 * The conversation as the visitor sees it, as a pure reducer: a message list and whether a reply is
 * pending. Streaming events from `agent-chat` are folded into the last assistant message, so tokens
 * appear as they arrive.
 */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** ISO time the message was shown (or stored, for reloaded ones). */
  at: string;
  citations: Citation[];
  offline: boolean;
  /** streaming: tokens still arriving; failed: the apology replaced the reply. */
  status: 'streaming' | 'done' | 'failed';
}

export interface ConversationState {
  conversationId: string | null;
  messages: ChatMessage[];
  pending: boolean;
}

export const initialConversation: ConversationState = { conversationId: null, messages: [], pending: false };

export type ConversationAction =
  | { type: 'restored'; conversationId: string; messages: ChatMessage[] }
  | { type: 'sent'; user: ChatMessage; replyId: string; at: string }
  | { type: 'event'; event: AgentChatEvent }
  | { type: 'failed'; text: string }
  /** The server conversation is over (full): the messages stay on screen, the next turn opens a new one. */
  | { type: 'forgotten' }
  | { type: 'finished' };

function updateReply(state: ConversationState, update: (m: ChatMessage) => ChatMessage): ChatMessage[] {
  const last = state.messages.at(-1);
  if (!last || last.role !== 'assistant' || last.status !== 'streaming') return state.messages;
  return [...state.messages.slice(0, -1), update(last)];
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'restored':
      // A restore that arrives after the visitor already started typing must not wipe the new turn.
      if (state.messages.length > 0) return state;
      return { ...state, conversationId: action.conversationId, messages: action.messages };
    case 'sent': {
      if (state.pending) return state;
      const reply: ChatMessage = {
        id: action.replyId,
        role: 'assistant',
        text: '',
        at: action.at,
        citations: [],
        offline: false,
        status: 'streaming',
      };
      return { ...state, pending: true, messages: [...state.messages, action.user, reply] };
    }
    case 'event': {
      const { event } = action;
      if (event.event === 'meta') {
        return {
          ...state,
          conversationId: event.data.conversationId || state.conversationId,
          messages: updateReply(state, (m) => ({
            ...m,
            citations: event.data.citations ?? [],
            offline: event.data.offline === true,
          })),
        };
      }
      if (event.event === 'delta')
        return { ...state, messages: updateReply(state, (m) => ({ ...m, text: m.text + event.data.text })) };
      if (event.event === 'done') {
        return {
          ...state,
          pending: false,
          messages: updateReply(state, (m) => ({ ...m, id: event.data.messageId || m.id, status: 'done' })),
        };
      }
      if (event.event === 'error') return conversationReducer(state, { type: 'failed', text: event.data.message });
      return state;
    }
    case 'failed':
      return {
        ...state,
        pending: false,
        // Tokens already shown stay; the apology replaces an empty reply or follows a partial one.
        messages: updateReply(state, (m) => ({
          ...m,
          text: m.text ? `${m.text}\n\n${action.text}` : action.text,
          status: 'failed',
        })),
      };
    case 'forgotten':
      return { ...state, conversationId: null };
    case 'finished':
      // The stream ended without `done` (connection closed): keep what arrived.
      return { ...state, pending: false, messages: updateReply(state, (m) => ({ ...m, status: 'done' })) };
  }
}
