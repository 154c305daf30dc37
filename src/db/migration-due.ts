/**
 * Whether opening a database needs RxDB's migration-schema plugin. The plugin (with the replication
 * protocol it migrates through, about 8 KB gzipped) is only needed when a stored collection is at an older
 * schema version than the app's; open-database.ts loads it lazily in that case, and otherwise creates the
 * collections with `autoMigrate: false` (RxDB calls into the plugin for every schema version above 0).
 */
import {
  addRxPlugin,
  getPrimaryKeyOfInternalDocument,
  INTERNAL_CONTEXT_COLLECTION,
  type RxCollectionCreator,
  type RxDatabase,
} from 'rxdb';

/**
 * True when the database's internal store still holds the metadata of an older version of one of these
 * collections: the same lookup the plugin's `mustMigrate` does (RxDB deletes that document once the
 * collection has migrated).
 */
export async function migrationDue(
  db: Pick<RxDatabase, 'internalStore'>,
  creators: Readonly<Record<string, RxCollectionCreator>>,
): Promise<boolean> {
  const ids = Object.entries(creators).flatMap(([name, creator]) =>
    Array.from({ length: creator.schema.version }, (_, version) =>
      getPrimaryKeyOfInternalDocument(`${name}-${version}`, INTERNAL_CONTEXT_COLLECTION),
    ),
  );
  if (ids.length === 0) return false;
  const found = await db.internalStore.findDocumentsById(ids, false);
  return found.length > 0;
}

/** Adds the migration-schema plugin to this realm's RxDB (once; later calls find it added). */
export async function addMigrationPlugin(): Promise<void> {
  const { RxDBMigrationSchemaPlugin } = await import('rxdb/plugins/migration-schema');
  addRxPlugin(RxDBMigrationSchemaPlugin);
}
