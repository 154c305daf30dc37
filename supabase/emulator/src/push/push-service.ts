/**
 * Web Push delivery and workout reminders for the emulator. Owns:
 * - the outbox trigger on public.notifications (outbox-sql.ts) and its drain: every new notification of
 *   a user whose user_settings.push_enabled is true goes, as an encrypted Web Push signed with the VAPID
 *   key (vapid.ts), to each of that user's push_subscriptions; a subscription the push service answers
 *   404 or 410 (gone) is deleted, any other failure is logged and the message dropped (push is best
 *   effort: the notification row itself is already there and syncs to the app);
 * - the reminder clock: `private.create_due_workout_reminders()` every 30 s, unless pg_cron runs it for
 *   this database (migration 20261126170100, as on hosted Supabase; reminder-schedule.ts).
 * Endpoints: only https URLs on public DNS names (endpoint-policy.ts, as the table's trigger demands),
 * whose name resolves only to public addresses, checked before the request and again when the socket
 * connects (DNS rebinding). The emulator's test push service on 127.0.0.1 is let through only when a
 * test starts the emulator with `testEndpointHosts`.
 * Hosted Supabase does the same with a database webhook and an edge function (docs/database.md).
 */
import { Agent } from 'node:https';
import webpush from 'web-push';
import type { Engine } from '../db/engine';
import { isPublicAddress, isPublicPushEndpoint } from '../../../functions/_shared/endpoint-policy';
import { pushMessageFor, type NotificationForPush, type PushMessage } from './messages';
import { OUTBOX_SQL, PUSH_CHANNEL } from './outbox-sql';
import { publicOnlyLookup, systemResolve } from './public-only-lookup';
import { databaseSchedulesReminders } from './reminder-schedule';
import { resolveVapidKeys, type VapidKeys } from './vapid';

export interface PushOptions {
  /** Replace the development VAPID pair (or set VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT). */
  vapid?: Partial<VapidKeys>;
  /**
   * The HTTPS agent for requests to push services: tests pass one that trusts their local push
   * endpoint's self-signed certificate. Default: Node's, with the system's CAs.
   */
  agent?: Agent;
  /** How often to create due workout reminders, ms (default 30000; 0 turns the clock off). */
  reminderIntervalMs?: number;
  /** Per-request timeout towards a push service, ms (default 10000). */
  timeoutMs?: number;
  /**
   * Test mode only: loopback hosts ('127.0.0.1', 'localhost') whose https endpoints, on any port, the
   * database accepts and the sender posts to: the tests' local push service. Written to
   * private.push_endpoint_test_hosts at every start, so a start without it (`npm start`) clears them.
   */
  testEndpointHosts?: readonly ('127.0.0.1' | 'localhost')[];
  /** How a push service's host name is resolved before sending (default: the system resolver; tests). */
  resolveHost?: (host: string) => Promise<string[]>;
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
  /** Sends what the outbox holds now (the trigger's NOTIFY also starts this). */
  drain(): Promise<void>;
  /** The last deliveries (at most 200), newest last: for tests and the log. */
  readonly deliveries: readonly PushDelivery[];
  stop(): Promise<void>;
}

const BATCH = 100;
const DEFAULT_REMINDER_MS = 30_000;
const TTL_SECONDS = 24 * 3600;

interface SubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type Row = NotificationForPush & { user_id: string };

export async function startPushService(
  engine: Engine,
  options: PushOptions,
  log: (line: string) => void,
): Promise<PushService> {
  const vapid = resolveVapidKeys(options.vapid);
  await engine.exec(OUTBOX_SQL);
  const testHosts = new Set<string>(options.testEndpointHosts ?? []);
  await engine.query('delete from private.push_endpoint_test_hosts');
  for (const host of testHosts) {
    await engine.query('insert into private.push_endpoint_test_hosts (host) values ($1)', [host]);
  }
  const resolveHost = options.resolveHost ?? systemResolve;
  // Without a test's agent, every connection re-checks the address it connects to (DNS rebinding).
  const agent = options.agent ?? new Agent({ lookup: publicOnlyLookup });
  const interval = options.reminderIntervalMs ?? DEFAULT_REMINDER_MS;
  const cronRuns = interval > 0 && (await databaseSchedulesReminders(engine));
  if (cronRuns) log('push: pg_cron runs the workout reminders in this database; the emulator clock is off');

  const deliveries: PushDelivery[] = [];
  const record = (delivery: PushDelivery) => {
    deliveries.push(delivery);
    if (deliveries.length > 200) deliveries.splice(0, deliveries.length - 200);
  };

  /** Why an endpoint must not be posted to, or null when it may. */
  async function refusal(endpoint: string): Promise<string | null> {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (!url) return 'not a URL';
    if (testHosts.has(url.hostname) && url.protocol === 'https:') return null;
    if (!isPublicPushEndpoint(endpoint)) return 'not an https URL on a public host';
    // A name that does not resolve fails at the request like any unreachable push service (logged as
    // failed); the default agent's lookup checks the addresses it connects to again.
    const addresses = await resolveHost(url.hostname).catch(() => []);
    const blocked = addresses.find((address) => !isPublicAddress(address));
    return blocked ? `host resolves to non-public ${blocked}` : null;
  }

  async function send(subscription: SubscriptionRow, message: PushMessage): Promise<void> {
    const refused = await refusal(subscription.endpoint);
    if (refused) {
      log(`push: delivery of ${message.id} refused for subscription ${subscription.id}: ${refused}`);
      record({
        notificationId: message.id,
        endpoint: subscription.endpoint,
        status: null,
        outcome: 'refused',
      });
      return;
    }
    try {
      const result = await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          timeout: options.timeoutMs ?? 10_000,
          agent,
        },
      );
      record({
        notificationId: message.id,
        endpoint: subscription.endpoint,
        status: result.statusCode,
        outcome: 'sent',
      });
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        // The browser unsubscribed (or the subscription expired): forget it, as hosted push senders do.
        await engine.query('delete from public.push_subscriptions where id = $1', [subscription.id]);
        log(`push: subscription ${subscription.id} is gone (${status}); removed`);
        record({ notificationId: message.id, endpoint: subscription.endpoint, status, outcome: 'gone' });
        return;
      }
      const detail =
        error instanceof webpush.WebPushError ? `${error.statusCode} ${error.body}` : String(error);
      log(`push: delivery of ${message.id} to ${new URL(subscription.endpoint).host} failed: ${detail}`);
      record({ notificationId: message.id, endpoint: subscription.endpoint, status, outcome: 'failed' });
    }
  }

  async function drainOnce(): Promise<number> {
    const taken = await engine.query<{ notification_id: string }>(
      `delete from emulator_push.outbox o
       where o.id in (select id from emulator_push.outbox order by id limit ${BATCH})
       returning o.notification_id`,
    );
    const ids = taken.rows.map((r) => r.notification_id);
    if (ids.length === 0) return 0;
    const rows = await engine.query<Row>(
      `select n.id, n.user_id, n.type, a.username as actor_username, w.type as workout_type,
              to_char(w.date, 'YYYY-MM-DD') as workout_date, to_char(w.time, 'HH24:MI') as workout_time,
              s.language, p.timezone
       from public.notifications n
       join public.user_settings s on s.user_id = n.user_id and s.push_enabled and not s._deleted
       join public.profiles p on p.id = n.user_id
       left join public.profiles a on a.id = n.actor_id
       left join public.workouts w on w.id = n.workout_id
       where n.id = any($1::text[]) and not n._deleted and not n.is_read`,
      [ids],
    );
    if (rows.rows.length > 0) {
      const subscriptions = await engine.query<SubscriptionRow>(
        `select id, user_id, endpoint, p256dh, auth from public.push_subscriptions
         where user_id = any($1::uuid[]) and not _deleted`,
        [[...new Set(rows.rows.map((r) => r.user_id))]],
      );
      const sends: Promise<void>[] = [];
      for (const row of rows.rows) {
        const message = pushMessageFor(row);
        for (const subscription of subscriptions.rows) {
          if (subscription.user_id === row.user_id) sends.push(send(subscription, message));
        }
      }
      await Promise.all(sends);
    }
    return ids.length;
  }

  // One drain at a time; a request during a drain runs another pass after it.
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await drainOnce()) === BATCH);
        } while (again && !stopped);
      } catch (error) {
        if (!stopped) log(`push: outbox drain failed: ${String(error)}`);
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

  const unlisten = await engine.listen(PUSH_CHANNEL, () => void drain());
  // A safety net for a missed NOTIFY; the outbox is normally empty, so this is one cheap query.
  const safety = setInterval(() => void drain(), 5_000);
  safety.unref();
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
      clearInterval(safety);
      if (reminders) clearInterval(reminders);
      await unlisten().catch(() => undefined);
      await draining;
    },
  };
}
