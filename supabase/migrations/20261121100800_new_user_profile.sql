-- A new auth user gets a profile (and an empty details row) from this trigger on auth.users.
--
-- username: user_metadata.username (trimmed, '#' removed, cut to 12), else the first name, else the
-- e-mail's local part, else "user"; discriminator: a free 4-digit one for that username; slug:
-- "<username in a-z0-9->-<discriminator>", made unique; time zone from user_metadata.timezone when valid.
-- security definer: it runs inside GoTrue's insert (as supabase_auth_admin on hosted Supabase), which
-- has no rights on public tables.

create function private.handle_new_user() returns trigger
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
    nullif(btrim(replace(v_meta ->> 'username', '#', '')), ''),
    nullif(btrim(replace(v_meta ->> 'first_name', '#', '')), ''),
    nullif(btrim(replace(split_part(coalesce(new.email, ''), '@', 1), '#', '')), ''),
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
          left(nullif(btrim(v_meta ->> 'first_name'), ''), 50), left(nullif(btrim(v_meta ->> 'last_name'), ''), 50), v_tz);
  insert into public.profile_details (id) values (new.id);
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();
