/**
 * send-push, the Supabase Edge Function that sends Web Push for a new notification (issue 16). The
 * AFTER INSERT trigger on public.notifications (migration 20261127030000) POSTs
 * `{ "notification_id": … }` here through pg_net with the Vault secret `send_push_secret` as a bearer
 * token. Hosted, deploy with `supabase functions deploy send-push` and `supabase secrets set` the env
 * below; the emulator runs this same file with Deno (supabase/emulator/src/push/README.md).
 *
 * Env: SEND_PUSH_SECRET; VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT; APP_URL (the app's address,
 * the project's auth site URL: Declarative Web Push opens absolute URLs; unset, the message carries only
 * the service worker's fields); SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (set by Supabase). Emulator only: PORT (listen on 127.0.0.1:PORT, 0 = any
 * free port, printed as `listening <port>`), PUSH_TEST_ENDPOINT_HOSTS (loopback hosts allowed) and
 * PUSH_TEST_RESOLVE (a JSON map host -> addresses standing in for DNS for those names),
 * PUSH_TEST_CA_FILE (the test push service's certificate, trusted in that test mode).
 */
import { Agent } from 'node:https';
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import webpush from 'npm:web-push@3.6.7';
import texts from '../_shared/notification-texts.json' with { type: 'json' };
import { pushMessageFor, type NotificationTexts } from '../_shared/push-message.ts';
import { parseTestHosts, refusal, type Resolve } from './endpoint-guard.ts';
import { publicOnlyLookup } from './public-only-lookup.ts';
import { createHandler, MAX_SUBSCRIPTIONS, type PushJob } from './handler.ts';

const env = (name: string): string | undefined => Deno.env.get(name) || undefined;
const required = (name: string): string => {
  const value = env(name);
  if (!value) throw new Error(`send-push: ${name} is not set`);
  return value;
};

const TTL_SECONDS = 24 * 3600;
const vapidDetails = {
  subject: required('VAPID_SUBJECT'),
  publicKey: required('VAPID_PUBLIC_KEY'),
  privateKey: required('VAPID_PRIVATE_KEY'),
};
const db = createClient(required('SUPABASE_URL'), required('SUPABASE_SERVICE_ROLE_KEY'), {
  auth: { persistSession: false, autoRefreshToken: false },
});
const testHosts = parseTestHosts(env('PUSH_TEST_ENDPOINT_HOSTS'));
const testDns = JSON.parse(env('PUSH_TEST_RESOLVE') ?? '{}') as Record<string, string[]>;
// Test mode: the emulator's test push service has a self-signed certificate (PUSH_TEST_CA_FILE, PEM).
const testCa = testHosts.size > 0 ? env('PUSH_TEST_CA_FILE') : undefined;
// Otherwise every connection checks again the addresses it connects to (DNS rebinding after the check).
const agent = testCa
  ? new Agent({ ca: Deno.readTextFileSync(testCa) })
  : new Agent({ lookup: publicOnlyLookup });

const resolve: Resolve = async (host) => {
  const fixed = testDns[host];
  if (fixed) return fixed;
  const answers = await Promise.all(
    (['A', 'AAAA'] as const).map((type) => Deno.resolveDns(host, type).catch((): string[] => [])),
  );
  return answers.flat();
};

async function load(id: string): Promise<PushJob | null> {
  const found = await db
    .from('notifications')
    .select('id, user_id, type, actor_id, workout_id, is_read, _deleted')
    .eq('id', id)
    .maybeSingle();
  if (found.error) throw new Error(`notification ${id}: ${found.error.message}`);
  const n = found.data as {
    id: string;
    user_id: string;
    type: string;
    actor_id: string | null;
    workout_id: string | null;
    is_read: boolean;
    _deleted: boolean;
  } | null;
  // Deleted or read before the push went out: nothing to say any more.
  if (!n || n._deleted || n.is_read) return null;
  const settings = await db
    .from('user_settings')
    .select('push_enabled, language')
    .eq('user_id', n.user_id)
    .eq('_deleted', false)
    .maybeSingle();
  if (settings.error) throw new Error(`settings of ${n.user_id}: ${settings.error.message}`);
  const { push_enabled, language } = (settings.data ?? {}) as { push_enabled?: boolean; language?: string };
  if (!push_enabled) return null;
  const [profiles, workout, subscriptions, unread] = await Promise.all([
    db
      .from('profiles')
      .select('id, username, timezone')
      .in('id', n.actor_id ? [n.user_id, n.actor_id] : [n.user_id]),
    n.workout_id
      ? db.from('workouts').select('type, date, time').eq('id', n.workout_id).maybeSingle()
      : Promise.resolve({ data: null, error: null }),
    db
      .from('push_subscriptions')
      .select('id, endpoint, p256dh, auth')
      .eq('user_id', n.user_id)
      .eq('_deleted', false)
      .order('created_at', { ascending: false })
      .limit(MAX_SUBSCRIPTIONS),
    // The app icon's badge: what the bell shows once this notification has synced.
    db
      .from('notifications')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', n.user_id)
      .eq('is_read', false)
      .eq('_deleted', false),
  ]);
  const failed = profiles.error ?? workout.error ?? subscriptions.error;
  if (failed) throw new Error(`notification ${id}: ${failed.message}`);
  const people = (profiles.data ?? []) as { id: string; username: string; timezone: string }[];
  const w = workout.data as { type: string; date: string; time: string | null } | null;
  return {
    notification: {
      id: n.id,
      type: n.type,
      actor_username: people.find((p) => p.id === n.actor_id)?.username ?? null,
      workout_type: w?.type ?? null,
      workout_date: w?.date ?? null,
      workout_time: w?.time ?? null,
      language: language ?? null,
      timezone: people.find((p) => p.id === n.user_id)?.timezone ?? null,
      // A failed count leaves the badge as it is rather than failing the push.
      unread_count: unread.error ? null : (unread.count ?? null),
    },
    subscriptions: (subscriptions.data ?? []) as PushJob['subscriptions'],
  };
}

const handler = createHandler({
  secret: env('SEND_PUSH_SECRET'),
  load,
  message: (n) => pushMessageFor(texts as NotificationTexts, n, new Date(), env('APP_URL')),
  refusal: (endpoint) => refusal(endpoint, testHosts, resolve),
  async send(subscription, payload) {
    const result = await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      { vapidDetails, TTL: TTL_SECONDS, timeout: 10_000, agent },
    );
    return result.statusCode;
  },
  async deleteSubscription(id) {
    const { error } = await db.from('push_subscriptions').delete().eq('id', id);
    if (error) throw new Error(`delete subscription ${id}: ${error.message}`);
  },
  log: (line) => console.log(line),
});

async function serve(request: Request): Promise<Response> {
  try {
    return await handler(request);
  } catch (error) {
    console.error(`push: send-push failed: ${String(error)}`);
    return new Response(JSON.stringify({ error: 'send-push failed' }), { status: 500 });
  }
}

const port = env('PORT');
if (port === undefined) {
  Deno.serve(serve);
} else {
  Deno.serve(
    { port: Number(port), hostname: '127.0.0.1', onListen: ({ port }) => console.log(`listening ${port}`) },
    serve,
  );
}
