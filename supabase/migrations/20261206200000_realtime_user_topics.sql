-- Live updates on private Broadcast channels (issue 33): who may join which topic.
--
-- Every signed-in device joins one private channel, `user:<own id>`. Hosted Realtime authorises a private
-- join by the joining user's RLS on realtime.messages (a SELECT as the user, with realtime.topic() set
-- to the topic), and a client's send by an INSERT as the user. So:
-- - a signed-in user may receive on their own topic only (broadcast; presence is not used);
-- - nobody may send: there is no INSERT policy, every message comes from the database's triggers
--   (20261206200100_live_topic_senders.sql), which run as the migration owner and bypass RLS;
-- - anon has no policy at all: no private channel.
--
-- realtime.messages and its RLS switch belong to hosted Realtime (its owner is supabase_realtime_admin):
-- a migration may only create policies on it (supautils allows exactly that); never ALTER it.

create policy "realtime: a user receives on their own topic" on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and (select realtime.topic()) = 'user:' || (select auth.uid())::text
  );
