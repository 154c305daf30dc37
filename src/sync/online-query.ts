/**
 * Online-only queries (search, discovery, public profiles): data that is never replicated, fetched
 * through the sync worker's `rpc` (same token, `X-Client-Info: spotter-web/1.0.0`) and kept in a small
 * in-memory cache with the spec's data-client rules: fresh for 5 minutes, an entry nobody uses is
 * dropped after 10 minutes, no refetch on window focus, retries per retry.ts. Owns its timers only.
 */
import { DATA_CACHE_DISCARD_MS, DATA_STALE_MS } from '../domain/constants';
import type { RpcResult } from '../../sync-worker/api';
import type { FunctionName } from '../db/database';
import { retryDelay, shouldRetry } from './retry';

export type RpcCall = (name: FunctionName, args: Record<string, unknown>) => Promise<RpcResult>;

export interface OnlineQueryOptions {
  call: RpcCall;
  staleMs?: number;
  cacheMs?: number;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

interface Entry {
  result: RpcResult | null;
  fetchedAt: number;
  inFlight: Promise<RpcResult> | null;
  listeners: Set<(r: RpcResult) => void>;
  gcTimer: unknown;
}

export const queryKey = (name: FunctionName, args: Record<string, unknown>) =>
  `${name}:${JSON.stringify(args)}`;

export class OnlineQueryClient {
  private readonly entries = new Map<string, Entry>();
  private readonly staleMs: number;
  private readonly cacheMs: number;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: OnlineQueryOptions) {
    this.staleMs = options.staleMs ?? DATA_STALE_MS;
    this.cacheMs = options.cacheMs ?? DATA_CACHE_DISCARD_MS;
    this.now = options.now ?? (() => Date.now());
    this.setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
    this.clearTimer =
      options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  /** The cached answer if fresh, else one shared request (with retries). */
  query<T = unknown>(name: FunctionName, args: Record<string, unknown> = {}): Promise<RpcResult<T>> {
    const key = queryKey(name, args);
    const entry = this.entry(key);
    if (entry.result?.ok && this.now() - entry.fetchedAt < this.staleMs) {
      return Promise.resolve(entry.result as RpcResult<T>);
    }
    if (!entry.inFlight) {
      entry.inFlight = this.withRetries('query', () => this.options.call(name, args)).then((result) => {
        entry.inFlight = null;
        entry.result = result;
        entry.fetchedAt = this.now();
        for (const l of entry.listeners) l(result);
        this.scheduleGc(key, entry);
        return result;
      });
    }
    return entry.inFlight as Promise<RpcResult<T>>;
  }

  /** The cached answer without fetching (stale or not), or null. */
  peek<T = unknown>(name: FunctionName, args: Record<string, unknown> = {}): RpcResult<T> | null {
    return (this.entries.get(queryKey(name, args))?.result ?? null) as RpcResult<T> | null;
  }

  /** Keeps an entry alive while observed; notified on every new answer. */
  subscribe(name: FunctionName, args: Record<string, unknown>, listener: (r: RpcResult) => void): () => void {
    const key = queryKey(name, args);
    const entry = this.entry(key);
    entry.listeners.add(listener);
    this.cancelGc(entry);
    return () => {
      entry.listeners.delete(listener);
      this.scheduleGc(key, entry);
    };
  }

  /** Marks entries stale (after a mutation that changes them). */
  invalidate(name: FunctionName): void {
    for (const [key, entry] of this.entries) if (key.startsWith(`${name}:`)) entry.fetchedAt = -Infinity;
  }

  /** A write through an RPC: retried once on a transient failure. */
  mutate<T = unknown>(name: FunctionName, args: Record<string, unknown> = {}): Promise<RpcResult<T>> {
    return this.withRetries('mutation', () => this.options.call(name, args)) as Promise<RpcResult<T>>;
  }

  get size(): number {
    return this.entries.size;
  }

  private async withRetries(kind: 'query' | 'mutation', run: () => Promise<RpcResult>): Promise<RpcResult> {
    for (let failures = 1; ; failures++) {
      const result = await run();
      if (result.ok || !shouldRetry(kind, failures, result.error.status)) return result;
      await new Promise<void>((resolve) => this.setTimer(resolve, retryDelay(failures)));
    }
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { result: null, fetchedAt: -Infinity, inFlight: null, listeners: new Set(), gcTimer: null };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private cancelGc(entry: Entry): void {
    if (entry.gcTimer !== null) this.clearTimer(entry.gcTimer);
    entry.gcTimer = null;
  }

  private scheduleGc(key: string, entry: Entry): void {
    this.cancelGc(entry);
    if (entry.listeners.size > 0 || entry.inFlight) return;
    entry.gcTimer = this.setTimer(() => {
      if (entry.listeners.size === 0 && !entry.inFlight && this.entries.get(key) === entry) {
        this.entries.delete(key);
      }
    }, this.cacheMs);
  }
}
