// @clock-sensitive: reminders due by the clock, pg_cron
// Workout reminders on pg_cron (migration 20261126170100). On PostgreSQL 15 with pg_cron preloaded, as
// on hosted Supabase, the migrations alone schedule the job, and its command creates the due reminders;
// where pg_cron is not (PGlite, or a database pg_cron does not serve) the migration schedules nothing and
// the emulator keeps its own clock. The pg_cron part needs Debian's postgresql-15-cron: skipped here when
// it is not installed, required in CI (test/integration/global-setup.ts).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEngine, type Engine } from '../../../supabase/emulator/src/db/engine';
import { applySchema, listMigrations } from '../../../supabase/emulator/src/db/migrate';
import {
  databaseSchedulesReminders,
  REMINDER_CRON_JOB,
} from '../../../supabase/emulator/src/push/reminder-schedule';
import { insertAuthUser, openTestEngine } from '../../support/engines';
import { clientId } from './helpers';

const CRON_MIGRATION = '20261126170100';

async function migrationSql(): Promise<string> {
  const migration = (await listMigrations()).find((m) => m.version === CRON_MIGRATION);
  if (!migration) throw new Error(`migration ${CRON_MIGRATION} is missing`);
  return readFileSync(migration.file, 'utf8');
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

describe.skipIf(!cronDatabase)('reminders scheduled by pg_cron [postgres]', () => {
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

  it('the migrations schedule the reminder job every minute in this database', async () => {
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
    ]);
    // So the emulator, on this database, leaves the reminders to pg_cron.
    expect(await databaseSchedulesReminders(db())).toBe(true);
  });

  it('applying the migration again keeps one job, and replaces a hand-made one from the old docs', async () => {
    await db().query(
      `select cron.schedule('workout-reminders', '* * * * *', 'select private.create_due_workout_reminders()')`,
    );
    const before = await jobs();
    expect(before).toHaveLength(2);
    await db().exec(await migrationSql());
    expect(await jobs()).toEqual(before.filter((job) => job.jobname === REMINDER_CRON_JOB));
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

describe('reminders without pg_cron', () => {
  it('PGlite: the migration schedules nothing, and the emulator runs its own clock', async () => {
    const pglite = await openTestEngine('pglite');
    if (!pglite) throw new Error('PGlite is always available');
    try {
      const { rows } = await pglite.engine.query<{ n: number }>(
        `select count(*)::int as n from pg_extension where extname = 'pg_cron'`,
      );
      expect(rows[0]?.n).toBe(0);
      expect(await databaseSchedulesReminders(pglite.engine)).toBe(false);
    } finally {
      await pglite.dispose();
    }
  });

  it.skipIf(!pg15)(
    'PostgreSQL: a database pg_cron does not serve (the test template and its clones) has no job, so the emulator clock runs',
    async () => {
      const clone = await openTestEngine('postgres');
      if (!clone) throw new Error('PostgreSQL 15 is not available');
      try {
        expect(await databaseSchedulesReminders(clone.engine)).toBe(false);
        // The migration was applied there (recorded), and skipped the scheduling.
        const { rows } = await clone.engine.query<{ n: number }>(
          'select count(*)::int as n from supabase_migrations.schema_migrations where version = $1',
          [CRON_MIGRATION],
        );
        expect(rows[0]?.n).toBe(1);
      } finally {
        await clone.dispose();
      }
    },
  );
});
