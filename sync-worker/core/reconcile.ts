// Reads the user's own rows of a pull-only collection whole and makes the local collection equal to them.
// Used after a refused intent that covered a set of rows (see intent-effects.ts): the pull checkpoint may
// be past rows whose local state an overlay kept, so a pull would never bring them back.
import type { DatabaseClient } from '../../src/db/database';
import type { RxCollection } from 'rxdb';
import { readPending, recordedSince } from '../../src/db/pending-writes';
import type { SpotterDatabase } from '../../src/db/types';
import { classify } from './errors';
import type { OwnedCollection } from './owned-collections';
import { isServerRow, rowToDoc, schemaFields } from './rows';

type Doc = Record<string, unknown> & { id: string; user_id: string };

/** The most own rows read back at once (notifications are the largest set; older ones stay as pulled). */
export const RECONCILE_LIMIT = 1000;

export async function reconcileOwnRows(
  db: SpotterDatabase,
  client: DatabaseClient,
  userId: string,
  name: OwnedCollection,
): Promise<void> {
  const collection = db.collections[name] as unknown as RxCollection<Doc> | undefined;
  if (!collection) return;
  for (;;) {
    // A newer intent on the same collection is still on its way: its overlay stays authoritative.
    const pending = await readPending(db);
    if (Object.values(pending.entries).some((e) => e.kind === 'intent' && e.collection === name)) return;
    const res = await client
      .from(name)
      .select('*')
      .eq('user_id', userId)
      .eq('_deleted', false)
      .order('_modified', { ascending: false })
      .limit(RECONCILE_LIMIT);
    if (res.error) throw classify(res.status, res.error);
    // An intent made while the answer was out may be applied and settled already: asked again.
    if (await recordedSince(db, pending.next_seq)) continue;
    const fields = schemaFields(collection);
    const rows = (res.data as unknown[]).filter(isServerRow).map((r) => {
      const { _deleted: _d, ...doc } = rowToDoc<Doc>(fields, r);
      return doc;
    });
    const onServer = new Set(rows.map((r) => r.id));
    const local = await collection.find({ selector: { user_id: userId } }).exec();
    const gone = local.filter((d) => !onServer.has(d.id)).map((d) => d.id);
    if (rows.length > 0) await collection.bulkUpsert(rows);
    // Only when the answer was complete: a capped answer cannot tell "gone" from "older".
    if (gone.length > 0 && rows.length < RECONCILE_LIMIT) await collection.bulkRemove(gone);
    return;
  }
}
