import type { PGlite } from '@electric-sql/pglite';
import type { StackContext } from '../core/contracts.ts';
import { parseByteSize } from '../core/config.ts';
import type { FileStore } from './files.ts';

/** What every route handler needs: the database, the bytes, the secret and the global limit. */
export interface StorageService {
  ctx: StackContext;
  db: PGlite;
  files: FileStore;
  jwtSecret: string;
  /** `[storage] file_size_limit` in bytes: no upload may exceed it whatever the bucket says. */
  globalFileSizeLimit: number;
}

export function globalLimitOf(ctx: StackContext): number {
  try {
    return parseByteSize(ctx.config.supabaseConfig.storage.file_size_limit || '50MiB');
  } catch {
    ctx.log(
      `storage: invalid [storage] file_size_limit "${ctx.config.supabaseConfig.storage.file_size_limit}", using 50MiB`,
    );
    return 50 * 1024 * 1024;
  }
}

/** JSON answer whose body Postgres already serialized (timestamps formatted as PostgREST does). */
export function jsonText(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
