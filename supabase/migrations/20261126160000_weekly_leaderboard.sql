-- The friends' weekly leaderboard (issue 15, "beyond the spec"; docs/decisions.md, "Weekly leaderboard").
--
-- XP earned this week by the caller and their friends, ranked. The week is the caller's: it starts on
-- Monday 00:00 in the caller's zone (profiles.timezone, as the streak and XP windows use it), so each
-- viewer's board resets at their own Monday midnight and everyone on it is counted over that same span
-- of instants. The server computes the week from its own clock; no client input reaches it.
--
-- Visibility: a friend whose profile is private is left out (no row at all), as in get_feed and
-- get_friends_at_gym: a private user's progress is shown to nobody but themselves. Friends-only and
-- public friends are listed (the caller is their friend). The caller always has their own row.
-- Ties: equal XP share a rank (rank(), so 1, 1, 3); rows are ordered by XP, then username, then id.
--
-- xp_events are owner-only by RLS, so the sums need definer rights: the body is in `private` (not
-- reachable over the API) and `public.get_weekly_leaderboard` is a security invoker wrapper (issue 17:
-- no security definer function in an exposed schema). It takes no arguments: it answers for auth.uid()
-- only.

-- Summing one member's week reads (user_id, created_at); the flex cap's index starts with source.
create index if not exists xp_events_user_created_idx on public.xp_events (user_id, created_at);

create function private.weekly_leaderboard()
returns table (
  week_start date, user_id uuid, username text, discriminator text, slug text, avatar_id text,
  profile_picture_url text, level int, current_streak int, week_xp int, rank int, is_me boolean)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_zone text;
  v_today date;
  v_week_start date;
  v_from timestamptz;
begin
  select coalesce(p.timezone, 'UTC') into v_zone from public.profiles p where p.id = v_uid;
  v_zone := coalesce(v_zone, 'UTC');
  v_today := (pg_catalog.now() at time zone v_zone)::date;
  -- isodow: Monday 1 .. Sunday 7.
  v_week_start := v_today - (pg_catalog.date_part('isodow', v_today)::int - 1);
  v_from := v_week_start::timestamp at time zone v_zone;
  return query
    with members as (
      select p.id, p.username, p.discriminator, p.slug, p.avatar_id, p.profile_picture_url, p.level,
             p.current_streak, p.id = v_uid as is_me
      from public.profiles p
      where not p._deleted
        and (p.id = v_uid
             or (p.visibility <> 'private'
                 and exists (select 1 from public.friendships f
                             where f.user_id = v_uid and f.friend_id = p.id and not f._deleted)))
    ),
    totals as (
      select m.*,
             coalesce((select sum(x.amount) from public.xp_events x
                       where x.user_id = m.id and not x._deleted and x.created_at >= v_from), 0)::int as xp
      from members m
    )
    select v_week_start, t.id, t.username, t.discriminator, t.slug, t.avatar_id, t.profile_picture_url,
           t.level, t.current_streak, t.xp,
           (pg_catalog.rank() over (order by t.xp desc))::int, t.is_me
    from totals t
    order by t.xp desc, t.username, t.id;
end
$$;

create function public.get_weekly_leaderboard()
returns table (
  week_start date, user_id uuid, username text, discriminator text, slug text, avatar_id text,
  profile_picture_url text, level int, current_streak int, week_xp int, rank int, is_me boolean)
language sql stable security invoker set search_path = ''
as $$
  select * from private.weekly_leaderboard()
$$;

revoke execute on function private.weekly_leaderboard() from public, anon;
grant execute on function private.weekly_leaderboard() to authenticated, service_role;
revoke execute on function public.get_weekly_leaderboard() from public, anon;
grant execute on function public.get_weekly_leaderboard() to authenticated, service_role;
