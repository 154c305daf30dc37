-- A statement timeout for the API roles (issue 17: one slow anonymous request held every other request).
--
-- The values are hosted Supabase's defaults (docs: "Timeouts"), written down here so every database the
-- migrations build has them, the emulator's included. PostgREST applies the impersonated role's settings
-- to each request's transaction (`set local role` alone would not), and so does the emulator's REST
-- service (supabase/emulator/src/db/request-context.ts, createRoleSettings). A cancelled statement answers
-- SQLSTATE 57014 with HTTP 500, as PostgREST does.

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
