import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { errors } from './errors.ts';

/**
 * Object bytes on the local filesystem, laid out like upstream's file backend:
 * `<root>/<bucket>/<object name>/<version uuid>`. Each upload gets a new version file, written to a
 * temp file first and renamed into place, so a crash never leaves a half-written object behind a
 * committed row; the previous version is deleted only after the new row has committed.
 */
export interface StoredBytes {
  /** Temp file holding the bytes until `commit` moves them to their version path. */
  tempPath: string;
  size: number;
  /** Quoted md5 hex, as S3 and hosted Storage send it. */
  eTag: string;
}

export class FileStore {
  private constructor(
    readonly root: string,
    private readonly tempDir: string,
  ) {}

  /** Opens the store under `filesDir/storage`, or a temp dir removed at exit when `filesDir` is ''. */
  static async open(filesDir: string): Promise<FileStore> {
    let base: string;
    if (filesDir) {
      base = path.resolve(filesDir);
    } else {
      // In-memory stack: the bytes must not outlive the process either.
      base = mkdtempSync(path.join(os.tmpdir(), 'concierge-storage-'));
      removeAtExit(base);
    }
    // Temp files live beside (not inside) the bucket folders, on the same filesystem so that the
    // final rename is atomic, and where no bucket name can collide with them.
    const root = path.join(base, 'storage');
    const tempDir = path.join(base, 'storage-tmp');
    // Owner-only like the data dir (startStack narrows an existing one): private knowledge files.
    await mkdir(root, { recursive: true, mode: 0o700 });
    // Leftovers of uploads interrupted by a crash are never referenced by a row.
    await rm(tempDir, { recursive: true, force: true });
    await mkdir(tempDir, { recursive: true, mode: 0o700 });
    return new FileStore(root, tempDir);
  }

  /** The folder holding every version of one object; refuses anything resolving outside the bucket. */
  private objectDir(bucket: string, key: string): string {
    const bucketDir = path.join(this.root, bucket);
    const dir = path.join(bucketDir, ...key.split('/'));
    const relative = path.relative(bucketDir, dir);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw errors.invalidKey(key);
    }
    return dir;
  }

  versionPath(bucket: string, key: string, version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw errors.invalidKey(key);
    return path.join(this.objectDir(bucket, key), version);
  }

  /**
   * Streams `body` into a temp file, hashing as it goes. Throws EntityTooLarge as soon as more than
   * `maxBytes` arrive (the temp file is removed), so an oversized upload never fills the disk.
   */
  async receive(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<StoredBytes> {
    const tempPath = path.join(this.tempDir, randomUUID());
    const hash = createHash('md5');
    const out = createWriteStream(tempPath, { flags: 'wx' });
    const closed = new Promise<void>((resolve, reject) => {
      out.once('close', resolve);
      out.once('error', reject);
    });
    let size = 0;
    try {
      if (body) {
        const reader = body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > maxBytes) {
            await reader.cancel().catch(() => {});
            throw errors.entityTooLarge();
          }
          hash.update(value);
          if (!out.write(value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
      }
      out.end();
      await closed;
    } catch (error) {
      out.destroy();
      await closed.catch(() => {});
      await unlink(tempPath).catch(() => {});
      throw error;
    }
    return { tempPath, size, eTag: `"${hash.digest('hex')}"` };
  }

  /** Moves received bytes to their version path (atomic rename within the same filesystem). */
  async commit(bytes: StoredBytes, bucket: string, key: string, version: string): Promise<void> {
    const target = this.versionPath(bucket, key, version);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(bytes.tempPath, target);
    } catch (error) {
      await unlink(bytes.tempPath).catch(() => {});
      throw fsError(error, key);
    }
  }

  async discard(bytes: StoredBytes): Promise<void> {
    await unlink(bytes.tempPath).catch(() => {});
  }

  /** Copies one stored version to a new object/version (server-side copy). */
  async copyVersion(
    from: { bucket: string; key: string; version: string },
    to: { bucket: string; key: string; version: string },
  ): Promise<void> {
    const source = this.versionPath(from.bucket, from.key, from.version);
    const target = this.versionPath(to.bucket, to.key, to.version);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(this.tempDir, randomUUID());
      await copyFile(source, temp);
      await rename(temp, target);
    } catch (error) {
      throw fsError(error, to.key);
    }
  }

  /** Size of a stored version, or undefined when its file is missing. */
  async size(bucket: string, key: string, version: string): Promise<number | undefined> {
    try {
      return (await stat(this.versionPath(bucket, key, version))).size;
    } catch {
      return undefined;
    }
  }

  /** A web stream over `[start, end]` (inclusive) of a stored version. */
  read(
    bucket: string,
    key: string,
    version: string,
    range?: { start: number; end: number },
  ): ReadableStream<Uint8Array> {
    const stream = createReadStream(this.versionPath(bucket, key, version), range ?? {});
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  /** Deletes one version and prunes the folders it leaves empty (never the bucket folder). */
  async removeVersion(bucket: string, key: string, version: string): Promise<void> {
    let file: string;
    try {
      file = this.versionPath(bucket, key, version);
    } catch {
      return; // a row written by SQL with a foreign version string never had bytes here
    }
    await unlink(file).catch(() => {});
    const bucketDir = path.join(this.root, bucket);
    for (let dir = path.dirname(file); dir.startsWith(bucketDir + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (other versions or nested objects) or already gone
      }
    }
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(path.join(this.root, bucket), { recursive: true, force: true });
  }
}

/** One exit hook for every in-memory stack of the process (tests start many). */
const exitRemovals = new Set<string>();
function removeAtExit(dir: string): void {
  if (exitRemovals.size === 0) {
    process.once('exit', () => {
      for (const d of exitRemovals) rmSync(d, { recursive: true, force: true });
    });
  }
  exitRemovals.add(dir);
}

/** Key segments too long for the filesystem are the client's fault, not a server error. */
function fsError(error: unknown, key: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENAMETOOLONG' || code === 'ENOTDIR' || code === 'EISDIR') return errors.invalidKey(key);
  return error as Error;
}
