-- The fan-out bound of live updates (issue 33): a user has at most 500 friends.
--
-- Each write a user's friends may see is sent at write time to each friend's private topic
-- (20261206200100_live_topic_senders.sql), so the friend count is the cost of such a write: one
-- realtime.messages row per friend, inserted in the writing transaction, and one delivery per friend
-- device. 500 keeps the worst write at 501 messages (docs/architecture.md, "Capacity", has the measured
-- cost). Accepting a request that would give either side a 501st friend is refused with SPF09
-- ("Friend limit reached"), which the app shows as a refused request; nothing above the bound is ever
-- sent. One user's friendship changes are serialised, so two accepts at once cannot both pass at 499.

create function private.friendships_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new._deleted or (tg_op = 'UPDATE' and not old._deleted) then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('friend_limit:' || new.user_id::text));
  if (select count(*) from public.friendships f
      where f.user_id = new.user_id and not f._deleted and f.id <> new.id) >= 500 then
    raise exception 'Friend limit reached' using errcode = 'SPF09';
  end if;
  return new;
end
$$;
revoke execute on function private.friendships_limit() from public, anon, authenticated;

create trigger friendships_limit before insert or update of _deleted on public.friendships
  for each row execute function private.friendships_limit();
