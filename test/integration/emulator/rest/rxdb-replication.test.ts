// @clock-sensitive: wall-clock checkpoints
/**
 * The real RxDB 17 `replication-supabase` plugin (memory storage, live off so realtime is not
 * involved) replicating against the emulator's REST service: pull with checkpoints, push inserts,
 * conditional updates, and a conflict resolved by the master state.
 */
import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { replicateSupabase } from 'rxdb/plugins/replication-supabase';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withDevMode } from '../../../../src/db/open-database';
import { describeEachEmulator } from '../../../support/emulator';
import { setUpFixture, type Fixture } from './fixtures';

interface NoteDoc {
  id: string;
  body?: string;
  owner?: string;
}

const schema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    body: { type: 'string' },
    owner: { type: 'string' },
  },
  required: ['id'],
} as const;

describeEachEmulator('REST with the real RxDB replication-supabase plugin', (suite) => {
  const emulator = () => suite.emulator();
  let f: Fixture;
  let db: RxDatabase;
  let notes: RxCollection<NoteDoc>;

  beforeAll(async () => {
    f = await setUpFixture(emulator());
    db = await createRxDatabase({
      name: `rest-${suite.kind}-${Date.now()}`,
      // Validated: RxDB's dev-mode is on in these files (test/setup/integration.ts). The server's
      // `_modified` column stays out of the schema (dev-mode refuses top-level fields starting with `_`;
      // the plugin drops it from pulled documents then).
      storage: await withDevMode(getRxStorageMemory()),
      multiInstance: false,
    });
    const collections = await db.addCollections({ notes: { schema } });
    notes = collections.notes as RxCollection<NoteDoc>;
  });
  afterAll(async () => {
    await db?.close();
  });

  const sync = async () => {
    const replication = replicateSupabase<NoteDoc>({
      replicationIdentifier: 'rest-notes',
      collection: notes,
      client: f.alice.client,
      tableName: 'rt_notes',
      live: false,
      waitForLeadership: false,
      pull: { batchSize: 2 },
      push: { batchSize: 10 },
    });
    const errors: unknown[] = [];
    replication.error$.subscribe((error) => errors.push(error));
    await replication.awaitInitialReplication();
    await replication.cancel();
    expect(errors).toEqual([]);
  };

  const serverRow = async (id: string) => {
    const res = await f.alice.client.from('rt_notes').select('*').eq('id', id).maybeSingle();
    return res.data as (NoteDoc & { _deleted: boolean }) | null;
  };

  it('pulls server rows and pushes local inserts', async () => {
    for (const id of ['s1', 's2', 's3']) {
      const res = await f.alice.client.from('rt_notes').insert({ id, body: `server ${id}` });
      expect(res.error).toBeNull();
    }
    await notes.insert({ id: 'l1', body: 'local 1', owner: f.alice.id });
    await sync();
    const local = await notes.find().exec();
    expect(local.map((d) => d.id).sort()).toEqual(['l1', 's1', 's2', 's3']);
    expect((await notes.findOne('s2').exec())?.body).toBe('server s2');
    expect(await serverRow('l1')).toMatchObject({
      id: 'l1',
      body: 'local 1',
      owner: f.alice.id,
      _deleted: false,
    });
  });

  it('pushes updates as conditional PATCHes and deletes as _deleted', async () => {
    const doc = await notes.findOne('s1').exec();
    await doc?.incrementalPatch({ body: 'edited locally' });
    await (await notes.findOne('s3').exec())?.remove();
    await sync();
    expect((await serverRow('s1'))?.body).toBe('edited locally');
    expect((await serverRow('s3'))?._deleted).toBe(true);
  });

  it('resolves a conflicting update with the master state', async () => {
    await emulator().engine.query(`update public.rt_notes set body = 'changed on server' where id = 's2'`);
    const doc = await notes.findOne('s2').exec();
    await doc?.incrementalPatch({ body: 'changed locally' });
    await sync();
    expect((await serverRow('s2'))?.body).toBe('changed on server');
    expect((await notes.findOne('s2').exec())?.body).toBe('changed on server');
  });
});
