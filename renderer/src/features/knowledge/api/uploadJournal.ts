/**
 * Which knowledge uploads this page has in flight, so that the next page in the same tab can tell
 * the server they were cut (a reload or a navigation away aborts them). When the page goes away
 * (`pagehide`) the ids still in flight are written to sessionStorage, which outlives the page but
 * not the tab; the next load takes them and hands them to interrupt_knowledge_uploads. A tab that
 * was closed, or a page that crashed, leaves nothing here: the server's grace time covers those.
 */

const KEY = 'concierge.knowledge.interruptedUploads';
/** The RPC takes at most this many ids at once. */
const MAX_IDS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface UploadJournal {
  /** An upload of this document started on this page. */
  begin(documentId: string): void;
  /** It ended here, whichever way (ready, failed, refused): nothing left for the next page. */
  end(documentId: string): void;
  /** The uploads an earlier page of this tab left in flight, removed from the journal. */
  takeAbandoned(): string[];
  /** Puts ids back (the server could not be told this time). */
  restore(documentIds: readonly string[]): void;
}

export function createUploadJournal(
  store: SessionStore | null,
  page: Pick<Window, 'addEventListener'> | null,
): UploadJournal {
  const inFlight = new Set<string>();

  const read = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(store?.getItem(KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string' && UUID.test(id)) : [];
    } catch {
      return [];
    }
  };
  const write = (ids: Iterable<string>) => {
    const unique = [...new Set(ids)].slice(-MAX_IDS);
    try {
      if (unique.length === 0) store?.removeItem(KEY);
      else store?.setItem(KEY, JSON.stringify(unique));
    } catch {
      // Storage refused (private mode, quota): the server's grace time still catches these.
    }
  };

  page?.addEventListener('pagehide', () => {
    if (inFlight.size > 0) write([...read(), ...inFlight]);
  });

  return {
    begin: (documentId) => void inFlight.add(documentId),
    end: (documentId) => void inFlight.delete(documentId),
    takeAbandoned() {
      const ids = read().filter((id) => !inFlight.has(id));
      if (ids.length > 0) write([]);
      return ids;
    },
    restore(documentIds) {
      if (documentIds.length > 0) write([...read(), ...documentIds]);
    },
  };
}

/** This page's journal. */
export const uploadJournal = createUploadJournal(
  (() => {
    try {
      return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    } catch {
      return null;
    }
  })(),
  typeof window === 'undefined' ? null : window,
);
