-- Writes refused by a rule count toward the write limit (issue 34, item 3).
--
-- request_guard.check_request() (20261127050000_write_rate_limit.sql) counts a user's writes in a table,
-- inside the request's transaction. A write that a rule refuses (an RLS violation, a CHECK, an RPC that
-- raises) rolls its transaction back, and its count with it: a loop of refused writes was never limited,
-- though each one costs the server a transaction. Hosted (PostgREST + PostgreSQL 15) and PGlite alike
-- have no autonomous transactions (no dblink in PGlite, no pg_background hosted); the one thing in core
-- Postgres that a rollback does not undo is a sequence's nextval (and setval). So the attempts are
-- counted in sequences as well, and the table stays as the exact count of the writes that committed.
--
-- A sequence per user is out of the question (a relation each), so the attempts go into a count-min
-- sketch: ROWS = 4 rows of COLS = 256 sequences (request_guard.write_attempts_0000 .. _1023), row d
-- holding the user at column hashtextextended(user id, d) & 255. Each write request (the same ones the
-- table counts: a signed-in user's, not GET/HEAD, not a read-only transaction) takes nextval on its 4
-- cells, refused or not; the smallest of the 4 counts is never below the user's true attempts in the
-- minute, and the request is answered 429 SPQ01 when it passes WRITE_LIMIT (600), as the table's count
-- is. A cell holds minute * 2^32 + count: the first request of a minute that finds an older minute in a
-- cell restarts it with setval (two requests racing there may lose one count at the turn of a minute:
-- an undercount, never a false refusal). The minute is PostgREST's transaction time, as the table's.
--
-- Cost on the hot path: 4 nextval (no row locks, no waits: a sequence is never locked against another
-- request) and, once a minute per cell, a setval. Space: 1024 one-page sequences (8 MB).
--
-- False positives (an honest user refused because others share all 4 of their cells), at a million
-- users. Honest load: if at peak 5% of them write once a minute, 50,000 write requests a minute spread
-- over 256 columns give about 195 per cell, against 600; a cell passes 600 only with a heavy writer in
-- it, and a user is refused only if all 4 cells are past 600 at once (for independent hashes, the
-- product of 4 small probabilities). Attackers: each one looping past 600 a minute fills one cell per
-- row; with H of them, an honest user shares all 4 rows with one with probability about (H/256)^4:
-- 1 attacker 2.3e-10 a user (2.3e-4 users expected among a million), 5 attackers 1.5e-7 (0.15 users),
-- 10 attackers 2.3e-6 (2.3 users). Such a user gets 429 with Retry-After, at most until the minute
-- turns, while the attack lasts; the app's sync worker waits and sends again, nothing is lost. The
-- sketch is sized for that load: at ten times it (500,000 writes a minute, 1950 a cell) every cell would
-- be past the limit and ROWS/COLS must grow (more sequences) before then.
--
-- request_guard.write_attempts(subject) reads the estimate without counting (tests and operators); like
-- everything in request_guard it is not callable by the API roles.

do $$
declare
  i int;
  seq text;
begin
  for i in 0..1023 loop
    seq := format('request_guard.write_attempts_%s', lpad(i::text, 4, '0'));
    execute format('create sequence if not exists %s as bigint no cycle', seq);
    execute format('revoke all on sequence %s from public, anon, authenticated, service_role', seq);
  end loop;
end
$$;

-- The user's 4 cells, row by row.
create or replace function request_guard.write_attempt_cells(p_subject text) returns regclass[]
language sql stable set search_path = ''
as $$
  select pg_catalog.array_agg(
           pg_catalog.format('request_guard.write_attempts_%s',
             pg_catalog.lpad((d * 256 + (pg_catalog.hashtextextended(p_subject, d) & 255))::text, 4, '0')
           )::regclass order by d)
  from pg_catalog.generate_series(0, 3) d
$$;

-- The sketch's estimate of the subject's write attempts this minute, without counting one.
create or replace function request_guard.write_attempts(p_subject text) returns bigint
language sql stable security definer set search_path = ''
as $$
  select coalesce(pg_catalog.min(
           case when (v >> 32) = pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.now()) / 60)::bigint
                then v & 4294967295 else 0 end), 0)
  from pg_catalog.unnest(request_guard.write_attempt_cells(p_subject)) as cell,
       lateral (select coalesce(pg_catalog.pg_sequence_last_value(cell), 0) as v) s
$$;

create or replace function request_guard.check_request() returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  write_limit constant int := 600;
  claims jsonb := coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb;
  current_window timestamptz := date_trunc('minute', now());
  current_minute bigint := floor(date_part('epoch', now()) / 60)::bigint;
  who text;
  used int;
  attempts bigint;
  cell regclass;
  v bigint;
  retry_after int;
begin
  if coalesce(current_setting('request.method', true), 'GET') in ('GET', 'HEAD', 'OPTIONS')
     or current_setting('transaction_read_only') = 'on'
     or coalesce(claims ->> 'role', '') <> 'authenticated'
     or claims ->> 'sub' is null then
    return;
  end if;
  who := claims ->> 'sub';
  -- Every attempt, refused later or not: sequences are not rolled back (see the comment above).
  foreach cell in array request_guard.write_attempt_cells(who) loop
    v := nextval(cell);
    if (v >> 32) < current_minute then
      perform setval(cell, (current_minute << 32) + 1);
      v := 1;
    else
      v := v & 4294967295;
    end if;
    attempts := least(coalesce(attempts, v), v);
  end loop;
  -- The writes that commit, exactly.
  insert into request_guard.write_counts as c (subject, window_start, requests)
  values (who, current_window, 1)
  on conflict (subject, window_start) do update set requests = c.requests + 1
  returning c.requests into used;
  if used = 1 then
    -- A new window: the subject's earlier ones are done with.
    delete from request_guard.write_counts where subject = who and window_start < current_window;
  end if;
  if used > write_limit or attempts > write_limit then
    retry_after := greatest(1, ceil(extract(epoch from (current_window + interval '1 minute' - now())))::int);
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'SPQ01',
        'message', 'Too many requests',
        'details', format('At most %s writes a minute; try again in %s s.', write_limit, retry_after),
        'hint', null
      )::text,
      detail = json_build_object(
        'status', 429,
        'status_text', 'Too Many Requests',
        'headers', json_build_object('Retry-After', retry_after::text)
      )::text;
  end if;
end
$$;

revoke all on function request_guard.write_attempt_cells(text) from public;
revoke all on function request_guard.write_attempts(text) from public;
