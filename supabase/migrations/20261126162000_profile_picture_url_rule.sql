-- A profile picture is a file of the user's own in the avatars bucket (issue 14, security). Until now
-- profiles.profile_picture_url took any URL of up to 2048 characters, so a hostile client could point it
-- at a tracking pixel that every friend's browser (feed, friends list, gym presence) then loaded. The
-- client only ever writes the public URL supabase-js builds for an upload into "<uid>/" (getPublicUrl in
-- sync-worker/core/avatar-storage.ts): <supabase url>/storage/v1/object/public/avatars/<uid>/<uuid>.<ext>.
--
-- A trigger, not a check constraint: rows written before this rule are not rejected retroactively (an
-- update of another column keeps an old URL); only setting or changing the URL to non-null is checked.
-- The origin is https, or http on a loopback host (the local stack and the end-to-end tests). The host is
-- not pinned to one project: the database does not know the URL it is served under. The client renders a
-- picture only from its configured Supabase origin (src/domain/avatars.ts), which closes the rest.
-- 23514 (check_violation) is a 400 through PostgREST, a permanent refusal: the client rolls the edit back
-- and shows 'Failed to update profile picture'.

create or replace function private.profiles_check_picture_url() returns trigger
language plpgsql security invoker set search_path = ''
as $$
declare
  v_name text;
begin
  if new.profile_picture_url is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.profile_picture_url is not distinct from old.profile_picture_url then
    return new;
  end if;
  -- substring(text, pattern) answers the pattern's one capturing group, the file name.
  v_name := pg_catalog.substring(new.profile_picture_url,
    '^(?:https://[A-Za-z0-9.-]+|http://(?:localhost|127\.0\.0\.1|\[::1\]))(?::[0-9]{1,5})?'
    || '/storage/v1/object/public/avatars/' || new.id::text || '/([A-Za-z0-9._-]{1,200})$');
  if v_name is null or v_name ~ '^\.+$' then
    raise exception 'Invalid profile picture URL: it must be a picture in your own folder of the avatars bucket'
      using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger profiles_check_picture_url before insert or update of profile_picture_url on public.profiles
  for each row execute function private.profiles_check_picture_url();

revoke execute on function private.profiles_check_picture_url() from public, anon;
grant execute on function private.profiles_check_picture_url() to authenticated, service_role;
