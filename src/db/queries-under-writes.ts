/**
 * Live queries answer while their collection is being written to, instead of after the writes stop.
 *
 * Why: RxDB 17.6 (rx-query.js `_execOverDatabase`, the guard for rxdb#7067) runs a query again, after
 * 20 ms, whenever a write to its collection committed while the query ran, and only returns once a run
 * saw no write. While a new device's first pull writes the history page after page (a 1,000-row bulk
 * every 150-400 ms, bench sync), every run of /home's queries on the workouts overlapped one, so today's
 * plan, already stored at 0.5 s, appeared only when the history was written, 2-5 s after sign-in: a live
 * query on a busy collection starves for as long as the writes keep coming.
 *
 * How: a `find`/`findOne` runs once. When a write committed meanwhile, its result is still returned (a
 * state IndexedDB actually held a moment ago) but marked as not yet executed (`counter: -1`), so it is
 * never taken as up to date: the write's own event has already queued the query's next check behind this
 * one (the live query's pipeline subscribes to the collection's event bulks), and that check runs the
 * query again in full. The screen shows each state as it is read and ends on the last one, which is what
 * #7067's guard is for; it no longer waits for a quiet moment that a long pull never leaves.
 * `count` and `findByIds` keep RxDB's own path (it does not re-run them).
 */
import { queryCollection, RxQueryBase } from 'rxdb';

interface ExecResult {
  result: unknown;
  counter: number;
}

interface QueryInternals {
  op: string;
  collection: { _changeEventBuffer: { getCounter(): number } };
  _execOverDatabaseCount: number;
  _execOverDatabase: (this: QueryInternals, rerunCount?: number) => Promise<ExecResult>;
}

/** RxDB's "this query has not run": the next check runs it over the storage (rx-query.js). */
const NOT_EXECUTED = -1;

let installed = false;

/** Installs the change in this realm (idempotent); call before the first query runs. */
export function answerQueriesUnderWrites(): void {
  if (installed) return;
  installed = true;
  const proto = RxQueryBase.prototype as unknown as QueryInternals;
  const rxdbExec = proto._execOverDatabase;
  proto._execOverDatabase = async function (this: QueryInternals, rerunCount = 0): Promise<ExecResult> {
    if (this.op === 'count' || this.op === 'findByIds') return rxdbExec.call(this, rerunCount);
    this._execOverDatabaseCount += 1;
    const events = this.collection._changeEventBuffer;
    const before = events.getCounter();
    const { docs, counter } = await queryCollection(this as unknown as Parameters<typeof queryCollection>[0]);
    const writtenMeanwhile = events.getCounter() !== before;
    return { result: docs, counter: writtenMeanwhile ? NOT_EXECUTED : counter };
  };
}
