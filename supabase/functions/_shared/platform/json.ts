/**
 * Values bound for a json/jsonb column or argument. Domain types (interfaces, `unknown` fields) are
 * not provably JSON to the compiler, so they pass through `toJson`, which checks the value while
 * copying it: what cannot be stored as JSON is refused here rather than altered by serialisation.
 */
import type { Json } from './database.ts';

export type { Json };

export function toJson(value: unknown, path = '$'): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is not a finite number`);
    return value;
  }
  // JSON.stringify writes an undefined array item as null; so does this.
  if (Array.isArray(value))
    return value.map((item: unknown, index) => (item === undefined ? null : toJson(item, `${path}[${index}]`)));
  if (typeof value === 'object') return toJsonObject(value, path);
  throw new TypeError(`${path} is a ${typeof value}, not JSON`);
}

/** `toJson` for a column that holds an object (a config, metadata): anything else is refused. */
export function toJsonObject(value: object, path = '$'): { [key: string]: Json } {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value) || (prototype !== Object.prototype && prototype !== null))
    throw new TypeError(`${path} is not a plain object`);
  const copy: { [key: string]: Json } = {};
  for (const [key, item] of Object.entries(value)) {
    // JSON.stringify leaves out undefined members; so does this.
    if (item !== undefined) copy[key] = toJson(item, `${path}.${key}`);
  }
  return copy;
}
