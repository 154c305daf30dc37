-- A rate limit on writes through the Data API (issue 17: "rate limits with Retry-After").
--
-- PostgREST calls its `db-pre-request` function at the start of every request's transaction, as the
-- request's role, after the JWT claims and headers are set. Hosted Supabase takes it from the
-- authenticator role's setting below (re-read on NOTIFY pgrst, 'reload config'); the emulator's REST
-- service does the same (supabase/emulator/src/db/request-context.ts).
--
-- What counts: requests of a signed-in user that can write (not GET/HEAD, not a read-only transaction
-- such as a STABLE function's). Anonymous requests can write nothing (every function granted to anon
-- reads), and the body cap and anon's 3 s statement_timeout bound what they cost; the service role is
-- not limited. A fixed window of one minute holds WRITE_LIMIT requests; the next one in the same minute is
-- answered 429 with `Retry-After` (seconds to the next window) by PostgREST's RAISE SQLSTATE 'PGRST'. The
-- refused request's own count is rolled back with it, so refusals never push the window further out.
--
-- The limit, 600 a minute, is sixty times what the spec's busiest user does (10 events a second at peak)
-- and more than a device replaying a long offline queue sends (pushes go 100 rows to a request), so only a
-- runaway or hostile client meets it. The app's sync worker and service worker wait for `Retry-After`.

create schema if not exists request_guard;
comment on schema request_guard is
  'The Data API''s pre-request check (rate limit). Not exposed; only check_request() is callable.';
revoke all on schema request_guard from public;
grant usage on schema request_guard to anon, authenticated, service_role;

create table if not exists request_guard.write_counts (
  subject text not null,
  window_start timestamptz not null,
  requests int not null,
  primary key (subject, window_start)
);
revoke all on request_guard.write_counts from public, anon, authenticated, service_role;

create or replace function request_guard.check_request() returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  write_limit constant int := 600;
  claims jsonb := coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb;
  current_window timestamptz := date_trunc('minute', now());
  who text;
  used int;
  retry_after int;
begin
  if coalesce(current_setting('request.method', true), 'GET') in ('GET', 'HEAD', 'OPTIONS')
     or current_setting('transaction_read_only') = 'on'
     or coalesce(claims ->> 'role', '') <> 'authenticated'
     or claims ->> 'sub' is null then
    return;
  end if;
  who := claims ->> 'sub';
  insert into request_guard.write_counts as c (subject, window_start, requests)
  values (who, current_window, 1)
  on conflict (subject, window_start) do update set requests = c.requests + 1
  returning c.requests into used;
  if used = 1 then
    -- A new window: the subject's earlier ones are done with.
    delete from request_guard.write_counts where subject = who and window_start < current_window;
  end if;
  if used > write_limit then
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
revoke all on function request_guard.check_request() from public;
grant execute on function request_guard.check_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request = 'request_guard.check_request';
notify pgrst, 'reload config';
