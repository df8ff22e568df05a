import type { StackContext } from '../core/contracts.ts';
import type { RequestIdentity, RequestInfo } from '../core/db.ts';
import type { QueryParams } from './ast.ts';
import { decodePayload, insertRows, invalidJson } from './body.ts';
import { isPgError, RestError } from './errors.ts';
import type { IdentityResolver } from './identity.ts';
import {
  negotiateMedia,
  negotiateSchema,
  parsePrefer,
  parseRangeHeader,
  type MediaChoice,
  type Preferences,
} from './negotiation.ts';
import { looksLikeFilter, parseQuery } from './parser.ts';
import { applyResponseGucs, contentRange, errorResponse, pgErrorResponse, singularError } from './response.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';
import { ident } from './sql-filters.ts';
import { buildRead, type Statement } from './sql-read.ts';
import { buildRpc, resolveRoutine, type RpcArguments } from './sql-rpc.ts';
import { buildDelete, buildInsert, buildUpdate } from './sql-write.ts';
import type { SchemaStore } from './schema-store.ts';
import { runRequestTx, type StatementResult } from './tx.ts';

/**
 * The request flow of one `/rest/v1` call: identity → schema/media/prefer negotiation → parse →
 * SQL → one transaction → response. Every failure becomes a PostgREST-shaped error response.
 */

export interface RestDeps {
  ctx: StackContext;
  store: SchemaStore;
  identities: IdentityResolver;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
const RESERVED_KEYS = new Set([
  'select',
  'columns',
  'on_conflict',
  'order',
  'limit',
  'offset',
  'or',
  'and',
  'not.or',
  'not.and',
]);

interface RequestState {
  request: Request;
  url: URL;
  method: string;
  identity: RequestIdentity;
  schema: string;
  negotiated: boolean;
  prefs: Preferences;
  media: MediaChoice;
  info: RequestInfo;
  /** The request body, read once so a request can be retried after a schema-cache reload. */
  bodyText: string;
}

/** Errors that may only mean the schema cache is older than the database (DDL after start). */
const STALE_CACHE_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', '42703']);

export async function handleRestRequest(deps: RestDeps, request: Request): Promise<Response> {
  let isAnon = true;
  try {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    if (!METHODS.has(method)) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    const identity = await deps.identities.resolve(request.headers);
    isAnon = identity.role === 'anon';
    const { schema, negotiated } = negotiateSchema(method, request.headers, deps.ctx.config.supabaseConfig.api.schemas);
    const segments = url.pathname
      .split('/')
      .filter((s) => s !== '')
      .map(safeDecode);
    const state: RequestState = {
      request,
      url,
      method,
      identity,
      schema,
      negotiated,
      prefs: parsePrefer(request.headers.get('prefer')),
      media: negotiateMedia(request.headers.get('accept')),
      info: requestInfo(request, method, url.pathname),
      bodyText: method === 'GET' || method === 'HEAD' ? '' : await request.text(),
    };
    if (segments.length === 0) return rootResponse(deps, state);
    const route = () => {
      if (segments[0] === 'rpc' && segments.length === 2) return handleRpc(deps, state, segments[1]!);
      if (segments.length !== 1) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
      return handleTable(deps, state, segments[0]!);
    };
    try {
      return await route();
    } catch (error) {
      // A relationship, function or column the cache does not know may have been created since
      // it was loaded: reload (rate-limited) and try once more.
      if (error instanceof RestError && STALE_CACHE_CODES.has(error.code) && (await deps.store.reloadIfStale()))
        return await route();
      throw error;
    }
  } catch (error) {
    if (error instanceof RestError) return errorResponse(error);
    if (isPgError(error)) return pgErrorResponse(error, isAnon);
    deps.ctx.log(`rest: unexpected error ${(error as Error).stack ?? String(error)}`);
    return errorResponse(
      new RestError(
        500,
        'PGRST000',
        'Internal error while handling the request',
        String((error as Error).message ?? error),
      ),
    );
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

function requestInfo(request: Request, method: string, path: string): RequestInfo {
  const headers: Record<string, string> = {};
  let cookieHeader = '';
  request.headers.forEach((value, key) => {
    if (key === 'cookie') cookieHeader = value;
    else headers[key] = value;
  });
  const cookies: Record<string, string> = {};
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return { method, path, headers, cookies };
}

function baseHeaders(state: RequestState, contentType: string | null): Headers {
  const headers = new Headers();
  if (contentType) headers.set('Content-Type', contentType);
  if (state.negotiated) headers.set('Content-Profile', state.schema);
  return headers;
}

function rootResponse(deps: RestDeps, state: RequestState): Response {
  if (state.method !== 'GET' && state.method !== 'HEAD')
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${state.method}`);
  const cache = deps.store.current();
  const paths: Record<string, unknown> = {};
  for (const rel of cache.relations.values()) if (rel.schema === state.schema) paths[`/${rel.name}`] = {};
  for (const [key] of cache.routines)
    if (key.startsWith(`${state.schema}.`)) paths[`/rpc/${key.slice(state.schema.length + 1)}`] = {};
  const body = JSON.stringify({
    swagger: '2.0',
    info: { title: 'Concierge local PostgREST emulator', version: '14' },
    paths,
  });
  return new Response(state.method === 'HEAD' ? null : body, {
    status: 200,
    headers: baseHeaders(state, 'application/openapi+json; charset=utf-8'),
  });
}

function searchPath(deps: RestDeps, schema: string): string {
  const extra = deps.ctx.config.supabaseConfig.api.extra_search_path;
  return [schema, ...extra.filter((s) => s !== schema)].map(ident).join(', ');
}

const ROLE_SETTINGS_APPLIED = new Set(['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout']);

function roleSettings(cache: SchemaCache, role: string, prefs: Preferences): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(cache.roleSettings.get(role) ?? {}))
    if (ROLE_SETTINGS_APPLIED.has(k)) out.push([k, v]);
  if (prefs.timezone) out.push(['timezone', prefs.timezone]);
  return out;
}

async function execute(
  deps: RestDeps,
  state: RequestState,
  statements: Statement[],
  readOnly: boolean,
  decide?: (r: StatementResult[]) => boolean,
) {
  const cache = deps.store.current();
  const outcome = await runRequestTx(deps.ctx.db, {
    identity: state.identity,
    request: state.info,
    readOnly,
    searchPath: searchPath(deps, state.schema),
    settings: roleSettings(cache, state.identity.role, state.prefs),
    statements,
    decide,
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.results;
}

interface MainRow {
  total: number | undefined;
  pageTotal: number;
  body: string;
  responseHeaders: string | null;
  responseStatus: string | null;
  inserted: number;
}

function mainRow(result: StatementResult | undefined): MainRow {
  const row = result?.rows[0] ?? [];
  const total = row[0];
  return {
    total: total === null || total === undefined || total === '' ? undefined : Number(total),
    pageTotal: Number(row[1] ?? 0),
    body: row[2] ?? '',
    responseHeaders: row[3] ?? null,
    responseStatus: row[4] ?? null,
    inserted: Number(row[5] ?? 0),
  };
}

function plannedTotal(result: StatementResult | undefined): number | undefined {
  const text = result?.rows[0]?.[0];
  if (!text) return undefined;
  try {
    const plan = JSON.parse(text) as { Plan?: { 'Plan Rows'?: number } }[];
    return plan[0]?.Plan?.['Plan Rows'];
  } catch {
    return undefined;
  }
}

function isSingular(media: MediaChoice): boolean {
  return media.format === 'object' || media.format === 'object-stripped';
}

function pagingFor(
  deps: RestDeps,
  state: RequestState,
  query: QueryParams,
): { limit: number | undefined; offset: number } {
  const root = query.levels.get('');
  let offset = root?.offset ?? 0;
  let limit = root?.limit;
  if (state.method === 'GET' || state.method === 'HEAD') {
    const range = parseRangeHeader(state.request.headers.get('range'));
    if (range) {
      const end = range.limit === undefined ? undefined : range.offset + range.limit;
      const start = Math.max(offset, range.offset);
      const paramEnd = limit === undefined ? undefined : offset + limit;
      const finalEnd = end === undefined ? paramEnd : paramEnd === undefined ? end : Math.min(end, paramEnd);
      offset = start;
      limit = finalEnd === undefined ? undefined : Math.max(0, finalEnd - start);
    }
  }
  const maxRows = deps.ctx.config.supabaseConfig.api.max_rows;
  if (maxRows > 0) limit = limit === undefined ? maxRows : Math.min(limit, maxRows);
  return { limit, offset };
}

/** Reads (tables, views and set-returning functions): status 200/206/416 and Content-Range. */
function readResponse(state: RequestState, results: StatementResult[], offset: number): Response {
  const row = mainRow(results[0]);
  const total = state.prefs.count === 'planned' ? plannedTotal(results[1]) : row.total;
  if (isSingular(state.media) && row.pageTotal !== 1) throw singularError(row.pageTotal);
  let status = 200;
  if (total !== undefined) {
    if (offset > total) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      );
    }
    if (row.pageTotal < total) status = 206;
  }
  const headers = baseHeaders(state, state.media.contentType);
  headers.set('Content-Range', contentRange(offset, row.pageTotal, total));
  status = applyResponseGucs(headers, row.responseHeaders, row.responseStatus, status);
  return new Response(state.method === 'HEAD' ? null : row.body, { status, headers });
}

async function handleTable(deps: RestDeps, state: RequestState, name: string): Promise<Response> {
  const relation = await deps.store.relation(state.schema, name);
  if (!relation) {
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table '${state.schema}.${name}' in the schema cache`,
      null,
      deps.store.suggestTable(state.schema, name),
    );
  }
  const query = parseQuery(state.url.searchParams);
  const cache = deps.store.current();
  if (state.method === 'GET' || state.method === 'HEAD') {
    const { limit, offset } = pagingFor(deps, state, query);
    const count = state.prefs.count === 'planned' ? 'planned' : state.prefs.count ? 'exact' : undefined;
    const plan = buildRead({
      cache,
      query,
      from: `${ident(relation.schema)}.${ident(relation.name)} AS ${ident(relation.name)}`,
      source: { alias: relation.name, relation, displayName: relation.name },
      format: state.method === 'HEAD' ? 'none' : state.media.format,
      count,
      limit,
      offset,
    });
    const statements: Statement[] = [plan];
    if (plan.explain) statements.push(plan.explain);
    const results = await execute(deps, state, statements, true);
    return readResponse(state, results, offset);
  }
  return handleWrite(deps, state, relation, query, cache);
}

async function handleWrite(
  deps: RestDeps,
  state: RequestState,
  relation: Relation,
  query: QueryParams,
  cache: SchemaCache,
): Promise<Response> {
  const { prefs, media } = state;
  const singular = isSingular(media);
  const headersOnly = prefs.return === 'headers-only' && state.method === 'POST';
  const representation = prefs.return === 'representation' || singular || headersOnly;
  const format = headersOnly ? 'array' : media.format === 'csv' ? 'csv' : media.format;
  const writeQuery: QueryParams = headersOnly
    ? { ...query, select: relation.primaryKey.map((name) => ({ kind: 'field' as const, field: { name, json: [] } })) }
    : query;
  let statement: Statement;
  if (state.method === 'POST') {
    const payload = decodePayload(state.bodyText, state.request.headers.get('content-type'));
    const { rows, columns } = insertRows(payload, query.columns);
    statement = buildInsert({
      cache,
      relation,
      query: writeQuery,
      format,
      representation,
      rows,
      columns,
      missingDefault: prefs.missing === 'default',
      resolution: prefs.resolution,
    });
  } else if (state.method === 'PATCH') {
    const payload = decodePayload(state.bodyText, state.request.headers.get('content-type'));
    if (!payload || payload.kind !== 'object') throw invalidJson();
    if (Object.keys(payload.value).length === 0) return emptyPatch(state, representation);
    statement = buildUpdate({ cache, relation, query: writeQuery, format, representation, patch: payload.value });
  } else {
    statement = buildDelete({ cache, relation, query: writeQuery, format, representation });
  }
  const strictMax = prefs.handling === 'strict' && prefs.maxAffected !== undefined ? prefs.maxAffected : undefined;
  const needsDecision = singular || prefs.tx === 'rollback' || strictMax !== undefined;
  const decide = needsDecision
    ? (results: StatementResult[]) => {
        const n = mainRow(results[0]).pageTotal;
        if (singular && n !== 1) return false;
        if (strictMax !== undefined && n > strictMax) return false;
        return prefs.tx !== 'rollback';
      }
    : undefined;
  const results = await execute(deps, state, [statement], false, decide);
  const row = mainRow(results[0]);
  if (singular && row.pageTotal !== 1) throw singularError(row.pageTotal);
  if (strictMax !== undefined && row.pageTotal > strictMax) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${row.pageTotal} rows`,
    );
  }
  const headers = baseHeaders(state, representation && !headersOnly ? media.contentType : null);
  const applied = appliedPreferences(prefs);
  if (applied) headers.set('Preference-Applied', applied);
  let status: number;
  if (state.method === 'POST') {
    status = prefs.resolution === 'merge-duplicates' && row.inserted === 0 ? 200 : 201;
    headers.set('Content-Range', `*/${prefs.count ? row.pageTotal : '*'}`);
    if (headersOnly) {
      const first = (JSON.parse(row.body || '[]') as Record<string, unknown>[])[0];
      if (first && relation.primaryKey.length > 0) {
        const location = relation.primaryKey
          .map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(first[k]))}`)
          .join('&');
        headers.set('Location', `/${relation.name}?${location}`);
      }
    }
  } else {
    status = representation ? 200 : 204;
    const total = prefs.count ? String(row.pageTotal) : '*';
    headers.set(
      'Content-Range',
      state.method === 'PATCH' && row.pageTotal > 0 ? `0-${row.pageTotal - 1}/${total}` : `*/${total}`,
    );
  }
  status = applyResponseGucs(headers, row.responseHeaders, row.responseStatus, status);
  const body = representation && !headersOnly ? row.body : null;
  return new Response(status === 204 ? null : body, { status, headers });
}

function emptyPatch(state: RequestState, representation: boolean): Response {
  const headers = baseHeaders(state, representation ? state.media.contentType : null);
  headers.set('Content-Range', '*/*');
  if (!representation) return new Response(null, { status: 204, headers });
  if (isSingular(state.media)) throw singularError(0);
  return new Response('[]', { status: 200, headers });
}

function appliedPreferences(prefs: Preferences): string | null {
  const parts: string[] = [];
  if (prefs.return) parts.push(`return=${prefs.return}`);
  if (prefs.resolution) parts.push(`resolution=${prefs.resolution}`);
  if (prefs.missing) parts.push(`missing=${prefs.missing}`);
  if (prefs.count) parts.push(`count=${prefs.count}`);
  if (prefs.tx) parts.push(`tx=${prefs.tx}`);
  if (prefs.handling) parts.push(`handling=${prefs.handling}`);
  if (prefs.maxAffected !== undefined && prefs.handling === 'strict') parts.push(`max-affected=${prefs.maxAffected}`);
  return parts.length > 0 ? parts.join(', ') : null;
}

async function handleRpc(deps: RestDeps, state: RequestState, name: string): Promise<Response> {
  const { method } = state;
  const candidates = await deps.store.routines(state.schema, name);
  const argNames = new Set(candidates.flatMap((r) => r.args.map((a) => a.name)).filter((n) => n !== ''));
  let args: RpcArguments;
  let query: QueryParams;
  if (method === 'GET' || method === 'HEAD') {
    // PostgREST: on RPC GET, keys that are argument names or whose value is not an operator
    // expression are arguments; the rest filter the result.
    query = parseQuery(
      state.url.searchParams,
      (key, value) => argNames.has(key) || (!RESERVED_KEYS.has(key) && !key.includes('.') && !looksLikeFilter(value)),
    );
    args = { named: Object.fromEntries(query.rpcArgs), isObject: true };
  } else if (method === 'POST') {
    query = parseQuery(state.url.searchParams);
    const payload = decodePayload(state.bodyText, state.request.headers.get('content-type'));
    if (!payload) args = { named: {}, isObject: true, rawBody: '{}' };
    else if (payload.kind === 'object')
      args = { named: payload.value, isObject: true, rawBody: JSON.stringify(payload.value) };
    else args = { named: {}, isObject: false, rawBody: JSON.stringify(payload.value) };
  } else {
    throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  }
  const routine = resolveRoutine(deps.store.current(), state.schema, name, args);
  const { limit, offset } = routine.returnsSet ? pagingFor(deps, state, query) : { limit: undefined, offset: 0 };
  const count = state.prefs.count === 'planned' ? 'planned' : state.prefs.count ? 'exact' : undefined;
  const format = method === 'HEAD' ? 'none' : state.media.format;
  const plan = buildRpc({
    cache: deps.store.current(),
    routine,
    args,
    query,
    format,
    count: routine.returnsSet ? count : undefined,
    limit,
    offset,
  });
  const statements: Statement[] = [plan];
  if (plan.explain) statements.push(plan.explain);
  const readOnly = method !== 'POST' || routine.volatility !== 'v';
  const singular = isSingular(state.media);
  const decide =
    state.prefs.tx === 'rollback' || (singular && routine.returnsSet)
      ? (r: StatementResult[]) => state.prefs.tx !== 'rollback' && (!singular || mainRow(r[0]).pageTotal === 1)
      : undefined;
  const results = await execute(deps, state, statements, readOnly, readOnly ? undefined : decide);
  if (routine.returnKind === 'void') {
    const row = mainRow(results[0]);
    const headers = baseHeaders(state, null);
    const status = applyResponseGucs(headers, row.responseHeaders, row.responseStatus, 204);
    return new Response(null, { status, headers });
  }
  if (routine.returnsSet) return readResponse(state, results, offset);
  const row = mainRow(results[0]);
  const headers = baseHeaders(
    state,
    state.media.format === 'csv' ? 'application/json; charset=utf-8' : state.media.contentType,
  );
  if (routine.returnKind === 'composite' && row.pageTotal !== 1 && singular) throw singularError(row.pageTotal);
  const status = applyResponseGucs(headers, row.responseHeaders, row.responseStatus, 200);
  return new Response(method === 'HEAD' ? null : row.body, { status, headers });
}
