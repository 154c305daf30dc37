-- discover_people (issue 14): the spec's order was not kept. It listed public profiles by level only;
-- discovery is meant to show members of my home gyms first, then friends of my friends, then everyone
-- else who is public. Same signature and columns as 20261121100700, so callers do not change.
--
-- security definer: the ranking reads other users' home_gyms (owner-only by RLS) and my friends'
-- friendships. It reveals only a rank order of profiles that are public anyway, and a friend's friends
-- count only when I may see that friend's friends list (private.can_view: a private friend's list is
-- theirs alone). The candidate filter is the old one: public, not deleted, not me, not yet my friend.

create or replace function public.discover_people(p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, current_streak int, current_gym_id text, friendship_status text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_gyms text[];
  v_friends uuid[];
begin
  v_gyms := array(select h.gym_id from public.home_gyms h where h.user_id = v_uid and not h._deleted);
  v_friends := array(select f.friend_id from public.friendships f
                     where f.user_id = v_uid and not f._deleted and private.can_view(f.friend_id));
  return query
    select p.id, p.username, p.discriminator, p.slug, p.first_name, p.last_name, p.avatar_id, p.profile_picture_url,
           p.level, p.current_streak, p.current_gym_id,
           case when exists (select 1 from public.friend_requests r where r.sender_id = v_uid
                               and r.receiver_id = p.id and r.status = 'pending') then 'request_sent'
                when exists (select 1 from public.friend_requests r where r.sender_id = p.id
                               and r.receiver_id = v_uid and r.status = 'pending') then 'request_received'
                else 'none' end
    from public.profiles p
    where p.visibility = 'public' and not p._deleted and p.id <> v_uid
      and not exists (select 1 from public.friendships f where f.user_id = v_uid and f.friend_id = p.id and not f._deleted)
      and (p_search is null or btrim(p_search) = '' or strpos(lower(p.username), lower(btrim(p_search))) > 0)
    order by
      case when exists (select 1 from public.home_gyms h
                        where h.user_id = p.id and not h._deleted and h.gym_id = any (v_gyms)) then 0
           when exists (select 1 from public.friendships f
                        where f.friend_id = p.id and not f._deleted and f.user_id = any (v_friends)) then 1
           else 2 end,
      p.level desc, p.id
    limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0);
end
$$;

revoke execute on function public.discover_people(int, int, text) from public, anon;
grant execute on function public.discover_people(int, int, text) to authenticated, service_role;
