import { LIST_MAX_PAGE_SIZE } from '@contracts/history.ts';
import { readAllPages } from '../readAllPages.ts';
import { fetchContactCards, type ContactCard } from './contacts.ts';

/** Every contact the list's search and favourites filter match, for an export (see readAllPages). */
export function fetchContactsForExport(search: string, favoritesOnly: boolean) {
  return readAllPages<ContactCard, { key: string; id: string }>({
    fetchPage: (cursor, size) => fetchContactCards(search, favoritesOnly, cursor, size),
    cursorOf: (last) => ({ key: last.sort_key, id: last.id }),
    pageSize: LIST_MAX_PAGE_SIZE,
  });
}
