import type { SpotterDatabase } from './types';

/**
 * Read-modify-write of a database-level local document, safe across realms: the first write races
 * on insert (the loser re-reads), every later one goes through RxDB's incremental write queue, which
 * re-runs `modify` on the stored state when another instance wrote in between (revision conflict).
 * `modify` must return a new object: in dev-mode the stored state is deep-frozen.
 */
export async function modifyLocal<T extends object>(
  db: SpotterDatabase,
  id: string,
  initial: () => T,
  modify: (current: T) => T,
): Promise<T> {
  let doc = await db.getLocal<T>(id);
  if (!doc) {
    try {
      doc = await db.insertLocal<T>(id, modify(initial()));
      return doc.toJSON().data as T;
    } catch {
      // Another instance inserted it first: fall through and modify its state.
      doc = await db.getLocal<T>(id);
      if (!doc) throw new Error(`modifyLocal: local document ${id} vanished`);
    }
  }
  const written = await doc.incrementalModify((data) => modify(data));
  return written.toJSON().data as T;
}

export async function readLocal<T extends object>(db: SpotterDatabase, id: string): Promise<T | null> {
  const doc = await db.getLocal<T>(id);
  return doc ? (doc.toJSON().data as T) : null;
}
