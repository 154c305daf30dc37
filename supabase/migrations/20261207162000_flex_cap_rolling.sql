-- The flex XP cap cannot be reset by hopping time zones (issue 34, item 6).
--
-- 20261126110000 paid at most 10 flexes per recipient per day in the recipient's zone. The zone is the
-- recipient's to change (it follows the device), so a farmer with sock-puppet senders could move to a
-- zone whose midnight had just passed and be paid 10 more: about 10 an hour instead of 10 a day. Now the
-- cap is a rolling 24 hours: at most 10 paid flexes in any 24 hours before the flex, whatever zone anyone
-- is in. Chosen over "the recipient's home zone fixed for the day" because it needs no state (which zone,
-- fixed since when) and no zone at all: nothing a client sets can move the window. A real user meets the
-- same cap (10 a day), counted from the last 24 hours instead of from midnight. Unpaid flexes are still
-- recorded and notified as before.

create or replace function private.flexes_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_paid int;
begin
  -- Serialise one recipient's flexes so that two concurrent ones cannot both see room under the cap.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('flex_xp:' || new.recipient_id::text));
  select count(*) into v_paid from public.xp_events x
  where x.user_id = new.recipient_id and x.source = 'flex_received'
    and x.created_at > pg_catalog.now() - interval '24 hours';
  if v_paid < 10 then
    perform private.award_xp(new.recipient_id, 'flex_received', new.sender_id::text || ':' || new.activity_id, 5);
  end if;
  perform private.notify('flex:' || new.sender_id::text || ':' || new.activity_id, new.recipient_id, 'flex_received',
                         new.sender_id, p_activity_id => new.activity_id);
  perform private.unlock_achievements(new.sender_id, 'flexes_given', 1);
  return null;
end
$$;
