import type { PGlite } from '@electric-sql/pglite';

/** What the stack knows about a table streamed by Realtime. */
export interface CapturedTable {
  schema: string;
  table: string;
  /** Columns in table order: `type` is the Postgres type name realtime-js converts with (int8, _text…). */
  columns: { name: string; type: string; sqlType: string }[];
  /** Primary key columns, or every column when the table has no primary key. */
  key: string[];
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, table: string) => `${quoteIdent(schema)}.${quoteIdent(table)}`;

const TRIGGER = 'local_realtime_capture';
const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Keeps the capture triggers in step with publication `supabase_realtime`: installs the trigger on
 * every published table, removes it from tables that left the publication, and caches each
 * table's columns. Only issues DDL when something changed, because DDL itself notifies a schema
 * change (which calls this again).
 */
export async function syncCaptureTriggers(db: PGlite): Promise<Map<string, CapturedTable>> {
  const published = await db.query<{
    schema: string;
    table: string;
    name: string;
    type: string;
    sql_type: string;
    is_key: boolean;
  }>(
    `select p.schemaname as schema, p.tablename as table, a.attname as name, t.typname as type,
            format_type(a.atttypid, a.atttypmod) as sql_type,
            coalesce(a.attnum = any(i.indkey), false) as is_key
       from pg_publication_tables p
       join pg_class c on c.relname = p.tablename
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where p.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')
      order by p.schemaname, p.tablename, a.attnum`,
  );
  const tables = new Map<string, CapturedTable>();
  const keyed = new Map<string, string[]>();
  for (const row of published.rows) {
    const id = `${row.schema}.${row.table}`;
    let table = tables.get(id);
    if (!table) {
      table = { schema: row.schema, table: row.table, columns: [], key: [] };
      tables.set(id, table);
      keyed.set(id, []);
    }
    table.columns.push({ name: row.name, type: row.type, sqlType: row.sql_type });
    if (row.is_key) keyed.get(id)!.push(row.name);
  }
  for (const [id, table] of tables) {
    const key = keyed.get(id)!;
    table.key = key.length ? key : table.columns.map((c) => c.name);
  }

  const existing = await db.query<{ schema: string; table: string; def: string }>(
    `select n.nspname as schema, c.relname as table, pg_get_triggerdef(tg.oid) as def
       from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where tg.tgname = $1`,
    [TRIGGER],
  );
  const installed = new Map(existing.rows.map((r) => [`${r.schema}.${r.table}`, r]));
  const ddl: string[] = [];
  for (const [id, table] of tables) {
    const args = table.key.map(quoteLiteral).join(', ');
    const current = installed.get(id);
    if (!current || !current.def.includes(`realtime_capture(${args})`)) {
      ddl.push(
        `create or replace trigger ${TRIGGER} after insert or update or delete on ${qualified(table.schema, table.table)}
           for each row execute function _local.realtime_capture(${args});`,
      );
    }
  }
  for (const [id, row] of installed) {
    if (!tables.has(id)) ddl.push(`drop trigger if exists ${TRIGGER} on ${qualified(row.schema, row.table)};`);
  }
  if (ddl.length) await db.exec(ddl.join('\n'));
  return tables;
}
