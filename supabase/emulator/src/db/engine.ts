/**
 * The database engine behind the emulator: PGlite embedded (default) or a PostgreSQL server when a
 * connection URL is given. Both expose the same small interface, so the REST, auth and realtime layers
 * never know which one they talk to.
 *
 * Invariant: request-scoped settings (role, JWT claims) are only ever set with `set_config(..., true)`
 * inside `transaction()`, so they end with the transaction. PGlite has a single backend session shared
 * by every caller; a plain `SET` would leak into the next request.
 */
import {
  PGlite,
  parse as pgliteParse,
  protocol,
  types as pgliteTypes,
  type Results,
} from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';

export interface SqlField {
  name: string;
  dataTypeID: number;
}

export interface SqlResult<R> {
  rows: R[];
  rowCount: number;
  fields: SqlField[];
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<R>>;
  /** Runs one or more statements without parameters (migrations, scripts). */
  exec(sql: string): Promise<void>;
}

export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

export type NotificationHandler = (payload: string) => void;

export interface Engine extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs the statements in order in one transaction that commits after the last one (any error rolls
   * back all of them) and resolves to the last one's result. For work that never needs to roll back
   * on its own: transaction-local settings (`set_config(..., true)`) last until that commit. On PGlite
   * this is one call into the engine (an extended-protocol pipeline closed by one Sync, which Postgres
   * runs as one implicit transaction) instead of BEGIN, a call per statement and COMMIT.
   */
  pipeline<R = Record<string, unknown>>(statements: readonly Statement[]): Promise<SqlResult<R>>;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as an uncompressed tarball, for `loadDataDir`. */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface EngineOptions {
  /** A PostgreSQL connection URL. When set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string | undefined;
  /** A PGlite data-dir dump (from `dumpDataDir`) to start from, for fast test databases. */
  loadDataDir?: Blob | undefined;
}

// int8 comes back as a JS number when it is safe, else as a string: the same from both engines.
const INT8_OID = 20;
const parseInt8 = (value: string): number | string => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
};

/** libpq startup options: every session of ours runs in UTC, as hosted Supabase's do. */
const UTC_SESSION = '-c TimeZone=UTC';

export async function openEngine(options: EngineOptions = {}): Promise<Engine> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPglite(options: EngineOptions): Promise<Engine> {
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pgcrypto, uuid_ossp },
    parsers: { [INT8_OID]: parseInt8, [pgliteTypes.NUMERIC]: (value: string) => value },
  });
  // Hosted Supabase databases run in UTC, so timestamps reach clients as "+00:00" whatever zone the
  // machine is in; PGlite would otherwise follow the host's TZ.
  await db.exec(`set timezone = 'UTC'`);

  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<R>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<R>(sql, params as unknown[]);
      return {
        rows: result.rows,
        // PGlite reports 0 affected rows for a SELECT; pg reports the row count. Match pg.
        rowCount: result.affectedRows || result.rows.length,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });

  const transaction: Engine['transaction'] = (fn) => db.transaction((tx) => fn(wrap(tx)));
  const parsers = (db as unknown as { parsers?: Record<number, (value: string, typeId?: number) => unknown> })
    .parsers;

  return {
    kind: 'pglite',
    ...wrap(db),
    transaction,
    async pipeline<R>(statements: readonly Statement[]): Promise<SqlResult<R>> {
      const texts = statements.map((s) => textParams(s.params ?? []));
      if (!parsers || texts.some((values) => values === null)) {
        // Values PGlite would serialise by their declared type (arrays, dates…): the general path.
        return transaction(async (tx) => runInOrder<R>(tx, statements));
      }
      const parts: Uint8Array[] = [];
      statements.forEach((statement, i) => {
        parts.push(
          protocol.serialize.parse({ text: statement.sql }),
          protocol.serialize.bind({ values: texts[i] ?? [] }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
        );
      });
      parts.push(protocol.serialize.sync());
      // The transaction mutex first, as db.query takes it: nothing may run inside another caller's
      // open transaction, and no other caller may run between these statements.
      const { messages } = await db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(() => db.execProtocol(concatBytes(parts))),
      );
      const results: Results<R>[] = pgliteParse.parseResults(messages, parsers) as Results<R>[];
      const last = results[results.length - 1];
      if (!last) throw new Error('pipeline returned no result');
      return {
        rows: last.rows,
        rowCount: last.affectedRows || last.rows.length,
        fields: last.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async listen(channel, handler) {
      const unsubscribe = await db.listen(channel, handler);
      return async () => {
        await unsubscribe();
      };
    },
    snapshot: () => db.dumpDataDir('none'),
    close: () => db.close(),
  };
}

async function openPostgres(databaseUrl: string): Promise<Engine> {
  const typeParsers = {
    getTypeParser: ((oid: number) =>
      oid === INT8_OID
        ? parseInt8
        : (pg.types.getTypeParser(oid) as (value: string) => unknown)) as typeof pg.types.getTypeParser,
  };
  // TimeZone=UTC as on hosted Supabase (a server initialised on this machine takes the machine's zone).
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    types: typeParsers,
    options: UTC_SESSION,
  });
  // pool.end() resolves before idle sockets close; a server-side termination of such a client (a test
  // dropping its database WITH (FORCE)) must not become an uncaught exception.
  pool.on('error', () => undefined);
  // Fail fast on a wrong URL instead of on the first request.
  await pool.query('select 1');

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return {
        rows: result.rows as R[],
        rowCount: result.rowCount ?? result.rows.length,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });

  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<NotificationHandler>>();

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: databaseUrl, options: UTC_SESSION });
    await client.connect();
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    listener = client;
    return client;
  }

  const transaction: Engine['transaction'] = async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction,
    pipeline<R>(statements: readonly Statement[]) {
      return transaction((tx) => runInOrder<R>(tx, statements));
    },
    async listen(channel, handler) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await client.query(`unlisten ${pg.escapeIdentifier(channel)}`);
        }
      };
    },
    async close() {
      await listener?.end();
      await pool.end();
    },
  };
}

async function runInOrder<R>(tx: Queryable, statements: readonly Statement[]): Promise<SqlResult<R>> {
  let result: SqlResult<R> = { rows: [], rowCount: 0, fields: [] };
  for (const statement of statements) result = await tx.query<R>(statement.sql, statement.params ?? []);
  return result;
}

/** Bind values in text format when each is a plain scalar (what PGlite's serialisers would send); else null. */
function textParams(params: readonly unknown[]): Array<string | null> | null {
  const values: Array<string | null> = [];
  for (const value of params) {
    if (value === null || value === undefined) values.push(null);
    else if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number' && Number.isFinite(value)) values.push(String(value));
    else if (typeof value === 'boolean') values.push(value ? 't' : 'f');
    else return null;
  }
  return values;
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
