import { parseByteSize } from '../core/config.ts';
import { asSuperuser, asUser, type StorageRequest } from './context.ts';
import { errors, StorageError } from './errors.ts';
import { readJson } from './body.ts';
import { assertBucketName } from './paths.ts';
import { jsonText, type StorageService } from './service.ts';

/**
 * Bucket endpoints (`/bucket`). They run against storage.buckets as the caller's role, so with no
 * policies only service_role can create, change or delete buckets, as on hosted Supabase.
 */

const BUCKET_JSON = `json_build_object('id', b.id, 'name', b.name, 'owner', coalesce(b.owner::text, b.owner_id, ''),
  'public', b.public, 'type', b.type, 'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types,
  'created_at', b.created_at, 'updated_at', b.updated_at)`;

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

export async function listBuckets(svc: StorageService, sreq: StorageRequest): Promise<Response> {
  const q = sreq.url.searchParams;
  const limit = optionalInt(q.get('limit'), 'limit');
  const offset = optionalInt(q.get('offset'), 'offset') ?? 0;
  const column = q.get('sortColumn') ?? 'name';
  const order = (q.get('sortOrder') ?? 'asc').toLowerCase();
  if (!SORT_COLUMNS.has(column)) throw errors.invalidParameter('sortColumn');
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortOrder');
  const search = q.get('search') ?? '';
  const text = await asUser(svc.db, sreq, 'storage.bucket.list', async (tx) => {
    const result = await tx.query<{ body: string }>(
      `select coalesce(json_agg(x.j order by x.k ${order}), '[]')::text as body from (
         select ${BUCKET_JSON} as j, b.${column}::text as k from storage.buckets b
         where $1 = '' or b.name ilike '%' || $1 || '%'
         order by b.${column} ${order} limit $2 offset $3) x`,
      [search, limit ?? null, offset],
    );
    return result.rows[0]!.body;
  });
  return jsonText(text);
}

export async function getBucket(svc: StorageService, sreq: StorageRequest, id: string): Promise<Response> {
  const text = await asUser(svc.db, sreq, 'storage.bucket.get', async (tx) => {
    const result = await tx.query<{ body: string }>(
      `select ${BUCKET_JSON}::text as body from storage.buckets b where b.id = $1`,
      [id],
    );
    return result.rows[0]?.body;
  });
  if (!text) throw errors.noSuchBucket();
  return jsonText(text);
}

interface BucketSettings {
  public?: boolean;
  fileSizeLimit?: number | null;
  allowedMimeTypes?: string[] | null;
}

function bucketSettings(body: Record<string, unknown>, globalLimit: number): BucketSettings {
  const settings: BucketSettings = {};
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw errors.invalidParameter('public');
    settings.public = body.public;
  }
  if (body.file_size_limit !== undefined) settings.fileSizeLimit = fileSizeLimit(body.file_size_limit, globalLimit);
  if (body.allowed_mime_types !== undefined) settings.allowedMimeTypes = allowedMimeTypes(body.allowed_mime_types);
  return settings;
}

/** Accepts bytes as a number or a size string ("20MB", "1KB"), like upstream; null clears it. */
export function fileSizeLimit(value: unknown, globalLimit: number): number | null {
  if (value === null || value === 0) return null;
  let bytes: number;
  try {
    bytes = typeof value === 'number' ? value : typeof value === 'string' ? parseByteSize(value) : NaN;
  } catch {
    bytes = NaN;
  }
  if (!Number.isInteger(bytes) || bytes < 0) {
    throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  }
  if (bytes > globalLimit) {
    throw new StorageError(
      'InvalidRequest',
      413,
      'The maximum file size limit exceeds the global limit',
      'Payload too large',
    );
  }
  return bytes;
}

const MIME_PATTERN = /^([a-z0-9!#$&^_.+-]+|\*)\/([a-z0-9!#$&^_.+-]+|\*)$/i;

export function allowedMimeTypes(value: unknown): string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !MIME_PATTERN.test(v.trim()))) {
    throw errors.invalidParameter('allowed_mime_types', 'Invalid allowed_mime_types: expected an array of mime types');
  }
  return (value as string[]).map((v) => v.trim());
}

export async function createBucket(svc: StorageService, sreq: StorageRequest): Promise<Response> {
  const body = await readJson(sreq.request);
  const id = assertBucketName(body.id ?? body.name);
  if (body.name !== undefined && body.name !== id && body.id !== undefined) assertBucketName(body.name);
  const settings = bucketSettings(body, svc.globalFileSizeLimit);
  const type = body.type === undefined || body.type === null ? 'STANDARD' : body.type;
  if (type !== 'STANDARD') throw errors.invalidParameter('type', 'Only STANDARD buckets are supported locally');
  const owner = ownerUuid(sreq.owner);
  try {
    await asUser(svc.db, sreq, 'storage.bucket.create', (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4, $5, $6)`,
        [
          id,
          owner,
          sreq.owner ?? null,
          settings.public ?? false,
          settings.fileSizeLimit ?? null,
          settings.allowedMimeTypes ?? null,
        ],
      ),
    );
  } catch (error) {
    if (error instanceof StorageError && error.code === 'ResourceAlreadyExists') throw errors.bucketAlreadyExists();
    throw error;
  }
  return Response.json({ name: id });
}

export async function updateBucket(svc: StorageService, sreq: StorageRequest, id: string): Promise<Response> {
  const body = await readJson(sreq.request);
  const settings = bucketSettings(body, svc.globalFileSizeLimit);
  const updated = await asUser(svc.db, sreq, 'storage.bucket.update', async (tx) => {
    const result = await tx.query(
      `update storage.buckets set
         public = case when $2 then $3 else public end,
         file_size_limit = case when $4 then $5 else file_size_limit end,
         allowed_mime_types = case when $6 then $7 else allowed_mime_types end,
         updated_at = now()
       where id = $1 returning id`,
      [
        id,
        settings.public !== undefined,
        settings.public ?? null,
        settings.fileSizeLimit !== undefined,
        settings.fileSizeLimit ?? null,
        settings.allowedMimeTypes !== undefined,
        settings.allowedMimeTypes ?? null,
      ],
    );
    return result.rows.length;
  });
  if (updated === 0) throw errors.noSuchBucket();
  return Response.json({ message: 'Successfully updated' });
}

export async function emptyBucket(svc: StorageService, sreq: StorageRequest, id: string): Promise<Response> {
  const removed = await asUser(svc.db, sreq, 'storage.bucket.empty', async (tx) => {
    const bucket = await tx.query('select id from storage.buckets where id = $1', [id]);
    if (bucket.rows.length === 0) throw errors.noSuchBucket();
    const rows = await tx.query<{ name: string; version: string | null }>(
      'delete from storage.objects where bucket_id = $1 returning name, version',
      [id],
    );
    return rows.rows;
  });
  for (const row of removed) if (row.version) await svc.files.removeVersion(id, row.name, row.version);
  return Response.json({ message: 'Successfully emptied' });
}

export async function deleteBucket(svc: StorageService, sreq: StorageRequest, id: string): Promise<Response> {
  const objects = await asSuperuser(svc.db, 'storage.bucket.delete', async (tx) => {
    const result = await tx.query<{ n: number }>(
      'select count(*)::int as n from storage.objects where bucket_id = $1',
      [id],
    );
    return result.rows[0]!.n;
  });
  if (objects > 0) throw errors.bucketNotEmpty();
  let deleted: number;
  try {
    deleted = await asUser(svc.db, sreq, 'storage.bucket.delete', async (tx) => {
      const result = await tx.query('delete from storage.buckets where id = $1 returning id', [id]);
      return result.rows.length;
    });
  } catch (error) {
    // An object inserted meanwhile makes the foreign key refuse the delete.
    if (error instanceof StorageError && error.httpStatusCode === 404 && error.code === 'InvalidRequest')
      throw errors.bucketNotEmpty();
    throw error;
  }
  if (deleted === 0) throw errors.noSuchBucket();
  await svc.files.removeBucket(id);
  return Response.json({ message: 'Successfully deleted' });
}

/**
 * Creates or updates the buckets declared in config.toml `[storage.buckets.<name>]` at start, as the
 * supabase CLI seeds them; buckets created by migrations or the API are left alone.
 */
export async function syncConfigBuckets(svc: StorageService): Promise<void> {
  const declared = svc.ctx.config.supabaseConfig.storage.buckets;
  for (const [name, spec] of Object.entries(declared)) {
    try {
      assertBucketName(name);
      const limit =
        spec.file_size_limit === undefined || spec.file_size_limit === ''
          ? null
          : fileSizeLimit(spec.file_size_limit, svc.globalFileSizeLimit);
      const mimes = spec.allowed_mime_types === undefined ? null : allowedMimeTypes(spec.allowed_mime_types);
      await asSuperuser(svc.db, 'storage.bucket.create', (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
           on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
             allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
          [name, spec.public ?? false, limit, mimes],
        ),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`config.toml [storage.buckets.${name}]: ${reason}`, { cause: error });
    }
  }
}

function optionalInt(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw errors.invalidParameter(name);
  return n;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `owner` is a uuid column; non-uuid subjects are kept only in `owner_id` (as upstream). */
export function ownerUuid(sub: string | undefined): string | null {
  return sub && UUID.test(sub) ? sub : null;
}
