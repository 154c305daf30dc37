/**
 * postgres_changes filters through the real supabase-js client: each operator, typed comparisons,
 * the filter-builder forms, and invalid filters reported in the system message.
 */
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { collector, installFixtures, settle, subscribe } from './support';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

describeEachEmulator('realtime postgres_changes filters', (suite) => {
  const emulator = () => suite.emulator();
  const clients: SupabaseClient[] = [];
  const track = (client: SupabaseClient) => {
    clients.push(client);
    return client;
  };
  let nextId = 1;
  const id = () => nextId++;

  beforeAll(async () => {
    await installFixtures(emulator());
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.removeAllChannels();
  });

  const operatorCases: [string, number[]][] = [
    ['n=eq.5', [5]],
    ['n=neq.5', [1, 9]],
    ['n=lt.5', [1]],
    ['n=lte.5', [1, 5]],
    ['n=gt.5', [9]],
    ['n=gte.5', [5, 9]],
    ['n=in.(1,9)', [1, 9]],
  ];
  it.each(operatorCases)('filter %s selects the matching rows', async (filter, expected) => {
    const client = track(createTestClient(emulator(), { key: 'service_role' }));
    const changes = collector<Change>();
    const channel = client
      .channel(`pc-filter-${filter}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_open', filter }, (p: Change) =>
        changes.push(p),
      );
    expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
    const base = id() * 1000;
    for (const [offset, n] of [1, 5, 9].entries()) {
      await emulator().engine.query(`insert into public.rt_open (id, kind, n) values ($1, 'f', $2)`, [
        base + offset,
        n,
      ]);
    }
    await changes.waitFor(expected.length);
    await settle(emulator());
    expect(changes.items.map((c) => (c.new as { n: number }).n).sort((a, b) => a - b)).toEqual(expected);
  });

  it('filters text, boolean and timestamp columns with typed comparisons', async () => {
    const client = track(createTestClient(emulator(), { key: 'service_role' }));
    const byKind = collector<Change>();
    const byFlag = collector<Change>();
    const byTime = collector<Change>();
    const channel = client
      .channel('pc-typed')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'kind=in.(x,"y,z")' },
        (p: Change) => byKind.push(p),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'flag=eq.false' },
        (p: Change) => byFlag.push(p),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'at=gt.2025-06-01T00:00:00+02:00' },
        (p: Change) => byTime.push(p),
      );
    expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
    const base = id() * 1000;
    const rows: [string, boolean, string][] = [
      ['x', true, '2025-05-31T21:59:59Z'],
      ['y,z', false, '2025-05-31T22:00:01Z'],
      ['w', false, '2025-01-01T00:00:00Z'],
    ];
    for (const [i, [kind, flag, at]] of rows.entries()) {
      await emulator().engine.query(
        `insert into public.rt_open (id, kind, flag, at) values ($1, $2, $3, $4)`,
        [base + i, kind, flag, at],
      );
    }
    await settle(emulator());
    expect(byKind.items.map((c) => (c.new as { kind: string }).kind)).toEqual(['x', 'y,z']);
    expect(byFlag.items.map((c) => (c.new as { kind: string }).kind)).toEqual(['y,z', 'w']);
    expect(byTime.items.map((c) => (c.new as { kind: string }).kind)).toEqual(['y,z']);
  });

  it('accepts the filter builder forms: several conditions, not., is and quoted values', async () => {
    const client = track(createTestClient(emulator(), { key: 'service_role' }));
    const matched = collector<Change>();
    const channel = client.channel('pc-builder').on(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'rt_open',
        filter: 'kind=eq."a,(b)",n=not.in.(1,2),flag=not.is.null,at=is.null',
      },
      (p: Change) => matched.push(p),
    );
    expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
    const base = id() * 1000;
    const rows: [string, number, boolean | null, string | null][] = [
      ['a,(b)', 3, true, null],
      ['a,(b)', 1, true, null],
      ['a,(b)', 4, null, null],
      ['a,(b)', 5, false, '2025-01-01T00:00:00Z'],
      ['other', 6, true, null],
      ['a,(b)', 7, false, null],
    ];
    for (const [i, [kind, n, flag, at]] of rows.entries()) {
      await emulator().engine.query(
        `insert into public.rt_open (id, kind, n, flag, at) values ($1, $2, $3, $4, $5)`,
        [base + i, kind, n, flag, at],
      );
    }
    await settle(emulator());
    expect(matched.items.map((c) => (c.new as { n: number }).n)).toEqual([3, 7]);
  });

  it('reports an invalid filter in the system message and delivers nothing', async () => {
    const client = track(createTestClient(emulator(), { key: 'service_role' }));
    const channel = client
      .channel('pc-bad-filter')
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'rt_open', filter: 'n=like.5' },
        () => undefined,
      );
    const result = await subscribe(channel, { postgres: true });
    expect(result.status).toBe('SYSTEM_ERROR');
    expect(result.error?.message).toMatch(/filter/);
    const missing = client
      .channel('pc-missing-table')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'no_such_table' }, () => undefined);
    const other = await subscribe(missing, { postgres: true });
    expect(other.status).toBe('SYSTEM_ERROR');
    expect(other.error?.message).toMatch(/Unable to subscribe to changes/);
  });
});
