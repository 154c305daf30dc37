// Each synced collection's RxDB schema against the server's columns (SERVER_COLUMNS, which the compiler
// holds equal to the Row types generated from the migrations): every property is a column of a
// compatible JSON type and nullability, and every column the collection leaves out is listed with a
// reason in OMITTED_COLUMNS.
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, COLLECTIONS } from './index';
import { OMITTED_COLUMNS, SERVER_COLUMNS, type ColumnKind } from './server-columns';

interface JsonSchemaProperty {
  type?: string | readonly string[];
}

/** The RxDB property's JSON type in SERVER_COLUMNS' terms (integer is a number to PostgREST). */
function kindOf(property: JsonSchemaProperty): string {
  const types = (Array.isArray(property.type) ? property.type : [property.type]) as (string | undefined)[];
  const nullable = types.includes('null');
  const base = types.filter((t) => t !== 'null').map((t) => (t === 'integer' ? 'number' : t));
  const named = base.length === 1 && base[0] === 'object' ? 'json' : base.join(',');
  return nullable ? `${named} | null` : named;
}

describe('the RxDB schemas match the generated database types', () => {
  for (const name of COLLECTION_NAMES) {
    it(`${name}: every property is a server column of the same type and nullability`, () => {
      const columns: Record<string, ColumnKind> = SERVER_COLUMNS[name];
      const properties = COLLECTIONS[name].schema.properties as Record<string, JsonSchemaProperty>;
      const mismatches = Object.entries(properties)
        .map(([field, property]) => ({
          field,
          local: kindOf(property),
          server: columns[field] ?? 'no column',
        }))
        .filter((f) => f.local !== f.server);
      expect(mismatches).toEqual([]);
    });

    it(`${name}: the server columns it leaves out are listed with a reason`, () => {
      const properties = Object.keys(COLLECTIONS[name].schema.properties);
      const omitted: Record<string, string | undefined> = OMITTED_COLUMNS[name];
      const missing = Object.keys(SERVER_COLUMNS[name]).filter((column) => !properties.includes(column));
      expect(missing.sort()).toEqual(Object.keys(omitted).sort());
      for (const column of missing) expect(omitted[column], column).toMatch(/\w{3,}/);
    });
  }
});
