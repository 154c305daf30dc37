/**
 * A write the quota refused also fails whoever awaited it: a command behind a click, RxDB's replication
 * and local-document writes in the sync worker. Once the user is told (storage-watch.ts), such a
 * rejection left unhandled is not a crash: it is marked handled here, and `onQuota` may report it (the
 * worker's catch-all for paths that bypass the storage wrapper). Returns the removal.
 */
import { isQuotaExceeded } from './quota-error';

interface RejectionTarget {
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
  removeEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
}

export function quietQuotaRejections(target: RejectionTarget, onQuota?: () => void): () => void {
  const listener = (event: PromiseRejectionEvent) => {
    if (!isQuotaExceeded(event.reason)) return;
    event.preventDefault();
    onQuota?.();
  };
  target.addEventListener('unhandledrejection', listener);
  return () => target.removeEventListener('unhandledrejection', listener);
}
