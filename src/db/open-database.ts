/**
 * The local database: owns the per-user RxDB instance of this JS realm.
 *
 * Both realms, the page and the sync worker, open the same database through this module, with the same
 * schemas, migration strategies and conflict handlers (schemas/index.ts). `multiInstance` keeps them
 * consistent: each write is broadcast to the other instances of the same name (BroadcastChannel).
 * This module never calls `waitForLeadership()` and adds neither replication nor cleanup: only the
 * worker competes for leadership (sync-design.md section 1), so the page can never steal it.
 *
 * Dev-mode and ajv validation are loaded only when `import.meta.env.DEV` is true (dev server, tests);
 * in a production build the condition is the constant `false` and the bundler drops both imports.
 * The migration-schema plugin loads only when a stored collection is older than its schema
 * (migration-due.ts): the first signed-in screen does not download it otherwise.
 */
import {
  addRxPlugin,
  createRxDatabase,
  removeRxDatabase,
  type RxCollectionCreator,
  type RxStorage,
} from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { forgetLocalDataMarker } from './storage-health/local-data-marker';
import { withQuotaWatch } from './storage-health/quota-storage';
import { databaseNameFor } from './database-name';
import { keepPullBases } from './pull-base';
import { answerQueriesUnderWrites } from './queries-under-writes';
import { addMigrationPlugin, migrationDue } from './migration-due';
import { COLLECTIONS, COLLECTION_NAMES, type CollectionName } from './schemas';
import type { SpotterDatabase } from './types';

addRxPlugin(RxDBLocalDocumentsPlugin);
answerQueriesUnderWrites();

/**
 * No audit time: a change reaches a live query as soon as its event does. An audit time of 4 ms coalesced
 * bursts but made every local write reach the screen 4-5 ms later, half of bench sync's
 * local_write_to_ui budget (8 ms; the write's own IndexedDB transaction takes 3-5 ms). Bursts need no
 * coalescing here: a pull writes a page as one bulk, which is one event.
 */
export const LIVE_QUERY_THROTTLE_MS = 0;

export interface OpenDatabaseOptions {
  userId: string;
  /** Defaults to the Dexie storage on the realm's global IndexedDB. */
  storage?: RxStorage<unknown, unknown>;
  /** Dev-mode checks and schema validation; only honoured in dev builds (default: on there). */
  devMode?: boolean;
  /**
   * A second instance of the same name in this realm. Tests use it to stand in for the page and the
   * worker in one process; RxDB allows it in dev-mode only (error DB9 otherwise).
   */
  ignoreDuplicate?: boolean;
  /**
   * Open only these collections. The free RxDB build allows 13 open collections per JS realm in total
   * (COL23), so tests that hold two databases open at once open subsets. The app opens all.
   */
  collections?: readonly CollectionName[];
  /** Replace collection creators, for tests of schema migrations only. */
  creators?: Partial<Record<CollectionName, RxCollectionCreator>>;
  liveQueryUpdateThrottleTime?: number;
}

/**
 * This realm's open instance per database name. A second `openDatabase` for the same user (React
 * StrictMode's double effect, two routes racing at sign-in) gets the same instance instead of RxDB's
 * duplicate-database error. Test-only variants (subsets, duplicates) bypass it.
 */
const openInstances = new Map<string, Promise<SpotterDatabase>>();

export async function openDatabase(options: OpenDatabaseOptions): Promise<SpotterDatabase> {
  const name = await databaseNameFor(options.userId);
  const shared = !options.ignoreDuplicate && !options.collections && !options.creators;
  if (shared) {
    const pending = openInstances.get(name);
    if (pending) {
      const existing = await pending.catch(() => null);
      if (existing && !existing.closed) return existing;
      if (openInstances.get(name) === pending) openInstances.delete(name);
      return openDatabase(options);
    }
    // No await between the lookup above and this set: concurrent callers share this promise.
    const opening = createDatabase(name, options).then((db) => {
      db.onClose.push(() => {
        if (openInstances.get(name) === opening) openInstances.delete(name);
      });
      return db;
    });
    openInstances.set(name, opening);
    try {
      return await opening;
    } catch (error) {
      if (openInstances.get(name) === opening) openInstances.delete(name);
      throw error;
    }
  }
  return createDatabase(name, options);
}

async function createDatabase(name: string, options: OpenDatabaseOptions): Promise<SpotterDatabase> {
  // A write refused for a full quota is reported where it happens, in both realms (storage-health).
  let storage: RxStorage<unknown, unknown> = withQuotaWatch(options.storage ?? getRxStorageDexie());
  const devMode = import.meta.env.DEV && (options.devMode ?? true);
  if (devMode) storage = await withDevMode(storage);

  const db = await createRxDatabase<SpotterDatabase['collections']>({
    name,
    storage,
    multiInstance: true,
    eventReduce: true,
    localDocuments: true,
    ignoreDuplicate: devMode && options.ignoreDuplicate === true,
    liveQueryUpdateThrottleTime: options.liveQueryUpdateThrottleTime ?? LIVE_QUERY_THROTTLE_MS,
  });
  const names = options.collections ?? COLLECTION_NAMES;
  const creators: Record<string, RxCollectionCreator> = {};
  for (const n of names) creators[n] = options.creators?.[n] ?? COLLECTIONS[n];
  try {
    // Without a due migration RxDB must not look for one (it would call into the absent plugin).
    const due = await migrationDue(db, creators);
    if (due) await addMigrationPlugin();
    await db.addCollections(
      due
        ? creators
        : Object.fromEntries(Object.entries(creators).map(([n, c]) => [n, { ...c, autoMigrate: false }])),
    );
    if (!due) await migrationChecksDone(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  // Edits of pulled documents keep the server state they started from (pull-base.ts).
  keepPullBases(db);
  return db;
}

/**
 * Once a realm has added RxDB's migration plugin (an earlier database of this realm had a migration due),
 * the plugin refuses writes to every new collection above schema version 0 (COL25) until it has checked,
 * asynchronously, that none is due. The database is handed out after that check, so a write made right
 * after opening it (a second account signing in on the same page) is not refused.
 */
export async function migrationChecksDone(db: SpotterDatabase): Promise<void> {
  for (const collection of Object.values(db.collections)) {
    while (collection.migrationInProgress) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * RxDB's dev-mode (process-wide once added) and the schema-validating storage it requires (DVM1). Also
 * what integration tests that build their own databases wrap their storage with.
 */
export async function withDevMode<Internals, InstanceCreationOptions>(
  storage: RxStorage<Internals, InstanceCreationOptions>,
) {
  const [devMode, ajv] = await Promise.all([
    import('rxdb/plugins/dev-mode'),
    import('rxdb/plugins/validate-ajv'),
  ]);
  // Must run before the plugin is added to silence its console banner.
  devMode.disableWarnings();
  addRxPlugin(devMode.RxDBDevModePlugin);
  return ajv.wrappedValidateAjvStorage({ storage });
}

/** Closes this realm's instance; other realms' instances and the stored data stay. */
export async function closeDatabase(db: SpotterDatabase): Promise<void> {
  if (!db.closed) await db.close();
}

/**
 * Sign-out hygiene: deletes every collection, local document and replication checkpoint of the
 * user's database. Close the database in every realm first (stop the sync worker), then call this; an
 * instance of this realm passed as `db` is closed here.
 */
export async function removeUserData(
  userId: string,
  options: { db?: SpotterDatabase; storage?: RxStorage<unknown, unknown> } = {},
): Promise<void> {
  if (options.db && !options.db.closed) await options.db.close();
  const name = await databaseNameFor(userId);
  await removeRxDatabase(name, options.storage ?? getRxStorageDexie(), true);
  // Deleted on purpose: the next, empty database of this user is not an eviction (local-data-marker.ts).
  forgetLocalDataMarker(name);
}
