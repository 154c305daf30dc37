-- Whoever sends me a friend request shows me who they are (issue 18). A pending request's receiver may
-- read the sender's profile card through get_public_profile, whatever the sender's visibility: the sender
-- chose to contact this person, and the receiver cannot answer a request from a nameless "A Spotter
-- member" (the request card offers Accept only beside a name). The card seen this way leaves out where
-- the sender is now (current gym): presence stays for friends (friends-only) or no one (private).
-- Once the request is answered or cancelled the ordinary rule applies again. Nobody else gains anything:
-- only the sender can create the request, so only the sender's own card is revealed, and only to the
-- person asked.
--
-- The body is the one of 20261121100700_rpc_reads_and_push.sql (moved to `private` by
-- 20261126171000_definer_functions_private.sql; `public.get_public_profile` is its invoker wrapper), with
-- the pending-request clause and the current gym left out for it. `create or replace` keeps its owner,
-- grants and comment.
create or replace function private.get_public_profile(p_slug text default null, p_id uuid default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, xp bigint, current_streak int, best_streak int, visibility text,
  current_gym_id text, current_gym_name text, friend_count int, achievement_ids text[], friendship_status text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_p public.profiles;
  v_by_rule boolean;
  v_asked_me boolean;
begin
  select * into v_p from public.profiles p
  where not p._deleted and ((p_id is not null and p.id = p_id) or (p_slug is not null and p.slug = lower(btrim(p_slug))));
  if not found then
    return;
  end if;
  v_by_rule := coalesce(v_p.id = v_uid or v_p.visibility = 'public'
                        or (v_p.visibility = 'friends' and v_uid is not null and private.are_friends(v_p.id, v_uid)), false);
  v_asked_me := v_uid is not null and exists (
    select 1 from public.friend_requests r
    where r.sender_id = v_p.id and r.receiver_id = v_uid and r.status = 'pending');
  if not (v_by_rule or v_asked_me) then
    return;
  end if;
  return query
    select v_p.id, v_p.username, v_p.discriminator, v_p.slug,
           case when v_uid is null then null else v_p.first_name end,
           case when v_uid is null then null else v_p.last_name end,
           v_p.avatar_id, v_p.profile_picture_url, v_p.level, v_p.xp, v_p.current_streak, v_p.best_streak,
           v_p.visibility,
           case when v_by_rule then v_p.current_gym_id end,
           case when v_by_rule then (select g.name from public.gyms g where g.id = v_p.current_gym_id) end,
           (select count(*)::int from public.friendships f where f.user_id = v_p.id and not f._deleted),
           array(select ua.achievement_id from public.user_achievements ua
                 where ua.user_id = v_p.id and not ua._deleted order by ua.unlocked_at, ua.achievement_id),
           case when v_uid is null then 'none'
                when v_p.id = v_uid then 'self'
                when private.are_friends(v_uid, v_p.id) then 'friend'
                when exists (select 1 from public.friend_requests r where r.sender_id = v_uid
                               and r.receiver_id = v_p.id and r.status = 'pending') then 'request_sent'
                when v_asked_me then 'request_received'
                else 'none' end;
end
$$;
