/**
 * Storage-health events of this origin, across realms: the page, the sync worker and other tabs each open
 * the user's database, and each may hit a full quota. A realm reports here; its own listeners hear it at
 * once, and the other realms through one BroadcastChannel (a worker has no screen to say it on).
 */
export interface QuotaWrite {
  /** The RxDB collection whose write failed (a local-documents store has its own name). */
  collection: string;
  /** The documents it tried to write, and what they replaced (null for an insert). */
  writes: { document: Record<string, unknown>; previous: Record<string, unknown> | null }[];
}

export type StorageEvent =
  /** `write` is set in the realm that made the write only (it is not sent to other realms). */
  { kind: 'quota-exceeded'; write?: QuotaWrite };

type Listener = (event: StorageEvent) => void;

const CHANNEL_NAME = 'spotter-storage-health';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function sharedChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  channel?.addEventListener('message', (message: MessageEvent<StorageEvent>) => {
    if (message.data?.kind === 'quota-exceeded') notify({ kind: 'quota-exceeded' });
  });
  // The channel must not keep a Node test process (or a worker being closed) alive.
  (channel as unknown as { unref?: () => void } | null)?.unref?.();
  return channel;
}

function notify(event: StorageEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.warn('storage-health: a listener failed', error);
    }
  }
}

export function reportStorageEvent(event: StorageEvent): void {
  notify(event);
  try {
    sharedChannel()?.postMessage({ kind: event.kind });
  } catch {
    // A closed channel (realm shutting down): this realm's listeners heard it already.
  }
}

export function onStorageEvent(listener: Listener): () => void {
  sharedChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
