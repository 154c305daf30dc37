/**
 * The request handling of send-push, apart from its I/O (index.ts wires the database, DNS and web-push),
 * so that Deno's unit tests run it as it is. One POST `{ "notification_id": "<id>" }` from the database
 * trigger: the notification's user, if `user_settings.push_enabled`, gets the message (push-message.ts,
 * in their language) on each live subscription. Answers from push services: 2xx sent; 404 or 410 the
 * browser dropped the subscription, so it is deleted; anything else is logged and not retried (push is
 * best effort: the notification row is already there and syncs to the app). The response lists each
 * attempt (`deliveries`), which the emulator keeps for its tests.
 */
import { isAuthorised } from './auth.ts';
import type { NotificationForPush, PushMessage } from '../_shared/push-message.ts';

/** The most subscriptions (devices) of one user a notification is posted to: the table's bound. */
export const MAX_SUBSCRIPTIONS = 10;

export interface Subscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What is needed to push one notification, or null when nothing is to be sent (push off, read, gone). */
export interface PushJob {
  notification: NotificationForPush;
  subscriptions: Subscription[];
}

export interface Delivery {
  notification_id: string;
  subscription_id: string;
  endpoint: string;
  /** The push service's status, or null when the request did not complete or was not made. */
  status: number | null;
  /** `refused`: the endpoint is not a public https host (or resolves to a non-public address); not sent. */
  outcome: 'sent' | 'gone' | 'failed' | 'refused';
}

export interface HandlerDeps {
  /** SEND_PUSH_SECRET. */
  secret: string | undefined;
  load(notificationId: string): Promise<PushJob | null>;
  message(notification: NotificationForPush): PushMessage;
  /** Why the endpoint is refused, or null (endpoint-guard.ts). */
  refusal(endpoint: string): Promise<string | null>;
  /** Sends; resolves to the push service's status, or rejects with `{ statusCode, body }` (web-push). */
  send(subscription: Subscription, payload: string): Promise<number>;
  deleteSubscription(id: string): Promise<void>;
  log(line: string): void;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function statusOf(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : null;
}

export function createHandler(deps: HandlerDeps): (request: Request) => Promise<Response> {
  async function deliver(job: PushJob, subscription: Subscription): Promise<Delivery> {
    const message = deps.message(job.notification);
    const base = {
      notification_id: message.id,
      subscription_id: subscription.id,
      endpoint: subscription.endpoint,
    };
    const refused = await deps.refusal(subscription.endpoint);
    if (refused) {
      deps.log(`push: delivery of ${message.id} refused for subscription ${subscription.id}: ${refused}`);
      return { ...base, status: null, outcome: 'refused' };
    }
    try {
      const status = await deps.send(subscription, JSON.stringify(message));
      return { ...base, status, outcome: 'sent' };
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 410) {
        await deps.deleteSubscription(subscription.id);
        deps.log(`push: subscription ${subscription.id} is gone (${status}); removed`);
        return { ...base, status, outcome: 'gone' };
      }
      const body = (error as { body?: unknown } | null)?.body;
      const detail = status === null ? String(error) : `${status} ${String(body ?? '')}`;
      deps.log(`push: delivery of ${message.id} to ${new URL(subscription.endpoint).host} failed: ${detail}`);
      return { ...base, status, outcome: 'failed' };
    }
  }

  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'POST only' });
    if (!isAuthorised(request.headers.get('authorization'), deps.secret)) {
      return json(401, { error: 'unauthorised' });
    }
    const body = (await request.json().catch(() => null)) as { notification_id?: unknown } | null;
    const id = body?.notification_id;
    if (typeof id !== 'string' || id.length === 0 || id.length > 200) {
      return json(400, { error: 'notification_id (text) is required' });
    }
    const job = await deps.load(id);
    if (!job) return json(200, { notification_id: id, deliveries: [] });
    // At most MAX_SUBSCRIPTIONS posts per notification, whatever the loader returned (the table keeps a
    // user at 10, migration 20261207120000; this holds even for rows written around it).
    const subscriptions = job.subscriptions.slice(0, MAX_SUBSCRIPTIONS);
    const deliveries = await Promise.all(subscriptions.map((s) => deliver(job, s)));
    return json(200, { notification_id: id, deliveries });
  };
}
