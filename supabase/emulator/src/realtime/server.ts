/**
 * Realtime for the emulator: owns the WebSocket endpoint `ws://host/realtime/v1/websocket` (the
 * Phoenix protocol realtime-js speaks), the change capture installed in the database at attach time
 * (see capture-sql.ts), the change feed, and the topic hub shared with the REST broadcast route.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EmulatorContext } from '../context';
import { JwtError } from '../keys';
import { Authorizer } from './authorization';
import { DDL_CHANNEL, EVENT_TRIGGER_SQL, INSTALL_SQL } from './capture-sql';
import { ChangeFeed } from './changes';
import type { Channel } from './channel';
import { Connection } from './connection';
import { Hub } from './hub';
import { MessageFeed } from './messages';
import type { Vsn } from './protocol';
import { TableCatalog } from './tables';

export interface RealtimeHandle {
  close(): Promise<void>;
  /** Re-scans the publication and (un)installs capture triggers; returns how many changed. */
  refreshCapture(): Promise<number>;
  /** Resolves once every change committed so far has been delivered. */
  flush(): Promise<void>;
}

/** Largest WebSocket frame accepted; bigger frames close the socket with 1009, as a proxy would. */
export const MAX_FRAME_BYTES = 1024 * 1024;
const WEBSOCKET_PATH = '/realtime/v1/websocket';
/** Phoenix's default socket timeout: a client silent this long (no heartbeat) is disconnected. */
const IDLE_TIMEOUT_MS = 60_000;

/** Hosted's janitor runs about hourly; partitions cover 3 days back and ahead, so this is ample. */
const PARTITION_MAINTENANCE_MS = 60 * 60_000;

/** Per emulator context, so the REST broadcast route reaches the same topics. */
const hubs = new WeakMap<EmulatorContext, Hub>();
const authorizers = new WeakMap<EmulatorContext, Authorizer>();

/** The RLS checks of private channels (the REST broadcast route checks sends with it too). */
export function authorizerFor(ctx: EmulatorContext): Authorizer {
  let authorizer = authorizers.get(ctx);
  if (!authorizer) {
    authorizer = new Authorizer(ctx.engine);
    authorizers.set(ctx, authorizer);
  }
  return authorizer;
}
const handles = new WeakMap<EmulatorContext, RealtimeHandle>();

/** The realtime handle of a running emulator (tests and benchmarks refresh capture and flush with it). */
export function realtimeFor(ctx: EmulatorContext): RealtimeHandle {
  const handle = handles.get(ctx);
  if (!handle) throw new Error('realtime is not attached to this emulator');
  return handle;
}

export function hubFor(ctx: EmulatorContext): Hub {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = new Hub();
    hubs.set(ctx, hub);
  }
  return hub;
}

/** Installs capture in the database (idempotent) and syncs triggers with the publication. */
export async function installCapture(ctx: EmulatorContext): Promise<{ eventTrigger: boolean }> {
  await ctx.engine.exec(INSTALL_SQL);
  let eventTrigger = true;
  try {
    await ctx.engine.exec(EVENT_TRIGGER_SQL);
  } catch (error) {
    eventTrigger = false;
    ctx.log(
      `realtime: no event trigger (${(error as Error).message}); re-scanning the publication on a timer`,
    );
  }
  await ctx.engine.query('select realtime.emulator_sync_capture()');
  await ctx.engine.query('select realtime.emulator_maintain_partitions()');
  return { eventTrigger };
}

export async function attachRealtime(ctx: EmulatorContext, server: Server): Promise<RealtimeHandle> {
  const { eventTrigger } = await installCapture(ctx);
  const hub = hubFor(ctx);
  const catalog = new TableCatalog(ctx.engine);
  catalog.ddlNotified = eventTrigger;
  const refreshCapture = async () => {
    const { rows } = await ctx.engine.query<{ n: number }>('select realtime.emulator_sync_capture() as n');
    catalog.invalidate();
    return Number(rows[0]?.n ?? 0);
  };

  const feed = new ChangeFeed(
    ctx.engine,
    catalog,
    () => hub.postgresMembers as Set<Channel>,
    (line) => ctx.log(line),
  );
  const unlistenDdl = await ctx.engine.listen(DDL_CHANNEL, () => catalog.invalidate());
  await feed.start();
  const messages = new MessageFeed(
    ctx.engine,
    (list) => {
      for (const message of list) hub.deliverStored(message);
    },
    (line) => ctx.log(line),
  );
  await messages.start();
  const partitions = setInterval(() => {
    ctx.engine
      .query('select realtime.emulator_maintain_partitions()')
      .catch((error: unknown) => ctx.log(`realtime: partition maintenance failed: ${String(error)}`));
  }, PARTITION_MAINTENANCE_MS);
  partitions.unref();
  const authorizer = authorizerFor(ctx);
  let rescan: NodeJS.Timeout | null = null;
  if (!eventTrigger) {
    rescan = setInterval(() => void refreshCapture().catch(() => undefined), 2_000);
    rescan.unref();
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Map<WebSocket, Connection>();
  const idleSweep = setInterval(() => {
    const now = Date.now();
    for (const connection of sockets.values()) {
      if (now - connection.lastFrameAt > IDLE_TIMEOUT_MS) connection.close(1000, 'idle timeout');
    }
  }, 15_000);
  idleSweep.unref();

  const refuse = (socket: Duplex, status: number, text: string, body: string) => {
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== WEBSOCKET_PATH) {
      refuse(socket, 404, 'Not Found', JSON.stringify({ message: 'no websocket endpoint here' }));
      return;
    }
    const headerKey = req.headers.apikey;
    const apiKey = url.searchParams.get('apikey') ?? (typeof headerKey === 'string' ? headerKey : null);
    if (!apiKey) {
      refuse(socket, 401, 'Unauthorized', JSON.stringify({ message: 'No API key found in request' }));
      return;
    }
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0') {
      refuse(socket, 400, 'Bad Request', JSON.stringify({ message: `unsupported vsn ${vsnParam}` }));
      return;
    }
    const vsn: Vsn = vsnParam;
    ctx.keys.verify(apiKey).then(
      () => {
        wss.handleUpgrade(req, socket, head, (ws) => {
          ws.on('close', () => sockets.delete(ws));
          const connection = new Connection(ws, vsn, apiKey, {
            keys: ctx.keys,
            hub,
            catalog,
            authorizer,
            eventsPerSecond: ctx.config.rateLimits.realtimeEventsPerSecond,
            activateCapture: (tables) => feed.activate(tables),
            log: (line) => ctx.log(line),
          });
          sockets.set(ws, connection);
        });
      },
      (error: unknown) => {
        const message = error instanceof JwtError ? error.message : 'invalid API key';
        refuse(socket, 403, 'Forbidden', JSON.stringify({ message }));
      },
    );
  };
  server.on('upgrade', onUpgrade);

  const handle: RealtimeHandle = {
    refreshCapture,
    flush: async () => {
      await feed.flush();
      await messages.flush();
    },
    async close() {
      server.off('upgrade', onUpgrade);
      if (rescan) clearInterval(rescan);
      clearInterval(idleSweep);
      clearInterval(partitions);
      for (const ws of sockets.keys()) ws.close(1001, 'server shutting down');
      for (const ws of sockets.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.close();
      await messages.close();
      await unlistenDdl().catch(() => undefined);
      handles.delete(ctx);
    },
  };
  handles.set(ctx, handle);
  return handle;
}
