/**
 * Starts a throwaway PostgreSQL server (Debian's postgresql package) for tests and benchmarks:
 * initdb in a temporary folder, a free loopback port, fsync off, stopped and deleted by `stop()`.
 * Postgres refuses to run as root, so as root the server runs as the `postgres` user. Its zone is UTC, as
 * on hosted Supabase, whatever the machine's TZ. With `cronDatabase` and Debian's postgresql-15-cron installed,
 * it preloads pg_cron for that database (hosted Supabase preloads it for `postgres`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresServer {
  url: string;
  /** Connection URL for another database on the same server. */
  urlFor(database: string): string;
  /** The database pg_cron serves (`cron.database_name`), or null when pg_cron is not loaded. */
  cronDatabase: string | null;
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /**
   * Preload pg_cron (when installed) for this database. pg_cron can be created only in the one
   * database its background worker serves, and that worker keeps a connection open to it, so it must
   * not be a database that others are cloned from.
   */
  cronDatabase?: string;
}

function findBinDir(): string | null {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export function postgresAvailable(): boolean {
  return findBinDir() !== null;
}

/** The path of a client program (pg_dump, pg_dumpall) of the PostgreSQL found here, or null. */
export function postgresProgram(name: string): string | null {
  const bin = findBinDir();
  return bin !== null && existsSync(join(bin, name)) ? join(bin, name) : null;
}

/** Whether pg_cron's library is installed next to the PostgreSQL found here (Debian: postgresql-15-cron). */
export function pgCronAvailable(): boolean {
  const bin = findBinDir();
  return bin !== null && existsSync(join(bin, '..', 'lib', 'pg_cron.so'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const bin = findBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'spotter-pg-'));
  const dataDir = join(dir, 'data');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const result = isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { encoding: 'utf8' })
      : spawnSync(join(bin, command), args, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
    }
  };

  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  const cronDatabase = options.cronDatabase !== undefined && pgCronAvailable() ? options.cronDatabase : null;
  // pg_cron's worker runs jobs in UTC (cron.timezone's default), as on hosted Supabase.
  const cron = cronDatabase
    ? ` -c shared_preload_libraries=pg_cron -c cron.database_name=${cronDatabase}`
    : '';
  run('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    `-k ${dir} -h 127.0.0.1 -p ${port} -F -c max_connections=200 -c shared_buffers=128MB -c timezone=UTC${cron}`,
    '-l',
    join(dir, 'server.log'),
    '-w',
    'start',
  ]);

  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor('postgres'),
    urlFor,
    cronDatabase,
    async stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
