import { randomUUID } from 'node:crypto';
import { asSuperuser, asUser, probeAsUser, type StorageRequest } from './context.ts';
import { readJson } from './body.ts';
import { ownerUuid } from './buckets.ts';
import { errors } from './errors.ts';
import { findObjectAsUser } from './objects.ts';
import { assertBucketName, assertObjectKey } from './paths.ts';
import { bucketLimits } from './upload.ts';
import type { StorageService } from './service.ts';

/**
 * Server-side move and copy (`POST /object/move`, `/object/copy`). The caller must be able to read
 * the source (RLS SELECT); a move is an UPDATE of the row as the caller (USING on the source,
 * WITH CHECK on the destination), a copy an INSERT probed as the caller then written as superuser.
 * Bytes are copied to a new version before the row changes, and the old version is deleted after.
 */
interface TransferRequest {
  bucket: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
  body: Record<string, unknown>;
}

async function readTransfer(sreq: StorageRequest): Promise<TransferRequest> {
  const body = await readJson(sreq.request);
  for (const field of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
    if (typeof body[field] !== 'string' || body[field] === '') throw errors.missingParameter(field);
  }
  const bucket = assertBucketName(body.bucketId);
  const destinationBucket =
    body.destinationBucket === undefined || body.destinationBucket === null
      ? bucket
      : assertBucketName(body.destinationBucket);
  return {
    bucket,
    sourceKey: assertObjectKey(body.sourceKey),
    destinationBucket,
    destinationKey: assertObjectKey(body.destinationKey),
    body,
  };
}

export async function moveObject(svc: StorageService, sreq: StorageRequest): Promise<Response> {
  const t = await readTransfer(sreq);
  const source = await findObjectAsUser(svc, sreq, t.bucket, t.sourceKey, 'storage.object.move');
  if (t.bucket === t.destinationBucket && t.sourceKey === t.destinationKey) {
    return Response.json({ message: 'Successfully moved' });
  }
  if (t.destinationBucket !== t.bucket) await bucketLimits(svc, t.destinationBucket);
  if (!source.version) throw errors.noSuchKey();
  const version = randomUUID();
  const from = { bucket: t.bucket, key: t.sourceKey, version: source.version };
  await svc.files.copyVersion(from, { bucket: t.destinationBucket, key: t.destinationKey, version });
  try {
    const moved = await asUser(svc.db, sreq, 'storage.object.move', async (tx) => {
      const result = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, version = $5, last_accessed_at = now()
         where bucket_id = $1 and name = $2 and version = $6 returning id`,
        [t.bucket, t.sourceKey, t.destinationBucket, t.destinationKey, version, source.version],
      );
      return result.rows.length;
    });
    if (moved === 0) throw errors.noSuchKey();
  } catch (error) {
    await svc.files.removeVersion(t.destinationBucket, t.destinationKey, version);
    throw error;
  }
  await svc.files.removeVersion(from.bucket, from.key, from.version);
  return Response.json({ message: 'Successfully moved' });
}

export async function copyObject(svc: StorageService, sreq: StorageRequest): Promise<Response> {
  const t = await readTransfer(sreq);
  const upsert = sreq.request.headers.get('x-upsert') === 'true';
  const copyMetadata = t.body.copyMetadata !== false;
  let userMetadata: Record<string, unknown> | null = null;
  if (!copyMetadata && t.body.metadata !== undefined && t.body.metadata !== null) {
    if (typeof t.body.metadata !== 'object' || Array.isArray(t.body.metadata))
      throw errors.invalidParameter('metadata');
    userMetadata = t.body.metadata as Record<string, unknown>;
  }
  const source = await asUser(svc.db, sreq, 'storage.object.copy', async (tx) => {
    const result = await tx.query<{
      version: string | null;
      metadata: Record<string, unknown> | null;
      user_metadata: Record<string, unknown> | null;
    }>('select version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2', [
      t.bucket,
      t.sourceKey,
    ]);
    return result.rows[0];
  });
  if (!source?.version) throw errors.noSuchKey();
  if (copyMetadata) userMetadata = source.user_metadata;
  await bucketLimits(svc, t.destinationBucket);

  const version = randomUUID();
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values ($1, $2, $3, $4, $5, $6, $7)
    ${
      upsert
        ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
      metadata = excluded.metadata, user_metadata = excluded.user_metadata, last_accessed_at = now()`
        : ''
    }
    returning id`;
  const metadata = { ...(source.metadata ?? {}), lastModified: new Date().toISOString() };
  const params = [
    t.destinationBucket,
    t.destinationKey,
    ownerUuid(sreq.owner),
    sreq.owner ?? null,
    version,
    metadata,
    userMetadata,
  ];
  await probeAsUser(svc.db, sreq, 'storage.object.copy', async (tx) => {
    await tx.query(insert, params);
  });
  await svc.files.copyVersion(
    { bucket: t.bucket, key: t.sourceKey, version: source.version },
    { bucket: t.destinationBucket, key: t.destinationKey, version },
  );
  let written: { id: string; previous: string | null };
  try {
    written = await asSuperuser(svc.db, 'storage.object.copy', async (tx) => {
      const previous =
        (
          await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2',
            [t.destinationBucket, t.destinationKey],
          )
        ).rows[0]?.version ?? null;
      const result = await tx.query<{ id: string }>(insert, params);
      return { id: result.rows[0]!.id, previous };
    });
  } catch (error) {
    await svc.files.removeVersion(t.destinationBucket, t.destinationKey, version);
    throw error;
  }
  if (written.previous && written.previous !== version) {
    await svc.files.removeVersion(t.destinationBucket, t.destinationKey, written.previous);
  }
  return Response.json({ Id: written.id, Key: `${t.destinationBucket}/${t.destinationKey}` });
}
