/**
 * Starts the emulator: opens the database (PGlite or PostgreSQL), applies bootstrap, migrations and seed,
 * then serves auth, REST, realtime, storage and the inbox on one port. Used by the CLI (`npm run
 * emulator`), by `npm start`, and by tests (port 0, memory or a snapshot).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { resolveConfig, type EmulatorOptions } from './config';
import type { EmulatorContext } from './context';
import { openEngine, type Engine } from './db/engine';
import { applySchema } from './db/migrate';
import { copyCachedCluster, readCachedCluster, writeCachedCluster } from './db/snapshot-cache';
import { createApp } from './http/app';
import { warmRestCache } from './rest/routes';
import { createMailbox } from './inbox/mailbox';
import { startPushService, type PushService } from './push/push-service';
import { startNotificationRetention, type NotificationRetention } from './jobs/notification-retention';
import { createKeys } from './keys';
import { attachRealtime } from './realtime/server';

export interface EmulatorStatus {
  API_URL: string;
  REST_URL: string;
  AUTH_URL: string;
  REALTIME_URL: string;
  STORAGE_URL: string;
  INBOX_URL: string;
  /** The new-style keys (`sb_publishable_…` acts as anon, `sb_secret_…` as service_role). */
  PUBLISHABLE_KEY: string;
  SECRET_KEY: string;
  /** The legacy JWT keys; both forms work everywhere. */
  ANON_KEY: string;
  SERVICE_ROLE_KEY: string;
  JWT_SECRET: string;
  DB_URL?: string;
}

export interface Emulator {
  url: string;
  status: EmulatorStatus;
  engine: Engine;
  context: EmulatorContext;
  /** Web Push sender and reminder clock. */
  push: PushService;
  /** The notification retention timer (src/jobs/notification-retention.ts). */
  retention: NotificationRetention;
  /**
   * Kills the HTTP and realtime server and serves again on the same port with the same database, as a
   * restarted server process would: every open connection is cut (an answer under way is lost, its
   * transaction still ends in the database), every websocket is closed, and clients must connect again.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const config = resolveConfig(options);
  const log = options.log ?? (() => undefined);
  if (config.configPath) log(`following ${config.configPath}`);
  const dataDir = config.dataDir ? resolve(config.dataDir) : undefined;
  if (dataDir && options.reset) rmSync(dataDir, { recursive: true, force: true });
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  const pgliteDir = options.databaseUrl || !dataDir ? undefined : join(dataDir, 'pglite');
  // A new PGlite cluster starts from the cached migrated one when there is one (see snapshot-cache.ts).
  const newCluster = !options.databaseUrl && !options.loadDataDir && !(pgliteDir && existsSync(pgliteDir));
  // On disk it is copied as a directory; in memory PGlite loads the tarball.
  const copied = newCluster && pgliteDir ? await copyCachedCluster(pgliteDir) : false;
  const cached = newCluster && !copied ? await readCachedCluster() : null;
  const engine = await openEngine({
    databaseUrl: options.databaseUrl,
    dataDir: pgliteDir,
    loadDataDir: options.loadDataDir ?? cached ?? undefined,
  });
  try {
    const { applied } = await applySchema(engine, { seed: true });
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    if (newCluster && !copied && !cached && engine.snapshot) {
      await writeCachedCluster(await engine.snapshot()).catch((error: unknown) => {
        log(`could not cache the migrated cluster: ${String(error)}`);
      });
    }
  } catch (error) {
    await engine.close();
    throw error;
  }

  const keys = await createKeys({ jwtSecret: options.jwtSecret, dataDir });
  let apiUrl = '';
  const context: EmulatorContext = {
    engine,
    keys,
    config,
    mailbox: await createMailbox(engine, log),
    apiUrl: () => apiUrl,
    log,
  };

  const app = createApp(context);
  const serve = async (port: number) => {
    const server = createAdaptorServer({ fetch: app.fetch, hostname: config.host }) as Server;
    const realtime = await attachRealtime(context, server);
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, config.host, () => resolveListen());
    });
    return { server, realtime };
  };
  const close = async ({ server, realtime }: Awaited<ReturnType<typeof serve>>) => {
    await realtime.close();
    server.closeAllConnections();
    await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  };
  let serving = await serve(config.port);
  const { port } = serving.server.address() as AddressInfo;
  apiUrl = `http://${config.host}:${port}`;
  const push = await startPushService(
    engine,
    // The app's address for Declarative Web Push is the auth site URL, as on hosted (APP_URL secret).
    { appUrl: config.siteUrl, ...options.push },
    { url: apiUrl, serviceRoleKey: keys.serviceRoleKey },
    log,
  );
  const retention = await startNotificationRetention(engine, options.notificationRetentionMs, log);
  warmRestCache(context);

  const status: EmulatorStatus = {
    API_URL: apiUrl,
    REST_URL: `${apiUrl}/rest/v1`,
    AUTH_URL: `${apiUrl}/auth/v1`,
    REALTIME_URL: `${apiUrl.replace(/^http/, 'ws')}/realtime/v1`,
    STORAGE_URL: `${apiUrl}/storage/v1`,
    INBOX_URL: `${apiUrl}/inbox`,
    PUBLISHABLE_KEY: keys.publishableKey,
    SECRET_KEY: keys.secretKey,
    ANON_KEY: keys.anonKey,
    SERVICE_ROLE_KEY: keys.serviceRoleKey,
    JWT_SECRET: keys.jwtSecret,
    ...(options.databaseUrl ? { DB_URL: options.databaseUrl } : {}),
  };
  if (dataDir) writeFileSync(join(dataDir, 'status.json'), `${JSON.stringify(status, null, 2)}\n`);

  return {
    url: apiUrl,
    status,
    engine,
    context,
    push,
    retention,
    async restart() {
      await close(serving);
      serving = await serve(port);
    },
    async stop() {
      await retention.stop();
      await push.stop();
      await close(serving);
      await engine.close();
    },
  };
}

/** The lines `supabase status -o env` prints. */
export function statusLines(status: EmulatorStatus): string[] {
  return Object.entries(status).map(([key, value]) => `${key}="${value}"`);
}
