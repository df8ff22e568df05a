import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ensureLibrarySession, requireLibrary, type DownloadProgress, type LibrarySearch } from './desktopLibrary.ts';
import { libraryKeys } from './keys.ts';

// The library is local: answers are cheap and change only when main says so (useLibraryEvents).
const local = { staleTime: Infinity, retry: false } as const;

export function useLibraryEntriesQuery(query: LibrarySearch) {
  return useQuery({
    queryKey: libraryKeys.entries(query),
    queryFn: async () => {
      await ensureLibrarySession();
      return requireLibrary().search(query);
    },
    ...local,
  });
}

export function useLibraryEntryQuery(id: string | null) {
  return useQuery({
    queryKey: libraryKeys.entry(id ?? ''),
    queryFn: async () => {
      await ensureLibrarySession();
      return requireLibrary().get(id ?? '');
    },
    enabled: id !== null,
    ...local,
  });
}

export function useLibraryStatusQuery() {
  return useQuery({
    queryKey: libraryKeys.status(),
    queryFn: async () => {
      await ensureLibrarySession();
      return requireLibrary().status();
    },
    ...local,
  });
}

export function useLibrarySettingsQuery() {
  return useQuery({
    queryKey: libraryKeys.settings(),
    queryFn: async () => {
      await ensureLibrarySession();
      return requireLibrary().getSettings();
    },
    ...local,
  });
}

/**
 * Main's pushes: download progress (kept here, latest per recording) and "something changed"
 * (refetches the library's queries).
 */
export function useLibraryEvents(): DownloadProgress[] {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Map<string, DownloadProgress>>(new Map());
  useEffect(() => {
    const library = requireLibrary();
    const stopProgress = library.onProgress((p) => {
      setProgress((previous) => new Map(previous).set(p.id, p));
      if (p.state === 'done' || p.state === 'failed')
        void queryClient.invalidateQueries({ queryKey: libraryKeys.status() });
    });
    const stopChanged = library.onChanged(() => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    });
    return () => {
      stopProgress();
      stopChanged();
    };
  }, [queryClient]);
  return [...progress.values()];
}
