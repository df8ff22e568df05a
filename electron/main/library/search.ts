import { readFile } from 'node:fs/promises';
import MiniSearch from 'minisearch';
import type { LibrarySearch } from '../../shared/library-contract.ts';
import { writeJsonAtomic, type StoredEntry } from './store.ts';

/**
 * Offline search of the library with MiniSearch (prefix and fuzzy full-text matching over the
 * agent's name, the caller's number, the transcript, notes and tags), persisted as JSON beside the
 * index so opening the app does not re-read every transcript. Agent, caller and dates are exact
 * filters on the entries.
 */

interface SearchDocument {
  id: string;
  agentName: string;
  callerNumber: string;
  transcript: string;
  notes: string;
  tags: string;
}

const options = {
  fields: ['agentName', 'callerNumber', 'transcript', 'notes', 'tags'],
  storeFields: [],
  searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND' as const, boost: { transcript: 1, notes: 1.5 } },
};

export interface LibrarySearchIndex {
  put(entry: StoredEntry, transcript: string): void;
  remove(id: string): void;
  clear(): void;
  /** Ids matching the text, best first (all ids when the text is blank). */
  query(text: string): string[] | null;
  save(): Promise<void>;
}

export function searchDocument(entry: StoredEntry, transcript: string): SearchDocument {
  return {
    id: entry.id,
    agentName: entry.agentName ?? '',
    callerNumber: entry.callerNumber ?? '',
    transcript,
    notes: entry.annotation.notes,
    tags: entry.annotation.tags.join(' '),
  };
}

export async function openSearchIndex(
  file: string,
  rebuild: () => Promise<SearchDocument[]>,
): Promise<LibrarySearchIndex> {
  let index: MiniSearch<SearchDocument>;
  try {
    index = MiniSearch.loadJSON<SearchDocument>(await readFile(file, 'utf8'), options);
  } catch {
    index = new MiniSearch<SearchDocument>(options);
    index.addAll(await rebuild());
  }
  return {
    put(entry, transcript) {
      if (index.has(entry.id)) index.discard(entry.id);
      index.add(searchDocument(entry, transcript));
    },
    remove(id) {
      if (index.has(id)) index.discard(id);
    },
    clear() {
      index.removeAll();
    },
    query(text) {
      if (!text.trim()) return null;
      return index.search(text).map((result) => String(result.id));
    },
    save: () => writeJsonAtomic(file, index.toJSON()),
  };
}

const digits = (value: string) => value.replace(/\D/g, '');

/** The entries matching the filters, in the order of `ranked` (or newest call first). */
export function filterEntries(entries: StoredEntry[], query: LibrarySearch, ranked: string[] | null): StoredEntry[] {
  const since = query.since ? Date.parse(query.since) : -Infinity;
  const until = query.until ? Date.parse(query.until) : Infinity;
  const caller = query.caller.trim();
  const callerDigits = digits(caller);
  const keep = (e: StoredEntry) => {
    const at = Date.parse(e.startedAt);
    if (at < since || at >= until) return false;
    if (query.agentId && e.agentId !== query.agentId) return false;
    if (caller) {
      const number = e.callerNumber ?? '';
      if (callerDigits ? !digits(number).includes(callerDigits) : !number.includes(caller)) return false;
    }
    return true;
  };
  if (ranked) {
    const byId = new Map(entries.map((e) => [e.id, e]));
    return ranked.map((id) => byId.get(id)).filter((e): e is StoredEntry => e !== undefined && keep(e));
  }
  return entries.filter(keep).sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt));
}
