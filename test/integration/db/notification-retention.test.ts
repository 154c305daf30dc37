// @clock-sensitive: notification ages from the database clock (now() minus days), the retention timer
// Notification retention (issue 38, item 2; migration 20261207180000_notification_retention.sql):
// private.prune_notifications(p_now, p_limit) soft-deletes read notifications older than 90 days, purges
// tombstones older than 30 days, never touches an unread one, touches at most p_limit rows a step, sends
// no live broadcast, and only the scheduler may run it. The emulator runs it on its own timer where
// pg_cron does not (src/jobs/notification-retention.ts). The pg_cron job itself: reminders-cron.test.ts.
// Every age is built from the database's clock: `now() - interval '91 days'`, `p_now = now() + ...`.
import { expect, it, vi } from 'vitest';
import type { Queryable } from '../../../supabase/emulator/src/db/engine';
import { startNotificationRetention } from '../../../supabase/emulator/src/jobs/notification-retention';
import { READ_NOTIFICATION_RETENTION_DAYS } from '../../../src/features/notifications/notification-retention';
import { describeEachEmulator } from '../../support/emulator';
import { describeEachEngine, insertAuthUser } from '../../support/engines';
import { newUser } from '../sync/support';
import { clientId, sqlState } from './helpers';

interface Row {
  id: string;
  is_read: boolean;
  _deleted: boolean;
  fresh: boolean;
}

/** A notification of `user`, `age` old by the database's clock (an interval, e.g. '91 days'). */
async function addNote(db: Queryable, user: string, age: string, isRead: boolean): Promise<string> {
  const id = clientId('nret');
  await db.query(
    `insert into public.notifications (id, user_id, type, is_read, created_at)
     values ($1, $2, 'friend_request_accepted', $3, now() - $4::interval)`,
    [id, user, isRead, age],
  );
  return id;
}

/** The user's notifications by id; `fresh`: `_modified` within the last minute (a device pulls it). */
async function notes(db: Queryable, user: string): Promise<Map<string, Row>> {
  const { rows } = await db.query<Row>(
    `select id, is_read, _deleted, _modified > now() - interval '1 minute' as fresh
     from public.notifications where user_id = $1`,
    [user],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const prune = async (db: Queryable, shift = '0 days', limit?: number): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    limit === undefined
      ? `select private.prune_notifications(now() + $1::interval) as n`
      : `select private.prune_notifications(now() + $1::interval, $2) as n`,
    limit === undefined ? [shift] : [shift, limit],
  );
  return Number(rows[0]?.n);
};

describeEachEngine('notification retention', (ctx) => {
  const db = () => ctx.engine();

  it('the client hides read notifications after the same 90 days', () => {
    expect(READ_NOTIFICATION_RETENTION_DAYS).toBe(90);
  });

  it('old read: soft-deleted (devices pull the deletion), then purged 30 days later; unread and recent read kept', async () => {
    const user = await ctx.createUser();
    const oldRead = await addNote(db(), user, `${READ_NOTIFICATION_RETENTION_DAYS + 1} days`, true);
    const oldUnread = await addNote(db(), user, '400 days', false);
    const recentRead = await addNote(db(), user, `${READ_NOTIFICATION_RETENTION_DAYS - 1} days`, true);
    const before = await notes(db(), user);
    const modifiedBefore = (
      await db().query<{ m: string }>('select _modified::text as m from public.notifications where id = $1', [
        oldRead,
      ])
    ).rows[0]?.m;

    expect(await prune(db())).toBeGreaterThanOrEqual(1);
    let after = await notes(db(), user);
    expect(after.get(oldRead)).toMatchObject({ is_read: true, _deleted: true, fresh: true });
    expect(after.get(oldUnread)).toEqual(before.get(oldUnread));
    expect(after.get(recentRead)).toEqual(before.get(recentRead));
    // The soft-delete bumped _modified: the next pull from any device's checkpoint carries it.
    const { rows } = await db().query<{ later: boolean }>(
      'select _modified > $2::timestamptz as later from public.notifications where id = $1',
      [oldRead, modifiedBefore],
    );
    expect(rows[0]?.later).toBe(true);

    // A second run the same day changes nothing of this user's.
    await prune(db());
    expect(await notes(db(), user)).toEqual(after);

    // 29 days on, the tombstone is still there for devices to pull; 31 days on it is gone.
    await prune(db(), '29 days');
    expect((await notes(db(), user)).has(oldRead)).toBe(true);
    await prune(db(), '31 days');
    after = await notes(db(), user);
    expect(after.has(oldRead)).toBe(false);
    // Unread stays whatever its age. (The recent read one was 89 + 29 days old for the run at +29 days:
    // soft-deleted by it, and purged by the one at +31 days, whose cutoff is a day after that.)
    expect(after.get(oldUnread)).toMatchObject({ is_read: false, _deleted: false });
    expect(after.has(recentRead)).toBe(false);
  });

  it('tombstones of delete_all_notifications are purged after 30 days too', async () => {
    const user = await ctx.createUser();
    const recent = await addNote(db(), user, '1 day', false);
    await ctx.as(user, (tx) => tx.query('select public.delete_all_notifications()'));
    await prune(db(), '29 days');
    expect((await notes(db(), user)).get(recent)).toMatchObject({ _deleted: true });
    await prune(db(), '31 days');
    expect((await notes(db(), user)).size).toBe(0);
  });

  it('each step touches at most p_limit rows, oldest first; the next run continues', async () => {
    // Whatever earlier tests left due at the database's now is done first.
    for (let n = await prune(db()); n > 0; n = await prune(db())) expect(n).toBeLessThanOrEqual(20_000);
    const user = await ctx.createUser();
    const ids: string[] = [];
    for (const days of [95, 94, 93, 92, 91]) ids.push(await addNote(db(), user, `${days} days`, true));
    const deleted = async () =>
      [...(await notes(db(), user)).values()]
        .filter((r) => r._deleted)
        .map((r) => r.id)
        .sort();

    expect(await prune(db(), '0 days', 2)).toBe(2);
    expect(await deleted()).toEqual(ids.slice(0, 2).sort());
    expect(await prune(db(), '0 days', 2)).toBe(2);
    expect(await prune(db(), '0 days', 2)).toBe(1);
    expect(await prune(db(), '0 days', 2)).toBe(0);
    expect(await deleted()).toEqual([...ids].sort());

    // Purging 31 days on: each step capped too (two steps: at most 6 rows a run), until all are gone.
    for (let n = await prune(db(), '31 days', 3); n > 0; n = await prune(db(), '31 days', 3)) {
      expect(n).toBeLessThanOrEqual(6);
    }
    expect((await notes(db(), user)).size).toBe(0);
    expect(await sqlState(() => db().query('select private.prune_notifications(now(), 0)'))).toBe('22023');
  });

  it('sends no live broadcast for what it prunes', async () => {
    const user = await ctx.createUser();
    const id = await addNote(db(), user, '100 days', true);
    // The trigger stays on for every other write: its WHEN reads the setting the function sets.
    const { rows } = await db().query<{ when: string }>(
      `select pg_get_triggerdef(oid) as when from pg_trigger
       where tgrelid = 'public.notifications'::regclass and tgname = 'live_topics'`,
    );
    expect(rows[0]?.when).toContain(`current_setting('spotter.pruning_notifications'::text, true)`);
    await prune(db());
    expect((await notes(db(), user)).get(id)).toMatchObject({ _deleted: true });
    // The setting is cleared again within the transaction (a later write in it would be broadcast).
    const quiet = await db().transaction(async (tx) => {
      await tx.query('select private.prune_notifications()');
      return (
        await tx.query<{ v: string | null }>(
          `select current_setting('spotter.pruning_notifications', true) as v`,
        )
      ).rows[0]?.v;
    });
    expect(quiet).toBe('');
  });

  it('no user may run it: anon, authenticated and public have no execute', async () => {
    const user = await ctx.createUser();
    for (const who of [user, 'anon']) {
      expect(
        await sqlState(() => ctx.as(who, (tx) => tx.query('select private.prune_notifications()'))),
      ).toBe('42501');
    }
    const { rows } = await db().query<{ anon: boolean; authenticated: boolean; public: boolean }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                      where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public
       from pg_proc p where p.oid = 'private.prune_notifications(timestamptz, int)'::regprocedure`,
    );
    expect(rows).toEqual([{ anon: false, authenticated: false, public: false }]);
  });

  it("the emulator's timer runs it at its interval and stops", async () => {
    const user = await ctx.createUser();
    const first = await addNote(db(), user, '120 days', true);
    const timer = await startNotificationRetention(db(), 50);
    try {
      expect(timer.timerOn).toBe(true);
      await vi.waitFor(async () => expect((await notes(db(), user)).get(first)?._deleted).toBe(true), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await timer.stop();
    }
    const second = await addNote(db(), user, '120 days', true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await notes(db(), user)).get(second)?._deleted).toBe(false);
    // 0 turns it off; run() still prunes now.
    const off = await startNotificationRetention(db(), 0);
    expect(off.timerOn).toBe(false);
    expect(await off.run()).toBeGreaterThanOrEqual(1);
    await off.stop();
    expect((await notes(db(), user)).get(second)?._deleted).toBe(true);
  });
});

describeEachEmulator(
  'notification retention in the emulator',
  (suite) => {
    const emulator = () => suite.emulator();
    const db = () => emulator().engine;
    const messages = async (user: string) =>
      Number(
        (
          await db().query<{ n: number }>(
            `select count(*)::int as n from realtime.messages where topic = $1`,
            [`user:${user}`],
          )
        ).rows[0]?.n,
      );

    it('its timer prunes on its own (PGlite has no pg_cron), without a broadcast', async () => {
      expect(emulator().retention.timerOn).toBe(true);
      const user = await insertAuthUser(db());
      const oldRead = await addNote(db(), user, '91 days', true);
      const oldUnread = await addNote(db(), user, '91 days', false);
      const sent = await messages(user);
      await vi.waitFor(async () => expect((await notes(db(), user)).get(oldRead)?._deleted).toBe(true), {
        timeout: 10_000,
        interval: 100,
      });
      expect((await notes(db(), user)).get(oldUnread)?._deleted).toBe(false);
      expect(await messages(user)).toBe(sent);
      // Any other write of a notification is broadcast as before (the control).
      await db().query('update public.notifications set is_read = true where id = $1', [oldUnread]);
      expect(await messages(user)).toBe(sent + 1);
    });

    it('no client reaches it through REST (the rpc is refused)', async () => {
      const user = await newUser(emulator());
      const { status } = emulator();
      const callers = { user: user.token, anon: status.ANON_KEY, service_role: status.SERVICE_ROLE_KEY };
      for (const [who, token] of Object.entries(callers)) {
        for (const profile of [null, 'private']) {
          const response = await fetch(`${emulator().url}/rest/v1/rpc/prune_notifications`, {
            method: 'POST',
            headers: {
              apikey: status.ANON_KEY,
              Authorization: `Bearer ${token}`,
              'Content-Type': 'application/json',
              ...(profile ? { 'Content-Profile': profile } : {}),
            },
            body: '{}',
          });
          const body = (await response.json()) as { code?: string };
          // Not in the exposed schema (404 PGRST202); `private` is not exposed at all (406 PGRST106).
          expect({ who, profile, status: response.status, code: body.code }).toEqual({
            who,
            profile,
            status: profile ? 406 : 404,
            code: profile ? 'PGRST106' : 'PGRST202',
          });
        }
      }
    });
  },
  { engines: ['pglite'], notificationRetentionMs: 100 },
);
