import { asUser, type StorageRequest } from './context.ts';
import { readJson } from './body.ts';
import { errors } from './errors.ts';
import { jsonText, type StorageService } from './service.ts';

/**
 * Listings. Both run as the caller, so only objects their SELECT policies allow appear, and both
 * let Postgres serialize the rows (timestamps formatted as hosted).
 */

const MAX_LIST_LIMIT = 1500;
const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

function intField(body: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw errors.invalidParameter(name);
  return Math.min(value, max);
}

function sortOf(body: Record<string, unknown>): { column: string; order: 'asc' | 'desc' } {
  const sortBy = body.sortBy;
  if (sortBy === undefined || sortBy === null) return { column: 'name', order: 'asc' };
  if (typeof sortBy !== 'object' || Array.isArray(sortBy)) throw errors.invalidParameter('sortBy');
  const { column = 'name', order = 'asc' } = sortBy as { column?: unknown; order?: unknown };
  if (typeof column !== 'string' || !SORT_COLUMNS.has(column)) throw errors.invalidParameter('sortBy.column');
  if (typeof order !== 'string' || !['asc', 'desc'].includes(order.toLowerCase()))
    throw errors.invalidParameter('sortBy.order');
  return { column, order: order.toLowerCase() as 'asc' | 'desc' };
}

/**
 * `POST /object/list/{bucket}` `{prefix, limit, offset, sortBy, search}`: one folder level, names
 * relative to the prefix, sub-folders first as `id: null` rows (storage.search).
 */
export async function listObjects(svc: StorageService, sreq: StorageRequest, bucket: string): Promise<Response> {
  const body = await readJson(sreq.request);
  if (body.prefix !== undefined && typeof body.prefix !== 'string') throw errors.invalidParameter('prefix');
  if (body.search !== undefined && body.search !== null && typeof body.search !== 'string')
    throw errors.invalidParameter('search');
  const limit = intField(body, 'limit', 100, MAX_LIST_LIMIT);
  const offset = intField(body, 'offset', 0, Number.MAX_SAFE_INTEGER);
  const { column, order } = sortOf(body);
  let prefix = ((body.prefix as string | undefined) ?? '').replace(/^\/+/, '');
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  const levels = prefix.split('/').length;
  const text = await asUser(svc.db, sreq, 'storage.object.list', async (tx) => {
    const result = await tx.query<{ body: string }>(
      `select coalesce(json_agg(s), '[]')::text as body
       from storage.search($1, $2, $3, $4, $5, $6, $7, $8) s`,
      [prefix, bucket, limit, levels, offset, (body.search as string | undefined) ?? '', column, order],
    );
    return result.rows[0]!.body;
  });
  return jsonText(text);
}

/**
 * `POST /object/list-v2/{bucket}` `{prefix, limit, cursor, with_delimiter, sortBy}`: a flat listing
 * by name (or, with the delimiter, objects and folders directly under `prefix`), cursor-paginated.
 */
export async function listObjectsV2(svc: StorageService, sreq: StorageRequest, bucket: string): Promise<Response> {
  const body = await readJson(sreq.request);
  for (const field of ['prefix', 'cursor'] as const) {
    if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string')
      throw errors.invalidParameter(field);
  }
  const limit = Math.max(1, intField(body, 'limit', 1000, 1000));
  const prefix = (body.prefix as string | undefined) ?? '';
  const cursor = (body.cursor as string | undefined) ?? null;
  const withDelimiter = body.with_delimiter === true;
  const { order } = sortOf(body);
  const pattern = prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
  const rows = await asUser(svc.db, sreq, 'storage.object.list', async (tx) => {
    const result = await tx.query<{ entry: string; folder: boolean; object: string | null }>(
      `with matching as (
         select o.*, case when $4 and strpos(substr(o.name, length($2) + 1), '/') > 0
           then substr(o.name, 1, length($2) + strpos(substr(o.name, length($2) + 1), '/')) end as folder
         from storage.objects o where o.bucket_id = $1 and o.name like $3
       ), entries as (
         select coalesce(m.folder, m.name) as entry, bool_or(m.folder is not null) as folder,
           (array_agg(json_build_object('id', m.id, 'name', m.name, 'key', m.name, 'version', m.version,
              'updated_at', m.updated_at, 'created_at', m.created_at, 'last_accessed_at', m.last_accessed_at,
              'metadata', m.metadata)::text))[1] as object
         from matching m group by 1
       )
       select entry, folder, case when folder then null else object end as object from entries
       where $5::text is null or (case when $6 = 'asc' then entry > $5 else entry < $5 end)
       order by entry ${order} limit $7`,
      [bucket, prefix, pattern, withDelimiter, cursor, order, limit + 1],
    );
    return result.rows;
  });
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  const folders = page
    .filter((r) => r.folder)
    .map((r) => `{"name":${JSON.stringify(r.entry)},"key":${JSON.stringify(r.entry)}}`);
  const objects = page.filter((r) => !r.folder).map((r) => r.object!);
  const next = hasNext ? `,"nextCursor":${JSON.stringify(page[page.length - 1]!.entry)}` : '';
  return jsonText(`{"hasNext":${hasNext},"folders":[${folders.join(',')}],"objects":[${objects.join(',')}]${next}}`);
}
