-- Storage uploads count (issue 34, item 3): at most 30 avatar uploads (new files, replacements, moves) per
-- user and clock hour.
--
-- The app uploads one picture when the user picks one (src/features/profile/data/profile-picture.ts); 30
-- an hour is a cap no one picking pictures meets, and it keeps a hostile account from making Storage write
-- and delete files in a loop (each upload is a blob written, and an old one deleted). The 5-file folder
-- cap (20261207110000_row_and_file_quotas.sql) bounds what is kept; this bounds the churn.
--
-- In the policies, as the folder cap is: hosted Supabase lets a project add policies on storage.objects,
-- not triggers, and hosted Storage and the emulator's both write the row as the caller, so both obey them.
-- The insert policy and the update policy (an upsert asks both, a move and a replacement the second) end
-- with private.count_upload(), which counts the upload in private.upload_counts and refuses the 31st of
-- the hour with SQLSTATE 42501 and a message naming SPQ02. Storage answers 42501 with 403 AccessDenied
-- and passes a message that is not the generic row-level-security one on to the client (storage-api:
-- src/storage/database/errors.ts), so the app can tell this refusal from others and say why.
--
-- A refused upload counts nothing (its transaction rolls back), nor does Storage's permission probe (run
-- and rolled back before the bytes are read). An upsert that asks both policies in one statement is
-- counted once: the count keeps the transaction that made it (`last_tx`).

create table private.upload_counts (
  user_id uuid not null,
  window_start timestamptz not null,
  uploads int not null,
  last_tx bigint not null,
  primary key (user_id, window_start)
);
alter table private.upload_counts enable row level security;
revoke all on private.upload_counts from public, anon, authenticated, service_role;

-- security definer: the caller may not write the counts; it counts the caller's own uploads only.
create function private.count_upload() returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  upload_limit constant int := 30;
  v_uid uuid := auth.uid();
  v_window timestamptz := pg_catalog.date_trunc('hour', pg_catalog.now());
  v_tx bigint := pg_catalog.txid_current();
  v_used int;
begin
  if v_uid is null then
    return false;
  end if;
  insert into private.upload_counts as c (user_id, window_start, uploads, last_tx)
  values (v_uid, v_window, 1, v_tx)
  on conflict (user_id, window_start) do update
    set uploads = c.uploads + case when c.last_tx = excluded.last_tx then 0 else 1 end,
        last_tx = excluded.last_tx
  returning c.uploads into v_used;
  if v_used = 1 then
    -- A new hour: the user's earlier ones are done with.
    delete from private.upload_counts where user_id = v_uid and window_start < v_window;
  end if;
  if v_used > upload_limit then
    raise exception 'SPQ02: At most % uploads an hour', upload_limit
      using errcode = '42501',
            hint = 'Try again after the hour turns.';
  end if;
  return true;
end
$$;
revoke execute on function private.count_upload() from public, anon;
grant execute on function private.count_upload() to authenticated;

alter policy "avatars: owner uploads into own folder" on storage.objects
  with check (bucket_id = 'avatars'
              and (storage.foldername(name))[1] = (select auth.uid())::text
              and pg_catalog.array_length(storage.foldername(name), 1) = 1
              and private.avatar_upload_allowed(name)
              and private.count_upload());
alter policy "avatars: owner replaces own files" on storage.objects
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars'
              and (storage.foldername(name))[1] = (select auth.uid())::text
              and pg_catalog.array_length(storage.foldername(name), 1) = 1
              and private.count_upload());
