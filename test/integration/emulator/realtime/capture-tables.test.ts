/**
 * Capture follows the bindings: rows of published tables that no postgres_changes binding names are not
 * queued (a write's side effects in other tables cost nothing then), a join naming a new table is
 * answered only once that table is captured, and a binding on a whole schema captures every table.
 */
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { collector, installFixtures, subscribe } from './support';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

describeEachEmulator('realtime capture of subscribed tables', (suite) => {
  const emulator = () => suite.emulator();
  const clients: SupabaseClient[] = [];
  const listen = async (name: string, table: string | undefined) => {
    const client = createTestClient(emulator(), { key: 'service_role' });
    clients.push(client);
    const changes = collector<Change>();
    const channel = client
      .channel(name)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', ...(table ? { table } : {}) },
        (p: Change) => changes.push(p),
      );
    expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
    return changes;
  };
  /** Inserts one row into each table in one transaction; returns the tables it queued, as queued. */
  const insertBoth = (id: number) =>
    emulator().engine.transaction(async (tx) => {
      await tx.query(`insert into public.rt_open (id, kind) values ($1, 'x')`, [id]);
      await tx.query(`insert into public.rt_full (id, secret) values ($1, 'y')`, [id]);
      const { rows } = await tx.query<{ table_name: string }>(
        `select table_name from realtime.emulator_changes
         where table_name in ('rt_open', 'rt_full') and (record ->> 'id')::int = $1 order by id`,
        [id],
      );
      return rows.map((r) => r.table_name);
    });

  beforeAll(async () => {
    await installFixtures(emulator());
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.removeAllChannels();
  });

  it('queues only tables a binding names, and a later join adds its table before it is answered', async () => {
    const open = await listen('ct-open', 'rt_open');
    expect(await insertBoth(101)).toEqual(['rt_open']);
    expect((await open.waitFor(1))[0]?.new).toMatchObject({ id: 101 });

    const full = await listen('ct-full', 'rt_full');
    expect(await insertBoth(102)).toEqual(['rt_open', 'rt_full']);
    expect((await full.waitFor(1))[0]?.new).toMatchObject({ id: 102, secret: 'y' });
  });

  it('captures every table for a binding on the whole schema', async () => {
    const all = await listen('ct-all', undefined);
    expect(await insertBoth(103)).toEqual(['rt_open', 'rt_full']);
    const tables = (await all.waitFor(2)).map((c) => c.table).sort();
    expect(tables).toEqual(['rt_full', 'rt_open']);
  });
});
