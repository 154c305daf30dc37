// Service-key access to the emulator's REST API for the schedule end-to-end tests: read what the server
// holds (workouts, rest days, the XP ledger, the profile) and seed history, the way an operator would,
// bypassing RLS. Only for tests.
import type { Emulator } from '../../../supabase/emulator/src/start-emulator';

export interface ServiceApi {
  select<T>(table: string, query: string): Promise<T[]>;
  insert(table: string, rows: Record<string, unknown>[]): Promise<void>;
  /** Insert or, on a key conflict, update the given columns. */
  upsert(table: string, rows: Record<string, unknown>[]): Promise<void>;
  rpc<T>(fn: string, args: Record<string, unknown>): Promise<T>;
}

export function serviceApi(emulator: Emulator): ServiceApi {
  const key = emulator.status.SERVICE_ROLE_KEY;
  const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return {
    async select<T>(table: string, query: string): Promise<T[]> {
      const response = await fetch(`${emulator.url}/rest/v1/${table}?${query}`, { headers });
      if (!response.ok) throw new Error(`select ${table}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T[];
    },
    async insert(table: string, rows: Record<string, unknown>[]): Promise<void> {
      const response = await fetch(`${emulator.url}/rest/v1/${table}`, {
        method: 'POST',
        headers: { ...headers, prefer: 'return=minimal' },
        body: JSON.stringify(rows),
      });
      if (!response.ok) throw new Error(`insert ${table}: ${response.status} ${await response.text()}`);
    },
    async upsert(table: string, rows: Record<string, unknown>[]): Promise<void> {
      const response = await fetch(`${emulator.url}/rest/v1/${table}`, {
        method: 'POST',
        headers: { ...headers, prefer: 'return=minimal,resolution=merge-duplicates' },
        body: JSON.stringify(rows),
      });
      if (!response.ok) throw new Error(`upsert ${table}: ${response.status} ${await response.text()}`);
    },
    async rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
      const response = await fetch(`${emulator.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(args),
      });
      if (!response.ok) throw new Error(`rpc ${fn}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/** Polls `probe` until it returns a value other than null/false, or fails with what it last saw. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== null && value !== false) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
