import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './lazyChunk.ts';

describe('loadChunk', () => {
  it('hands back the loaded module', async () => {
    await expect(loadChunk(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it('turns a failed dynamic import into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/historyPages-x.js');
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).cause).toBe(cause);
    expect((error as ChunkLoadError).message).toContain('historyPages-x.js');
  });

  it('tells a chunk failure from any other error', () => {
    expect(isChunkLoadError(new ChunkLoadError('offline'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
