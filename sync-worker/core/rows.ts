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

/**
 * A `_modified` timestamp as microseconds since the epoch (NaN when it is not one), to order rows and
 * checkpoints whatever printed them: PostgREST and realtime records carry Postgres's `…T10:00:00.123456+00:00`,
 * with up to six fractional digits (PGlite prints three).
 */
export function modifiedMicros(value: string): number {
  const m = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(Z|[+-]\d\d(?::?\d\d)?)?$/.exec(value);
  if (!m) return Number.NaN;
  const [, day, time, fraction = '', zone = 'Z'] = m;
  const offset =
    zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.replace(/^([+-]\d\d)(\d\d)$/, '$1:$2');
  const ms = Date.parse(`${day}T${time}${offset}`);
  return ms * 1000 + Number(fraction.padEnd(6, '0'));
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
