-- gyms, profiles (one per auth user), owner-only profile details, friendships and the visibility rule.
--
-- Visibility of a user (profiles.visibility):
--   public  : every signed-in user can find and see the profile, friends list and activities;
--   friends : only friends see them;
--   private : only the user.
-- private.can_view(owner) is that rule; profiles inline it for speed. Personal details (phone, birth
-- date, body measures, goals) live in profile_details, readable by the owner alone, because RLS works
-- per row: a public profile row would otherwise expose them to every signed-in user.

create table public.gyms (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{2,80}$'),
  name text not null check (char_length(name) between 1 and 120),
  address text not null check (char_length(address) <= 200),
  postal_code text check (char_length(postal_code) <= 12),
  city text not null check (char_length(city) <= 80),
  country text not null check (country ~ '^[A-Z]{2}$'),
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  verified boolean not null default false,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create index gyms_modified_idx on public.gyms (_modified, id);
create index gyms_city_idx on public.gyms (country, city) where verified;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null check (char_length(username) between 1 and 12 and position('#' in username) = 0),
  discriminator text not null check (discriminator ~ '^[0-9]{4}$'),
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,40}$'),
  first_name text check (char_length(first_name) <= 50),
  last_name text check (char_length(last_name) <= 50),
  avatar_id text check (avatar_id ~ '^avatar[1-9]$'),
  profile_picture_url text check (char_length(profile_picture_url) <= 2048),
  level int not null default 1,
  xp bigint not null default 0,
  current_streak int not null default 0,
  best_streak int not null default 0,
  current_gym_id text references public.gyms (id) on delete set null,
  visibility text not null default 'public' check (visibility in ('public', 'friends', 'private')),
  timezone text not null default 'UTC' check (char_length(timezone) <= 64),
  last_active_at timestamptz,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create unique index profiles_handle_key on public.profiles (lower(username), discriminator);
create index profiles_modified_idx on public.profiles (_modified, id);
create index profiles_current_gym_idx on public.profiles (current_gym_id);
create index profiles_public_idx on public.profiles (level desc, id) where visibility = 'public';

create table public.profile_details (
  id uuid primary key references public.profiles (id) on delete cascade,
  birth_date date check (birth_date between date '1900-01-01' and date '2100-01-01'),
  gender text check (char_length(gender) <= 30),
  height_cm numeric(5, 1) check (height_cm between 50 and 275),
  weight_kg numeric(5, 1) check (weight_kg between 20 and 500),
  target_weight_kg numeric(5, 1) check (target_weight_kg between 20 and 500),
  primary_goal text check (char_length(primary_goal) <= 60),
  secondary_goal text check (char_length(secondary_goal) <= 60),
  preferred_workout_time text check (char_length(preferred_workout_time) <= 30),
  workout_duration_min int check (workout_duration_min between 5 and 600),
  fitness_level text check (fitness_level in ('beginner', 'intermediate', 'advanced', 'expert')),
  phone text check (char_length(phone) <= 32),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create index profile_details_modified_idx on public.profile_details (_modified, id);

-- Symmetric: one row per direction, so "my friends" is an index range on user_id. id = user:friend.
create table public.friendships (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  friend_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  check (user_id <> friend_id),
  check (id = user_id::text || ':' || friend_id::text),
  unique (user_id, friend_id)
);
create index friendships_friend_idx on public.friendships (friend_id, user_id);
create index friendships_modified_idx on public.friendships (_modified, id);

-- access helpers ------------------------------------------------------------------------------------
-- security definer: they read profiles/friendships, whose own policies call them (no recursion, and
-- the visibility of a row must not depend on the visibility of another). They answer only about the
-- calling user (auth.uid()), so they reveal nothing a policy would not.

-- plpgsql rather than sql: policies call these once per row, and a security definer SQL function is
-- neither inlined nor plan-cached, while plpgsql keeps its plans for the session (about 5x faster).
create function private.are_friends(a uuid, b uuid) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  return exists (select 1 from public.friendships f where f.user_id = a and f.friend_id = b and not f._deleted);
end
$$;

create function private.can_view(p_owner uuid) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if p_owner = v_uid then
    return true;
  end if;
  return exists (
    select 1 from public.profiles p
    where p.id = p_owner and not p._deleted
      and (p.visibility = 'public'
           or (p.visibility = 'friends' and v_uid is not null
               and exists (select 1 from public.friendships f
                           where f.user_id = p_owner and f.friend_id = v_uid and not f._deleted))));
end
$$;

-- Friends-only data (workouts, presence): the owner, or a friend unless the owner is private.
create function private.shares_with_me(p_owner uuid) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if p_owner = v_uid then
    return true;
  end if;
  return v_uid is not null
    and exists (select 1 from public.friendships f where f.user_id = p_owner and f.friend_id = v_uid and not f._deleted)
    and exists (select 1 from public.profiles p where p.id = p_owner and p.visibility <> 'private' and not p._deleted);
end
$$;

create function private.profile_exists(p_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.profiles p where p.id = p_id and not p._deleted)
$$;

create function private.find_user_by_handle(p_username text, p_discriminator text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select p.id from public.profiles p
  where lower(p.username) = lower(btrim(p_username)) and p.discriminator = btrim(p_discriminator) and not p._deleted
$$;

grant execute on function private.are_friends(uuid, uuid), private.can_view(uuid), private.shares_with_me(uuid),
  private.profile_exists(uuid), private.find_user_by_handle(text, text) to authenticated, service_role;

-- profile rules -------------------------------------------------------------------------------------

create function private.is_valid_timezone(p_tz text) returns boolean
language sql stable security invoker set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names where name = p_tz)
$$;
grant execute on function private.is_valid_timezone(text) to authenticated, service_role;

-- A free discriminator for a username: random first, then the lowest free one.
create function private.free_discriminator(p_username text, p_except uuid) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v text;
begin
  for i in 1..20 loop
    v := lpad((floor(random() * 10000))::int::text, 4, '0');
    if not exists (select 1 from public.profiles p
                   where lower(p.username) = lower(p_username) and p.discriminator = v
                     and p.id is distinct from p_except) then
      return v;
    end if;
  end loop;
  select lpad(g::text, 4, '0') into v
  from pg_catalog.generate_series(0, 9999) g
  where not exists (select 1 from public.profiles p
                    where lower(p.username) = lower(p_username) and p.discriminator = lpad(g::text, 4, '0')
                      and p.id is distinct from p_except)
  order by g limit 1;
  if v is null then
    raise exception 'No free discriminator for this username' using errcode = 'SPV02';
  end if;
  return v;
end
$$;
grant execute on function private.free_discriminator(text, uuid) to authenticated, service_role;

create function private.profiles_before_write() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  new.username := btrim(new.username);
  if tg_op = 'INSERT' or new.username is distinct from old.username then
    new.username := left(new.username, 12);
    if new.username = '' then
      raise exception 'Username must not be empty' using errcode = 'SPV01';
    end if;
    if tg_op = 'INSERT' or exists (select 1 from public.profiles p
                                   where lower(p.username) = lower(new.username)
                                     and p.discriminator = new.discriminator and p.id <> new.id) then
      if tg_op = 'UPDATE' or new.discriminator is null then
        new.discriminator := private.free_discriminator(new.username, new.id);
      end if;
    end if;
  end if;
  if new.current_gym_id is not null and (tg_op = 'INSERT' or new.current_gym_id is distinct from old.current_gym_id)
     and not exists (select 1 from public.gyms g where g.id = new.current_gym_id and g.verified and not g._deleted) then
    raise exception 'Gym not found' using errcode = 'SPG01';
  end if;
  if (tg_op = 'INSERT' or new.timezone is distinct from old.timezone) and not private.is_valid_timezone(new.timezone) then
    raise exception 'Unknown time zone: %', new.timezone using errcode = 'SPV01';
  end if;
  return new;
end
$$;

create trigger profiles_before_write before insert or update on public.profiles
  for each row execute function private.profiles_before_write();

-- policies and privileges ---------------------------------------------------------------------------

alter table public.gyms enable row level security;
alter table public.profiles enable row level security;
alter table public.profile_details enable row level security;
alter table public.friendships enable row level security;

create policy "gyms: signed-in users read verified gyms" on public.gyms
  for select to authenticated using (verified);

create policy "profiles: visible per visibility" on public.profiles
  for select to authenticated using (
    id = (select auth.uid())
    or (not _deleted and (visibility = 'public'
        or (visibility = 'friends' and private.are_friends(id, (select auth.uid()))))));
create policy "profiles: owner updates own row" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

create policy "profile_details: owner reads" on public.profile_details
  for select to authenticated using (id = (select auth.uid()));
create policy "profile_details: owner updates" on public.profile_details
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- Friends lists follow the owner's visibility; the friend sees the row too.
create policy "friendships: per owner visibility" on public.friendships
  for select to authenticated using (
    user_id = (select auth.uid()) or friend_id = (select auth.uid()) or private.can_view(user_id));

revoke all on public.gyms, public.profiles, public.profile_details, public.friendships from anon, authenticated;
grant select on public.gyms, public.profiles, public.profile_details, public.friendships to authenticated;
-- Server-owned: id, level, xp, streaks, discriminator, slug, last_active_at, created_at, _modified, _deleted.
grant update (username, first_name, last_name, avatar_id, profile_picture_url, current_gym_id, visibility, timezone)
  on public.profiles to authenticated;
grant update (birth_date, gender, height_cm, weight_kg, target_weight_kg, primary_goal, secondary_goal,
  preferred_workout_time, workout_duration_min, fitness_level, phone) on public.profile_details to authenticated;
