/**
 * Resolves an embed (`rel!hint(cols)`) to the foreign key it follows, like PostgREST's schema cache:
 * a key from the parent to the embedded table is many-to-one (an object or null), a key from the
 * embedded table to the parent is one-to-many (an array). None is 400 PGRST200, more than one is
 * 300 PGRST201 unless a hint (constraint or column name) picks one.
 */
import type { Catalog, ForeignKey } from './catalog';
import { RestError } from './errors';

export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many';
  fk: ForeignKey;
  /** [embedded table column, parent column] pairs to join on. */
  pairs: Array<[string, string]>;
}

function describe(parent: string, child: string, rel: Relationship): Record<string, string> {
  const { fk } = rel;
  return {
    cardinality: rel.cardinality,
    embedding: `${parent} with ${child}`,
    relationship: `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${fk.refColumns.join(', ')})`,
  };
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
          cardinality: 'one-to-many',
          fk,
          pairs: fk.columns.map((col, i) => [col, fk.refColumns[i] ?? col]),
        });
      }
    }
  }
  let matches = candidates;
  if (hint !== null) {
    matches = candidates.filter(
      (c) => c.fk.name === hint || (c.fk.columns.length === 1 && c.fk.columns[0] === hint),
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
      .map((m) => `'${child}!${m.fk.name}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
