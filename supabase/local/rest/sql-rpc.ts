import type { QueryParams } from './ast.ts';
import { RestError } from './errors.ts';
import { qualified, type RoutineInfo, type SchemaCache } from './schema-cache.ts';
import { ident, Params, type Source } from './sql-filters.ts';
import { bodySql, buildRead, RESPONSE_GUCS, type BodyFormat, type ReadPlan } from './sql-read.ts';

/**
 * RPC: overload resolution by argument names, the call with arguments typed by
 * `json_to_record`, and the result shape per return kind (set of rows, single row, scalar, void).
 */

export interface RpcArguments {
  /** Named arguments (POST JSON object or GET query params). */
  named: Record<string, unknown>;
  /** Raw JSON body for a function taking one unnamed json/jsonb parameter. */
  rawBody?: string;
  /** True when the body was a JSON object whose keys are the argument names. */
  isObject: boolean;
}

const isSingleJsonParam = (r: RoutineInfo): boolean =>
  r.args.length === 1 && r.args[0]!.name === '' && (r.args[0]!.typname === 'json' || r.args[0]!.typname === 'jsonb');

export function resolveRoutine(cache: SchemaCache, schema: string, name: string, args: RpcArguments): RoutineInfo {
  const candidates = cache.routines.get(qualified(schema, name)) ?? [];
  const provided = Object.keys(args.named);
  const named = candidates.filter(
    (r) =>
      args.isObject &&
      r.args.every((a) => a.name !== '') &&
      provided.every((k) => r.args.some((a) => a.name === k)) &&
      r.args.every((a) => a.hasDefault || provided.includes(a.name)),
  );
  const matches =
    named.length > 0 ? named : candidates.filter((r) => isSingleJsonParam(r) && args.rawBody !== undefined);
  if (matches.length === 1) return matches[0]!;
  const sorted = [...provided].sort();
  if (matches.length === 0) {
    const signature =
      sorted.length === 0 ? `${schema}.${name} without parameters` : `${schema}.${name}(${sorted.join(', ')})`;
    const searched =
      sorted.length === 0
        ? `${schema}.${name} without parameters`
        : `${schema}.${name} with parameters ${sorted.join(', ')}`;
    const other = candidates[0];
    const hint = other
      ? `Perhaps you meant to call the function ${schema}.${name}(${other.args
          .map((a) => a.name)
          .filter(Boolean)
          .join(', ')})`
      : null;
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${signature} in the schema cache`,
      `Searched for the function ${searched}, but no matches were found in the schema cache.`,
      hint,
    );
  }
  const overloads = matches
    .map((r) => `${schema}.${name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
    .join(', ');
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${overloads}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** `"s"."fn"("a" := pgrst_args."a", …)` plus the FROM item producing `pgrst_args`. */
function callSql(routine: RoutineInfo, args: RpcArguments, params: Params): { call: string; argsFrom: string } {
  const fn = `${ident(routine.schema)}.${ident(routine.name)}`;
  if (isSingleJsonParam(routine) && !(args.isObject && routine.args[0]!.name !== '')) {
    const body = params.add(args.rawBody ?? JSON.stringify(args.named));
    return { call: `${fn}(${body}::${routine.args[0]!.typname})`, argsFrom: '' };
  }
  const used = routine.args.filter((a) => a.name in args.named);
  if (used.length === 0) return { call: `${fn}()`, argsFrom: '' };
  const payload = params.add(JSON.stringify(args.named));
  const typed = used.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const call = `${fn}(${used.map((a) => `${a.variadic ? 'VARIADIC ' : ''}${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')})`;
  return { call, argsFrom: `json_to_record(${payload}::json) AS pgrst_args(${typed})` };
}

export interface RpcOptions {
  cache: SchemaCache;
  routine: RoutineInfo;
  args: RpcArguments;
  query: QueryParams;
  format: BodyFormat;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  limit: number | undefined;
  offset: number | undefined;
}

export function buildRpc(options: RpcOptions): ReadPlan {
  const { routine } = options;
  const params = new Params();
  const { call, argsFrom } = callSql(routine, options.args, params);
  if (routine.returnKind === 'composite') {
    const relation = routine.returnRelation
      ? options.cache.relations.get(qualified(routine.returnRelation.schema, routine.returnRelation.name))
      : undefined;
    const alias = routine.name;
    const source: Source = relation ? { alias, relation, displayName: alias } : { alias, displayName: alias };
    const from = argsFrom ? `${argsFrom} CROSS JOIN LATERAL ${call} AS ${ident(alias)}` : `${call} AS ${ident(alias)}`;
    // A function returning one row answers an object, like a singular request.
    const format = !routine.returnsSet && options.format === 'array' ? 'object' : options.format;
    return buildRead({
      cache: options.cache,
      query: options.query,
      from,
      source,
      format,
      count: options.count,
      limit: options.limit,
      offset: options.offset,
      params,
    });
  }
  const from = argsFrom ? ` FROM ${argsFrom}` : '';
  if (routine.returnKind === 'void') {
    return {
      sql: `SELECT null::bigint AS total, 1 AS page_total, (SELECT ${call}${from})::text AS body, ${RESPONSE_GUCS}`,
      params: params.values,
    };
  }
  if (!routine.returnsSet) {
    // PostgREST answers a NULL scalar with the JSON text `null`, not an empty body.
    return {
      sql: `SELECT null::bigint AS total, 1 AS page_total, coalesce((SELECT to_json(${call})${from})::text, 'null') AS body, ${RESPONSE_GUCS}`,
      params: params.values,
    };
  }
  const source = argsFrom
    ? `${argsFrom} CROSS JOIN LATERAL ${call} AS pgrst_call(pgrst_scalar)`
    : `${call} AS pgrst_call(pgrst_scalar)`;
  let paging = '';
  if (options.limit !== undefined) paging += ` LIMIT ${params.add(String(options.limit))}`;
  if (options.offset !== undefined && options.offset > 0) paging += ` OFFSET ${params.add(String(options.offset))}`;
  const body = options.format === 'csv' ? bodySql('csv') : `coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')::text`;
  return {
    sql: `SELECT null::bigint AS total, pg_catalog.count(_postgrest_t) AS page_total, ${body} AS body, ${RESPONSE_GUCS} FROM (SELECT pgrst_scalar FROM ${source}${paging}) _postgrest_t`,
    params: params.values,
  };
}
