/**
 * Web Push delivery and workout reminders for the emulator. Owns:
 * - what the send-push trigger (migration 20261127030000) calls: the stand-ins for pg_net's
 *   `net.http_post` and Vault's secrets (net-sql.ts), and the drain that POSTs each recorded request, as
 *   pg_net's worker does on hosted Supabase;
 * - the send-push Edge Function itself (supabase/functions/send-push), run with Deno on first use
 *   (send-push-runner.ts): the one sender, tested here and deployed there. It reads the notification,
 *   the user's push setting and subscriptions through this emulator's REST with the service-role key,
 *   signs with the VAPID key (vapid.ts), deletes subscriptions answered 404/410 and refuses non-public
 *   endpoints (supabase/functions/_shared/endpoint-policy.ts); its answers fill `deliveries`;
 * - the reminder clock: `private.create_due_workout_reminders()` every 30 s, unless pg_cron runs it for
 *   this database (migration 20261126170100, as on hosted Supabase; ../jobs/cron-schedule.ts).
 * The emulator's test push service on 127.0.0.1 is let through only when a test starts the emulator with
 * `testEndpointHosts` (written to private.push_endpoint_test_hosts and handed to the function).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '../db/engine';
import { installNetStandIn, NET_CHANNEL } from './net-sql';
import { databaseSchedulesJob, REMINDER_CRON_JOB } from '../jobs/cron-schedule';
import { startSendPush, type SendPushProcess } from './send-push-runner';
import { resolveVapidKeys, type VapidKeys } from './vapid';

export interface PushOptions {
  /** Replace the development VAPID pair (or set VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT). */
  vapid?: Partial<VapidKeys>;
  /**
   * Tests: an HTTPS agent whose `ca` (their local push service's self-signed certificate) the function
   * trusts too, in test mode (its PUSH_TEST_CA_FILE). Default: the system's CAs only.
   */
  agent?: Agent;
  /** How often to create due workout reminders, ms (default 30000; 0 turns the clock off). */
  reminderIntervalMs?: number;
  /**
   * Test mode only: loopback hosts ('127.0.0.1', 'localhost') whose https endpoints, on any port, the
   * database accepts and the sender posts to: the tests' local push service. Written to
   * private.push_endpoint_test_hosts at every start, so a start without it (`npm start`) clears them.
   */
  testEndpointHosts?: readonly ('127.0.0.1' | 'localhost')[];
  /** Tests: fixed DNS answers for the function (host -> addresses), e.g. a name that rebinds to loopback. */
  resolveHosts?: Readonly<Record<string, readonly string[]>>;
  /** The function's APP_URL (the app's address: Declarative Web Push opens absolute URLs). */
  appUrl?: string;
}

export interface PushDelivery {
  notificationId: string;
  endpoint: string;
  /** The push service's status, or null when the request did not complete. */
  status: number | null;
  /** `refused`: the endpoint is not a public https host (or resolves to a non-public address); not sent. */
  outcome: 'sent' | 'gone' | 'failed' | 'refused';
}

export interface PushService {
  readonly vapidPublicKey: string;
  /** Creates due reminders now; resolves to how many notifications it made. */
  runReminders(): Promise<number>;
  /** Sends the trigger's queued requests now (their NOTIFY also starts this) and waits for the answers. */
  drain(): Promise<void>;
  /** The last deliveries (at most 200), newest last: for tests and the log. */
  readonly deliveries: readonly PushDelivery[];
  stop(): Promise<void>;
}

export interface PushApi {
  /** The emulator's URL (the function's SUPABASE_URL). */
  url: string;
  serviceRoleKey: string;
}

const BATCH = 100;
const DEFAULT_REMINDER_MS = 30_000;
/** Where the trigger's requests for the function go (Vault's send_push_url); the drain routes them. */
const FUNCTION_PATH = '/functions/v1/send-push';

interface NetRequest {
  id: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
  timeout_milliseconds: number;
}

interface FunctionAnswer {
  deliveries?: {
    notification_id: string;
    endpoint: string;
    status: number | null;
    outcome: PushDelivery['outcome'];
  }[];
}

/** The CA certificate(s) a test's agent trusts, as a PEM file for the function, or null. */
function caFile(agent: Agent | undefined): string | null {
  const ca = (agent?.options as { ca?: string | Buffer | (string | Buffer)[] } | undefined)?.ca;
  if (!ca) return null;
  const pem = (Array.isArray(ca) ? ca : [ca]).map((c) => c.toString()).join('\n');
  const file = join(mkdtempSync(join(tmpdir(), 'spotter-push-ca-')), 'ca.pem');
  writeFileSync(file, pem);
  return file;
}

export async function startPushService(
  engine: Engine,
  options: PushOptions,
  api: PushApi,
  log: (line: string) => void,
): Promise<PushService> {
  const vapid = resolveVapidKeys(options.vapid);
  // The in-process sender's outbox of earlier versions: the trigger of migration 20261127030000 replaces it.
  await engine.exec(
    'drop trigger if exists emulator_push_enqueue on public.notifications; drop schema if exists emulator_push cascade;',
  );
  const testHosts = [...new Set(options.testEndpointHosts ?? [])];
  await engine.query('delete from private.push_endpoint_test_hosts');
  for (const host of testHosts) {
    await engine.query('insert into private.push_endpoint_test_hosts (host) values ($1)', [host]);
  }
  const secret = randomBytes(24).toString('base64url');
  const functionUrl = `${api.url}${FUNCTION_PATH}`;
  const standIn = await installNetStandIn(engine, { url: functionUrl, secret });
  const interval = options.reminderIntervalMs ?? DEFAULT_REMINDER_MS;
  const cronRuns = interval > 0 && (await databaseSchedulesJob(engine, REMINDER_CRON_JOB));
  if (cronRuns) log('push: pg_cron runs the workout reminders in this database; the emulator clock is off');

  const ca = caFile(options.agent);
  const functionEnv: Record<string, string> = {
    SUPABASE_URL: api.url,
    SUPABASE_SERVICE_ROLE_KEY: api.serviceRoleKey,
    SEND_PUSH_SECRET: secret,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: vapid.subject,
    ...(options.appUrl ? { APP_URL: options.appUrl } : {}),
    PUSH_TEST_ENDPOINT_HOSTS: testHosts.join(','),
    PUSH_TEST_RESOLVE: JSON.stringify(options.resolveHosts ?? {}),
    ...(ca ? { PUSH_TEST_CA_FILE: ca } : {}),
  };
  // Started on first use: most emulator runs (and test files) never send a push.
  let sendPush: Promise<SendPushProcess> | null = null;
  const functionProcess = () => {
    sendPush ??= startSendPush(functionEnv, log).catch((error: unknown) => {
      sendPush = null;
      throw error;
    });
    return sendPush;
  };

  const deliveries: PushDelivery[] = [];
  const record = (delivery: PushDelivery) => {
    deliveries.push(delivery);
    if (deliveries.length > 200) deliveries.splice(0, deliveries.length - 200);
  };

  /** POSTs one recorded request, as pg_net would; the function's answers are kept as deliveries. */
  async function post(request: NetRequest): Promise<void> {
    const toFunction = request.url === functionUrl;
    const target = toFunction ? (await functionProcess()).url : request.url;
    const response = await fetch(target, {
      method: 'POST',
      headers: request.headers,
      body: JSON.stringify(request.body ?? {}),
      signal: AbortSignal.timeout(Math.max(request.timeout_milliseconds, 30_000)),
    });
    const text = await response.text();
    if (!response.ok) {
      log(`push: POST ${request.url} answered ${response.status} ${text.slice(0, 200)}`);
      return;
    }
    if (!toFunction) return;
    const answer = JSON.parse(text) as FunctionAnswer;
    for (const d of answer.deliveries ?? []) {
      record({
        notificationId: d.notification_id,
        endpoint: d.endpoint,
        status: d.status,
        outcome: d.outcome,
      });
    }
  }

  async function drainOnce(): Promise<number> {
    const taken = await engine.query<NetRequest>(
      `delete from net.emulator_requests r
       where r.id in (select id from net.emulator_requests order by id limit ${BATCH})
       returning r.id::text as id, r.url, r.body, r.headers, r.timeout_milliseconds`,
    );
    await Promise.all(
      taken.rows.map((request) =>
        post(request).catch((error: unknown) => {
          if (!stopped) log(`push: POST ${request.url} failed: ${String(error)}`);
        }),
      ),
    );
    return taken.rows.length;
  }

  // One drain at a time; a request during a drain runs another pass after it.
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  function drain(): Promise<void> {
    if (!standIn) return Promise.resolve();
    if (draining) {
      again = true;
      return draining.then(() => (again ? drain() : undefined));
    }
    draining = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await drainOnce()) === BATCH);
        } while (again && !stopped);
      } catch (error) {
        if (!stopped) log(`push: net request drain failed: ${String(error)}`);
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  async function runReminders(): Promise<number> {
    const result = await engine.query<{ n: number }>('select private.create_due_workout_reminders() as n');
    const made = Number(result.rows[0]?.n ?? 0);
    if (made > 0) log(`push: ${made} workout reminder(s) due`);
    return made;
  }

  const unlisten = standIn ? await engine.listen(NET_CHANNEL, () => void drain()) : null;
  // A safety net for a missed NOTIFY; the queue is normally empty, so this is one cheap query.
  const safety = standIn ? setInterval(() => void drain(), 5_000) : null;
  safety?.unref();
  const reminders =
    interval > 0 && !cronRuns
      ? setInterval(() => {
          runReminders().catch((error: unknown) => {
            if (!stopped) log(`push: reminder run failed: ${String(error)}`);
          });
        }, interval)
      : null;
  reminders?.unref();
  void drain();

  return {
    vapidPublicKey: vapid.publicKey,
    runReminders,
    drain,
    deliveries,
    async stop() {
      stopped = true;
      if (safety) clearInterval(safety);
      if (reminders) clearInterval(reminders);
      await unlisten?.().catch(() => undefined);
      await draining;
      const running = await sendPush?.catch(() => null);
      await running?.stop();
    },
  };
}
