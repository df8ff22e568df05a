import type { PGlite } from '@electric-sql/pglite';

/**
 * What PostgREST's schema cache holds, read from pg_catalog in four queries:
 * relations with columns and keys, foreign keys, functions, and per-role settings.
 */

export interface Column {
  name: string;
  /** `format_type` spelling, usable in casts and `json_to_recordset` column lists. */
  type: string;
  /** Base type name (`tsvector`, `int8`, `_text`…). */
  typname: string;
  nullable: boolean;
  /** Default expression text from the catalog (trusted SQL), identity → nextval(...). */
  defaultExpr: string | null;
  generated: boolean;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: string[];
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  foreignSchema: string;
  foreignTable: string;
  foreignColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  typname: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface RoutineInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  /** `v`olatile, `s`table, `i`mmutable. */
  volatility: 'v' | 's' | 'i';
  returnsSet: boolean;
  /** void | scalar | composite (a table/view row type or OUT/TABLE columns). */
  returnKind: 'void' | 'scalar' | 'composite';
  /** The relation whose row type is returned, when it is one (for embeds and column checks). */
  returnRelation?: { schema: string; name: string };
  returnType: string;
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  routines: Map<string, RoutineInfo[]>;
  /** role → settings from `alter role … set` (e.g. statement_timeout). */
  roleSettings: Map<string, Record<string, string>>;
}

export const qualified = (schema: string, name: string): string => `${schema}.${name}`;

const RELATIONS_SQL = `
select n.nspname as schema, c.relname as name, c.relkind::text as kind,
  coalesce((select json_agg(json_build_object(
      'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname,
      'nullable', not a.attnotnull,
      'default', case when a.attidentity <> '' then 'nextval(' || quote_literal(pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname)) || '::regclass)'
                      when a.attgenerated <> '' then null
                      else pg_get_expr(d.adbin, d.adrelid) end,
      'generated', a.attgenerated <> '') order by a.attnum)
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns,
  coalesce((select json_agg(json_build_object('type', k.contype, 'columns',
      (select json_agg(a.attname order by x.ord) from unnest(k.conkey) with ordinality x(num, ord)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.num)))
    from pg_constraint k where k.conrelid = c.oid and k.contype in ('p','u')), '[]')::text as keys
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r','v','m','f','p')`;

const FOREIGN_KEYS_SQL = `
select k.conname as name, n1.nspname as schema, c1.relname as "table", n2.nspname as foreign_schema, c2.relname as foreign_table,
  (select json_agg(a.attname order by x.ord) from unnest(k.conkey) with ordinality x(num, ord)
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.num)::text as columns,
  (select json_agg(a.attname order by x.ord) from unnest(k.confkey) with ordinality x(num, ord)
     join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.num)::text as foreign_columns
from pg_constraint k
join pg_class c1 on c1.oid = k.conrelid join pg_namespace n1 on n1.oid = c1.relnamespace
join pg_class c2 on c2.oid = k.confrelid join pg_namespace n2 on n2.oid = c2.relnamespace
where k.contype = 'f' and (n1.nspname = any($1) or n2.nspname = any($1))`;

const ROUTINES_SQL = `
select n.nspname as schema, p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
  p.pronargs as nargs, p.pronargdefaults as ndefaults, p.provariadic <> 0 as variadic,
  format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype,
  rn.nspname as return_rel_schema, rc.relname as return_rel_name, rc.relkind::text as return_relkind,
  coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[x.ord], ''), 'type', format_type(x.typ, null), 'typname', t.typname) order by x.ord)
     from unnest(p.proargtypes::oid[]) with ordinality x(typ, ord) join pg_type t on t.oid = x.typ), '[]')::text as args,
  coalesce(array_length(array_positions(p.proargmodes, 't'), 1), 0) + coalesce(array_length(array_positions(p.proargmodes, 'o'), 1), 0) as nout
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = any($1) and p.prokind in ('f')`;

const ROLE_SETTINGS_SQL = `
select r.rolname as role, s.setconfig as settings from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
where s.setdatabase = 0 or s.setdatabase = (select oid from pg_database where datname = current_database())`;

interface RelationRow {
  schema: string;
  name: string;
  kind: string;
  columns: string;
  keys: string;
}
interface FkRow {
  name: string;
  schema: string;
  table: string;
  foreign_schema: string;
  foreign_table: string;
  columns: string;
  foreign_columns: string;
}
interface RoutineRow {
  schema: string;
  name: string;
  volatility: string;
  returns_set: boolean;
  nargs: number;
  ndefaults: number;
  variadic: boolean;
  return_type: string;
  return_typtype: string;
  return_rel_schema: string | null;
  return_rel_name: string | null;
  return_relkind: string | null;
  args: string;
  nout: number;
}

export async function loadSchemaCache(db: PGlite, schemas: string[]): Promise<SchemaCache> {
  const [rels, fks, routines, roles] = [
    await db.query<RelationRow>(RELATIONS_SQL, [schemas]),
    await db.query<FkRow>(FOREIGN_KEYS_SQL, [schemas]),
    await db.query<RoutineRow>(ROUTINES_SQL, [schemas]),
    await db.query<{ role: string; settings: string[] | null }>(ROLE_SETTINGS_SQL),
  ];
  const relations = new Map<string, Relation>();
  for (const row of rels.rows) {
    const raw = JSON.parse(row.columns) as {
      name: string;
      type: string;
      typname: string;
      nullable: boolean;
      default: string | null;
      generated: boolean;
    }[];
    const columns: Column[] = raw.map((c) => ({
      name: c.name,
      type: c.type,
      typname: c.typname,
      nullable: c.nullable,
      defaultExpr: c.default,
      generated: c.generated,
    }));
    const keys = JSON.parse(row.keys) as { type: string; columns: string[] }[];
    relations.set(qualified(row.schema, row.name), {
      schema: row.schema,
      name: row.name,
      kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
      columns,
      columnsByName: new Map(columns.map((c) => [c.name, c])),
      primaryKey: keys.find((k) => k.type === 'p')?.columns ?? [],
      uniqueKeys: keys.filter((k) => k.type === 'u').map((k) => k.columns),
    });
  }
  const foreignKeys: ForeignKey[] = fks.rows.map((r) => ({
    name: r.name,
    schema: r.schema,
    table: r.table,
    columns: JSON.parse(r.columns) as string[],
    foreignSchema: r.foreign_schema,
    foreignTable: r.foreign_table,
    foreignColumns: JSON.parse(r.foreign_columns) as string[],
  }));
  const routineMap = new Map<string, RoutineInfo[]>();
  for (const r of routines.rows) {
    const argTypes = JSON.parse(r.args) as { name: string; type: string; typname: string }[];
    const args: FunctionArg[] = argTypes.map((a, i) => ({
      name: a.name,
      type: a.type,
      typname: a.typname,
      hasDefault: i >= r.nargs - r.ndefaults,
      variadic: r.variadic && i === argTypes.length - 1,
    }));
    const composite = r.return_typtype === 'c' || r.return_type === 'record' || r.nout > 0;
    const info: RoutineInfo = {
      schema: r.schema,
      name: r.name,
      args,
      volatility: r.volatility as RoutineInfo['volatility'],
      returnsSet: r.returns_set,
      returnKind: r.return_type === 'void' ? 'void' : composite ? 'composite' : 'scalar',
      returnType: r.return_type,
    };
    if (r.return_rel_schema && r.return_rel_name && r.return_relkind !== 'c') {
      info.returnRelation = { schema: r.return_rel_schema, name: r.return_rel_name };
    }
    const key = qualified(r.schema, r.name);
    routineMap.set(key, [...(routineMap.get(key) ?? []), info]);
  }
  const roleSettings = new Map<string, Record<string, string>>();
  for (const row of roles.rows) {
    const settings: Record<string, string> = {};
    for (const entry of row.settings ?? []) {
      const eq = entry.indexOf('=');
      if (eq > 0) settings[entry.slice(0, eq)] = entry.slice(eq + 1);
    }
    roleSettings.set(row.role, { ...roleSettings.get(row.role), ...settings });
  }
  return { relations, foreignKeys, routines: routineMap, roleSettings };
}
