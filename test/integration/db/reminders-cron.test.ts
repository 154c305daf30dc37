// @clock-sensitive: reminders due by the clock, notification ages, pg_cron
// The pg_cron jobs: workout reminders (migration 20261126170100) and notification retention (migration
// 20261207180000). On PostgreSQL 15 with pg_cron preloaded, as on hosted Supabase, the migrations alone
// schedule the jobs, and their commands create the due reminders and prune the notifications; where
// pg_cron is not (PGlite, or a database pg_cron does not serve) the migrations schedule nothing and the
// emulator keeps its own timers. The pg_cron part needs Debian's postgresql-15-cron: skipped here when it
// is not installed, required in CI (test/integration/global-setup.ts).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEngine, type Engine } from '../../../supabase/emulator/src/db/engine';
import { applySchema, listMigrations } from '../../../supabase/emulator/src/db/migrate';
import {
  databaseSchedulesJob,
  REMINDER_CRON_JOB,
  RETENTION_CRON_JOB,
} from '../../../supabase/emulator/src/jobs/cron-schedule';
import { insertAuthUser, openTestEngine } from '../../support/engines';
import { clientId } from './helpers';

const CRON_MIGRATION = '20261126170100';
const RETENTION_MIGRATION = '20261207180000';

async function migrationSql(version = CRON_MIGRATION): Promise<string> {
  const migration = (await listMigrations()).find((m) => m.version === version);
  if (!migration) throw new Error(`migration ${version} is missing`);
  return readFileSync(migration.file, 'utf8');
}

/** The retention migration's scheduling block alone (the rest of it creates objects: not repeatable). */
async function retentionScheduling(): Promise<string> {
  const block = /^do \$migration\$[\s\S]*?^\$migration\$;$/m.exec(await migrationSql(RETENTION_MIGRATION));
  if (!block) throw new Error(`no scheduling block in migration ${RETENTION_MIGRATION}`);
  return block[0];
}

interface Job {
  jobid: number;
  jobname: string;
  schedule: string;
  command: string;
  database: string;
  username: string;
  active: boolean;
}

const pg15 = inject('pg15');
const cronDatabase = pg15?.cronDatabase ?? null;

describe.skipIf(!cronDatabase)('jobs scheduled by pg_cron [postgres]', () => {
  let engine: Engine | null = null;
  const db = () => {
    if (!engine) throw new Error('the pg_cron database is not open');
    return engine;
  };
  const jobs = async () =>
    (
      await db().query<Job>(
        'select jobid, jobname, schedule, command, database, username, active from cron.job order by jobid',
      )
    ).rows;

  beforeAll(async () => {
    if (!pg15 || !cronDatabase) return;
    // The empty database pg_cron serves: migrations only, as `supabase db push` applies them.
    engine = await openEngine({ databaseUrl: pg15.urlTemplate.replace('{db}', cronDatabase) });
    await applySchema(engine, { seed: false });
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('the migrations schedule the reminder job every minute and the retention job daily in this database', async () => {
    expect(await jobs()).toEqual([
      {
        jobid: expect.any(Number) as number,
        jobname: REMINDER_CRON_JOB,
        schedule: '* * * * *',
        command: 'select private.create_due_workout_reminders()',
        database: cronDatabase,
        username: 'postgres',
        active: true,
      },
      {
        jobid: expect.any(Number) as number,
        jobname: RETENTION_CRON_JOB,
        schedule: '17 3 * * *',
        command: 'select private.prune_notifications()',
        database: cronDatabase,
        username: 'postgres',
        active: true,
      },
    ]);
    // So the emulator, on this database, leaves both to pg_cron.
    expect(await databaseSchedulesJob(db(), REMINDER_CRON_JOB)).toBe(true);
    expect(await databaseSchedulesJob(db(), RETENTION_CRON_JOB)).toBe(true);
  });

  it('applying the migration again keeps one job, and replaces a hand-made one from the old docs', async () => {
    await db().query(
      `select cron.schedule('workout-reminders', '* * * * *', 'select private.create_due_workout_reminders()')`,
    );
    const before = await jobs();
    expect(before.map((job) => job.jobname)).toEqual([
      REMINDER_CRON_JOB,
      RETENTION_CRON_JOB,
      'workout-reminders',
    ]);
    await db().exec(await migrationSql());
    expect(await jobs()).toEqual(before.filter((job) => job.jobname !== 'workout-reminders'));
  });

  it("scheduling the retention job again keeps one job, and the job's command prunes", async () => {
    const before = await jobs();
    await db().exec(await retentionScheduling());
    expect(await jobs()).toEqual(before);

    const user = await insertAuthUser(db(), { username: `ret${Date.now() % 100000}` });
    const note = async (age: string, isRead: boolean) => {
      const id = clientId('ncron');
      await db().query(
        `insert into public.notifications (id, user_id, type, is_read, created_at)
         values ($1, $2, 'friend_request_accepted', $3, now() - $4::interval)`,
        [id, user, isRead, age],
      );
      return id;
    };
    const oldRead = await note('91 days', true);
    const oldUnread = await note('91 days', false);
    const job = (await jobs()).find((j) => j.jobname === RETENTION_CRON_JOB);
    if (!job) throw new Error('no retention job');
    await db().query(job.command);
    const { rows } = await db().query<{ id: string; _deleted: boolean }>(
      'select id, _deleted from public.notifications where user_id = $1 order by id',
      [user],
    );
    expect(rows).toEqual(
      [
        { id: oldRead, _deleted: true },
        { id: oldUnread, _deleted: false },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });

  it("running the job's command creates the due reminders, once", async () => {
    const user = await insertAuthUser(db(), { username: `cron${Date.now() % 100000}` });
    await db().query(`update public.profiles set timezone = 'Pacific/Kiritimati' where id = $1`, [user]);
    // A workout starting about 20 minutes from the database's now, in the owner's zone, reminded 30
    // minutes before: due now. And one in 3 hours, reminded 30 minutes before: not yet due.
    const addWorkout = async (startsIn: string) => {
      const id = clientId('wcron');
      await db().query(
        `insert into public.workouts (id, user_id, type, date, time, reminder_min)
         select $1, $2, 'strength', (s at time zone 'Pacific/Kiritimati')::date,
                date_trunc('minute', s at time zone 'Pacific/Kiritimati')::time, 30
         from (select now() + $3::interval as s) as start`,
        [id, user, startsIn],
      );
      return id;
    };
    const due = await addWorkout('20 minutes');
    await addWorkout('3 hours');

    const job = (await jobs()).find((j) => j.jobname === REMINDER_CRON_JOB);
    if (!job) throw new Error('no reminder job');
    // Run as pg_cron runs it: the job's own command, as the job's user (this connection is `postgres`).
    await db().query(job.command);
    await db().query(job.command);

    // pg_cron's worker may have run the job too, at a minute boundary: still exactly one reminder.
    const { rows } = await db().query<{ workout_id: string }>(
      `select workout_id from public.notifications where user_id = $1 and type = 'workout_reminder'`,
      [user],
    );
    expect(rows).toEqual([{ workout_id: due }]);
  });
});

describe('scheduled jobs without pg_cron', () => {
  it('PGlite: the migrations schedule nothing, and the emulator runs its own timers', async () => {
    const pglite = await openTestEngine('pglite');
    if (!pglite) throw new Error('PGlite is always available');
    try {
      const { rows } = await pglite.engine.query<{ n: number }>(
        `select count(*)::int as n from pg_extension where extname = 'pg_cron'`,
      );
      expect(rows[0]?.n).toBe(0);
      expect(await databaseSchedulesJob(pglite.engine, REMINDER_CRON_JOB)).toBe(false);
      expect(await databaseSchedulesJob(pglite.engine, RETENTION_CRON_JOB)).toBe(false);
    } finally {
      await pglite.dispose();
    }
  });

  it.skipIf(!pg15)(
    'PostgreSQL: a database pg_cron does not serve (the test template and its clones) has no job, so the emulator timers run',
    async () => {
      const clone = await openTestEngine('postgres');
      if (!clone) throw new Error('PostgreSQL 15 is not available');
      try {
        expect(await databaseSchedulesJob(clone.engine, REMINDER_CRON_JOB)).toBe(false);
        expect(await databaseSchedulesJob(clone.engine, RETENTION_CRON_JOB)).toBe(false);
        // The migrations were applied there (recorded), and skipped the scheduling.
        const { rows } = await clone.engine.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations where version = any($1) order by version',
          [[CRON_MIGRATION, RETENTION_MIGRATION]],
        );
        expect(rows.map((r) => r.version)).toEqual([CRON_MIGRATION, RETENTION_MIGRATION]);
      } finally {
        await clone.dispose();
      }
    },
  );
});
