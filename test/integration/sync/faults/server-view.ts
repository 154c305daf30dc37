/**
 * "Every device equals the server": for each collection a device holds, the rows the server shows that
 * user through PostgREST (the same filters as the device's pull: collectionSync's owner column, RLS for
 * the rest, the own profile and friends' rows through get_profile_rows), projected onto the collection's schema fields like a pull
 * does (rowToDoc), against the device's documents. Deleted rows count on neither side.
 */
import type { DatabaseClient } from '../../../../src/db/database';
import type { CollectionName } from '../../../../src/db/schemas';
import type { SpotterDatabase } from '../../../../src/db/types';
import { collectionSync } from '../../../../sync-worker/core/collections';
import { rowToDoc, schemaFields } from '../../../../sync-worker/core/rows';

type Row = Record<string, unknown>;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Keys sorted, so two equal documents list their fields alike; timestamps as instants: the device that wrote a
 * row keeps the time as it wrote it ("…Z"), PostgREST prints it "+00:00".
 */
const canonical = (doc: Row): Row =>
  Object.fromEntries(
    Object.entries(doc)
      .map(([k, v]): [string, unknown] => [
        k,
        typeof v === 'string' && TIMESTAMP.test(v) ? new Date(v).toISOString() : v,
      ])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * The fields where two canonical documents differ, as [local, server]. Only these are reported: CI's
 * summary cuts each line, and a whole row pair cut in its first half hid which field differed (stop 29).
 */
function differingFields(local: Row, server: Row): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(local), ...Object.keys(server)])) {
    if (JSON.stringify(local[key]) !== JSON.stringify(server[key])) out[key] = [local[key], server[key]];
  }
  return out;
}

function project(fields: readonly string[], doc: Row): Row {
  const out: Row = {};
  for (const f of fields) if (doc[f] !== undefined) out[f] = doc[f];
  return out;
}

async function serverRows(
  client: DatabaseClient,
  name: CollectionName,
  userId: string,
  friendIds: readonly string[],
): Promise<Row[]> {
  const sync = collectionSync(name, userId);
  if (name === 'profiles') {
    // The table shows the own row only; friends' rows come from get_profile_rows (without their time
    // zone), as the device pulls them (friend-profiles.ts).
    const own = await client.from('profiles').select('*').eq('id', userId).eq('_deleted', false);
    if (own.error) throw new Error(`server profiles: ${own.error.message}`);
    if (friendIds.length === 0) return own.data;
    const friends = await client
      .rpc('get_profile_rows', { p_ids: [...friendIds] })
      .select('*')
      .eq('_deleted', false)
      .order('id');
    if (friends.error) throw new Error(`server profiles: ${friends.error.message}`);
    return [...own.data, ...friends.data];
  }
  let query = client.from(name).select('*').eq('_deleted', false);
  if (sync.ownerColumn) query = query.eq(sync.ownerColumn, userId);
  const res = await query.order('id').limit(1000);
  if (res.error) throw new Error(`server ${name}: ${res.error.message}`);
  return res.data;
}

export interface Difference {
  collection: CollectionName;
  onlyLocal: string[];
  onlyServer: string[];
  /** Per row, each differing field's [local, server] values. */
  differing: { id: string; fields: Record<string, [unknown, unknown]> }[];
}

/** The collections where `db` differs from the server (empty: equal). */
export async function differences(
  db: SpotterDatabase,
  client: DatabaseClient,
  userId: string,
  friendIds: readonly string[],
): Promise<Difference[]> {
  const found: Difference[] = [];
  for (const name of Object.keys(db.collections) as CollectionName[]) {
    const collection = db.collections[name];
    const fields = schemaFields(collection);
    const server = new Map(
      (await serverRows(client, name, userId, friendIds)).map((r) => [
        String(r.id),
        canonical(project(fields, rowToDoc<Row>(fields, r))),
      ]),
    );
    const local = new Map(
      (await collection.find().exec()).map((d) => [d.primary, canonical(project(fields, d.toJSON() as Row))]),
    );
    const diff: Difference = { collection: name, onlyLocal: [], onlyServer: [], differing: [] };
    for (const [id, doc] of local) {
      const s = server.get(id);
      if (s === undefined) diff.onlyLocal.push(id);
      else {
        const fields = differingFields(doc, s);
        if (Object.keys(fields).length > 0) diff.differing.push({ id, fields });
      }
    }
    for (const id of server.keys()) if (!local.has(id)) diff.onlyServer.push(id);
    if (diff.onlyLocal.length + diff.onlyServer.length + diff.differing.length > 0) found.push(diff);
  }
  return found;
}
