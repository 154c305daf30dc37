/**
 * The request forms RxDB 17.6's `replication-supabase` sends (rxdb: dist/esm/plugins/replication-supabase),
 * issued through supabase-js the way the plugin builds them: checkpoint pulls with quoted identifiers in an
 * `or=(... and(...))` tree, minimal inserts with `columns=` and 23505 conflicts, fetch by id, and
 * the conditional PATCH whose empty result signals a conflict.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { rest, setUpFixture, type Fixture } from './fixtures';

interface NoteRow {
  id: string;
  owner: string;
  body: string | null;
  _deleted: boolean;
  _modified: string;
}

function pull(client: SupabaseClient, checkpoint: { id: string; modified: string } | null, limit: number) {
  let query = client.from('rt_notes').select('*');
  if (checkpoint) {
    query = query.or(
      `"_modified".gt.${checkpoint.modified},and("_modified".eq.${checkpoint.modified},"id".gt.${checkpoint.id})`,
    );
  }
  return query.order('_modified', { ascending: true }).order('id', { ascending: true }).limit(limit);
}

describeEachEmulator('REST request forms of RxDB replication', (suite) => {
  const emulator = () => suite.emulator();
  let f: Fixture;
  beforeAll(async () => {
    f = await setUpFixture(emulator());
  });

  it('inserts minimal with columns=, detects 23505 conflicts, and fetches by id', async () => {
    const docs = ['n1', 'n2', 'n3', 'n4', 'n5'].map((id) => ({ id, body: `body ${id}`, _deleted: false }));
    for (const doc of docs) {
      const res = await f.alice.client.from('rt_notes').insert(doc);
      expect(res.error).toBeNull();
      expect(res.status).toBe(201);
    }
    const again = await f.alice.client.from('rt_notes').insert(docs[0]!);
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    const byId = await f.alice.client.from('rt_notes').select('*').eq('id', 'n1').limit(1);
    expect((byId.data as NoteRow[])[0]).toMatchObject({
      id: 'n1',
      body: 'body n1',
      _deleted: false,
      owner: f.alice.id,
    });
    const bobSees = await f.bob.client.from('rt_notes').select('*').eq('id', 'n1').limit(1);
    expect(bobSees.data).toEqual([]);
  });

  it('pulls in checkpoint order with the or/and checkpoint filter and quoted identifiers', async () => {
    // Give two documents the same _modified so the tie-break on the primary key is exercised.
    // (The BEFORE UPDATE trigger would stamp clock_timestamp() over the values set here.)
    await emulator().engine.exec(`
      alter table public.rt_notes disable trigger rt_notes_modified;
      update public.rt_notes set "_modified" = '2025-01-01T10:00:00.123456+00:00' where id in ('n2', 'n3');
      update public.rt_notes set "_modified" = '2025-01-01T09:00:00+00:00' where id = 'n1';
      alter table public.rt_notes enable trigger rt_notes_modified;`);
    const seen: string[] = [];
    let checkpoint: { id: string; modified: string } | null = null;
    for (let i = 0; i < 10; i++) {
      const { data, error } = await pull(f.alice.client, checkpoint, 2);
      expect(error).toBeNull();
      const rows = data as NoteRow[];
      if (rows.length === 0) break;
      seen.push(...rows.map((r) => r.id));
      const last = rows[rows.length - 1]!;
      checkpoint = { id: last.id, modified: last._modified };
    }
    expect(seen).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    const tie = await pull(f.alice.client, { id: 'n2', modified: '2025-01-01T10:00:00.123456+00:00' }, 1);
    expect((tie.data as NoteRow[]).map((r) => r.id)).toEqual(['n3']);
    expect((tie.data as NoteRow[])[0]!._modified).toBe('2025-01-01T10:00:00.123456+00:00');
  });

  it('sends the same pull as raw HTTP, with %2B in the timestamp', async () => {
    const m = encodeURIComponent('2025-01-01T10:00:00.123456+00:00');
    const res = await rest(
      emulator(),
      `/rt_notes?select=*&or=(%22_modified%22.gt.${m},and(%22_modified%22.eq.${m},%22id%22.gt.n2))&order=_modified.asc,id.asc&limit=10`,
      { token: f.alice.token },
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as NoteRow[];
    expect(rows[0]?.id).toBe('n3');
  });

  it('updates conditionally on the assumed master state; an empty result is a conflict', async () => {
    const { data }: { data: unknown } = await f.alice.client
      .from('rt_notes')
      .select('*')
      .eq('id', 'n4')
      .single();
    const assumed = data as NoteRow;
    const update = () =>
      f.alice.client
        .from('rt_notes')
        .update({ id: 'n4', owner: f.alice.id, body: 'edited', _deleted: false })
        .eq('id', assumed.id)
        .eq('owner', assumed.owner)
        .eq('body', assumed.body!)
        .is('_deleted', false)
        .eq('_modified', assumed._modified)
        .select();
    const first = await update();
    expect(first.error).toBeNull();
    expect(first.status).toBe(200);
    const updated = (first.data as NoteRow[])[0]!;
    expect(updated.body).toBe('edited');
    expect(updated._modified).not.toBe(assumed._modified);
    const second = await update();
    expect(second.error).toBeNull();
    expect(second.data).toEqual([]);
  });

  it('soft-deletes with _deleted and pulls the tombstone', async () => {
    const res = await f.alice.client
      .from('rt_notes')
      .update({ _deleted: true })
      .eq('id', 'n5')
      .is('_deleted', false)
      .select('id,_deleted');
    expect(res.data).toEqual([{ id: 'n5', _deleted: true }]);
    const { data } = await pull(f.alice.client, null, 100);
    expect((data as NoteRow[]).find((r) => r.id === 'n5')?._deleted).toBe(true);
  });
});
