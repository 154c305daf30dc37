// Schema lints as catalog queries (our own versions of the checks of supabase/splinter):
// each query lists offenders, and the expectation is an empty list.
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';

const SCHEMAS = `('public', 'private')`;

describeEachEngine('schema lints', (ctx) => {
  const offenders = async (sql: string) => (await ctx.engine().query(sql)).rows;

  it('every public table has RLS enabled', async () => {
    expect(
      await offenders(`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`),
    ).toEqual([]);
  });

  it('no table with RLS enabled lacks a policy', async () => {
    expect(
      await offenders(`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
                         and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`),
    ).toEqual([]);
  });

  it('no policy exists on a table without RLS', async () => {
    expect(
      await offenders(`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and not c.relrowsecurity
                         and exists (select 1 from pg_policy p where p.polrelid = c.oid)`),
    ).toEqual([]);
  });

  it('at most one permissive policy per table, role and command', async () => {
    expect(
      await offenders(`select tablename, r.role, cmd, count(*)::int as n
                       from pg_policies p cross join lateral unnest(p.roles) as r(role)
                       where schemaname = 'public' and permissive = 'PERMISSIVE'
                       group by tablename, r.role, cmd having count(*) > 1`),
    ).toEqual([]);
  });

  it('policies call auth.uid() through (select auth.uid()) so it is evaluated once per statement', async () => {
    expect(
      await offenders(`select tablename, policyname from pg_policies
                       where schemaname = 'public'
                         and (select count(*) from regexp_matches(coalesce(qual, '') || ' ' || coalesce(with_check, ''),
                                                                  'auth\\.uid\\(\\)', 'g'))
                          <> (select count(*) from regexp_matches(coalesce(qual, '') || ' ' || coalesce(with_check, ''),
                                                                  'SELECT auth\\.uid\\(\\)', 'g'))`),
    ).toEqual([]);
  });

  it('every function in public and private sets search_path', async () => {
    expect(
      await offenders(`select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                       where n.nspname in ${SCHEMAS}
                         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`),
    ).toEqual([]);
  });

  it('no security definer function is executable by anon unless commented as anon-intended', async () => {
    expect(
      await offenders(`select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                       where n.nspname in ${SCHEMAS} and p.prosecdef
                         and has_function_privilege('anon', p.oid, 'execute')
                         and coalesce(obj_description(p.oid, 'pg_proc'), '') not like 'anon-intended:%'`),
    ).toEqual([]);
    // ... and the intended one really is reachable for visitors.
    const intended = await offenders(`select 1 from pg_proc
                                        where oid = 'public.get_public_profile(text, uuid)'::regprocedure
                                          and has_function_privilege('anon', oid, 'execute')`);
    expect(intended).toHaveLength(1);
  });

  // splinter's 0028 anon_security_definer_function_executable and 0029
  // authenticated_security_definer_function_executable: a security definer function in a schema PostgREST
  // exposes (pgrst.db_schemas; hosted default 'public, graphql_public') that the role may execute is an
  // RLS bypass anyone reaches through /rest/v1/rpc. Definer bodies live in `private` behind security
  // invoker wrappers (20261126171000_definer_functions_private.sql).
  const EXPOSED = `array(select trim(s) from unnest(string_to_array(
                     coalesce(nullif(current_setting('pgrst.db_schemas', true), ''), 'public, graphql_public'), ',')) s)`;
  for (const role of ['anon', 'authenticated'] as const) {
    it(`${role}_security_definer_function_executable: no definer function in an exposed schema`, async () => {
      expect(
        await offenders(`select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as fn
                         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                         where p.prosecdef and has_function_privilege('${role}', p.oid, 'execute')
                           and n.nspname = any(${EXPOSED})
                           and n.nspname not in ('auth', 'cron', 'extensions', 'graphql', 'graphql_public',
                             'information_schema', 'net', 'pg_catalog', 'pgbouncer', 'realtime', 'storage',
                             'supabase_functions', 'supabase_migrations', 'vault')`),
      ).toEqual([]);
    });
  }

  it('anon cannot execute any private helper nor the write RPCs', async () => {
    expect(
      await offenders(`select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                       where has_function_privilege('anon', p.oid, 'execute')
                         -- the body behind public.get_public_profile (a security invoker wrapper)
                         and p.oid <> 'private.get_public_profile(text, uuid)'::regprocedure
                         and (n.nspname = 'private'
                              or (n.nspname = 'public' and p.proname not in ('xp_needed_for_level', 'total_xp_for_level',
                                  'level_progress', 'level_from_total_xp', 'compute_streaks', 'get_daily_challenge',
                                  'get_public_profile')))`),
    ).toEqual([]);
  });

  it('every foreign key is covered by a full index with the key as leading columns', async () => {
    expect(
      await offenders(`select c.conrelid::regclass::text as tbl, c.conname
                       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
                       where c.contype = 'f' and n.nspname = 'public'
                         and not exists (
                           select 1 from pg_index i
                           where i.indrelid = c.conrelid and i.indpred is null
                             and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
                             and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] <@ c.conkey)`),
    ).toEqual([]);
  });

  it('every public table follows the replication conventions', async () => {
    // _modified timestamptz not null, _deleted boolean not null default false, an index led by
    // (_modified, primary key), the zz_touch_modified trigger, and membership in supabase_realtime.
    expect(
      await offenders(`select c.relname,
                         exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '_modified'
                                   and a.atttypid = 'timestamptz'::regtype and a.attnotnull) as has_modified,
                         exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '_deleted'
                                   and a.atttypid = 'boolean'::regtype and a.attnotnull) as has_deleted,
                         exists (select 1 from pg_index i join pg_index pk on pk.indrelid = c.oid and pk.indisprimary
                                 where i.indrelid = c.oid
                                   and (string_to_array(i.indkey::text, ' ')::int2[])[1] =
                                       (select a.attnum from pg_attribute a where a.attrelid = c.oid and a.attname = '_modified')
                                   and (string_to_array(i.indkey::text, ' ')::int2[])[2] = pk.indkey[0]) as has_index,
                         exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'zz_touch_modified') as has_touch,
                         exists (select 1 from pg_publication_tables pt where pt.pubname = 'supabase_realtime'
                                   and pt.schemaname = 'public' and pt.tablename = c.relname) as published
                       from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and c.relkind = 'r'
                       except
                       select c.relname, true, true, true, true, true
                       from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and c.relkind = 'r'`),
    ).toEqual([]);
  });

  it('clients cannot write server-owned profile columns', async () => {
    const rows = await offenders(`select column_name from information_schema.column_privileges
                                  where table_schema = 'public' and table_name = 'profiles'
                                    and grantee in ('authenticated', 'anon') and privilege_type = 'UPDATE'
                                  order by column_name`);
    expect(rows.map((r) => (r as { column_name: string }).column_name)).toEqual([
      'avatar_id',
      'current_gym_id',
      'first_name',
      'last_name',
      'profile_picture_url',
      'timezone',
      'username',
      'visibility',
    ]);
  });
});
