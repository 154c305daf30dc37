/**
 * Whether this page saw the device's storage full (any realm's write refused for the quota), for the sync
 * panel to say so while it is open later than the toast. It stays set for the page's life: no write
 * tells when space was freed, and a reload starts clean.
 */
import { useSyncExternalStore } from 'react';

let full = false;
const listeners = new Set<() => void>();

export function markDeviceStorageFull(): void {
  if (full) return;
  full = true;
  for (const listener of listeners) listener();
}

/** Tests only: a clean page. */
export function resetDeviceStorageState(): void {
  full = false;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDeviceStorageFull(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => full,
    () => false,
  );
}
