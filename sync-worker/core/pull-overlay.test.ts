// @clock-sensitive: timestamps compared
// Pulled rows of pull-only collections against pending intents: patches laid over, set-wide intents keep
// the local rows, queued intents the row shows applied are settled. Real RxDB on fake-indexeddb.
import { afterEach, describe, expect, it } from 'vitest';
import {
  markIntentQueued,
  readPending,
  recheckEntries,
  recordIntent,
  removeRecheck,
  settleIntent,
} from '../../src/db/pending-writes';
import { ROWS, USER } from '../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import type { SpotterDatabase } from '../../src/db/types';
import { afterOverlaidWrite, overlayPulled, reapplyPending, sameValue } from './pull-overlay';

afterEach(cleanupDatabases);

const NOW = new Date('2026-11-22T10:00:00.000Z');

/** A pending rename of the user (Lena to Mia), as updateProfile records it. */
const renameToMia = (db: SpotterDatabase) =>
  recordIntent(
    db,
    {
      key: `profiles:${USER}`,
      collection: 'profiles',
      doc_id: USER,
      request: { type: 'update', table: 'profiles', id: USER, values: { first_name: 'Mia' } },
      patch: { first_name: 'Mia' },
      previous: { first_name: 'Lena' },
    },
    NOW,
  );

describe('overlayPulled', () => {
  it('lays a pending update over the pulled row until it is settled', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
    await renameToMia(db);
    const pulled = { ...ROWS.profiles, xp: 500, _deleted: false };
    const [out] = await overlayPulled(db, 'profiles', [pulled], NOW);
    expect(out).toMatchObject({ first_name: 'Mia', xp: 500 });
    // Not queued: a matching row does not settle it (the sender does, when the server answers).
    const [again] = await overlayPulled(db, 'profiles', [{ ...pulled, first_name: 'Mia' }], NOW);
    expect(again).toMatchObject({ first_name: 'Mia' });
    expect(Object.keys((await readPending(db)).entries)).toHaveLength(1);
  });

  it('settles a queued intent when the pulled row shows it, and then lays nothing over', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['check_ins'] });
    const row = { ...ROWS.check_ins, checked_out_at: null, _deleted: false };
    const at = '2026-11-22T09:00:00.000Z';
    await recordIntent(
      db,
      {
        key: `check_out:${row.id}`,
        collection: 'check_ins',
        doc_id: row.id,
        request: { type: 'rpc', fn: 'check_out', args: { p_check_in_id: row.id, p_at: at } },
        patch: { checked_out_at: at },
        previous: { checked_out_at: null },
      },
      NOW,
    );
    const seq = (await readPending(db)).entries[`check_out:${row.id}`]!.seq;
    await markIntentQueued(db, `check_out:${row.id}`, seq, 'q1');
    // Still open on the server: kept pending, shown checked out.
    expect((await overlayPulled(db, 'check_ins', [row], NOW))[0]).toMatchObject({ checked_out_at: at });
    // The replay applied it; the server prints the instant its own way.
    const server = { ...row, checked_out_at: '2026-11-22T09:00:00+00:00' };
    expect((await overlayPulled(db, 'check_ins', [server], NOW))[0]).toEqual(server);
    expect((await readPending(db)).entries).toEqual({});
  });

  it('marks the intents whose patch hides the pulled row, so the row is read again once they settle', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
    await renameToMia(db);
    const entry = () => readPending(db).then((s) => s.entries[`profiles:${USER}`]);
    await overlayPulled(db, 'profiles', [{ ...ROWS.profiles, first_name: 'Mia', _deleted: false }], NOW);
    expect((await entry())?.masked).toBeUndefined();
    await overlayPulled(db, 'profiles', [{ ...ROWS.profiles, first_name: 'Zoe', _deleted: false }], NOW);
    expect((await entry())?.masked).toBe(true);
  });

  it('reports what it laid over; a row whose intent settled before RxDB wrote it is read again', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
    await renameToMia(db);
    const laid = new Map<string, string[]>();
    await overlayPulled(
      db,
      'profiles',
      [{ ...ROWS.profiles, first_name: 'Zoe', _deleted: false }],
      NOW,
      (id, e) =>
        laid.set(
          id,
          e.map((x) => x.key),
        ),
    );
    expect([...laid]).toEqual([[USER, [`profiles:${USER}`]]]);
    const entry = (await readPending(db)).entries[`profiles:${USER}`]!;
    // Still pending when written: nothing to read yet.
    await afterOverlaidWrite(db, [entry]);
    expect(recheckEntries(await readPending(db))).toEqual([]);
    // Settled (and its row read again) while the page was on its way: the write put Mia back over the
    // server's row, so the row is read again after it.
    await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, NOW);
    await readPending(db).then((s) => expect(recheckEntries(s)).toHaveLength(1));
    await removeRecheck(db, [{ collection: 'profiles', doc_id: USER }]);
    await afterOverlaidWrite(db, [entry]);
    expect(recheckEntries(await readPending(db))).toMatchObject([{ collection: 'profiles', doc_id: USER }]);
  });

  it('settles a queued request that created its row once the row exists, though it moved on since', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['workout_join_requests'] });
    const request = { ...ROWS.workout_join_requests, status: 'pending' as const };
    await db.workout_join_requests.insert(request);
    const key = `join_request:${request.workout_id}`;
    await recordIntent(
      db,
      {
        key,
        collection: 'workout_join_requests',
        doc_id: request.id,
        request: { type: 'rpc', fn: 'request_join_workout', args: { p_id: request.id } },
        patch: { status: 'pending' },
        previous: null,
      },
      NOW,
    );
    await markIntentQueued(db, key, (await readPending(db)).entries[key]!.seq, 'q1');
    // The owner accepted before this device heard that the replay went through.
    const accepted = { ...request, status: 'accepted', _deleted: false };
    expect((await overlayPulled(db, 'workout_join_requests', [accepted], NOW))[0]).toEqual(accepted);
    expect((await readPending(db)).entries).toEqual({});
  });

  it('keeps the local state of rows a set-wide intent covers', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['home_gyms'] });
    const kept = { ...ROWS.home_gyms, _deleted: false };
    await db.home_gyms.insert(ROWS.home_gyms);
    await db.home_gyms
      .findOne(ROWS.home_gyms.id)
      .exec()
      .then((d) => d?.remove());
    await recordIntent(
      db,
      {
        key: `home_gyms:${USER}`,
        collection: 'home_gyms',
        doc_id: USER,
        request: { type: 'rpc', fn: 'set_home_gyms', args: { p_gym_ids: [] } },
        patch: {},
        previous: {},
      },
      NOW,
    );
    const other = { ...kept, id: `${USER}:other-gym`, gym_id: 'other-gym' };
    const out = await overlayPulled(db, 'home_gyms', [kept, other], NOW);
    // Removed locally: stays removed; not known locally: the server's row.
    expect(out[0]).toMatchObject({ id: kept.id, _deleted: true });
    expect(out[1]).toEqual(other);
  });
});

describe('reapplyPending', () => {
  it('lays on a patch recorded after the overlay read the ledger, and nothing else', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
    // What RxDB wrote from a pull page whose overlay ran before the edit below was recorded.
    await db.profiles.insert(ROWS.profiles);
    await renameToMia(db);
    const written = { ...ROWS.profiles, _deleted: false };
    await reapplyPending(db, 'profiles', written);
    expect((await db.profiles.findOne(USER).exec())?.first_name).toBe('Mia');
    // The patch hides the server's row now: it is read again once the intent settles, even refused
    // (fault-convergence seed 163: a decline laid over a request accepted elsewhere, then refused).
    expect(Object.values((await readPending(db)).entries).map((e) => e.masked)).toEqual([true]);
    // A written row that already shows it is left alone (no new revision).
    const doc = await db.profiles.findOne(USER).exec();
    await reapplyPending(db, 'profiles', { ...written, first_name: 'Mia' });
    expect((await db.profiles.findOne(USER).exec())?.revision).toBe(doc?.revision);
  });

  it('does not lay on an intent that settled before it looked, whatever a cached ledger still says', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
    await db.profiles.insert(ROWS.profiles);
    await renameToMia(db);
    const entry = Object.values((await readPending(db)).entries)[0]!;
    // Applied: the server kept its own value (as check_out keeps the server's time, not the device's).
    await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, NOW);
    const written = { ...ROWS.profiles, first_name: 'Lena-server', _deleted: false };
    await db.profiles.upsert(written);
    await reapplyPending(db, 'profiles', written);
    expect((await db.profiles.findOne(USER).exec())?.first_name).toBe('Lena-server');
  });
});

describe('sameValue', () => {
  it('treats two spellings of one instant and of one number as equal', () => {
    expect(sameValue('2026-11-22T09:00:00.000Z', '2026-11-22T09:00:00+00:00')).toBe(true);
    expect(sameValue('2026-11-22T09:00:00.000Z', '2026-11-22T09:00:01+00:00')).toBe(false);
    expect(sameValue(80.3, '80.3')).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(null, 0)).toBe(false);
    expect(sameValue(['a'], ['a'])).toBe(true);
  });
});
