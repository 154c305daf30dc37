-- The username check of profiles_before_write reads other people's rows (is this name#1234 taken?). Since
-- 20261207161000 the profiles table shows a signed-in user only their own row, so with the caller's rights
-- the check found no clash and the update failed on profiles_handle_key instead of picking a free
-- discriminator. It runs with its owner's rights, like private.free_discriminator beside it. A trigger
-- function cannot be called directly, and this one reads only what it decides on.
alter function private.profiles_before_write() security definer;
