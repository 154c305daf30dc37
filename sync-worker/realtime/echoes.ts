/**
 * Realtime echoes: changes whose row this device already holds as it is. Every accepted push comes
 * back on the channel as a change of the same row; its pull from the checkpoint brings nothing the
 * device does not hold, yet it went to the server at once, ahead of the pulls other devices start for
 * the same change, and cost the device a pull round of IndexedDB work while the user kept writing
 * (bench sync: cross_device, local_write_to_ui). An echo's pull is therefore put off by `delayMs` and
 * shared by every echo of the collection meanwhile; it is never skipped, so the checkpoint, the ledger
 * settling that pulls do and anything else the pull brings arrive as before, only later.
 *
 * An event counts as an echo only when it is the only event its delivery stands for (a coalesced
 * burst may hide another device's change) and the record equals, field by field, the latest state of
 * the document this realm saw written (`remember`, fed from the collection's change events, which
 * carry the page's writes too), timestamps compared as instants. Anything else (a field a trigger
 * rewrote, another device's write, a document not seen lately) is pulled at once by the caller. A
 * wrong guess costs latency only: every echo is pulled all the same, `delayMs` later. Owns one timer per collection and a
 * bounded memory of recent document states; `stop()` clears both.
 */

type Row = Record<string, unknown>;

/** How long an echo's pull waits (it is shared by every echo of the collection meanwhile). */
export const ECHO_PULL_DELAY_MS = 1_000;
/** Document states remembered per collection (the least recently written are forgotten first). */
const MAX_REMEMBERED = 500;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Field equality for telling echoes: null and absent alike, timestamps by instant (the server prints
 * `+00:00` where the client wrote `Z`, and microseconds). It only decides whether the pull runs now
 * or `delayMs` later, never whether it runs.
 */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string' && a !== b && TIMESTAMP.test(a) && TIMESTAMP.test(b)) {
    return Date.parse(a) === Date.parse(b);
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export class EchoPulls {
  private readonly states = new Map<string, Map<string, Row>>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private stopped = false;

  constructor(private readonly delayMs = ECHO_PULL_DELAY_MS) {}

  /** The latest state of a document of `collection` written in this database (any realm). */
  remember(collection: string, doc: Row): void {
    const id = doc.id;
    if (typeof id !== 'string') return;
    let docs = this.states.get(collection);
    if (!docs) {
      docs = new Map();
      this.states.set(collection, docs);
    }
    docs.delete(id);
    docs.set(id, doc);
    if (docs.size > MAX_REMEMBERED) {
      const oldest = docs.keys().next();
      if (!oldest.done) docs.delete(oldest.value);
    }
  }

  /**
   * True when `record` (a realtime change's new row, standing for `coalesced` events) is an echo: the
   * only event, equal to the remembered state in every one of `fields` and in `_deleted`.
   */
  isEcho(collection: string, fields: readonly string[], record: Row, coalesced: number): boolean {
    const id = record.id;
    if (coalesced !== 1 || typeof id !== 'string') return false;
    const doc = this.states.get(collection)?.get(id);
    if (!doc) return false;
    if ((record._deleted === true) !== (doc._deleted === true)) return false;
    return fields.every((f) => same(record[f], doc[f]));
  }

  /** Runs `pull` `delayMs` from now, once for every echo of `collection` until then. */
  pullLater(collection: string, pull: () => void): void {
    if (this.stopped || this.timers.has(collection)) return;
    this.timers.set(
      collection,
      setTimeout(() => {
        this.timers.delete(collection);
        if (!this.stopped) pull();
      }, this.delayMs),
    );
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.states.clear();
  }
}
