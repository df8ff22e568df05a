import { readAgentChatResponse, type AgentChatEvent, type Citation } from '@contracts/conversation-events.ts';
import type { ChatMessage } from './state.ts';

/**
 * The two server calls of the conversation UI, over plain fetch (no supabase-js on the visitor's
 * page): a turn on the `agent-chat` stream, and the reload of a conversation's earlier messages.
 */
export interface ConversationEndpoint {
  supabaseUrl: string;
  anonKey: string;
  /** A signed-in owner's token (console sandbox); visitors use the anon key. */
  accessToken?: string;
}

export type ChatChannel = 'web' | 'sandbox';

/** Header carrying the visitor key: agent-chat stores it on the conversation it opens. */
export const VISITOR_KEY_HEADER = 'x-visitor-key';

export interface AgentRef {
  id?: string;
  subdomain?: string;
}

function base(endpoint: ConversationEndpoint): string {
  return endpoint.supabaseUrl.replace(/\/+$/, '');
}

// PostgREST's CORS list does not include the visitor header, so only the function call sends it
// (the RPC takes the key as a parameter instead).
function headers(endpoint: ConversationEndpoint): Record<string, string> {
  return {
    apikey: endpoint.anonKey,
    authorization: `Bearer ${endpoint.accessToken ?? endpoint.anonKey}`,
    'content-type': 'application/json',
  };
}

/** The request body `agent-chat` accepts: exactly one of agentId and subdomain. */
export function turnBody(
  agent: AgentRef,
  message: string,
  channel: ChatChannel,
  conversationId: string | null,
): Record<string, string> {
  return {
    ...(agent.id ? { agentId: agent.id } : { subdomain: agent.subdomain ?? '' }),
    ...(conversationId ? { conversationId } : {}),
    message,
    channel,
  };
}

export async function* sendTurn(args: {
  endpoint: ConversationEndpoint;
  agent: AgentRef;
  message: string;
  channel: ChatChannel;
  conversationId: string | null;
  visitorKey: string;
  signal?: AbortSignal;
  fetchFn?: typeof fetch;
}): AsyncGenerator<AgentChatEvent> {
  const fetchFn = args.fetchFn ?? fetch;
  const response = await fetchFn(`${base(args.endpoint)}/functions/v1/agent-chat`, {
    method: 'POST',
    headers: { ...headers(args.endpoint), [VISITOR_KEY_HEADER]: args.visitorKey, accept: 'text/event-stream' },
    body: JSON.stringify(turnBody(args.agent, args.message, args.channel, args.conversationId)),
    ...(args.signal ? { signal: args.signal } : {}),
  });
  yield* readAgentChatResponse(response);
}

interface StoredMessage {
  id: string;
  role: string;
  content: string;
  citations: unknown;
  metadata: unknown;
  timestamp: string;
}

function citations(raw: unknown): Citation[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c: unknown) => {
    const r = c as Partial<Record<string, unknown>> | null;
    if (!r || typeof r.name !== 'string') return [];
    return [
      {
        documentId: String(r.documentId ?? r.document_id ?? ''),
        name: r.name,
        snippet: typeof r.snippet === 'string' ? r.snippet : '',
      },
    ];
  });
}

/** Converts the RPC rows into displayed messages (user and assistant turns only). */
export function toChatMessages(rows: unknown): ChatMessage[] {
  if (!Array.isArray(rows)) return [];
  return (rows as StoredMessage[])
    .filter((r) => r && (r.role === 'user' || r.role === 'assistant') && typeof r.content === 'string')
    .map((r) => ({
      id: String(r.id),
      role: r.role as 'user' | 'assistant',
      text: r.content,
      at: typeof r.timestamp === 'string' ? r.timestamp : new Date().toISOString(),
      citations: citations(r.citations),
      offline: (r.metadata as { offline?: unknown } | null)?.offline === true,
      status: 'done',
    }));
}

/**
 * Earlier messages of a conversation this visitor owns, through the RPC
 * `public_conversation_messages(conversation_id, visitor_key)`. Null when the conversation is not
 * (or no longer) theirs: the caller forgets the id and starts fresh.
 */
export async function loadConversation(args: {
  endpoint: ConversationEndpoint;
  conversationId: string;
  visitorKey: string;
  signal?: AbortSignal;
  fetchFn?: typeof fetch;
}): Promise<ChatMessage[] | null> {
  const fetchFn = args.fetchFn ?? fetch;
  const response = await fetchFn(`${base(args.endpoint)}/rest/v1/rpc/public_conversation_messages`, {
    method: 'POST',
    headers: { ...headers(args.endpoint), accept: 'application/json' },
    body: JSON.stringify({ conversation_id: args.conversationId, visitor_key: args.visitorKey }),
    ...(args.signal ? { signal: args.signal } : {}),
  });
  if (!response.ok) throw new Error(`public_conversation_messages answered ${response.status}`);
  const rows: unknown = await response.json();
  const messages = toChatMessages(rows);
  return messages.length > 0 ? messages : null;
}
