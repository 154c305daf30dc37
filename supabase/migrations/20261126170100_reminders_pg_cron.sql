-- Workout reminders on the database's own clock: pg_cron runs private.create_due_workout_reminders()
-- (migration 20261122100000) every minute, so a hosted project reminds without a manual step.
-- The function is idempotent (deterministic notification ids) and a reminder stays due until 15 minutes
-- after the workout starts, so a minute's resolution is enough and a run twice, or a missed run, is harmless.
--
-- Guarded: pg_cron exists only where the server preloads it, and it can be created only in the one
-- database its worker serves (cron.database_name; `postgres` on hosted Supabase). Anywhere else this
-- migration schedules nothing and says so:
-- - PGlite (the emulator's default) has no pg_cron: not in pg_available_extensions;
-- - PostgreSQL with the package installed but not preloaded: 42704 (its settings are unknown);
-- - PostgreSQL with pg_cron serving another database: P0001 "can only create extension in database ...".
-- There the local emulator runs the same function on its own timer (supabase/emulator/src/push), which it
-- skips when this job is scheduled for its database. Any other error (say, a missing privilege on a
-- hosted project) fails the migration: a deployment without reminders should not pass silently.
--
-- cron.schedule with a job name replaces that job's schedule and command (pg_cron >= 1.3), so running
-- this again changes nothing. The job runs as the role that applies the migration (the database owner
-- `postgres`), which may execute the private function.

do $migration$
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: workout reminders are not scheduled in the database';
    return;
  end if;

  begin
    create extension if not exists pg_cron with schema pg_catalog;
  exception
    when undefined_object then
      raise notice 'pg_cron is installed but not preloaded: workout reminders are not scheduled in the database';
      return;
    when raise_exception then
      if sqlerrm not like 'can only create extension in database %' then
        raise;
      end if;
      raise notice 'pg_cron serves another database (%): workout reminders are not scheduled in this one', sqlerrm;
      return;
  end;

  -- docs/database.md used to tell deployers to schedule this by hand as 'workout-reminders': one job is enough.
  perform cron.unschedule(j.jobid)
  from cron.job j
  where j.jobname = 'workout-reminders' and j.command like '%private.create_due_workout_reminders%';

  perform cron.schedule('spotter-workout-reminders', '* * * * *',
                        'select private.create_due_workout_reminders()');
end
$migration$;
