// Build-time constants (scripts/build-service-worker.ts) and the Background Sync API, which TypeScript's
// WebWorker library does not declare.

/** VITE_SUPABASE_URL of the build, or '' when the app calls its own origin. */
declare const __SPOTTER_SUPABASE_URL__: string;

/** The build's Supabase API key (publishable or legacy anon; the local stack's demo anon key locally). */
declare const __SPOTTER_SUPABASE_KEY__: string;

/** The build's VAPID public key (base64url; the emulator's development key locally). */
declare const __SPOTTER_VAPID_PUBLIC_KEY__: string;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

interface SyncManager {
  register(tag: string): Promise<void>;
  getTags(): Promise<string[]>;
}

interface ServiceWorkerRegistration {
  readonly sync?: SyncManager;
}

interface ServiceWorkerGlobalScopeEventMap {
  sync: SyncEvent;
}
