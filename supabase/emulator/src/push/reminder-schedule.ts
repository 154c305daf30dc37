/**
 * Whether the database runs the workout reminders itself: migration 20261126170100 schedules this pg_cron
 * job where pg_cron serves the database (hosted Supabase, or a local PostgreSQL that preloads it for this
 * database). Then the emulator's own reminder clock stays off, so the reminders run once, on one clock.
 * PGlite has no pg_cron, and a database cloned from one that has the job is not the one pg_cron serves
 * (the job's `database` is another): there the emulator's clock runs.
 */
import type { Queryable } from '../db/engine';

export const REMINDER_CRON_JOB = 'spotter-workout-reminders';

export async function databaseSchedulesReminders(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ installed: boolean }>(
    `select exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') as installed`,
  );
  if (!rows[0]?.installed) return false;
  try {
    const jobs = await db.query(
      `select 1 from cron.job where jobname = $1 and active and database = pg_catalog.current_database()`,
      [REMINDER_CRON_JOB],
    );
    return jobs.rows.length > 0;
  } catch {
    // cron.job not readable by this role: run the clock; a second run creates nothing (deterministic ids).
    return false;
  }
}
