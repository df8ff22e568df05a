import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, type UploadKind } from '@contracts/upload-limits.ts';
import { openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * The upload limits the console checks and names (@contracts/upload-limits.ts) are the storage
 * buckets' own, in the migrations (hosted projects) and in config.toml (local stacks) alike, so a
 * file the console lets through is never refused for its size, and a refusal names the real limit.
 */
const BUCKET_OF: Record<Exclude<UploadKind, 'knowledgeDocument'>, string> = {
  avatar: 'avatars',
  galleryImage: 'agent-media',
  interactionDocument: 'interaction-documents',
  favicon: 'site-assets',
  whatsappMedia: 'whatsapp-media',
};

let db: PGlite;
let migrated: Map<string, number>;
let configured: Map<string, number>;

/** "5MiB", "200MiB", "1MB" as bytes (the units config.toml uses). */
function bytes(size: string): number {
  const match = /^(\d+)\s*(KiB|MiB|GiB|KB|MB|GB)$/.exec(size.trim());
  if (!match) throw new Error(`unreadable size ${size}`);
  const unit = { KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3 }[match[2]!]!;
  return Number(match[1]) * unit;
}

beforeAll(async () => {
  db = await openMigratedDatabase({ seed: false });
  const { rows } = await db.query<{ id: string; file_size_limit: number }>(
    'select id, file_size_limit::bigint::float8 as file_size_limit from storage.buckets',
  );
  migrated = new Map(rows.map((row) => [row.id, Number(row.file_size_limit)]));
  const config = parse(await readFile(new URL('../../../supabase/config.toml', import.meta.url), 'utf8')) as {
    storage: { buckets: Record<string, { file_size_limit: string }> };
  };
  configured = new Map(
    Object.entries(config.storage.buckets).map(([id, bucket]) => [id, bytes(bucket.file_size_limit)]),
  );
});
afterAll(async () => {
  await db?.close();
});

describe('upload limits: the console and the storage buckets agree', () => {
  it.each(Object.entries(BUCKET_OF))('%s is the %s bucket’s limit', (kind, bucket) => {
    const limit = UPLOAD_LIMITS[kind as keyof typeof BUCKET_OF];
    expect(migrated.get(bucket), `migrations: ${bucket}`).toBe(limit);
    // site-assets (the favicon) exists through its migration only; config.toml declares the others.
    if (bucket !== 'site-assets') expect(configured.get(bucket), `config.toml: ${bucket}`).toBe(limit);
  });

  it('the knowledge bucket takes any file knowledge-ingest accepts, so the function says why it refuses a larger one', () => {
    expect(migrated.get('knowledge')).toBeGreaterThanOrEqual(UPLOAD_LIMITS.knowledgeDocument);
    expect(configured.get('knowledge')).toBeGreaterThanOrEqual(UPLOAD_LIMITS.knowledgeDocument);
  });
});
