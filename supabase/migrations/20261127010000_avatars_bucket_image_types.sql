-- The avatars bucket takes only what the app uploads (issue 17, user content is inert): the client
-- re-encodes every picked picture as a 256 px WebP, or JPEG where the browser cannot write WebP
-- (src/features/profile/data/resize-photo.ts), and the worker also knows PNG
-- (sync-worker/core/avatar-storage.ts). GIF is no longer accepted: nothing sends it. Supabase Storage
-- enforces these two columns on every upload; 2 MB stays far above a 256 px picture. Files already
-- stored are not touched. An upsert, so it applies the same whether or not the bucket row exists.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
