import type { LibrarySearch } from './desktopLibrary.ts';

/** Query keys of the offline recordings library (one factory). */
export const libraryKeys = {
  all: ['library'] as const,
  entries: (query: LibrarySearch) => [...libraryKeys.all, 'entries', query] as const,
  entry: (id: string) => [...libraryKeys.all, 'entry', id] as const,
  status: () => [...libraryKeys.all, 'status'] as const,
  settings: () => [...libraryKeys.all, 'settings'] as const,
};
