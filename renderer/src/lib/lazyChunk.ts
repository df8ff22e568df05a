import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A part of the console's code that the browser could not fetch (or run) when it was first needed:
 * the network dropped, or a redeploy replaced the files the open tab still names. Only a reload
 * helps, so the error screens offer one with their own wording.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(`Could not load part of the console: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Runs a dynamic import; any failure comes out as a ChunkLoadError. */
export async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (cause) {
    throw new ChunkLoadError(cause);
  }
}

// Any props: the same bound React.lazy puts on what it loads; each page keeps its own prop types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * `React.lazy` over one named export of a module that loads on demand (pages, heavy widgets), so
 * modules keep their named exports. Render it under a Suspense boundary; a failed load is thrown to
 * the nearest error boundary as a ChunkLoadError.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await loadChunk(load))[name] }));
}
