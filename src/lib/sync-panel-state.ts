// Whether the sync panel is open: shared by everything that opens it (the shell's sync button in either
// header, the home page's sync badge) and the one panel the shell renders (features/sync-panel's
// SyncPanelHost, which loads the panel's code on the first open). Here, not in the feature, because
// features never import each other and the home page opens it too.
import { useSyncExternalStore } from 'react';

let opened = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => opened;

function set(next: boolean): void {
  if (opened === next) return;
  opened = next;
  for (const listener of listeners) listener();
}

export function openSyncPanel(): void {
  set(true);
}

export function closeSyncPanel(): void {
  set(false);
}

export function useSyncPanelOpened(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
