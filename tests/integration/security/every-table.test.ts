import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCast, type Cast } from './support/actors.ts';

/**
 * Rules that hold for every table of the public schema, enumerated from the catalogue so a table
 * added later is covered without editing this file: a visitor writes nothing (except anonymous
 * tracking events), reads only the public catalogue, and the service role reads everything.
 */
let cast: Cast;
let tables: string[];
/** First primary-key column of each table, used as an always-true filter (`pk is not null`). */
let primaryKey: Map<string, string>;
/** A plain (not identity, not generated) column of each table, the target of the update attempt. */
let plainColumn: Map<string, string>;
let rowCounts: Map<string, number>;

async function countRows(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { count, error } = await cast.service.from(table).select('*', { count: 'exact', head: true });
    if (error) throw new Error(`${table}: ${error.message}`);
    counts.set(table, count ?? 0);
  }
  return counts;
}

beforeAll(async () => {
  cast = await startCast();
  const { rows } = await cast.stack.db.query<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  tables = rows.map((r) => r.relname);
  const keys = await cast.stack.db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
      where i.indisprimary and n.nspname = 'public'`,
  );
  primaryKey = new Map(keys.rows.map((r) => [r.table_name, r.column_name]));
  const plain = await cast.stack.db.query<{ table_name: string; column_name: string }>(
    `select distinct on (c.relname) c.relname as table_name, a.attname as column_name
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and a.attidentity = '' and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  plainColumn = new Map(plain.rows.map((r) => [r.table_name, r.column_name]));
  rowCounts = await countRows();
});
afterAll(async () => {
  await cast?.stack.stop();
});

const PUBLIC_CATALOGUE = ['packs', 'sectors', 'site_config', 'sub_sectors'];

describe('every table', () => {
  it('covers the whole product schema, every table with a primary key', () => {
    expect(tables.length).toBeGreaterThanOrEqual(27);
    expect(tables.filter((t) => !primaryKey.has(t))).toEqual([]);
  });

  it('the service role reads every table', () => {
    // countRows() in beforeAll threw otherwise; the seeded rows are visible to it.
    expect(rowCounts.get('agents')).toBeGreaterThan(0);
    expect(rowCounts.get('profiles')).toBeGreaterThan(0);
  });

  it('a visitor reads only the public catalogue tables', async () => {
    for (const table of tables) {
      const { error } = await cast.anon.from(table).select('*').limit(1);
      expect(error === null, table).toBe(PUBLIC_CATALOGUE.includes(table));
    }
  });

  it('a visitor cannot insert into any table except anonymous tracking events', async () => {
    for (const table of tables.filter((t) => t !== 'analytics_events')) {
      const { error } = await cast.anon.from(table).insert({});
      expect(error, table).not.toBeNull();
    }
  });

  it('a visitor cannot update or delete a row of any table: permission denied', async () => {
    for (const table of tables) {
      const pk = primaryKey.get(table)!;
      const updated = await cast.anon
        .from(table)
        .update({ [plainColumn.get(table)!]: null })
        .not(pk, 'is', null);
      expect(updated.error?.code, `update ${table}`).toBe('42501');
      const deleted = await cast.anon.from(table).delete().not(pk, 'is', null);
      expect(deleted.error?.code, `delete ${table}`).toBe('42501');
    }
    const after = await countRows();
    expect(Object.fromEntries(after)).toEqual(Object.fromEntries(rowCounts));
  });

  it('a signed-in owner cannot delete any row they do not own', async () => {
    const before = await countRows();
    for (const table of tables) {
      const pk = primaryKey.get(table)!;
      await cast.owner.client.from(table).delete().not(pk, 'is', null);
    }
    // the owner owns nothing yet except their profile (not deletable) and ledger (append-only)
    expect(Object.fromEntries(await countRows())).toEqual(Object.fromEntries(before));
  });
});
