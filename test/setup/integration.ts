// Integration files share one process per worker (isolate: false in vitest.config.ts), and RxDB's plugins
// are process-wide: the first database opened through src/db/open-database.ts turns RxDB's dev-mode on
// for every file after it (schema checks, frozen documents, and a validating storage required, DVM1).
// Turned on here, before any file, every test meets the same RxDB whatever order the files run in, as
// the app's own databases are in development.
import { addRxPlugin } from 'rxdb';
import { disableWarnings, RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);
