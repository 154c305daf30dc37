/**
 * The SQL realtime installs at attach time, idempotently, in the private `realtime` schema (no grants
 * to the API roles; every function's EXECUTE is revoked from PUBLIC):
 *
 * - `realtime.emulator_capture_state`: a one-row switch; the triggers queue nothing while no socket has
 *   `postgres_changes` bindings (the feed turns it on before such a join is answered), and only the
 *   tables some binding names (`tables`, `schema.table`; null: every table, for a binding on a whole
 *   schema). A write fans out into rows of tables nobody subscribes to (a workout's feed entry).
 * - The NOTIFY carries no payload, so Postgres folds a transaction's notifications into one: the feed
 *   reads the whole queue on each, so one per commit is all it needs.
 * - `realtime.emulator_changes`: the queue. AFTER ROW triggers on every table in the
 *   `supabase_realtime` publication write `to_jsonb(NEW/OLD)` there and `pg_notify` without the row
 *   (a NOTIFY payload over 8000 bytes fails). The delivery loop deletes what it reads.
 * - `realtime.emulator_sync_capture()`: puts the trigger on every published table that lacks it and
 *   removes it from tables that left the publication. An event trigger runs it after publication and
 *   table DDL, so `alter publication supabase_realtime add table ...` captures at once; it also
 *   NOTIFYs `emulator_realtime_ddl` so cached table metadata is dropped.
 * The batched RLS check is one generated function per table (tables.ts, checkerSql): one round trip
 * for every subscriber of an event batch.
 */

export const CHANGES_CHANNEL = 'emulator_realtime';
export const MESSAGES_CHANNEL = 'emulator_realtime_messages';
export const DDL_CHANNEL = 'emulator_realtime_ddl';
export const CAPTURE_TRIGGER = 'emulator_realtime_capture';

export const INSTALL_SQL = `
create schema if not exists realtime;

create table if not exists realtime.emulator_changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  changed_at timestamptz not null default clock_timestamp()
);

-- One row: whether any socket has postgres_changes bindings. Writes skip the queue while nobody
-- listens (a bulk load into published tables costs nothing extra then).
create table if not exists realtime.emulator_capture_state (
  id boolean primary key default true check (id),
  active boolean not null default false
);
insert into realtime.emulator_capture_state (id, active) values (true, false) on conflict (id) do nothing;
alter table realtime.emulator_capture_state add column if not exists tables text[];

create or replace function realtime.emulator_capture() returns trigger
language plpgsql security definer set search_path = '' as $fn$
declare
  v_active boolean;
  v_tables text[];
begin
  select s.active, s.tables into v_active, v_tables from realtime.emulator_capture_state s;
  if not coalesce(v_active, false)
     or (v_tables is not null and not ((tg_table_schema || '.' || tg_table_name) = any (v_tables))) then
    return null;
  end if;
  insert into realtime.emulator_changes (schema_name, table_name, op, record, old_record)
  values (tg_table_schema, tg_table_name, tg_op,
          case when tg_op = 'DELETE' then null else to_jsonb(new) end,
          case when tg_op = 'INSERT' then null else to_jsonb(old) end);
  perform pg_notify('${CHANGES_CHANNEL}', '');
  return null;
end
$fn$;

create or replace function realtime.emulator_sync_capture() returns integer
language plpgsql security definer set search_path = '' as $fn$
declare
  v_rel record;
  v_changed integer := 0;
begin
  for v_rel in
    select c.oid, n.nspname, c.relname
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and n.nspname not in ('realtime', 'pg_catalog', 'information_schema')
      and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_catalog.pg_trigger t
                      where t.tgrelid = c.oid and t.tgname = '${CAPTURE_TRIGGER}')
  loop
    execute format('create trigger ${CAPTURE_TRIGGER} after insert or update or delete on %I.%I '
                   'for each row execute function realtime.emulator_capture()', v_rel.nspname, v_rel.relname);
    v_changed := v_changed + 1;
  end loop;
  for v_rel in
    select c.oid, n.nspname, c.relname
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where t.tgname = '${CAPTURE_TRIGGER}'
      and not exists (select 1 from pg_catalog.pg_publication_tables p
                      where p.pubname = 'supabase_realtime'
                        and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger ${CAPTURE_TRIGGER} on %I.%I', v_rel.nspname, v_rel.relname);
    v_changed := v_changed + 1;
  end loop;
  return v_changed;
end
$fn$;

create or replace function realtime.emulator_on_ddl() returns event_trigger
language plpgsql security definer set search_path = '' as $fn$
begin
  if tg_tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE',
                'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE') then
    begin
      perform realtime.emulator_sync_capture();
    exception when others then
      raise warning 'realtime capture sync failed: %', sqlerrm;
    end;
  end if;
  -- Our own checker functions and capture triggers change nothing delivery caches, nor does a grant
  -- or revoke on functions only: each checker is created with a REVOKE, and when that dropped the
  -- caches, every delivery re-read the tables' metadata and re-created its checkers (bench sync
  -- cross_device).
  if tg_tag not in ('CREATE FUNCTION', 'ALTER FUNCTION', 'DROP FUNCTION', 'CREATE TRIGGER',
                    'DROP TRIGGER', 'COMMENT')
     and not (tg_tag in ('GRANT', 'REVOKE')
              and not exists (select 1 from pg_catalog.pg_event_trigger_ddl_commands() c
                              where c.object_type is distinct from 'FUNCTION')) then
    perform pg_notify('${DDL_CHANNEL}', tg_tag);
  end if;
end
$fn$;

-- Broadcast from the database: hosted Realtime reads realtime.messages' inserts from the WAL; here a
-- statement trigger NOTIFYs the ids of each statement's broadcast rows (with their shared inserted_at, so
-- the read back finds one partition), at most 150 ids a notification (a payload stays under NOTIFY's
-- 8000 bytes). Notifications arrive after commit, in commit order, and never for a rolled-back write
-- (the authorisation probes of authorization.ts roll back). The message feed (messages.ts) reads the
-- rows back by id: nothing is written twice.
drop table if exists realtime.emulator_messages;

create or replace function realtime.emulator_queue_messages() returns trigger
language plpgsql security definer set search_path = '' as $fn$
declare
  v_chunk text;
begin
  for v_chunk in
    select m.inserted_at::text || '|' || pg_catalog.string_agg(m.id::text, ',' order by m.n)
    from (select r.id, r.inserted_at, (pg_catalog.row_number() over ()) - 1 as n
          from new_rows r where r.extension = 'broadcast') m
    group by m.inserted_at, m.n / 150
    order by min(m.n)
  loop
    perform pg_notify('${MESSAGES_CHANNEL}', v_chunk);
  end loop;
  return null;
end
$fn$;

do $do$
begin
  if to_regclass('realtime.messages') is not null
     and not exists (select 1 from pg_catalog.pg_trigger
                     where tgrelid = 'realtime.messages'::regclass and tgname = 'emulator_realtime_messages') then
    create trigger emulator_realtime_messages after insert on realtime.messages
      referencing new table as new_rows for each statement execute function realtime.emulator_queue_messages();
  end if;
end
$do$;

-- Hosted's janitor: a partition per day (messages_YYYY_MM_DD) from 3 days back to 3 days ahead, and
-- partitions older than 72 hours dropped. Run at attach and hourly.
create or replace function realtime.emulator_maintain_partitions() returns void
language plpgsql security definer set search_path = '' as $fn$
declare
  v_today date := (pg_catalog.now() at time zone 'UTC')::date;
  v_day date;
  v_rel record;
begin
  if to_regclass('realtime.messages') is null then
    return;
  end if;
  for v_day in select g::date from pg_catalog.generate_series(v_today - 3, v_today + 3, interval '1 day') g loop
    if to_regclass('realtime.messages_' || pg_catalog.to_char(v_day, 'YYYY_MM_DD')) is null then
      begin
        execute format('create table realtime.%I partition of realtime.messages for values from (%L) to (%L)',
                       'messages_' || pg_catalog.to_char(v_day, 'YYYY_MM_DD'), v_day::timestamp,
                       (v_day + 1)::timestamp);
      exception when duplicate_table or invalid_object_definition then
        null;
      end;
    end if;
  end loop;
  for v_rel in
    select c.relname from pg_catalog.pg_inherits i
    join pg_catalog.pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'realtime.messages'::regclass
      and c.relname ~ '^messages_[0-9]{4}_[0-9]{2}_[0-9]{2}$'
      and pg_catalog.to_date(substr(c.relname, 10), 'YYYY_MM_DD') < v_today - 3
  loop
    execute format('drop table realtime.%I', v_rel.relname);
  end loop;
end
$fn$;

revoke all on function realtime.emulator_queue_messages() from public;
revoke all on function realtime.emulator_maintain_partitions() from public;
revoke all on function realtime.emulator_capture() from public;
revoke all on function realtime.emulator_sync_capture() from public;
revoke all on function realtime.emulator_on_ddl() from public;
`;

/** Event triggers need a superuser; without one the delivery loop re-scans on a timer instead. */
export const EVENT_TRIGGER_SQL = `
do $do$
begin
  if not exists (select 1 from pg_catalog.pg_event_trigger where evtname = 'emulator_realtime_ddl') then
    create event trigger emulator_realtime_ddl on ddl_command_end
      execute function realtime.emulator_on_ddl();
  end if;
end
$do$;
`;
