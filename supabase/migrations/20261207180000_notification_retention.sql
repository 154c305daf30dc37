-- Retention for notifications (issue 38, item 2): a scheduled job keeps public.notifications from growing
-- without bound. private.prune_notifications(p_now, p_limit), run daily by pg_cron (below) and by the local
-- emulator's own timer where pg_cron does not serve its database (supabase/emulator/src/jobs):
--
-- (a) soft-deletes read notifications created more than 90 days ago: `_deleted = true` bumps `_modified`
--     (zz_touch_modified), so every device drops them at its next pull (the (_modified, id) checkpoint);
-- (b) hard-deletes tombstones (`_deleted`, whoever deleted them: this job or delete_all_notifications)
--     whose `_modified` is more than 30 days old. A device offline longer than that never learns of the
--     deletion and keeps its old read copy; the app hides read notifications older than 90 days anyway
--     (src/features/notifications/notification-retention.ts, the same 90 days).
-- Unread notifications are never pruned, whatever their age: they are still news to their user.
--
-- Each step touches at most p_limit rows (the oldest first, skipping rows another transaction holds), so
-- a run holds its row locks briefly and the next run continues where it stopped; it returns the number of
-- rows touched. Daily at the default limit that is at most 10000 soft-deletes and 10000 purges a day: if
-- more read notifications than that turn 90 days old per day, schedule it more often (the function is
-- cheap when nothing is due) rather than raising the limit.
--
-- Live updates: the soft-deletes and purges send no broadcast. They concern rows read at least 90 days
-- ago; a run may touch thousands of them, one realtime.messages row each, for devices that learn the
-- deletions at their next pull anyway. So the function sets `spotter.pruning_notifications` for its
-- transaction and the notifications' live_topics trigger (migration 20261206200100) skips while it is on.
-- Every other write of a notification is broadcast as before.

-- The soft-delete scan, oldest first: read, live rows by age (unread and tombstones are not in it).
create index notifications_read_age_idx on public.notifications (created_at) where is_read and not _deleted;
-- The purge scan, oldest first: tombstones by _modified. notifications_modified_idx would have to step
-- over every old live row (unread ones stay forever) before it reached the tombstones.
create index notifications_tombstone_idx on public.notifications (_modified) where _deleted;

create or replace trigger live_topics after insert or update or delete on public.notifications
  for each row
  when (pg_catalog.current_setting('spotter.pruning_notifications', true) is distinct from 'on')
  execute function private.live_to_parties('user_id');

-- security definer: it writes every user's notifications (no caller identity; run by the scheduler as the
-- database owner). Nobody else may execute it.
create function private.prune_notifications(p_now timestamptz default now(), p_limit int default 10000)
returns int
language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, pg_catalog.now());
  v_purged int;
  v_deleted int;
begin
  if p_limit is null or p_limit < 1 then
    raise exception 'p_limit must be at least 1' using errcode = '22023';
  end if;
  perform pg_catalog.set_config('spotter.pruning_notifications', 'on', true);

  -- (b) first: a row this run soft-deletes is not also purged by it, whatever p_now is.
  with gone as (
    select n.id from public.notifications n
    where n._deleted and n._modified < v_now - interval '30 days'
    order by n._modified
    limit p_limit
    for update skip locked
  )
  delete from public.notifications n using gone where n.id = gone.id;
  get diagnostics v_purged = row_count;

  -- (a)
  with due as (
    select n.id from public.notifications n
    where n.is_read and not n._deleted and n.created_at < v_now - interval '90 days'
    order by n.created_at
    limit p_limit
    for update skip locked
  )
  update public.notifications n set _deleted = true from due where n.id = due.id;
  get diagnostics v_deleted = row_count;

  perform pg_catalog.set_config('spotter.pruning_notifications', '', true);
  return v_purged + v_deleted;
end
$$;
revoke execute on function private.prune_notifications(timestamptz, int) from public, anon, authenticated;

-- Scheduled as migration 20261126170100 schedules the workout reminders, with the same guards: pg_cron
-- exists only where the server preloads it, and only in the one database its worker serves (`postgres` on
-- hosted Supabase). PGlite (no pg_cron), PostgreSQL without pg_cron preloaded (42704) and PostgreSQL whose
-- pg_cron serves another database (P0001 "can only create extension in database ...") schedule nothing
-- and say so; there the emulator runs the same function on its own timer, which it skips when this job is
-- scheduled for its database. Any other error fails the migration: a deployment without retention should
-- not pass silently.
--
-- Daily at 03:17 UTC (pg_cron's clock; off the hour, where other jobs cluster). cron.schedule with a job
-- name replaces that job, so running this again changes nothing. The job runs as the role that applies
-- the migration (the database owner `postgres`), which owns the function.
do $migration$
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: notification retention is not scheduled in the database';
    return;
  end if;

  begin
    create extension if not exists pg_cron with schema pg_catalog;
  exception
    when undefined_object then
      raise notice 'pg_cron is installed but not preloaded: notification retention is not scheduled in the database';
      return;
    when raise_exception then
      if sqlerrm not like 'can only create extension in database %' then
        raise;
      end if;
      raise notice 'pg_cron serves another database (%): notification retention is not scheduled in this one', sqlerrm;
      return;
  end;

  perform cron.schedule('spotter-notification-retention', '17 3 * * *',
                        'select private.prune_notifications()');
end
$migration$;
