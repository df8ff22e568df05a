import { getSupabase } from '../../../lib/supabase.ts';

/**
 * The desktop app's offline recordings library, `window.concierge.library` (absent in a browser).
 * Types come from the global declaration, since browser code may not import from electron/.
 */
export type LibraryApi = NonNullable<NonNullable<Window['concierge']>['library']>;
export type LibraryEntry = Awaited<ReturnType<LibraryApi['search']>>[number];
export type LibraryEntryDetail = NonNullable<Awaited<ReturnType<LibraryApi['get']>>>;
export type LibrarySearch = Parameters<LibraryApi['search']>[0];
export type LibrarySelection = Parameters<LibraryApi['download']>[0];
export type LibrarySettings = Awaited<ReturnType<LibraryApi['getSettings']>>;
export type LibraryStatus = Awaited<ReturnType<LibraryApi['status']>>;
export type DownloadProgress = Parameters<Parameters<LibraryApi['onProgress']>[0]>[0];
export type AnnotationInput = Parameters<LibraryApi['setAnnotation']>[1];
export type AnnotationState = Awaited<ReturnType<LibraryApi['setAnnotation']>>;

export function desktopLibrary(): LibraryApi | null {
  return typeof window === 'undefined' ? null : (window.concierge?.library ?? null);
}

/** Like desktopLibrary() for code that only runs when the library exists (its screen). */
export function requireLibrary(): LibraryApi {
  const library = desktopLibrary();
  if (!library) throw new Error('the recordings library exists only in the desktop app');
  return library;
}

let sessionSync: Promise<void> | null = null;

/**
 * Keeps main told who is signed in (once per page, for the page's lifetime): the library opens the
 * user's folder on sign-in, follows token refreshes, and closes (or wipes, if the owner chose so) on
 * sign-out. Resolves once main knows the current session.
 */
export function ensureLibrarySession(): Promise<void> {
  const library = desktopLibrary();
  if (!library) return Promise.resolve();
  sessionSync ??= new Promise<void>((resolve) => {
    let first = true;
    getSupabase().auth.onAuthStateChange((event, session) => {
      const token = event === 'SIGNED_OUT' ? null : (session?.access_token ?? null);
      // Outside the auth callback: supabase-js holds a lock while listeners run.
      setTimeout(() => {
        library
          .setSession(token)
          .catch(() => undefined)
          .finally(() => {
            if (first) {
              first = false;
              resolve();
            }
          });
      }, 0);
    });
  });
  return sessionSync;
}
