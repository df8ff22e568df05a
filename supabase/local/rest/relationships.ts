import { RestError } from './errors.ts';
import { qualified, type ForeignKey, type Relation, type SchemaCache } from './schema-cache.ts';

/**
 * Relationship discovery and resolution of `target[!hint]` from an origin relation, following
 * PostgREST's `findRel`: M2O, O2M, O2O from foreign keys, M2M through junction
 * tables whose two foreign keys are both part of the junction's primary key.
 */

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  origin: Relation;
  target: Relation;
  constraint: string;
  /** Direct relationships: origin.originColumns[i] = target.targetColumns[i]. */
  originColumns: string[];
  targetColumns: string[];
  /** M2M: origin.originColumns = junction.junctionOrigin, junction.junctionTarget = target.targetColumns. */
  junction?: { relation: Relation; originFk: ForeignKey; targetFk: ForeignKey };
  /** True when the origin column set is the one holding the foreign key (M2O / O2O from the FK side). */
  originHoldsKey: boolean;
}

export const isToOne = (r: Relationship): boolean => r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one';

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function isUnique(rel: Relation, columns: string[]): boolean {
  return sameSet(rel.primaryKey, columns) || rel.uniqueKeys.some((k) => sameSet(k, columns));
}

const relCache = new WeakMap<SchemaCache, Map<string, Relationship[]>>();

/** Every relationship from `origin` (memoised per schema cache). */
export function relationshipsOf(cache: SchemaCache, origin: Relation): Relationship[] {
  let byOrigin = relCache.get(cache);
  if (!byOrigin) {
    byOrigin = new Map();
    relCache.set(cache, byOrigin);
  }
  const key = qualified(origin.schema, origin.name);
  const known = byOrigin.get(key);
  if (known) return known;
  const out: Relationship[] = [];
  const rel = (schema: string, name: string) => cache.relations.get(qualified(schema, name));
  for (const fk of cache.foreignKeys) {
    if (fk.schema === origin.schema && fk.table === origin.name) {
      const target = rel(fk.foreignSchema, fk.foreignTable);
      if (target) {
        out.push({
          cardinality: isUnique(origin, fk.columns) ? 'one-to-one' : 'many-to-one',
          origin,
          target,
          constraint: fk.name,
          originColumns: fk.columns,
          targetColumns: fk.foreignColumns,
          originHoldsKey: true,
        });
      }
    }
    if (fk.foreignSchema === origin.schema && fk.foreignTable === origin.name) {
      const target = rel(fk.schema, fk.table);
      if (target) {
        out.push({
          cardinality: isUnique(target, fk.columns) ? 'one-to-one' : 'one-to-many',
          origin,
          target,
          constraint: fk.name,
          originColumns: fk.foreignColumns,
          targetColumns: fk.columns,
          originHoldsKey: false,
        });
        // M2M: this FK goes from a junction to the origin; pair it with the junction's other FKs.
        for (const other of cache.foreignKeys) {
          if (other === fk || other.schema !== fk.schema || other.table !== fk.table) continue;
          const far = rel(other.foreignSchema, other.foreignTable);
          const pk = target.primaryKey;
          if (!far || pk.length === 0) continue;
          if (!fk.columns.every((c) => pk.includes(c)) || !other.columns.every((c) => pk.includes(c))) continue;
          out.push({
            cardinality: 'many-to-many',
            origin,
            target: far,
            constraint: other.name,
            originColumns: fk.foreignColumns,
            targetColumns: other.foreignColumns,
            junction: { relation: target, originFk: fk, targetFk: other },
            originHoldsKey: false,
          });
        }
      }
    }
  }
  byOrigin.set(key, out);
  return out;
}

function describe(r: Relationship): { cardinality: Cardinality; embedding: string; relationship: string } {
  const using = r.junction
    ? `${r.junction.relation.name} using ${r.junction.originFk.name}(${r.junction.originFk.columns.join(', ')}) and ${r.junction.targetFk.name}(${r.junction.targetFk.columns.join(', ')})`
    : `${r.constraint} using ${r.origin.name}(${r.originColumns.join(', ')}) and ${r.target.name}(${r.targetColumns.join(', ')})`;
  return { cardinality: r.cardinality, embedding: `${r.origin.name} with ${r.target.name}`, relationship: using };
}

/** Resolves an embed; throws PGRST200 (none) or PGRST201 (ambiguous). */
export function findRelationship(
  cache: SchemaCache,
  origin: Relation,
  name: string,
  hint: string | undefined,
): Relationship {
  const all = relationshipsOf(cache, origin).filter((r) => r.target.schema === origin.schema);
  const matches = all.filter((r) => {
    if (hint === undefined) {
      if (r.target.name === name) return true;
      // Embedding by constraint or FK column name only works from the side holding the key.
      if (!r.originHoldsKey || r.junction) return false;
      return r.constraint === name || (r.originColumns.length === 1 && r.originColumns[0] === name);
    }
    const targetMatches =
      r.target.name === name ||
      (r.originHoldsKey &&
        !r.junction &&
        (r.constraint === name || (r.originColumns.length === 1 && r.originColumns[0] === name)));
    if (!targetMatches) return false;
    if (r.junction) {
      return (
        r.junction.relation.name === hint || r.junction.originFk.name === hint || r.junction.targetFk.name === hint
      );
    }
    return r.constraint === hint || r.originColumns.includes(hint) || r.targetColumns.includes(hint);
  });
  if (matches.length === 1) return matches[0]!;
  // Self reference hinted by its FK column (`people!manager_id`): the table-name form means the
  // children (one-to-many); the parent is embedded by the column name itself (`manager_id(*)`).
  if (matches.length > 1 && hint !== undefined && name === origin.name) {
    const children = matches.filter((r) => !r.originHoldsKey && r.target === origin);
    if (children.length === 1) return children[0]!;
  }
  if (matches.length === 0) {
    const using = hint ? ` using the hint '${hint}'` : '';
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${name}'${using} in the schema '${origin.schema}', but no matches were found.`,
      null,
    );
  }
  const options = matches.map((r) => `'${name}!${r.junction ? r.junction.relation.name : r.constraint}'`).join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin.name}' and '${name}'`,
    matches.map(describe),
    `Try changing '${name}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}
