import type { Transaction } from '@electric-sql/pglite';
import { asSuperuser, asUser, type StorageRequest } from './context.ts';
import { HEADER_VALUE, readJson } from './body.ts';
import { errors } from './errors.ts';
import { assertObjectKey } from './paths.ts';
import { jsonText, type StorageService } from './service.ts';

/** The columns serving a download needs. */
export interface StoredObject {
  id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  updated_at: string;
}

const OBJECT_COLUMNS = `id, version, metadata, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

async function findObject(tx: Transaction, bucket: string, key: string): Promise<StoredObject | undefined> {
  const result = await tx.query<StoredObject>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  return result.rows[0];
}

/** Reads an object's row as the caller: RLS SELECT policies decide, invisible = NoSuchKey. */
export async function findObjectAsUser(
  svc: StorageService,
  sreq: StorageRequest,
  bucket: string,
  key: string,
  operation: string,
): Promise<StoredObject> {
  const row = await asUser(svc.db, sreq, operation, (tx) => findObject(tx, bucket, key));
  if (!row) throw errors.noSuchKey();
  return row;
}

/** Public URLs: the bucket must be public; then no RLS (upstream reads as superuser). */
export async function findPublicObject(svc: StorageService, bucket: string, key: string): Promise<StoredObject> {
  const found = await asSuperuser(svc.db, 'storage.object.get_public', async (tx) => {
    const b = await tx.query('select 1 from storage.buckets where id = $1 and public', [bucket]);
    if (b.rows.length === 0) return 'no-bucket' as const;
    return findObject(tx, bucket, key);
  });
  if (found === 'no-bucket') throw errors.noSuchBucket();
  if (!found) throw errors.noSuchKey();
  return found;
}

export async function findObjectAsSuperuser(
  svc: StorageService,
  bucket: string,
  key: string,
  operation: string,
): Promise<StoredObject> {
  const row = await asSuperuser(svc.db, operation, (tx) => findObject(tx, bucket, key));
  if (!row) throw errors.noSuchKey();
  return row;
}

/**
 * Streams an object's bytes with the headers hosted Storage sends; honours `Range` (one range),
 * `If-None-Match`, and `?download[=name]` (Content-Disposition attachment).
 */
export async function serveObject(
  svc: StorageService,
  sreq: StorageRequest,
  bucket: string,
  key: string,
  object: StoredObject,
): Promise<Response> {
  const meta = object.metadata ?? {};
  const size = object.version ? await svc.files.size(bucket, key, object.version) : undefined;
  if (size === undefined || !object.version) {
    svc.ctx.log(`storage: bytes missing for ${bucket}/${key}`);
    throw errors.noSuchKey();
  }
  const headers = new Headers({
    'content-type': headerValue(meta.mimetype, 'application/octet-stream'),
    'cache-control': headerValue(meta.cacheControl, 'no-cache'),
    'last-modified': new Date(object.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
  });
  if (typeof meta.eTag === 'string' && HEADER_VALUE.test(meta.eTag)) headers.set('etag', meta.eTag);
  const download = sreq.url.searchParams.get('download');
  if (download !== null) {
    const filename = download || key.split('/').pop() || key;
    headers.set(
      'content-disposition',
      `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
  }
  const ifNoneMatch = sreq.request.headers.get('if-none-match');
  if (
    ifNoneMatch &&
    typeof meta.eTag === 'string' &&
    ifNoneMatch.split(',').some((t) => t.trim() === meta.eTag || t.trim() === '*')
  ) {
    return new Response(null, { status: 304, headers });
  }
  const isHead = sreq.request.method === 'HEAD';
  const rangeHeader = sreq.request.headers.get('range');
  const range = rangeHeader ? parseRange(rangeHeader, size) : undefined;
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  }
  if (range) {
    headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
    headers.set('content-length', String(range.end - range.start + 1));
    return new Response(isHead ? null : svc.files.read(bucket, key, object.version, range), { status: 206, headers });
  }
  headers.set('content-length', String(size));
  return new Response(isHead || size === 0 ? null : svc.files.read(bucket, key, object.version), {
    status: 200,
    headers,
  });
}

/** Metadata written by SQL (seeds, migrations) may hold anything; never let it break a response. */
function headerValue(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' && HEADER_VALUE.test(value) ? value : fallback;
}

/** One `bytes=` range (first of a list); malformed ranges are ignored as RFC 9110 allows. */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*(?:,.*)?$/i.exec(header.trim());
  if (!match) return undefined;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return undefined;
  let start: number;
  let end: number;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(startText);
    end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
    if (endText !== '' && Number(endText) < start) return undefined;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

/** `GET /object/info/{bucket}/{key}`: the object's row as upstream's info route shapes it. */
export async function objectInfo(
  svc: StorageService,
  sreq: StorageRequest,
  bucket: string,
  key: string,
  publicRead: boolean,
): Promise<Response> {
  const sql = `select json_build_object('id', o.id, 'name', o.name, 'version', o.version, 'bucket_id', o.bucket_id,
      'size', (o.metadata->>'size')::bigint, 'content_type', o.metadata->>'mimetype', 'cache_control', o.metadata->>'cacheControl',
      'content_encoding', o.metadata->>'contentEncoding', 'etag', o.metadata->>'eTag', 'metadata', o.user_metadata,
      'last_modified', o.updated_at, 'created_at', o.created_at, 'archived_at', o.archived_at,
      'is_delete_marker', coalesce(o.is_delete_marker, false), 'is_versioned', coalesce(o.is_versioned, false))::text as body
    from storage.objects o where o.bucket_id = $1 and o.name = $2`;
  let text: string | undefined;
  if (publicRead) {
    const found = await asSuperuser(svc.db, 'storage.object.info', async (tx) => {
      const b = await tx.query('select 1 from storage.buckets where id = $1 and public', [bucket]);
      if (b.rows.length === 0) return 'no-bucket' as const;
      return (await tx.query<{ body: string }>(sql, [bucket, key])).rows[0]?.body;
    });
    if (found === 'no-bucket') throw errors.noSuchBucket();
    text = found;
  } else {
    text = await asUser(
      svc.db,
      sreq,
      'storage.object.info',
      async (tx) => (await tx.query<{ body: string }>(sql, [bucket, key])).rows[0]?.body,
    );
  }
  if (!text) throw errors.noSuchKey();
  return jsonText(text);
}

/** `DELETE /object/{bucket}` `{prefixes}`: deletes what the caller's DELETE policies allow; returns those rows. */
export async function removeObjects(svc: StorageService, sreq: StorageRequest, bucket: string): Promise<Response> {
  const body = await readJson(sreq.request);
  const prefixes = body.prefixes;
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > 1000 ||
    prefixes.some((p) => typeof p !== 'string')
  ) {
    throw errors.invalidParameter('prefixes', 'prefixes must be an array of 1 to 1000 object names');
  }
  const names = (prefixes as string[]).map((p) => p.replace(/^\/+/, ''));
  const removed = await asUser(svc.db, sreq, 'storage.object.delete_many', async (tx) => {
    const result = await tx.query<{ name: string; version: string | null; row: string }>(
      `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[])
       returning o.name, o.version, to_jsonb(o)::text as row`,
      [bucket, names],
    );
    return result.rows;
  });
  for (const row of removed) if (row.version) await svc.files.removeVersion(bucket, row.name, row.version);
  return jsonText(`[${removed.map((r) => r.row).join(',')}]`);
}

/** `DELETE /object/{bucket}/{key}`: one object; invisible or absent = NoSuchKey. */
export async function deleteObject(
  svc: StorageService,
  sreq: StorageRequest,
  bucket: string,
  key: string,
): Promise<Response> {
  assertObjectKey(key);
  const removed = await asUser(svc.db, sreq, 'storage.object.delete', async (tx) => {
    const result = await tx.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
      [bucket, key],
    );
    return result.rows[0];
  });
  if (!removed) throw errors.noSuchKey();
  if (removed.version) await svc.files.removeVersion(bucket, key, removed.version);
  return Response.json({ message: 'Successfully deleted' });
}
