-- Server-owned tables: the XP ledger, achievements, the activity feed, notifications and the daily
-- challenge. Clients only read them (no insert/update policies except where a column is user-owned:
-- notifications.is_read/_deleted); rows are written by the server_logic triggers and functions.
-- Ids of server-made rows are deterministic from their source ("<kind>:<source id>"), so a trigger that
-- runs twice for the same fact (a replayed intent) inserts nothing new (on conflict do nothing).

create table public.xp_events (
  id text primary key default gen_random_uuid()::text,
  user_id uuid not null references public.profiles (id) on delete cascade,
  source text not null check (source in ('workout_planned', 'rest_day', 'flex_received', 'daily_challenge')),
  source_id text not null,
  amount int not null check (amount > 0),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  unique (user_id, source, source_id)
);
create index xp_events_modified_idx on public.xp_events (_modified, id);

create table public.achievements (
  id text primary key check (id ~ '^[a-z0-9_]{2,40}$'),
  name text not null,
  description text not null,
  kind text not null check (kind in ('workouts', 'streak', 'level', 'friends', 'flexes_given', 'check_ins',
                                      'daily_challenges', 'rest_days', 'joins')),
  threshold int not null check (threshold > 0),
  position int not null,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create index achievements_kind_idx on public.achievements (kind, threshold);
create index achievements_modified_idx on public.achievements (_modified, id);

create table public.user_achievements (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  achievement_id text not null references public.achievements (id) on delete cascade,
  unlocked_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (id = user_id::text || ':' || achievement_id),
  unique (user_id, achievement_id)
);
create index user_achievements_achievement_idx on public.user_achievements (achievement_id);
create index user_achievements_modified_idx on public.user_achievements (_modified, id);

create table public.daily_challenges (
  challenge_id text primary key check (challenge_id ~ '^[a-z0-9_]{2,60}$'),
  name text not null,
  description text,
  difficulty text not null check (difficulty in ('easy', 'medium', 'hard')),
  points int not null check (points > 0),
  position int not null unique,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create index daily_challenges_modified_idx on public.daily_challenges (_modified, challenge_id);

-- One per user and UTC date; id = "<user>:<completed_on>".
create table public.daily_challenge_completions (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  challenge_id text not null references public.daily_challenges (challenge_id),
  completed_on date not null,
  points int not null,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (id = user_id::text || ':' || completed_on::text),
  unique (user_id, completed_on)
);
create index daily_challenge_completions_challenge_idx on public.daily_challenge_completions (challenge_id);
create index daily_challenge_completions_modified_idx on public.daily_challenge_completions (_modified, id);

-- The feed. kind decides which reference is set.
create table public.activities (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('workout_planned', 'rest_day_confirmed', 'check_in', 'achievement_unlocked',
                                     'level_up', 'new_friend', 'challenge_completed', 'workout_joined')),
  workout_id text references public.workouts (id) on delete cascade,
  gym_id text references public.gyms (id) on delete set null,
  achievement_id text references public.achievements (id) on delete cascade,
  friend_id uuid references public.profiles (id) on delete cascade,
  challenge_id text,
  check_in_id text,
  rest_day_id text,
  level int,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
-- The feed reads each author's newest rows from this index (backward, index-only, with the keyset
-- condition "(created_at, id) < (cursor)" as an index condition); see get_feed.
create index activities_feed_idx on public.activities (user_id, created_at, id) where not _deleted;
create index activities_user_idx on public.activities (user_id);
create index activities_workout_idx on public.activities (workout_id);
create index activities_gym_idx on public.activities (gym_id);
create index activities_achievement_idx on public.activities (achievement_id);
create index activities_friend_idx on public.activities (friend_id);
create index activities_modified_idx on public.activities (_modified, id);

create table public.notifications (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  type text not null check (type in ('workout_joined', 'workout_join_request_received', 'workout_join_request_accepted',
                                     'friend_request_accepted', 'friend_request_received', 'flex_received')),
  actor_id uuid references public.profiles (id) on delete cascade,
  friend_request_id text,
  workout_id text,
  join_request_id text,
  activity_id text,
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create index notifications_user_idx on public.notifications (user_id, created_at desc);
create index notifications_unread_idx on public.notifications (user_id) where not is_read and not _deleted;
create index notifications_actor_idx on public.notifications (actor_id);
create index notifications_modified_idx on public.notifications (_modified, id);

-- policies and privileges ---------------------------------------------------------------------------
alter table public.xp_events enable row level security;
alter table public.achievements enable row level security;
alter table public.user_achievements enable row level security;
alter table public.daily_challenges enable row level security;
alter table public.daily_challenge_completions enable row level security;
alter table public.activities enable row level security;
alter table public.notifications enable row level security;

create policy "xp_events: owner reads" on public.xp_events
  for select to authenticated using (user_id = (select auth.uid()));
create policy "achievements: catalogue is public" on public.achievements
  for select to anon, authenticated using (true);
create policy "user_achievements: per owner visibility" on public.user_achievements
  for select to authenticated using (user_id = (select auth.uid()) or private.can_view(user_id));
create policy "daily_challenges: catalogue is public" on public.daily_challenges
  for select to anon, authenticated using (true);
create policy "daily_challenge_completions: owner reads" on public.daily_challenge_completions
  for select to authenticated using (user_id = (select auth.uid()));
-- Inserts are validated by a trigger (today's challenge, today's UTC date, points from the catalogue).
create policy "daily_challenge_completions: owner inserts" on public.daily_challenge_completions
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "activities: per owner visibility" on public.activities
  for select to authenticated using (user_id = (select auth.uid()) or private.can_view(user_id));
create policy "notifications: owner reads" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
create policy "notifications: owner marks read" on public.notifications
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

revoke all on public.xp_events, public.achievements, public.user_achievements, public.daily_challenges,
  public.daily_challenge_completions, public.activities, public.notifications from anon, authenticated;
grant select on public.achievements, public.daily_challenges to anon, authenticated;
grant select on public.xp_events, public.user_achievements, public.daily_challenge_completions, public.activities,
  public.notifications to authenticated;
grant insert (id, user_id, challenge_id) on public.daily_challenge_completions to authenticated;
grant update (is_read, _deleted) on public.notifications to authenticated;
