/**
 * Starts the emulator for a test file on a free port, from the integration snapshot (PGlite) or a clone
 * of the migrated template database (PostgreSQL 15), and makes real supabase-js clients for it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import WebSocket from 'ws';
import type { Database, DatabaseClient } from '../../src/db/database';
import type { EmulatorOptions } from '../../supabase/emulator/src/config';
import { openEngine } from '../../supabase/emulator/src/db/engine';
import { startEmulator, type Emulator } from '../../supabase/emulator/src/start-emulator';
import { enginesToRun, type EngineKind } from './engines';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

export type TestEmulatorOptions = Omit<
  EmulatorOptions,
  'port' | 'databaseUrl' | 'loadDataDir' | 'memory' | 'dataDir'
>;

export async function startTestEmulator(
  kind: EngineKind,
  options: TestEmulatorOptions = {},
): Promise<{ emulator: Emulator; dispose(): Promise<void> } | null> {
  if (kind === 'pglite') {
    const tar = readFileSync(inject('pgliteSnapshot'));
    const emulator = await startEmulator({ ...options, port: 0, memory: true, loadDataDir: new Blob([tar]) });
    return { emulator, dispose: () => emulator.stop() };
  }
  const pg15 = inject('pg15');
  if (!pg15) return null;
  const name = `e_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = await openEngine({ databaseUrl: pg15.url });
  await admin.exec(`create database ${name} template ${pg15.template}`);
  const emulator = await startEmulator({
    ...options,
    port: 0,
    memory: true,
    databaseUrl: pg15.urlTemplate.replace('{db}', name),
  });
  return {
    emulator,
    async dispose() {
      await emulator.stop();
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** A real supabase-js client for the emulator. Node 20 has no native WebSocket, so `ws` is passed in. */
export function createTestClient(
  emulator: Emulator,
  options: {
    /** Legacy JWT keys (anon, service_role) or the new ones (publishable acts as anon, secret as service_role). */
    key?: 'anon' | 'service_role' | 'publishable' | 'secret';
    accessToken?: string;
    persistSession?: boolean;
  } = {},
): DatabaseClient {
  const keys = {
    anon: emulator.status.ANON_KEY,
    service_role: emulator.status.SERVICE_ROLE_KEY,
    publishable: emulator.status.PUBLISHABLE_KEY,
    secret: emulator.status.SECRET_KEY,
  };
  const key = keys[options.key ?? 'anon'];
  const clientOptions: SupabaseClientOptions<'public'> = {
    auth: {
      persistSession: options.persistSession ?? false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as unknown as RealtimeTransport },
    global: { headers: { 'X-Client-Info': 'spotter-tests/1.0.0' } },
  };
  if (options.accessToken) {
    const token = options.accessToken;
    return createClient<Database>(emulator.url, key, {
      ...clientOptions,
      accessToken: async () => token,
    });
  }
  return createClient<Database>(emulator.url, key, clientOptions);
}

export interface EmulatorSuiteContext {
  kind: EngineKind;
  emulator(): Emulator;
}

/** Runs a suite against an emulator on PGlite and one on PostgreSQL 15 (skipped locally without it). */
export function describeEachEmulator(
  title: string,
  body: (ctx: EmulatorSuiteContext) => void,
  options: TestEmulatorOptions & { engines?: EngineKind[] } = {},
): void {
  const { engines = ['pglite', 'postgres'], ...emulatorOptions } = options;
  for (const kind of enginesToRun(engines)) {
    const available = kind === 'pglite' || inject('pg15') !== null;
    describe.skipIf(!available)(`${title} [${kind}]`, () => {
      let current: { emulator: Emulator; dispose(): Promise<void> } | null = null;
      beforeAll(async () => {
        current = await startTestEmulator(kind, emulatorOptions);
      });
      afterAll(async () => {
        await current?.dispose();
      });
      body({
        kind,
        emulator: () => {
          if (!current) throw new Error(`${kind} emulator is not running`);
          return current.emulator;
        },
      });
    });
  }
}
