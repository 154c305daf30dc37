-- Push fan-out is bounded (issue 34, item 2): a user has at most 10 live push subscriptions (devices).
--
-- Every notification of a user with push on is posted once to each of their subscriptions, so without a
-- bound one account could store thousands of endpoints and make the sender post thousands of requests
-- per notification (and a friend's every flex would do so). A new subscription (insert, or undeleting
-- one) beyond the 10th replaces the oldest: the 11th device keeps working and the least recently
-- subscribed one stops receiving push, which is what a user who got a new phone expects; refusing would
-- leave the new device without push for a browser nobody uses any more. Oldest = earliest `created_at`,
-- then `_modified`, then id. The replaced rows are deleted (the client's own delete policy allows the
-- same; send-push deletes gone endpoints the same way). One user's subscriptions are serialised (an
-- advisory lock), so two devices subscribing at once still leave 10. Endpoints were already unique
-- (push_subscriptions_endpoint_key). The sender (supabase/functions/send-push) reads at most 10, newest
-- first, so rows written before this migration or by a path around it cannot make it post more.
-- Existing users above 10 keep their newest 10.

create function private.push_subscriptions_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new._deleted or (tg_op = 'UPDATE' and not old._deleted and old.user_id = new.user_id) then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('push_subscriptions:' || new.user_id::text));
  delete from public.push_subscriptions s
  where s.id in (select o.id from public.push_subscriptions o
                 where o.user_id = new.user_id and not o._deleted and o.id <> new.id
                 order by o.created_at desc, o._modified desc, o.id desc
                 offset 9);
  return new;
end
$$;
revoke execute on function private.push_subscriptions_limit() from public, anon, authenticated;

create trigger push_subscriptions_limit before insert or update of user_id, _deleted on public.push_subscriptions
  for each row execute function private.push_subscriptions_limit();

delete from public.push_subscriptions s
where s.id in (select o.id from (
                 select p.id, row_number() over (partition by p.user_id
                                                 order by p.created_at desc, p._modified desc, p.id desc) as n
                 from public.push_subscriptions p where not p._deleted) o
               where o.n > 10);
