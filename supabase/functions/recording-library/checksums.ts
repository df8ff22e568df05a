/**
 * Size and SHA-256 of stored recordings for the manifest: read from the private cache, computed
 * the first time as a stream (recordings reach 200 MB; Web Crypto has no incremental digest, so
 * @noble/hashes does it chunk by chunk under Deno and Node alike).
 */
import type { DbClient } from '../_shared/platform/env.ts';
import { sha256 } from '@noble/hashes/sha2';

export const BUCKET = 'recordings';
/**
 * Hosted gateways refuse URLs over 8 KB (414); an `in.(…)` filter of 100 storage paths is about
 * 13 KB, so the cache is read in groups whose encoded paths stay well under that.
 */
export const LOOKUP_URL_BUDGET = 4000;

export interface Checksum {
  size: number;
  sha256: string;
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function digestStream(stream: ReadableStream<Uint8Array>): Promise<Checksum> {
  const hash = sha256.create();
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hash.update(value);
    size += value.byteLength;
  }
  return { size, sha256: hex(hash.digest()) };
}

/** Groups of paths whose encoded length (with separators) fits the URL budget. */
export function lookupGroups(paths: string[], budget = LOOKUP_URL_BUDGET): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let length = 0;
  for (const path of paths) {
    // postgrest-js quotes each value: "…", plus the comma
    const cost = encodeURIComponent(`"${path}",`).length;
    if (group.length && length + cost > budget) {
      groups.push(group);
      group = [];
      length = 0;
    }
    group.push(path);
    length += cost;
  }
  if (group.length) groups.push(group);
  return groups;
}

export async function cachedChecksums(service: DbClient, paths: string[]): Promise<Map<string, Checksum>> {
  const known = new Map<string, Checksum>();
  for (const group of lookupGroups([...new Set(paths)])) {
    const { data, error } = await service.from('recording_checksums').select('path, size, sha256').in('path', group);
    if (error) throw new Error(`reading checksums failed: ${error.message}`);
    for (const row of data ?? []) known.set(row.path, { size: Number(row.size), sha256: row.sha256 });
  }
  return known;
}

/**
 * Hashes one recording read AS the caller and caches it (service role, the only writer). Null when
 * the object is missing or not the caller's to read.
 */
export async function computeChecksum(
  asCaller: DbClient,
  service: DbClient,
  userId: string,
  path: string,
): Promise<Checksum | null> {
  const file = await asCaller.storage.from(BUCKET).download(path).asStream();
  if (file.error || !file.data) return null;
  const sum = await digestStream(file.data);
  const saved = await service
    .from('recording_checksums')
    .upsert({ path, user_id: userId, size: sum.size, sha256: sum.sha256 }, { onConflict: 'path' });
  if (saved.error) throw new Error(`caching a checksum failed: ${saved.error.message}`);
  return sum;
}
