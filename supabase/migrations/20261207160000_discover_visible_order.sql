-- No side channels in "Discover people" (issue 34, item 6).
--
-- discover_people ranked a candidate first when the candidate's home gyms (owner-only by RLS) shared one
-- with mine (20261126141000). Every candidate is a stranger (friends are never discovered again), so the
-- order told a stranger where someone trains: set my home gyms to X, see who jumps to the top. Now the
-- first tier is a candidate whose chosen gym (profiles.current_gym_id, shown on their public profile and
-- in this very result) is one of my home gyms or my own chosen gym: the same "people of my gyms first",
-- from what the candidate shows. The friends-of-friends tier stays: it reads only friendships the viewer
-- may see (a friend whose list is visible to me, and a candidate who is public). Then level, then id.
-- So a stranger's result depends on nothing visibility hides; changing hidden rows (a candidate's home
-- gyms) never moves anyone. Same signature and columns.

create or replace function private.discover_people(p_limit integer default 20, p_offset integer default 0,
  p_search text default null)
returns table(card public.profile_card, current_gym_id text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_gyms text[];
  v_friends uuid[];
  v_page uuid[];
begin
  -- My gyms: my home gyms and the gym I show. Mine to use; the candidates' side is only what they show.
  v_gyms := array(select h.gym_id from public.home_gyms h where h.user_id = v_uid and not h._deleted
                  union
                  select p.current_gym_id from public.profiles p where p.id = v_uid and p.current_gym_id is not null);
  v_friends := array(select f.friend_id from public.friendships f
                     where f.user_id = v_uid and not f._deleted and private.can_view(f.friend_id));
  v_page := array(
    select p.id
    from public.profiles p
    where p.visibility = 'public' and not p._deleted and p.id <> v_uid
      and not exists (select 1 from public.friendships f where f.user_id = v_uid and f.friend_id = p.id and not f._deleted)
      and (p_search is null or btrim(p_search) = '' or strpos(lower(p.username), lower(btrim(p_search))) > 0)
    order by
      case when p.current_gym_id = any (v_gyms) then 0
           when exists (select 1 from public.friendships f
                        where f.friend_id = p.id and not f._deleted and f.user_id = any (v_friends)) then 1
           else 2 end,
      p.level desc, p.id
    limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0));
  return query
    select c, p.current_gym_id
    from unnest(v_page) with ordinality as page(id, n)
    join private.profile_cards(v_page, v_uid) c on c.id = page.id
    join public.profiles p on p.id = page.id
    order by page.n;
end
$$;
