-- Quotas on rows and files (issue 34, item 5).
--
-- 1. At most 10 live workouts per user and date. A real user plans one or two a day; 10 is a cap nobody
--    meets, and it keeps a hostile account from storing hundreds on one date (each one is a feed entry
--    for every friend and a row every device pulls). A BEFORE trigger holds it for every path: a REST
--    insert, push_workouts (which rejects that row alone with the code, so the queue goes on), a moved
--    or undeleted workout, and the copy an accepted join request makes for the requester. The 11th is
--    refused with SPW07 ("At most 10 workouts per day"). One user's writes on one date are serialised
--    (an advisory lock), so two inserts at once cannot both pass at 9.
--
-- 2. The avatars bucket: each user has one folder, "<uid>/", with files directly in it (no subfolders),
--    and at most 5 files. The app uploads the new picture under a new name and then deletes the old one
--    (src/features/profile/data/profile-picture.ts), so a user has one file, two for a moment, and a few
--    more only when deletes failed; a 6th upload is refused by the insert policy (Storage answers 403),
--    replacing a file of the same name (upsert) is always allowed. Policies rather than a trigger:
--    hosted Supabase lets a project add policies on storage.objects, not triggers.

create function private.workouts_per_day_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new._deleted then
    return new;
  end if;
  if tg_op = 'UPDATE' and not old._deleted and old.date = new.date and old.user_id = new.user_id then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('workouts_per_day:' || new.user_id::text || ':' || new.date::text));
  if (select count(*) from public.workouts w
      where w.user_id = new.user_id and w.date = new.date and not w._deleted and w.id <> new.id) >= 10 then
    raise exception 'At most 10 workouts per day' using errcode = 'SPW07';
  end if;
  return new;
end
$$;
revoke execute on function private.workouts_per_day_limit() from public, anon, authenticated;

create trigger workouts_per_day_limit before insert or update of date, user_id, _deleted on public.workouts
  for each row execute function private.workouts_per_day_limit();

-- true while the caller has fewer than 5 files in their avatars folder, not counting p_name (an upsert
-- of an existing name replaces it). security definer: it counts the caller's own files only, and the
-- count must not depend on which of them a select policy shows.
create function private.avatar_upload_allowed(p_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return false;
  end if;
  return (select count(*) from storage.objects o
          where o.bucket_id = 'avatars' and o.name like v_uid::text || '/%' and o.name <> p_name) < 5;
end
$$;
revoke execute on function private.avatar_upload_allowed(text) from public, anon;
grant execute on function private.avatar_upload_allowed(text) to authenticated;

alter policy "avatars: owner uploads into own folder" on storage.objects
  with check (bucket_id = 'avatars'
              and (storage.foldername(name))[1] = (select auth.uid())::text
              and pg_catalog.array_length(storage.foldername(name), 1) = 1
              and private.avatar_upload_allowed(name));
alter policy "avatars: owner replaces own files" on storage.objects
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars'
              and (storage.foldername(name))[1] = (select auth.uid())::text
              and pg_catalog.array_length(storage.foldername(name), 1) = 1);
