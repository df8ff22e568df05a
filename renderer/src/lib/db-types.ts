/**
 * The console's names for the generated database types (supabase/types/database.ts, written by
 * `npm run gen:types` from the migrations): rows are never re-declared by hand.
 */
import { z } from 'zod';
import type { Database, Json, Tables, TablesInsert, TablesUpdate } from '../../../supabase/types/database.ts';

export type { Json };
export type TableName = keyof Database['public']['Tables'];
export type Row<T extends TableName> = Tables<T>;
export type InsertRow<T extends TableName> = TablesInsert<T>;
export type UpdateRow<T extends TableName> = TablesUpdate<T>;

const jsonValue = z.json();

/**
 * A value for a (not null) jsonb column, checked to be JSON rather than cast: it takes what the
 * contract schemas and the forms produce (plain objects, arrays, strings, numbers, booleans).
 */
export function toJson(value: unknown): NonNullable<Json> {
  const json = jsonValue.parse(value);
  if (json === null) throw new TypeError('A jsonb column value cannot be null here');
  return json;
}
