import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';

/**
 * One recording's transfer: streams to `<file>.part`, resumes an interrupted transfer from the bytes
 * already on disk with an HTTP `Range` request (hosted and local Storage both honour it), and only
 * renames the part into place once size and SHA-256 match what the server computed. A corrupt or
 * oversized part is deleted; a cut connection keeps it for the next attempt.
 */

export type DownloadErrorCode = 'network' | 'checksum_mismatch' | 'size_mismatch' | 'server' | 'disk';

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    readonly code: DownloadErrorCode,
    message: string,
    /** Worth another attempt (the part file, if any, is kept). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface DownloadTarget {
  url: string;
  partPath: string;
  finalPath: string;
  size: number;
  sha256: string;
}

export interface DownloadOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  onProgress?: (receivedBytes: number, totalBytes: number) => void;
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

async function hashFile(file: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

/** Downloads (or finishes) one file; resolves with the bytes reused from an earlier attempt. */
export async function downloadVerified(
  target: DownloadTarget,
  options: DownloadOptions = {},
): Promise<{ resumedFrom: number }> {
  const doFetch = options.fetch ?? fetch;
  await mkdir(path.dirname(target.partPath), { recursive: true });
  let existing = await sizeOf(target.partPath);
  if (existing > target.size) {
    await truncate(target.partPath, 0);
    existing = 0;
  }
  let hash = createHash('sha256');
  if (existing > 0) await hashFile(target.partPath, hash);
  const resumedFrom = existing;
  let received = existing;
  options.onProgress?.(received, target.size);

  if (existing < target.size) {
    let response: Response;
    try {
      response = await doFetch(target.url, {
        headers: existing > 0 ? { range: `bytes=${existing}-` } : {},
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw new DownloadError('network', `request failed: ${String(error)}`, true);
    }
    if (response.status === 200 && existing > 0) {
      // The server ignored the range: start over with its full answer.
      await truncate(target.partPath, 0);
      hash = createHash('sha256');
      received = 0;
    } else if (response.status === 206) {
      const start = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1];
      if (Number(start) !== existing) {
        await response.body?.cancel();
        await rm(target.partPath, { force: true });
        throw new DownloadError('server', 'the server answered another range', true);
      }
    } else if (response.status !== 200) {
      await response.body?.cancel();
      // 416: the part does not fit the object any more; 4xx/5xx: an expired URL or a server fault.
      if (response.status === 416) await rm(target.partPath, { force: true });
      throw new DownloadError('server', `HTTP ${response.status}`, true);
    }
    if (!response.body) throw new DownloadError('server', 'empty answer', true);

    const file = await open(target.partPath, 'a').catch((error: unknown) => {
      throw new DownloadError('disk', String(error), false);
    });
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value: bytes } = await reader.read();
        if (done) break;
        received += bytes.byteLength;
        if (received > target.size) {
          await reader.cancel();
          break;
        }
        hash.update(bytes);
        await file.write(bytes);
        options.onProgress?.(received, target.size);
      }
    } catch (error) {
      if (options.signal?.aborted) throw new DownloadError('network', 'cancelled', false);
      throw new DownloadError('network', `transfer interrupted: ${String(error)}`, true);
    } finally {
      await file.close();
    }
  }

  if (received !== target.size) {
    if (received > target.size) {
      await rm(target.partPath, { force: true });
      throw new DownloadError('size_mismatch', `got more than ${target.size} bytes`, false);
    }
    throw new DownloadError('network', `transfer ended at ${received} of ${target.size} bytes`, true);
  }
  if (hash.digest('hex') !== target.sha256) {
    await rm(target.partPath, { force: true });
    throw new DownloadError('checksum_mismatch', 'SHA-256 does not match the server’s', false);
  }
  await rename(target.partPath, target.finalPath);
  return { resumedFrom };
}
