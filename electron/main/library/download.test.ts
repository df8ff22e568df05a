import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DownloadError, downloadVerified } from './download.ts';
import { bytesOf, startFileServer, type FileServer } from './testServer.ts';

let server: FileServer;
let dir: string;
beforeAll(async () => {
  server = await startFileServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'library-download-'));
  server.requests.length = 0;
  server.ignoreRanges(false);
  return () => rm(dir, { recursive: true, force: true });
});

const target = (name: string, sum: { size: number; sha256: string }) => ({
  url: server.url(name),
  partPath: path.join(dir, `${name}.part`),
  finalPath: path.join(dir, name),
  ...sum,
});

describe('downloadVerified', () => {
  it('keeps the bytes of an interrupted transfer and resumes from them with a Range request', async () => {
    const bytes = bytesOf(200_000);
    const sum = server.put('a.wav', bytes);
    server.cutOnce('a.wav', 70_000, path.join(dir, 'a.wav.part'));
    const first = downloadVerified(target('a.wav', sum));
    await expect(first).rejects.toMatchObject({ code: 'network', retryable: true });
    const kept = (await stat(path.join(dir, 'a.wav.part'))).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(bytes.length);

    const seen: number[] = [];
    const second = await downloadVerified(target('a.wav', sum), { onProgress: (r) => seen.push(r) });
    expect(second.resumedFrom).toBe(kept);
    expect(server.requests.map((r) => r.range)).toEqual([null, `bytes=${kept}-`]);
    expect(seen[0]).toBe(kept);
    expect(await readFile(path.join(dir, 'a.wav'))).toEqual(bytes);
    expect(existsSync(path.join(dir, 'a.wav.part'))).toBe(false);
  });

  it('rejects a file whose SHA-256 differs and deletes the part', async () => {
    const sum = server.put('b.wav', bytesOf(10_000));
    const wrong = { ...sum, sha256: '0'.repeat(64) };
    await expect(downloadVerified(target('b.wav', wrong))).rejects.toMatchObject({
      code: 'checksum_mismatch',
      retryable: false,
    });
    expect(existsSync(path.join(dir, 'b.wav'))).toBe(false);
    expect(existsSync(path.join(dir, 'b.wav.part'))).toBe(false);
  });

  it('rejects a file larger than announced', async () => {
    const sum = server.put('c.wav', bytesOf(5000));
    await expect(downloadVerified(target('c.wav', { ...sum, size: 4000 }))).rejects.toMatchObject({
      code: 'size_mismatch',
    });
    expect(existsSync(path.join(dir, 'c.wav'))).toBe(false);
  });

  it('starts over when the server ignores the range, and still verifies', async () => {
    const bytes = bytesOf(30_000, 3);
    const sum = server.put('d.wav', bytes);
    await writeFile(path.join(dir, 'd.wav.part'), bytes.subarray(0, 12_000));
    server.ignoreRanges(true);
    await downloadVerified(target('d.wav', sum));
    expect(await readFile(path.join(dir, 'd.wav'))).toEqual(bytes);
  });

  it('reports an unreachable server as a retryable network error', async () => {
    const sum = server.put('e.wav', bytesOf(100));
    const failing: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const error = await downloadVerified(target('e.wav', sum), { fetch: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ code: 'network', retryable: true });
  });
});
