import { randomUUID } from 'node:crypto';
import type { Transaction } from '@electric-sql/pglite';
import { asSuperuser, probeAsUser, type StorageRequest } from './context.ts';
import { readUploadBody } from './body.ts';
import { ownerUuid } from './buckets.ts';
import { errors } from './errors.ts';
import { mimeTypeAllowed } from './paths.ts';
import type { StorageService } from './service.ts';

/**
 * The upload pipeline of hosted Storage (`src/storage/uploader.ts`):
 * 1. bucket limits read as superuser; 2. permission = the INSERT (or upsert) tried as the user and
 * rolled back, so RLS decides before any byte is stored; 3. bytes streamed to disk with no
 * transaction open; 4. the final row upserted as superuser; 5. the replaced version's bytes deleted
 * once that row has committed.
 */
export interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
  owner: string | undefined;
  /** Signed upload URLs were authorized when signed: no RLS probe, only the duplicate check. */
  authorizedByToken: boolean;
  operation: string;
}

export interface BucketLimits {
  id: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export async function bucketLimits(svc: StorageService, bucket: string): Promise<BucketLimits> {
  const row = await asSuperuser(svc.db, 'storage.bucket.get', async (tx) => {
    const result = await tx.query<BucketLimits>(
      'select id, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [bucket],
    );
    return result.rows[0];
  });
  if (!row) throw errors.noSuchBucket();
  return row;
}

export function effectiveLimit(svc: StorageService, limits: BucketLimits): number {
  return limits.file_size_limit === null
    ? svc.globalFileSizeLimit
    : Math.min(limits.file_size_limit, svc.globalFileSizeLimit);
}

/** The INSERT the permission probe and the final write share (`ON CONFLICT` only for upserts). */
async function writeRow(
  tx: Transaction,
  target: UploadTarget,
  version: string,
  metadata: Record<string, unknown> | null,
  userMetadata: Record<string, unknown> | null,
): Promise<{ id: string; previous: string | null }> {
  const previous = target.upsert
    ? ((
        await tx.query<{ version: string | null }>(
          'select version from storage.objects where bucket_id = $1 and name = $2',
          [target.bucket, target.key],
        )
      ).rows[0]?.version ?? null)
    : null;
  const result = await tx.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7)
     ${
       target.upsert
         ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
              version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
              last_accessed_at = now()`
         : ''
     }
     returning id`,
    [target.bucket, target.key, ownerUuid(target.owner), target.owner ?? null, version, metadata, userMetadata],
  );
  return { id: result.rows[0]!.id, previous };
}

export async function uploadObject(
  svc: StorageService,
  sreq: StorageRequest,
  target: UploadTarget,
): Promise<{ id: string }> {
  const limits = await bucketLimits(svc, target.bucket);
  const maxBytes = effectiveLimit(svc, limits);
  const body = await readUploadBody(sreq.request, maxBytes);
  if (!mimeTypeAllowed(body.mimeType, limits.allowed_mime_types)) throw errors.invalidMimeType(body.mimeType);

  const version = randomUUID();
  if (target.authorizedByToken) {
    if (!target.upsert) await assertAbsent(svc, target);
  } else {
    await probeAsUser(svc.db, sreq, target.operation, async (tx) => {
      // Size and checksum are unknown until the bytes arrive; what is known goes in, so policies
      // on metadata->>'mimetype' already apply.
      await writeRow(
        tx,
        target,
        version,
        { mimetype: body.mimeType, cacheControl: body.cacheControl },
        body.userMetadata,
      );
    });
  }

  const bytes = await svc.files.receive(body.stream, maxBytes);
  await svc.files.commit(bytes, target.bucket, target.key, version);
  const metadata = {
    eTag: bytes.eTag,
    size: bytes.size,
    mimetype: body.mimeType,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.size,
    httpStatusCode: 200,
  };
  let written: { id: string; previous: string | null };
  try {
    written = await asSuperuser(svc.db, target.operation, (tx) =>
      writeRow(tx, target, version, metadata, body.userMetadata),
    );
  } catch (error) {
    await svc.files.removeVersion(target.bucket, target.key, version);
    throw error;
  }
  if (written.previous && written.previous !== version) {
    await svc.files.removeVersion(target.bucket, target.key, written.previous);
  }
  return { id: written.id };
}

async function assertAbsent(svc: StorageService, target: UploadTarget): Promise<void> {
  const exists = await asSuperuser(svc.db, target.operation, async (tx) => {
    const result = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      target.bucket,
      target.key,
    ]);
    return result.rows.length > 0;
  });
  if (exists) throw errors.resourceAlreadyExists();
}
