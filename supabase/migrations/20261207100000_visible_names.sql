-- Names that cannot impersonate (issue 34, item 7): usernames, first and last names hold no control
-- characters (Unicode Cc), no format characters (Cf: bidi embeddings, overrides and isolates, zero-width
-- space/joiners, soft hyphen, word joiner, BOM, tags) and no other invisible characters (combining
-- grapheme joiner, Hangul fillers, Braille blank, variation selectors, Khmer inherent vowels, Mongolian
-- free variation selectors, line and paragraph separators), so `name#1234` always shows as what it is.
--
-- PostgreSQL's regular expressions know no Unicode categories (\p{Cf}), so the class is spelled out from
-- Unicode 15's Cc and Cf lists plus the invisible letters and marks above; private.invisible_chars() is
-- the one place it is written.
--
-- A profile write (REST update, or any other path) with such a character is refused with SPV03 ("Names
-- cannot contain invisible or control characters") by a BEFORE trigger, and a CHECK constraint holds the
-- same rule underneath. A sign-up's metadata is cleaned instead (private.handle_new_user strips them):
-- a sign-up must not fail on a name it derives. Existing rows are cleaned first, one row per statement so
-- that profiles_before_write gives a username that now equals another user's handle a free discriminator.

create function private.invisible_chars() returns text
language sql immutable parallel safe security invoker set search_path = ''
as $$
  select '[\u0001-\u001f\u007f-\u009f\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2'
      || '\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164'
      || '\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f'
      || '\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
$$;

-- true when the text holds a control, format or other invisible character.
create function private.has_invisible_chars(p text) returns boolean
language sql immutable parallel safe security invoker set search_path = ''
as $$
  select p ~ private.invisible_chars()
$$;

-- The text without those characters.
create function private.strip_invisible_chars(p text) returns text
language sql immutable parallel safe security invoker set search_path = ''
as $$
  select regexp_replace(p, private.invisible_chars(), '', 'g')
$$;

revoke execute on function private.invisible_chars() from public, anon;
revoke execute on function private.has_invisible_chars(text) from public, anon;
revoke execute on function private.strip_invisible_chars(text) from public, anon;
-- The CHECK constraint below runs them as the writing role.
grant execute on function private.invisible_chars() to authenticated, service_role;
grant execute on function private.has_invisible_chars(text) to authenticated, service_role;
grant execute on function private.strip_invisible_chars(text) to authenticated, service_role;

-- 1. Clean the rows there are.
do $$
declare
  r record;
  v_name text;
begin
  for r in select p.id, p.username, p.first_name, p.last_name from public.profiles p
           where private.has_invisible_chars(p.username) or private.has_invisible_chars(p.first_name)
              or private.has_invisible_chars(p.last_name)
  loop
    v_name := btrim(private.strip_invisible_chars(r.username));
    update public.profiles
       set username = case when v_name = '' then 'user' else v_name end,
           first_name = nullif(btrim(private.strip_invisible_chars(r.first_name)), ''),
           last_name = nullif(btrim(private.strip_invisible_chars(r.last_name)), '')
     where id = r.id;
  end loop;
end
$$;

-- 2. Refuse them from now on, with a code the app translates.
create function private.profiles_names_visible() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  if private.has_invisible_chars(new.username) or private.has_invisible_chars(new.first_name)
     or private.has_invisible_chars(new.last_name) then
    raise exception 'Names cannot contain invisible or control characters' using errcode = 'SPV03';
  end if;
  return new;
end
$$;
revoke execute on function private.profiles_names_visible() from public, anon;

-- Named to run after profiles_before_write (triggers fire in name order), on the trimmed username.
create trigger profiles_names_visible before insert or update of username, first_name, last_name
  on public.profiles for each row execute function private.profiles_names_visible();

alter table public.profiles add constraint profiles_names_visible check (
  not private.has_invisible_chars(username)
  and not coalesce(private.has_invisible_chars(first_name), false)
  and not coalesce(private.has_invisible_chars(last_name), false));

-- 3. A sign-up's metadata is cleaned, not refused (the body of 20261121100800 with the names stripped).
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_name text;
  v_disc text;
  v_slug text;
  v_tz text := nullif(btrim(v_meta ->> 'timezone'), '');
begin
  v_name := coalesce(
    nullif(btrim(replace(private.strip_invisible_chars(v_meta ->> 'username'), '#', '')), ''),
    nullif(btrim(replace(private.strip_invisible_chars(v_meta ->> 'first_name'), '#', '')), ''),
    nullif(btrim(replace(private.strip_invisible_chars(split_part(coalesce(new.email, ''), '@', 1)), '#', '')), ''),
    'user');
  v_name := btrim(left(v_name, 12));
  v_disc := private.free_discriminator(v_name, new.id);
  v_slug := btrim(regexp_replace(lower(v_name), '[^a-z0-9]+', '-', 'g'), '-');
  v_slug := case when v_slug = '' then 'user' else v_slug end || '-' || v_disc;
  if exists (select 1 from public.profiles p where p.slug = v_slug) then
    v_slug := v_slug || '-' || left(replace(new.id::text, '-', ''), 8);
  end if;
  if v_tz is null or not private.is_valid_timezone(v_tz) then
    v_tz := 'UTC';
  end if;
  insert into public.profiles (id, username, discriminator, slug, first_name, last_name, timezone)
  values (new.id, v_name, v_disc, v_slug,
          left(nullif(btrim(private.strip_invisible_chars(v_meta ->> 'first_name')), ''), 50),
          left(nullif(btrim(private.strip_invisible_chars(v_meta ->> 'last_name')), ''), 50), v_tz);
  insert into public.profile_details (id) values (new.id);
  return new;
end
$$;
