import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireLibrary, type AnnotationInput, type LibrarySelection, type LibrarySettings } from './desktopLibrary.ts';
import { libraryKeys } from './keys.ts';

// Failures toast once, through the app's MutationCache (lib/queryClient.ts), like every mutation.
function useLibraryMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

export const useDownloadMutation = () =>
  useLibraryMutation((selection: LibrarySelection) => requireLibrary().download(selection));

export const useSaveAnnotationMutation = () =>
  useLibraryMutation(({ id, annotation }: { id: string; annotation: AnnotationInput }) =>
    requireLibrary().setAnnotation(id, annotation),
  );

export const useSaveLibrarySettingsMutation = () =>
  useLibraryMutation((settings: LibrarySettings) => requireLibrary().setSettings(settings));

export const useWipeLibraryMutation = () => useLibraryMutation(() => requireLibrary().wipe());

export const useSyncLibraryMutation = () => useLibraryMutation(() => requireLibrary().syncNow());

export const useCancelDownloadsMutation = () =>
  useLibraryMutation((jobId: string | null) => requireLibrary().cancel(jobId));
