/**
 * Captures Chromium's `beforeinstallprompt` from the first moment the entry module runs. The event fires
 * once, early, often before the landing page's lazy chunk (with the install button) has loaded; a listener
 * added by the button alone would miss it and the button would never appear. This module owns that one
 * window listener (plus `appinstalled`) and keeps the deferred event for whoever asks later.
 */

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallPromptState {
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallPromptState = { prompt: null, installed: false };
const listeners = new Set<() => void>();
let started = false;

function set(next: InstallPromptState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Adds the window listeners; idempotent. Called by main.tsx before anything is awaited. */
export function captureInstallPrompt(target: Window = globalThis.window): void {
  if (started || target === undefined) return;
  started = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep the mini-infobar away; the button asks instead
    set({ ...state, prompt: event as BeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => set({ prompt: null, installed: true }));
}

export const installPromptState = (): InstallPromptState => state;

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the deferred prompt (usable once); true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = state.prompt;
  if (event === null) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  set({ prompt: null, installed: state.installed || outcome === 'accepted' });
  return outcome === 'accepted';
}
