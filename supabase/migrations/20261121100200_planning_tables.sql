-- What a user plans and does: home gyms, workouts, rest days, check-ins, settings, push subscriptions.
--
-- All rows carry client-generated text ids (UUIDv7 from the client, or deterministic where the id is
-- the rule: rest_days "<user>:<day>", home_gyms "<user>:<gym>", user_settings "<user>"), a user_id, and
-- the replication columns _modified/_deleted (soft delete; no client hard-deletes replicated rows).
-- The server-side effects (XP, streaks, feed, achievements) are wired in the server_logic migration.

create table public.home_gyms (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  gym_id text not null references public.gyms (id) on delete cascade,
  position smallint not null check (position between 1 and 3),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (id = user_id::text || ':' || gym_id),
  unique (user_id, gym_id)
);
create unique index home_gyms_position_key on public.home_gyms (user_id, position) where not _deleted;
create index home_gyms_gym_idx on public.home_gyms (gym_id);
create index home_gyms_modified_idx on public.home_gyms (_modified, id);

create table public.workouts (
  id text primary key check (char_length(id) between 8 and 64),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  type text not null check (type in ('strength', 'cardio', 'flexibility', 'sports', 'yoga', 'pilates', 'hiit', 'crossfit')),
  preset text check (preset in ('push_day', 'pull_day', 'leg_day', 'full_body', 'cardio')),
  title text check (char_length(title) <= 100),
  date date not null check (date between date '2000-01-01' and date '2100-12-31'),
  time time,
  duration_min int check (duration_min between 1 and 1440),
  notes text check (char_length(notes) <= 2000),
  reminder_min int check (reminder_min between 0 and 10080),
  joined_from text references public.workouts (id) on delete set null,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create index workouts_user_date_idx on public.workouts (user_id, date) where not _deleted;
create index workouts_user_idx on public.workouts (user_id);
create index workouts_joined_from_idx on public.workouts (joined_from);
create index workouts_modified_idx on public.workouts (_modified, id);

create table public.rest_days (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  confirmed_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (id = user_id::text || ':' || day::text),
  unique (user_id, day)
);
create index rest_days_modified_idx on public.rest_days (_modified, id);

-- Present now at a gym: checked_out_at is null, not deleted, and checked_in_at within the last 3 hours.
create table public.check_ins (
  id text primary key check (char_length(id) between 8 and 64),
  user_id uuid not null references public.profiles (id) on delete cascade,
  gym_id text not null references public.gyms (id) on delete cascade,
  checked_in_at timestamptz not null default now(),
  checked_out_at timestamptz,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (checked_out_at is null or checked_out_at >= checked_in_at)
);
create index check_ins_present_idx on public.check_ins (gym_id, checked_in_at desc)
  where checked_out_at is null and not _deleted;
create index check_ins_gym_idx on public.check_ins (gym_id);
create index check_ins_user_idx on public.check_ins (user_id, checked_in_at desc);
create index check_ins_modified_idx on public.check_ins (_modified, id);

create table public.user_settings (
  id text primary key,
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  theme text not null default 'system' check (theme in ('light', 'dark', 'system')),
  language text not null default 'en' check (language in ('en', 'de', 'it')),
  push_enabled boolean not null default false,
  haptics_enabled boolean not null default true,
  sound_enabled boolean not null default true,
  walkthrough_done boolean not null default false,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (id = user_id::text)
);
create index user_settings_modified_idx on public.user_settings (_modified, id);

create table public.push_subscriptions (
  id text primary key check (char_length(id) between 8 and 64),
  user_id uuid not null references public.profiles (id) on delete cascade,
  endpoint text not null unique check (endpoint ~ '^https://' and char_length(endpoint) <= 1000),
  p256dh text not null check (char_length(p256dh) <= 200),
  auth text not null check (char_length(auth) <= 100),
  user_agent text check (char_length(user_agent) <= 300),
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create index push_subscriptions_user_idx on public.push_subscriptions (user_id);
create index push_subscriptions_modified_idx on public.push_subscriptions (_modified, id);

-- policies and privileges ---------------------------------------------------------------------------
alter table public.home_gyms enable row level security;
alter table public.workouts enable row level security;
alter table public.rest_days enable row level security;
alter table public.check_ins enable row level security;
alter table public.user_settings enable row level security;
alter table public.push_subscriptions enable row level security;

create policy "home_gyms: owner reads" on public.home_gyms
  for select to authenticated using (user_id = (select auth.uid()));
create policy "home_gyms: owner inserts" on public.home_gyms
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "home_gyms: owner updates" on public.home_gyms
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Friends see workouts (to join them) unless the owner is private.
create policy "workouts: owner and friends read" on public.workouts
  for select to authenticated using (user_id = (select auth.uid()) or private.shares_with_me(user_id));
create policy "workouts: owner inserts" on public.workouts
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "workouts: owner updates" on public.workouts
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "rest_days: owner reads" on public.rest_days
  for select to authenticated using (user_id = (select auth.uid()));
create policy "rest_days: owner inserts" on public.rest_days
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "rest_days: owner updates" on public.rest_days
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Presence follows the same rule as workouts.
create policy "check_ins: owner and friends read" on public.check_ins
  for select to authenticated using (user_id = (select auth.uid()) or private.shares_with_me(user_id));
create policy "check_ins: owner inserts" on public.check_ins
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "check_ins: owner updates" on public.check_ins
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "user_settings: owner reads" on public.user_settings
  for select to authenticated using (user_id = (select auth.uid()));
create policy "user_settings: owner inserts" on public.user_settings
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "user_settings: owner updates" on public.user_settings
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "push_subscriptions: owner reads" on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "push_subscriptions: owner inserts" on public.push_subscriptions
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "push_subscriptions: owner updates" on public.push_subscriptions
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "push_subscriptions: owner deletes" on public.push_subscriptions
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.home_gyms, public.workouts, public.rest_days, public.check_ins, public.user_settings,
  public.push_subscriptions from anon, authenticated;
grant select on public.home_gyms, public.workouts, public.rest_days, public.check_ins, public.user_settings,
  public.push_subscriptions to authenticated;
grant insert (id, user_id, gym_id, position, _deleted) on public.home_gyms to authenticated;
grant update (position, _deleted) on public.home_gyms to authenticated;
grant insert (id, user_id, type, preset, title, date, time, duration_min, notes, reminder_min, joined_from,
  created_at, _deleted) on public.workouts to authenticated;
grant update (type, preset, title, date, time, duration_min, notes, reminder_min, _deleted)
  on public.workouts to authenticated;
grant insert (id, user_id, day) on public.rest_days to authenticated;
grant update (_deleted) on public.rest_days to authenticated;
grant insert (id, user_id, gym_id, checked_in_at) on public.check_ins to authenticated;
grant update (checked_out_at) on public.check_ins to authenticated;
grant insert (id, user_id, theme, language, push_enabled, haptics_enabled, sound_enabled, walkthrough_done, _deleted)
  on public.user_settings to authenticated;
grant update (theme, language, push_enabled, haptics_enabled, sound_enabled, walkthrough_done, _deleted)
  on public.user_settings to authenticated;
grant insert (id, user_id, endpoint, p256dh, auth, user_agent) on public.push_subscriptions to authenticated;
grant update (p256dh, auth, user_agent, _deleted) on public.push_subscriptions to authenticated;
grant delete on public.push_subscriptions to authenticated;
