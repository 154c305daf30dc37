-- profile pictures: the public `avatars` storage bucket and who may write into it.
--
-- Objects are stored as `<user id>/<file name>` (e.g. `8c1e…/avatar.webp`); profiles.profile_picture_url
-- holds the public URL. Anyone may read avatars (the bucket is public, so `<img src>` works without a
-- key); a signed-in user may create, replace and delete objects only inside the folder named after
-- their own user id. Images only (png, jpeg, webp, gif), at most 2 MB, enforced by Storage from the
-- bucket row. Migrations run once, so the policies are created without guards; the bucket insert is
-- idempotent in case the bucket was made by hand in the dashboard first.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'avatars',
  'avatars',
  true,
  2097152,
  array['image/png', 'image/jpeg', 'image/webp', 'image/gif']
)
on conflict (id) do nothing;

create policy "avatars are readable by everyone"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'avatars');

create policy "users add avatars to their own folder"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "users replace avatars in their own folder"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  )
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "users delete avatars in their own folder"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );
