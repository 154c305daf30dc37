// Page-side probes for the service-worker tests: RPC calls made from the page (so they pass through the
// service worker), the worker's IndexedDB (`spotter-sw`, see service-worker/queue-db.ts) and its messages.
// Each function body runs in the browser, so it is self-contained.
import type { Page } from 'playwright-core';
import { QUEUE_DB_NAME, QUEUE_STORES, SESSION_KEY } from '../../../service-worker/queue-db';

const names = { db: QUEUE_DB_NAME, session: QUEUE_STORES.session, sessionKey: SESSION_KEY };

export interface RpcAnswer {
  status: number;
  queuedHeader: string | null;
  body: unknown;
}

export function postRpc(
  page: Page,
  name: string,
  args: Record<string, unknown>,
  auth: { anonKey: string; accessToken: string },
): Promise<RpcAnswer> {
  return page.evaluate(
    async ({ name, args, auth }) => {
      const response = await fetch(`/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          apikey: auth.anonKey,
          authorization: `Bearer ${auth.accessToken}`,
          'x-client-info': 'spotter-web/1.0.0',
        },
        body: JSON.stringify(args),
      });
      const text = await response.text();
      return {
        status: response.status,
        queuedHeader: response.headers.get('x-spotter-queued'),
        body: text === '' ? null : (JSON.parse(text) as unknown),
      };
    },
    { name, args, auth },
  );
}

/** What the page would store on a session change (src/lib/service-worker/token-store.ts). */
export function storeSessionInPage(
  page: Page,
  session: { userId: string; accessToken: string; expiresAt: number },
): Promise<void> {
  return page.evaluate(
    async ({ session, names }) => {
      const open = indexedDB.open(names.db);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      const tx = db.transaction(names.session, 'readwrite');
      tx.objectStore(names.session).put({ key: names.sessionKey, ...session, updatedAt: Date.now() });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      });
      db.close();
    },
    { session, names },
  );
}

/** The rows of one store of the worker's database. */
export function readWorkerStore<T>(page: Page, store: 'queue' | 'outcomes'): Promise<T[]> {
  return page.evaluate(
    async ({ store, db: dbName }) => {
      const open = indexedDB.open(dbName);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      const request = db.transaction(store, 'readonly').objectStore(store).getAll();
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
      db.close();
      return rows;
    },
    { store: QUEUE_STORES[store], db: QUEUE_DB_NAME },
  ) as Promise<T[]>;
}

/** Starts collecting the service worker's messages in the page (again after every navigation). */
export function collectWorkerMessages(page: Page): Promise<void> {
  return page.evaluate(() => {
    const target = window as unknown as { swMessages?: unknown[] };
    target.swMessages = [];
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
      target.swMessages?.push(event.data);
    });
  });
}

export function workerMessages(page: Page): Promise<{ type: string; [key: string]: unknown }[]> {
  return page.evaluate(
    () => ((window as unknown as { swMessages?: unknown[] }).swMessages ?? []) as { type: string }[],
  );
}

/** Posts REPLAY to the controlling worker and waits for its REPLAY_DONE summary. */
export function replayNow(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (controller === null) {
          reject(new Error('the page has no controlling service worker'));
          return;
        }
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ summary: Record<string, unknown> }>) =>
          resolve(event.data.summary);
        controller.postMessage({ type: 'REPLAY' }, [channel.port2]);
      }),
  );
}

/**
 * Waits until the service worker controls `page`: offline works from then on (its precache holds the
 * lazy chunks a first command loads). On a loaded machine that can come after the first screen.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}
