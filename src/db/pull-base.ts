/**
 * The server state a local edit started from, kept on the edited document (`_meta.b`) for the push's
 * three-way merge (src/db/conflict-handler.ts).
 *
 * RxDB normally knows that state from its replication meta (the "assumed master state"). A new
 * device's first pull writes full pages without that meta (sync-worker/core/first-pull.ts: half the
 * storage work), so a later edit of such a document would reach the push with no base, and "no base"
 * means every client field counts as changed: an edit of the notes would send back an old title and
 * undo another device's rename. This pre-save hook copies the pre-edit state into `_meta.b` whenever
 * that state was written by a pull (`_meta.o`, set by RxDB's downstream and by the first pull, matches
 * the revision), i.e. is exactly a server state; the sync worker's push handler uses it only for rows
 * RxDB sends without an assumed master state (`preparePush`). Only edits pay for it, not pulls.
 *
 * Registered on every push collection in every realm that writes documents (`openDatabase`).
 */
import type { RxCollection, RxDocumentData, WithDeleted } from 'rxdb';
import { REPLICATION, type CollectionName } from './schemas';

type Doc = Record<string, unknown> & { id: string };

interface PulledMeta {
  /** Revision height of the last write by a pull (RxDB's replication origin marker). */
  o?: { _rev?: number };
  b?: WithDeleted<Doc>;
}

/** The kept base of a stored document, if an edit of a pulled state recorded one. */
export function pullBaseOf(doc: RxDocumentData<Doc>): WithDeleted<Doc> | undefined {
  return (doc._meta as PulledMeta).b;
}

/** True when the document's current state is one a pull wrote (not changed locally since). */
export function isPulledState(doc: RxDocumentData<Doc>): boolean {
  const pulledAt = (doc._meta as PulledMeta).o?._rev;
  return pulledAt !== undefined && pulledAt === Number.parseInt(doc._rev, 10);
}

export function keepPullBases(db: { collections: Record<string, RxCollection> }): void {
  for (const [name, collection] of Object.entries(db.collections)) {
    if (REPLICATION[name as CollectionName]?.mode !== 'push') continue;
    (collection as unknown as RxCollection<Doc>).preSave((data, old) => {
      // RxDB calls pre-save hooks with the new and the stored document data (rx-document.js).
      const before = old as unknown as RxDocumentData<Doc>;
      if (!isPulledState(before)) return;
      const { _meta, _rev, _attachments, ...state } = before;
      const next = data as RxDocumentData<Doc>;
      // A new object: RxDB merged the old meta into a fresh one before this hook, but never mutate.
      next._meta = { ...next._meta, b: state } as RxDocumentData<Doc>['_meta'];
    }, false);
  }
}
