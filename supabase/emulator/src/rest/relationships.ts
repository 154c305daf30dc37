/**
 * Resolves an embed (`rel!hint(cols)`) to the foreign key it follows, like PostgREST's schema cache:
 * a key from the parent to the embedded table is many-to-one (an object or null), a key from the
 * embedded table to the parent is one-to-many (an array), or one-to-one (an object or null) when that
 * key's columns are the embedded table's primary key. None is 400 PGRST200, more than one is
 * 300 PGRST201 unless a hint (constraint or column name) picks one.
 */
import type { Catalog, ForeignKey } from './catalog';
import { RestError } from './errors';

export interface Junction {
  table: string;
  /** Junction -> parent key, and junction -> embedded table key. */
  toParent: ForeignKey;
  toChild: ForeignKey;
}

export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-one' | 'one-to-many' | 'many-to-many';
  fk: ForeignKey;
  /** [embedded table column, parent column] pairs to join on (empty for many-to-many). */
  pairs: Array<[string, string]>;
  junction?: Junction;
}

function describe(parent: string, child: string, rel: Relationship): Record<string, string> {
  const { fk, junction } = rel;
  return {
    cardinality: rel.cardinality,
    embedding: `${parent} with ${child}`,
    relationship: junction
      ? `${junction.table} using ${junction.toParent.name}(${junction.toParent.columns.join(', ')}) and ${junction.toChild.name}(${junction.toChild.columns.join(', ')})`
      : `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${fk.refColumns.join(', ')})`,
  };
}

const hintName = (rel: Relationship): string => rel.junction?.table ?? rel.fk.name;

/** A key whose columns are its own table's primary key: at most one row per parent (one-to-one). */
function keysPrimaryKey(catalog: Catalog, fk: ForeignKey): boolean {
  const pk = catalog.relations.get(fk.table)?.primaryKey ?? [];
  return pk.length > 0 && pk.length === fk.columns.length && fk.columns.every((c) => pk.includes(c));
}

/** Embeds that give one object (or null) rather than an array. */
export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

/**
 * Many-to-many through a junction table whose keys to both sides are part of its primary key
 * (PostgREST's rule for detecting junctions).
 */
function junctions(catalog: Catalog, parent: string, child: string): Relationship[] {
  const found: Relationship[] = [];
  for (const toParent of catalog.foreignKeys) {
    if (toParent.refTable !== parent || toParent.table === parent || toParent.table === child) continue;
    const pk = new Set(catalog.relations.get(toParent.table)?.primaryKey ?? []);
    if (!toParent.columns.every((c) => pk.has(c))) continue;
    for (const toChild of catalog.foreignKeys) {
      if (toChild === toParent || toChild.table !== toParent.table || toChild.refTable !== child) continue;
      if (!toChild.columns.every((c) => pk.has(c))) continue;
      found.push({
        cardinality: 'many-to-many',
        fk: toParent,
        pairs: [],
        junction: { table: toParent.table, toParent, toChild },
      });
    }
  }
  return found;
}

export function resolveRelationship(
  catalog: Catalog,
  parent: string | null,
  child: string,
  hint: string | null,
): Relationship {
  const candidates: Relationship[] = [];
  if (parent !== null) {
    for (const fk of catalog.foreignKeys) {
      if (fk.table === parent && fk.refTable === child) {
        candidates.push({
          cardinality: 'many-to-one',
          fk,
          pairs: fk.columns.map((col, i) => [fk.refColumns[i] ?? col, col]),
        });
      }
      if (fk.table === child && fk.refTable === parent) {
        candidates.push({
          cardinality: keysPrimaryKey(catalog, fk) ? 'one-to-one' : 'one-to-many',
          fk,
          pairs: fk.columns.map((col, i) => [col, fk.refColumns[i] ?? col]),
        });
      }
    }
    candidates.push(...junctions(catalog, parent, child));
  }
  let matches = candidates;
  if (hint !== null) {
    matches = candidates.filter(
      (c) =>
        c.fk.name === hint ||
        c.junction?.table === hint ||
        c.junction?.toChild.name === hint ||
        (!c.junction && c.fk.columns.length === 1 && c.fk.columns[0] === hint),
    );
    // A self-reference matches both ways; the column hint means "follow my column" (many-to-one).
    if (matches.length === 2 && parent === child) {
      matches = matches.filter((c) => c.cardinality === 'many-to-one');
    }
  }
  const only = matches[0];
  if (matches.length === 1 && only) return only;
  const parentName = parent ?? 'the function result';
  if (matches.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parentName}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parentName}' and '${child}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parentName}' and '${child}'`,
    matches.map((m) => describe(parentName, child, m)),
    `Try changing '${child}' to one of the following: ${matches
      .map((m) => `'${child}!${hintName(m)}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
