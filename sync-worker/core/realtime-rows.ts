// Realtime rows applied to RxDB directly (push collections only), so another device's write shows
// without waiting for a pull round trip (bench sync: the pull after each event took 100-300 ms of the
// cross-device figure under load). What keeps it safe:
// - only a row carrying every schema column (column privileges or TOAST can leave some out);
// - never an older state over a newer one: the server versions (`_modified`) of the rows this
//   replication pulled or applied are kept, and an event older than or equal to one is skipped (a
//   realtime message can be held up to 100 ms by the supervisor while a pull brings a newer row);
// - the event carries the checkpoint the last pull returned, never the row's: the checkpoint moves
//   only by pulls, so a row a dropped or reordered event missed is still pulled;
// - the caller follows applied rows with a pull (RESYNC) within 300 ms (one per burst), which also
//   corrects anything a row left out.
import type { WithDeleted } from 'rxdb';
import { rowToDoc, type ServerRow } from './rows';

/** `_modified` as microseconds since the epoch; null when it cannot be read exactly. */
export function modifiedMicros(value: string): number | null {
  const match = /^(\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(Z|[+-]\d\d(?::?\d\d)?)$/.exec(value);
  if (!match) return null;
  const [, whole = '', fraction = '', zone = ''] = match;
  const offset =
    zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.replace(/^([+-]\d\d)(\d\d)$/, '$1:$2');
  const ms = Date.parse(`${whole.replace(' ', 'T')}${offset}`);
  if (Number.isNaN(ms)) return null;
  return ms * 1000 + Number(fraction.padEnd(6, '0'));
}

/** The newest server version seen per row id (pulls and applied events of one replication). */
export class ServerVersions {
  private readonly seen = new Map<string, number>();

  /** Records the versions of pulled rows. */
  record(rows: readonly ServerRow[]): void {
    for (const row of rows) {
      const at = modifiedMicros(row._modified);
      if (at === null) continue;
      const known = this.seen.get(row.id);
      if (known === undefined || at > known) this.seen.set(row.id, at);
    }
  }

  /**
   * The document to apply for a realtime row, or null when it must go through a pull instead (a
   * column missing, an unreadable version, or not newer than what this replication already has).
   */
  admit<T>(fields: readonly string[], row: ServerRow): WithDeleted<T> | null {
    if (!fields.every((f) => f in row) || typeof row._deleted !== 'boolean') return null;
    const at = modifiedMicros(row._modified);
    if (at === null) return null;
    const known = this.seen.get(row.id);
    if (known !== undefined && at <= known) return null;
    this.seen.set(row.id, at);
    return rowToDoc<T>(fields, row);
  }
}
