-- Friend requests, flexes (encouragement on an activity) and requests to join a friend's workout.
--
-- These rows belong to two users, so instead of user_id they name both sides (sender/receiver,
-- sender/recipient, requester/owner); each side reads its rows. Clients create them through the
-- intent RPCs (or a plain insert: the same validating triggers run either way) and change only
-- `status`; who may make which transition is checked by triggers.

create table public.friend_requests (
  id text primary key default gen_random_uuid()::text check (char_length(id) between 8 and 64),
  sender_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  receiver_id uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'cancelled')),
  created_at timestamptz not null default now(),
  responded_at timestamptz,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (sender_id <> receiver_id)
);
-- At most one pending request per pair, in either direction.
create unique index friend_requests_pending_pair_key on public.friend_requests
  (least(sender_id, receiver_id), greatest(sender_id, receiver_id)) where status = 'pending';
create index friend_requests_receiver_idx on public.friend_requests (receiver_id, status);
create index friend_requests_sender_idx on public.friend_requests (sender_id, status);
create index friend_requests_modified_idx on public.friend_requests (_modified, id);

-- One flex per sender and activity; recipient = the activity's owner (set by trigger).
create table public.flexes (
  id text primary key check (char_length(id) between 8 and 64),
  sender_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  activity_id text not null references public.activities (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  unique (sender_id, activity_id)
);
create index flexes_activity_idx on public.flexes (activity_id);
create index flexes_recipient_idx on public.flexes (recipient_id);
create index flexes_modified_idx on public.flexes (_modified, id);

-- On accept the requester gets a copy of the workout, id "join-<request id>" (copy_workout_id);
-- replace_workout_id names the requester's clashing workout to soft-delete then.
create table public.workout_join_requests (
  id text primary key check (char_length(id) between 8 and 64),
  workout_id text not null references public.workouts (id) on delete cascade,
  requester_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  owner_id uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined')),
  replace_workout_id text references public.workouts (id) on delete set null,
  copy_workout_id text,
  created_at timestamptz not null default now(),
  responded_at timestamptz,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (requester_id <> owner_id)
);
create unique index workout_join_requests_pending_key on public.workout_join_requests (workout_id, requester_id)
  where status = 'pending';
create index workout_join_requests_workout_idx on public.workout_join_requests (workout_id);
create index workout_join_requests_requester_idx on public.workout_join_requests (requester_id);
create index workout_join_requests_owner_idx on public.workout_join_requests (owner_id, status);
create index workout_join_requests_replace_idx on public.workout_join_requests (replace_workout_id);
create index workout_join_requests_modified_idx on public.workout_join_requests (_modified, id);

-- policies and privileges ---------------------------------------------------------------------------
alter table public.friend_requests enable row level security;
alter table public.flexes enable row level security;
alter table public.workout_join_requests enable row level security;

create policy "friend_requests: both sides read" on public.friend_requests
  for select to authenticated using (sender_id = (select auth.uid()) or receiver_id = (select auth.uid()));
create policy "friend_requests: sender creates" on public.friend_requests
  for insert to authenticated with check (sender_id = (select auth.uid()) and status = 'pending');
create policy "friend_requests: both sides respond" on public.friend_requests
  for update to authenticated
  using (sender_id = (select auth.uid()) or receiver_id = (select auth.uid()))
  with check (sender_id = (select auth.uid()) or receiver_id = (select auth.uid()));

create policy "flexes: both sides read" on public.flexes
  for select to authenticated using (sender_id = (select auth.uid()) or recipient_id = (select auth.uid()));
create policy "flexes: sender creates" on public.flexes
  for insert to authenticated with check (sender_id = (select auth.uid()));

create policy "workout_join_requests: both sides read" on public.workout_join_requests
  for select to authenticated using (requester_id = (select auth.uid()) or owner_id = (select auth.uid()));
create policy "workout_join_requests: requester creates" on public.workout_join_requests
  for insert to authenticated with check (requester_id = (select auth.uid()) and status = 'pending');
create policy "workout_join_requests: owner responds" on public.workout_join_requests
  for update to authenticated using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));

revoke all on public.friend_requests, public.flexes, public.workout_join_requests from anon, authenticated;
grant select on public.friend_requests, public.flexes, public.workout_join_requests to authenticated;
grant insert (id, sender_id, receiver_id) on public.friend_requests to authenticated;
grant update (status) on public.friend_requests to authenticated;
grant insert (id, sender_id, activity_id) on public.flexes to authenticated;
grant insert (id, workout_id, requester_id, replace_workout_id) on public.workout_join_requests to authenticated;
grant update (status) on public.workout_join_requests to authenticated;
