/**
 * The page's handle on the sync worker. Owns the Worker (started after sign-in, once `startAfter`
 * resolves: the app lets the first signed-in screen render before the worker's bundle downloads), its
 * comlink proxy and the status it reports. The page owns auth: it calls `onAuthChange` on every auth event with the
 * session's access token (token refreshes included); the worker never refreshes. Signing out stops the
 * worker's session; signing in as another user switches it (the worker closes the old user's database).
 */
import { proxy, releaseProxy, wrap, type Endpoint, type Remote } from 'comlink';
import type {
  LoadMoreResult,
  RpcResult,
  StorageResult,
  SyncWorkerApi,
  WorkerStatus,
} from '../../sync-worker/api';
import { backendConfig, type BackendConfig } from '../lib/backend-config';
import type { FunctionName } from '../db/database';
import { takeSyncWorker } from './worker-prewarm';

export type WorkerLike = Endpoint & { terminate(): void };

export interface AuthSessionLike {
  userId: string;
  accessToken: string;
}

/** The worker the sign-in page started ahead, or a new one (worker-prewarm.ts). */
const createModuleWorker = (): WorkerLike => takeSyncWorker();

export interface SyncWorkerClientOptions {
  /**
   * The worker is created only after this resolves (sessions given before then wait in order; calls
   * such as `rpc` wait for the start too). Default: at once.
   */
  startAfter?: Promise<void>;
}

export class SyncWorkerClient {
  private worker: WorkerLike | null = null;
  private api: Remote<SyncWorkerApi> | null = null;
  private current: WorkerStatus = { state: 'idle' };
  private readonly listeners = new Set<() => void>();
  private unsubscribeWorker: (() => Promise<void>) | null = null;
  private userId: string | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly startAfter: Promise<void>;
  /** Resolves once the first session has started in the worker (or failed to); null before a session. */
  private firstStart: Promise<void> | null = null;

  constructor(
    private readonly createWorker: () => WorkerLike = createModuleWorker,
    private readonly config: BackendConfig = backendConfig(),
    options: SyncWorkerClientOptions = {},
  ) {
    // A failed gate never keeps the worker from starting.
    this.startAfter = (options.startAfter ?? Promise.resolve()).catch(() => undefined);
  }

  /** Every auth change: a session starts or updates the worker, null stops its session. */
  onAuthChange(session: AuthSessionLike | null): Promise<void> {
    let started = () => undefined as void;
    if (session !== null && this.firstStart === null) {
      this.firstStart = new Promise<void>((resolve) => {
        started = resolve;
      });
    }
    return this.serially(async () => {
      try {
        if (session === null) {
          this.userId = null;
          await this.api?.stop();
          return;
        }
        const api = await this.ensureWorker();
        if (session.userId === this.userId) {
          await api.setAccessToken(session.accessToken);
          return;
        }
        this.userId = session.userId;
        await api.start({
          userId: session.userId,
          accessToken: session.accessToken,
          supabaseUrl: this.config.url,
          anonKey: this.config.anonKey,
        });
      } finally {
        // The first session has started in the worker (or failed to): calls may go there now.
        started();
      }
    });
  }

  async syncNow(): Promise<void> {
    const api = await this.startedApi();
    await api?.syncNow();
  }

  /** Tells the worker what the page sees of the network (its own view can lag or never change). */
  async setOnline(online: boolean): Promise<void> {
    const api = await this.startedApi();
    await api?.setOnline(online);
  }

  async rpc(name: FunctionName, args: Record<string, unknown> = {}): Promise<RpcResult> {
    const api = await this.startedApi();
    if (!api)
      return { ok: false, error: { code: 'not_started', message: 'sync worker not started', status: 0 } };
    return api.rpc(name, args);
  }

  /** The home feed's "load more": the worker appends the next older page to the local feed_window. */
  async loadMoreFeed(limit?: number): Promise<LoadMoreResult> {
    const api = await this.startedApi();
    if (!api) return { ok: false, error: { code: 'not_started', message: 'sync worker not started' } };
    return api.loadMoreFeed(limit);
  }

  /** Uploads a profile picture through the worker's supabase-js client (online only). */
  async uploadAvatar(blob: Blob): Promise<StorageResult<{ path: string; publicUrl: string }>> {
    const api = await this.startedApi();
    if (!api)
      return { ok: false, error: { code: 'not_started', message: 'sync worker not started', status: 0 } };
    return api.uploadAvatar(blob);
  }

  /** Deletes one of the user's own profile pictures by storage path (online only). */
  async removeAvatar(path: string): Promise<StorageResult<{ removed: boolean }>> {
    const api = await this.startedApi();
    if (!api)
      return { ok: false, error: { code: 'not_started', message: 'sync worker not started', status: 0 } };
    return api.removeAvatar(path);
  }

  getStatus = (): WorkerStatus => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Ends the worker (page unload in tests; the app keeps it for the page's life). */
  async dispose(): Promise<void> {
    await this.chain.catch(() => undefined);
    await this.unsubscribeWorker?.().catch(() => undefined);
    await this.api?.dispose().catch(() => undefined);
    this.api?.[releaseProxy]();
    this.worker?.terminate();
    this.api = null;
    this.worker = null;
    this.setStatus({ state: 'idle' });
  }

  /**
   * The worker's API once the first session has started there (after `startAfter`, then the worker's
   * `start`: opening the database; the worker answers `not_started` before that), or null without a
   * session. Later token hand-overs and user switches are not waited for.
   */
  private async startedApi(): Promise<Remote<SyncWorkerApi> | null> {
    if (this.firstStart !== null) await this.firstStart;
    return this.api;
  }

  private async ensureWorker(): Promise<Remote<SyncWorkerApi>> {
    if (this.api) return this.api;
    await this.startAfter;
    if (this.api) return this.api;
    this.worker = this.createWorker();
    const api = wrap<SyncWorkerApi>(this.worker);
    this.api = api;
    void api.subscribe(proxy((status: WorkerStatus) => this.setStatus(status))).then((off) => {
      this.unsubscribeWorker = async () => {
        await off();
      };
    });
    return api;
  }

  private setStatus(status: WorkerStatus): void {
    this.current = status;
    for (const l of this.listeners) l();
  }

  private serially(fn: () => Promise<void>): Promise<void> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
