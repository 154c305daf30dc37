/**
 * `pushsubscriptionchange`: the browser rotated (or dropped) this device's push subscription. The worker
 * subscribes again for the same server key (the old subscription's `applicationServerKey`, else the
 * build's VAPID key), stores the new endpoint in `push_subscriptions` as the signed-in user (REST, as the
 * page's push switch does, src/features/push/push-subscription.ts) and deletes the old endpoint's row.
 * Without a usable session (signed out, token expired, refused, offline) it leaves a renewal record in
 * IndexedDB instead, and the page re-registers on its next start (src/features/push/renew-subscription.ts).
 * Everything the worker provides comes in as `deps`, so the logic runs in unit tests.
 */
import { decodeTokenClaims, isSignedIn, type SessionRecord } from './queue-entry';

/** What the worker leaves for the page when it could not renew the subscription itself. */
export interface PushRenewal {
  /** The endpoint the browser dropped (its row is deleted by whoever renews), or null when unknown. */
  oldEndpoint: string | null;
  at: number;
}

export interface SubscriptionLike {
  readonly endpoint: string;
  toJSON(): { keys?: Record<string, string> };
}

export interface SubscriptionChangeDeps {
  /** `event.oldSubscription?.endpoint`. */
  oldEndpoint: string | null;
  /** `event.oldSubscription?.options.applicationServerKey`. */
  oldKey: ArrayBuffer | null;
  /** `event.newSubscription` (Firefox fills it in; Chromium leaves it null). */
  newSubscription: SubscriptionLike | null;
  /** The build's VAPID public key (base64url), when the old subscription does not tell. */
  vapidPublicKey: string;
  subscribe(applicationServerKey: Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<SubscriptionLike>;
  session: SessionRecord | null;
  /** The Supabase base URL and its API key (publishable or anon). */
  supabaseUrl: string;
  apiKey: string;
  clientInfo: string;
  userAgent: string;
  fetch(request: Request): Promise<Response>;
  newId(): string;
  now(): number;
  leaveForPage(renewal: PushRenewal): Promise<void>;
}

export type SubscriptionChangeResult = 'renewed' | 'left-for-page';

/** A token that still has a minute to live (the worker never refreshes tokens). */
export const TOKEN_MARGIN_S = 60;

/** base64url text to the bytes pushManager.subscribe wants. */
export function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The signed-in user and a token still valid at `nowMs`, or null. */
export function usableSession(
  session: SessionRecord | null,
  nowMs: number,
): { userId: string; token: string } | null {
  if (!isSignedIn(session)) return null;
  const exp = decodeTokenClaims(session.accessToken).exp ?? session.expiresAt;
  if (exp !== null && exp - TOKEN_MARGIN_S <= nowMs / 1000) return null;
  return { userId: session.userId, token: session.accessToken };
}

/** The REST requests that store `subscription` for `userId` and forget `oldEndpoint`. */
export function renewalRequests(
  deps: Pick<SubscriptionChangeDeps, 'supabaseUrl' | 'apiKey' | 'clientInfo' | 'userAgent' | 'newId'>,
  auth: { userId: string; token: string },
  subscription: SubscriptionLike,
  oldEndpoint: string | null,
): { insert: Request; remove: Request | null } {
  const base = `${deps.supabaseUrl.replace(/\/+$/, '')}/rest/v1/push_subscriptions`;
  const headers = {
    apikey: deps.apiKey,
    authorization: `Bearer ${auth.token}`,
    'x-client-info': deps.clientInfo,
  };
  const keys = subscription.toJSON().keys ?? {};
  const insert = new Request(base, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({
      id: deps.newId(),
      user_id: auth.userId,
      endpoint: subscription.endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      user_agent: deps.userAgent.slice(0, 300),
    }),
    credentials: 'omit',
    cache: 'no-store',
  });
  const remove =
    oldEndpoint === null || oldEndpoint === subscription.endpoint
      ? null
      : new Request(`${base}?endpoint=eq.${encodeURIComponent(oldEndpoint)}`, {
          method: 'DELETE',
          headers: { ...headers, prefer: 'return=minimal' },
          credentials: 'omit',
          cache: 'no-store',
        });
  return { insert, remove };
}

export async function handleSubscriptionChange(
  deps: SubscriptionChangeDeps,
): Promise<SubscriptionChangeResult> {
  const leave = async () => {
    await deps.leaveForPage({ oldEndpoint: deps.oldEndpoint, at: deps.now() });
    return 'left-for-page' as const;
  };
  const auth = usableSession(deps.session, deps.now());
  // Without a session the page subscribes itself on its next start (it can ask for permission, too).
  if (auth === null) return leave();
  let subscription: SubscriptionLike;
  try {
    subscription =
      deps.newSubscription ?? (await deps.subscribe(deps.oldKey ?? keyBytes(deps.vapidPublicKey)));
  } catch {
    return leave();
  }
  const { insert, remove } = renewalRequests(deps, auth, subscription, deps.oldEndpoint);
  try {
    const stored = await deps.fetch(insert);
    // 409: this endpoint is stored already (a second event for the same rotation).
    if (!stored.ok && stored.status !== 409) return await leave();
    // Best effort: a row left behind is removed by the sender when the push service answers 410.
    if (remove !== null) await deps.fetch(remove).catch(() => null);
    return 'renewed';
  } catch {
    return leave();
  }
}
