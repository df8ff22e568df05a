/**
 * What the browser remembers so a conversation resumes after a reload: one random visitor key per
 * browser (proves the conversation is this visitor's) and the conversation id per agent and channel.
 * Storage may be missing or throw (private mode, blocked cookies): the chat then simply starts fresh.
 */
const VISITOR_KEY = 'concierge.visitorKey';
const conversationKey = (agentKey: string, channel: string) => `concierge.conversation.${channel}.${agentKey}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VISITOR = /^[0-9a-f]{32}$/;

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function read(store: KeyValueStore | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: KeyValueStore | null, key: string, value: string | null): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Not persisted: the conversation will not resume, which is the documented fallback.
  }
}

/** 128 random bits as 32 hex characters. */
export function newVisitorKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function visitorKey(store: KeyValueStore | null): string {
  const existing = read(store, VISITOR_KEY);
  if (existing && VISITOR.test(existing)) return existing;
  const key = newVisitorKey();
  write(store, VISITOR_KEY, key);
  return key;
}

export function savedConversationId(store: KeyValueStore | null, agentKey: string, channel: string): string | null {
  const id = read(store, conversationKey(agentKey, channel));
  return id && UUID.test(id) ? id : null;
}

export function saveConversationId(
  store: KeyValueStore | null,
  agentKey: string,
  channel: string,
  id: string | null,
): void {
  write(store, conversationKey(agentKey, channel), id && UUID.test(id) ? id : null);
}

/** localStorage when the page may use it. */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
