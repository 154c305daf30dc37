-- get_feed reads far fewer index entries: a lower bound on the page's timestamps first, then only the
-- authors who can reach it. Same signature, result and rules as before (20261121100700).
--
-- Why: the first version read up to p_limit rows of every author (4,000+ index entries for a reader with
-- 200 friends) and sorted them all to keep 20. Now: (1) each author's newest row before the cursor (one
-- index probe each); (2) T = the p_limit-th newest of those timestamps, so at least p_limit rows are at or
-- after T and every row of the page is at or after T; (3) only authors whose newest row is at or after T
-- are read, and only their rows at or after T. The bench (`npm run bench -- db`) measures it.

create or replace function public.get_feed(
  p_limit int default 20, p_before_created_at timestamptz default null, p_before_id text default null)
returns table (
  id text, user_id uuid, kind text, workout_id text, gym_id text, achievement_id text, friend_id uuid,
  challenge_id text, level int, created_at timestamptz,
  username text, discriminator text, slug text, avatar_id text, profile_picture_url text,
  workout_type text, workout_title text, workout_date date, workout_time time,
  gym_name text, achievement_name text, friend_username text,
  flex_count int, flexed_by_me boolean)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_before timestamptz := coalesce(p_before_created_at, 'infinity'::timestamptz);
  v_before_id text := case when p_before_created_at is null then '' else coalesce(p_before_id, '') end;
  v_authors uuid[];
begin
  v_authors := array(
    select f.friend_id from public.friendships f
    join public.profiles fp on fp.id = f.friend_id and not fp._deleted and fp.visibility <> 'private'
    where f.user_id = v_uid and not f._deleted
  ) || v_uid;
  return query
    with newest as (
      select au.author_id,
             (select y.created_at from public.activities y
              where y.user_id = au.author_id and not y._deleted and (y.created_at, y.id) < (v_before, v_before_id)
              order by y.created_at desc, y.id desc
              limit 1) as at
      from pg_catalog.unnest(v_authors) as au(author_id)
    ),
    bound as (
      select coalesce(
        (select n.at from newest n where n.at is not null order by n.at desc offset v_limit - 1 limit 1),
        '-infinity'::timestamptz) as t
    ),
    keys as (
      select x.id from newest n cross join bound b
      cross join lateral (
        select y.id, y.created_at from public.activities y
        where y.user_id = n.author_id and not y._deleted
          and (y.created_at, y.id) < (v_before, v_before_id) and y.created_at >= b.t
        order by y.created_at desc, y.id desc
        limit v_limit
      ) x
      where n.at >= b.t
      order by x.created_at desc, x.id desc
      limit v_limit
    ),
    page as (
      select y.* from keys k join public.activities y on y.id = k.id
    )
    select a.id, a.user_id, a.kind, a.workout_id, a.gym_id, a.achievement_id, a.friend_id, a.challenge_id, a.level,
           a.created_at, p.username, p.discriminator, p.slug, p.avatar_id, p.profile_picture_url,
           w.type, w.title, w.date, w.time, g.name, ach.name, fr.username,
           (select count(*)::int from public.flexes fx where fx.activity_id = a.id and not fx._deleted),
           exists (select 1 from public.flexes fx where fx.activity_id = a.id and fx.sender_id = v_uid)
    from page a
    join public.profiles p on p.id = a.user_id
    left join public.workouts w on w.id = a.workout_id
    left join public.gyms g on g.id = a.gym_id
    left join public.achievements ach on ach.id = a.achievement_id
    left join public.profiles fr on fr.id = a.friend_id
    order by a.created_at desc, a.id desc;
end
$$;
