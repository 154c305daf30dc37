-- Friend requests sent from the offline queue (issue 14). The client records add_friend_by_handle and
-- send_friend_request as ledger intents; the sync worker, or the service worker's replay of a request
-- it queued, may deliver one more than once. The first signatures refuse a second delivery ('Friend
-- request already exists', or 'You are already friends' once the receiver accepted), so a request that
-- did arrive would come back as a refusal. New overloads take the client's id (p_id): the first
-- delivery stores the request under that id and remembers its answer; a later delivery by the same
-- sender gets the same answer and changes nothing. The one-argument signatures stay as they were
-- (PostgREST picks the overload by the argument names sent, so old clients keep working).

-- The answer of each delivered send, by client id. Answer 2 ("they had asked me: friends now") leaves no
-- request row of that id behind, so the row alone could not tell a replay from a new send.
create table private.friend_request_sends (
  id text primary key check (char_length(id) between 8 and 64),
  sender_id uuid not null references public.profiles (id) on delete cascade,
  result int not null check (result in (1, 2)),
  created_at timestamptz not null default now()
);
alter table private.friend_request_sends enable row level security;

-- security definer: the table is not the caller's to read or write; both act on the caller's rows only.
create function private.friend_send_result(p_id text) returns int
language sql stable security definer set search_path = ''
as $$
  select s.result from private.friend_request_sends s where s.id = p_id and s.sender_id = auth.uid()
$$;

create function private.record_friend_send(p_id text, p_result int) returns void
language sql security definer set search_path = ''
as $$
  insert into private.friend_request_sends (id, sender_id, result) values (p_id, auth.uid(), p_result)
  on conflict (id) do nothing
$$;

revoke execute on function private.friend_send_result(text), private.record_friend_send(text, int) from public, anon;
grant execute on function private.friend_send_result(text), private.record_friend_send(text, int)
  to authenticated, service_role;

-- Returns 1 when a request was sent, 2 when the receiver had already asked us and we are now friends;
-- a replay of p_id returns the first delivery's answer.
create or replace function public.send_friend_request(p_receiver_id uuid, p_id text) returns int
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_result int;
begin
  if p_id is null or char_length(p_id) not between 8 and 64 then
    raise exception 'Failed to send friend request' using errcode = 'SPF08';
  end if;
  -- Two deliveries at once (the queue's replay and a retry): the second waits, then sees the first.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('friend_send:' || p_id));
  v_result := private.friend_send_result(p_id);
  if v_result is not null then
    return v_result;
  end if;
  if p_receiver_id = v_uid then
    raise exception 'You cannot add yourself as a friend' using errcode = 'SPF01';
  end if;
  if p_receiver_id is null or not private.profile_exists(p_receiver_id) then
    raise exception 'User not found' using errcode = 'SPF04';
  end if;
  if private.are_friends(v_uid, p_receiver_id) then
    raise exception 'You are already friends' using errcode = 'SPF02';
  end if;
  update public.friend_requests r set status = 'accepted'
  where r.sender_id = p_receiver_id and r.receiver_id = v_uid and r.status = 'pending';
  if found then
    perform private.record_friend_send(p_id, 2);
    return 2;
  end if;
  begin
    insert into public.friend_requests (id, sender_id, receiver_id) values (p_id, v_uid, p_receiver_id);
  exception when unique_violation then
    raise exception 'Friend request already exists' using errcode = 'SPF03';
  end;
  perform private.record_friend_send(p_id, 1);
  return 1;
end
$$;

-- "username#1234" (the product ID), with the client's id. Same answers as send_friend_request.
create or replace function public.add_friend_by_handle(p_handle text, p_id text) returns int
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_match text[] := pg_catalog.regexp_match(coalesce(p_handle, ''), '^\s*(.+)#([0-9]{4})\s*$');
  v_id uuid;
  v_result int;
begin
  -- A replay answers first: the handle may have changed owner since the first delivery.
  v_result := private.friend_send_result(p_id);
  if v_result is not null then
    return v_result;
  end if;
  if v_match is null then
    raise exception 'User not found' using errcode = 'SPF04';
  end if;
  v_id := private.find_user_by_handle(v_match[1], v_match[2]);
  if v_id is null then
    raise exception 'User not found' using errcode = 'SPF04';
  end if;
  if v_id = v_uid then
    raise exception 'You cannot add yourself as a friend' using errcode = 'SPF01';
  end if;
  return public.send_friend_request(v_id, p_id);
end
$$;

revoke execute on function public.send_friend_request(uuid, text), public.add_friend_by_handle(text, text)
  from public, anon;
grant execute on function public.send_friend_request(uuid, text), public.add_friend_by_handle(text, text)
  to authenticated, service_role;

-- Which of my friends are at a gym now, for the friends list on /profile (one call for the list instead
-- of get_friends_at_gym per gym). Same rule as get_friends_at_gym (20261126110000): friends only, not
-- private, an open check-in of the last 3 hours; the latest one per friend.
create or replace function public.get_friends_checked_in()
returns table (user_id uuid, gym_id text, gym_name text, checked_in_at timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_friends uuid[];
begin
  v_friends := array(select f.friend_id from public.friendships f where f.user_id = v_uid and not f._deleted);
  return query
    select distinct on (c.user_id) c.user_id, c.gym_id, g.name, c.checked_in_at
    from public.check_ins c
    join public.profiles p on p.id = c.user_id and p.visibility <> 'private' and not p._deleted
    left join public.gyms g on g.id = c.gym_id
    where c.user_id = any(v_friends) and c.checked_out_at is null and not c._deleted
      and c.checked_in_at > pg_catalog.now() - interval '3 hours'
    order by c.user_id, c.checked_in_at desc;
end
$$;
revoke execute on function public.get_friends_checked_in() from public, anon;
grant execute on function public.get_friends_checked_in() to authenticated, service_role;
