/**
 * Whether the database runs a scheduled job itself. The migrations schedule their jobs with pg_cron where
 * pg_cron serves the database (hosted Supabase, or a local PostgreSQL that preloads it for this database):
 * then the emulator's own timer for that job stays off, so the job runs once, on one clock. PGlite has no
 * pg_cron, and a database cloned from one that has the job is not the one pg_cron serves (the job's
 * `database` is another): there the emulator's timer runs.
 */
import type { Queryable } from '../db/engine';

/** Migration 20261126170100: private.create_due_workout_reminders() every minute (the push service's clock). */
export const REMINDER_CRON_JOB = 'spotter-workout-reminders';
/** Migration 20261207180000: private.prune_notifications() daily (notification-retention.ts). */
export const RETENTION_CRON_JOB = 'spotter-notification-retention';

export async function databaseSchedulesJob(db: Queryable, jobName: string): Promise<boolean> {
  const { rows } = await db.query<{ installed: boolean }>(
    `select exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') as installed`,
  );
  if (!rows[0]?.installed) return false;
  try {
    const jobs = await db.query(
      `select 1 from cron.job where jobname = $1 and active and database = pg_catalog.current_database()`,
      [jobName],
    );
    return jobs.rows.length > 0;
  } catch {
    // cron.job not readable by this role: run the emulator's timer. Both jobs are idempotent, so a run
    // from each clock does no harm (reminders have deterministic ids; a second prune finds nothing due).
    return false;
  }
}
