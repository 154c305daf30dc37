// Server rows (PostgREST `select *`, realtime records) to RxDB documents and back. The RxDB schemas keep
// the Postgres column names but not `_modified` (sync-design.md section 2: an unpushed edit would send
// `_modified=undefined` and deadlock), so a row is projected onto the schema's properties plus `_deleted`.
import type { RxCollection, WithDeleted } from 'rxdb';

export interface ServerRow {
  id: string;
  _modified: string;
  _deleted: boolean;
  [column: string]: unknown;
}

/** `(_modified, id)` of the last row a pull returned; strings exactly as PostgREST printed them. */
export interface PullCheckpoint {
  modified: string;
  id: string;
}

export function schemaFields(collection: RxCollection): readonly string[] {
  return Object.keys(collection.schema.jsonSchema.properties).filter((k) => !k.startsWith('_'));
}

export function rowToDoc<T>(fields: readonly string[], row: Record<string, unknown>): WithDeleted<T> {
  const doc: Record<string, unknown> = {};
  for (const f of fields) {
    const value = row[f];
    // Optional columns the server returns as null stay null; an absent column stays absent.
    if (value !== undefined) doc[f] = value;
  }
  doc._deleted = row._deleted === true;
  return doc as WithDeleted<T>;
}

export function isServerRow(value: unknown): value is ServerRow {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { _modified?: unknown })._modified === 'string'
  );
}
