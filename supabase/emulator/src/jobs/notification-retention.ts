/**
 * Notification retention on the emulator's own timer: `private.prune_notifications()` (migration
 * 20261207180000: read notifications older than 90 days are soft-deleted, tombstones older than 30 days
 * purged, at most 10000 rows a step) unless pg_cron runs the job `spotter-notification-retention` for this
 * database, as on hosted Supabase (cron-schedule.ts).
 *
 * Hourly by default, where hosted runs it daily: an emulator process rarely lives a whole day (a
 * development session, a test file), and a run is one cheap statement on partial indexes when nothing is
 * due, so an hour keeps a long-lived local database pruned without costing anything. The first run is one
 * interval after the start, so a start (and a test that has just started the emulator) never races it.
 * The timer is unref'd (it never keeps Node alive) and `stop()` clears it and waits for a run under way.
 */
import type { Engine } from '../db/engine';
import { databaseSchedulesJob, RETENTION_CRON_JOB } from './cron-schedule';

export const DEFAULT_RETENTION_INTERVAL_MS = 60 * 60_000;

export interface NotificationRetention {
  /** Prunes now (as the timer does); resolves to the number of rows soft-deleted or purged. */
  run(): Promise<number>;
  /** Whether the emulator's timer is running (false when off, or when pg_cron runs the job). */
  readonly timerOn: boolean;
  stop(): Promise<void>;
}

export async function startNotificationRetention(
  engine: Engine,
  /** How often to prune, ms (default hourly; 0 turns the timer off). */
  intervalMs: number = DEFAULT_RETENTION_INTERVAL_MS,
  log: (line: string) => void = () => undefined,
): Promise<NotificationRetention> {
  const cronRuns = intervalMs > 0 && (await databaseSchedulesJob(engine, RETENTION_CRON_JOB));
  if (cronRuns)
    log('retention: pg_cron prunes the notifications in this database; the emulator timer is off');

  let stopped = false;
  let running: Promise<number> | null = null;

  async function prune(): Promise<number> {
    const result = await engine.query<{ n: number }>('select private.prune_notifications() as n');
    const touched = Number(result.rows[0]?.n ?? 0);
    if (touched > 0) log(`retention: ${touched} notification(s) soft-deleted or purged`);
    return touched;
  }
  // One run at a time: a tick while a run is under way joins it.
  function run(): Promise<number> {
    running ??= prune().finally(() => {
      running = null;
    });
    return running;
  }

  const timer =
    intervalMs > 0 && !cronRuns
      ? setInterval(() => {
          run().catch((error: unknown) => {
            if (!stopped) log(`retention: run failed: ${String(error)}`);
          });
        }, intervalMs)
      : null;
  timer?.unref();

  return {
    run,
    timerOn: timer !== null,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
