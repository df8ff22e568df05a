import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { AgentChatHttpError, type AgentChatEvent } from '@contracts/conversation-events.ts';
import { loadConversation, sendTurn, type AgentRef, type ChatChannel, type ConversationEndpoint } from './api.ts';
import { conversationReducer, initialConversation, type ChatMessage } from './state.ts';
import { saveConversationId, savedConversationId, visitorKey, type KeyValueStore } from './session.ts';

export interface UseConversationOptions {
  endpoint: ConversationEndpoint;
  agent: AgentRef;
  channel: ChatChannel;
  store: KeyValueStore | null;
  /** The fixed apology in the visitor's language, shown when a turn fails without a server text. */
  apology: string;
  /** A refusal that names a limit, in the visitor's language (null: not a limit refusal). */
  refusalText?: (refusal: AgentChatHttpError) => string | null;
  fetchFn?: typeof fetch;
  /** Sees every stream event (the console sandbox counts tool uses from the `tool` events). */
  onEvent?: (event: AgentChatEvent) => void;
}

let localIds = 0;
const localId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(localIds++).toString(36)}`;

/** Wires the reducer to the server: restores the saved conversation, sends turns, streams replies. */
export function useConversation(options: UseConversationOptions) {
  const [state, dispatch] = useReducer(conversationReducer, initialConversation);
  const agentKey = options.agent.id ?? options.agent.subdomain ?? 'agent';
  const { endpoint, channel, store, fetchFn } = options;
  const [visitor] = useState(() => visitorKey(store));
  const abortRef = useRef<AbortController | null>(null);
  // Read by `send` (an event handler): whether a reply is pending and which conversation this is.
  const pendingRef = useRef(false);
  const conversationRef = useRef<string | null>(null);
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => {
    const saved = savedConversationId(store, agentKey, channel);
    if (!saved) return;
    const abort = new AbortController();
    loadConversation({
      endpoint,
      conversationId: saved,
      visitorKey: visitor,
      signal: abort.signal,
      ...(fetchFn ? { fetchFn } : {}),
    }).then(
      (messages) => {
        if (abort.signal.aborted) return;
        if (messages && !pendingRef.current && conversationRef.current === null) {
          conversationRef.current = saved;
          dispatch({ type: 'restored', conversationId: saved, messages });
        } else saveConversationId(store, agentKey, channel, null);
      },
      (error: unknown) => {
        // Keep the id: the next turn continues the conversation on the server even if the history is not shown.
        if (!abort.signal.aborted) console.warn('[concierge] previous messages not loaded:', error);
      },
    );
    return () => abort.abort();
    // The endpoint object may be rebuilt by the parent each render; its fields are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint.supabaseUrl, endpoint.anonKey, agentKey, channel, store, visitor]);

  // Leaving the chat stops the reply being generated (the server keeps the partial answer).
  useEffect(() => () => abortRef.current?.abort(), []);

  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const message = raw.trim();
      if (message === '' || pendingRef.current) return false;
      pendingRef.current = true;
      const opts = optionsRef.current;
      const at = new Date().toISOString();
      const user: ChatMessage = {
        id: localId('user'),
        role: 'user',
        text: message,
        at,
        citations: [],
        offline: false,
        status: 'done',
      };
      dispatch({ type: 'sent', user, replyId: localId('reply'), at });
      const abort = new AbortController();
      abortRef.current = abort;
      let conversationId = conversationRef.current;
      try {
        for await (const event of sendTurn({
          endpoint: opts.endpoint,
          agent: opts.agent,
          message,
          channel: opts.channel,
          conversationId,
          visitorKey: visitor,
          signal: abort.signal,
          ...(opts.fetchFn ? { fetchFn: opts.fetchFn } : {}),
        })) {
          if (event.event === 'meta' && event.data.conversationId && event.data.conversationId !== conversationId) {
            conversationId = event.data.conversationId;
            conversationRef.current = conversationId;
            saveConversationId(opts.store, agentKey, opts.channel, conversationId);
          }
          opts.onEvent?.(event);
          if (event.event === 'error') {
            dispatch({ type: 'failed', text: event.data.message?.trim() ? event.data.message : opts.apology });
            return true;
          }
          dispatch({ type: 'event', event });
        }
        dispatch({ type: 'finished' });
      } catch (error) {
        if (abort.signal.aborted) return true;
        console.warn('[concierge] chat turn failed:', error);
        // A limit refusal says which limit and when to write again; a 429 without one keeps the
        // server's text; other failures get the fixed apology.
        const refusal = error instanceof AgentChatHttpError ? error : null;
        const text =
          (refusal && opts.refusalText?.(refusal)) ?? (refusal?.status === 429 ? refusal.message : opts.apology);
        dispatch({ type: 'failed', text });
        // A full conversation cannot take another message: the next one starts a new conversation.
        if (refusal?.code === 'conversation_full') {
          conversationRef.current = null;
          saveConversationId(opts.store, agentKey, opts.channel, null);
          dispatch({ type: 'forgotten' });
        }
      } finally {
        pendingRef.current = false;
      }
      return true;
    },
    [agentKey, visitor],
  );

  return { state, send, visitorKey: visitor };
}
