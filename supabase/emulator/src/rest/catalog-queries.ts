/**
 * The catalog queries behind the REST schema cache: relations and columns, keys, functions and type
 * names of schema `public`, read from pg_catalog as the superuser. They run when the cache is
 * (re)loaded, never per request.
 */
export const RELATIONS_SQL = `
select c.relname::text as rel, c.relkind::text as kind, a.attname::text as col,
       format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
       a.atthasdef as has_default, a.attgenerated::text <> '' as generated
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by c.relname, a.attnum`;

export const CONSTRAINTS_SQL = `
select con.conname::text as name, con.contype::text as type, c.relname::text as rel,
       fc.relname::text as ref_rel,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
       array(select a.attname::text from unnest(coalesce(con.confkey, '{}')) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as ref_cols
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class fc on fc.oid = con.confrelid
left join pg_namespace fn on fn.oid = fc.relnamespace
where n.nspname = 'public' and con.contype in ('p', 'f')
  and (con.contype = 'p' or fn.nspname = 'public')
order by con.conname`;

export const FUNCTIONS_SQL = `
select p.proname::text as name, p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
       p.proretset as returns_set, format_type(p.prorettype, null) as ret_type,
       t.typtype::text as ret_typtype, p.provolatile::text as volatility,
       coalesce(p.proargnames, '{}')::text[] as arg_names,
       coalesce(p.proargmodes::text[], '{}') as arg_modes,
       array(select format_type(x.oid, null)
             from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(oid, i)
             order by x.i) as arg_types,
       case when rn.nspname = 'public' and rc.relkind in ('r', 'v', 'm', 'f', 'p')
            then rc.relname::text end as ret_relation,
       (select coalesce(json_agg(json_build_object('name', a.attname,
                 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum), '[]')
          from pg_attribute a
         where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) as ret_columns
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
left join pg_class rc on rc.oid = t.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = 'public' and p.prokind = 'f'
order by p.proname, p.oid`;

/** Type names usable in `::cast`; `format_type` gives the SQL spelling we emit. */
export const TYPES_SQL = `
select t.typname::text as name, format_type(t.oid, null) as sql
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where n.nspname in ('pg_catalog', 'public') and t.typtype in ('b', 'd', 'e', 'r', 'm', 'c')
  and t.typname !~ '^_' and t.typname !~ '^pg_'`;

/**
 * A cheap fingerprint of schema `public`: row counts and the newest row version (xmin) of the
 * catalogs the cache reads. Any DDL changes it; a request naming something that does not exist
 * costs this one query instead of a full reload.
 */
export const FINGERPRINT_SQL = `
select concat_ws(':',
  (select count(*) || '/' || coalesce(max(c.xmin::text::bigint), 0) from pg_class c
     join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'),
  (select count(*) || '/' || coalesce(max(a.xmin::text::bigint), 0) from pg_attribute a
     join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'),
  (select count(*) || '/' || coalesce(max(co.xmin::text::bigint), 0) from pg_constraint co
     join pg_namespace n on n.oid = co.connamespace where n.nspname = 'public'),
  (select count(*) || '/' || coalesce(max(p.xmin::text::bigint), 0) from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
  (select count(*) || '/' || coalesce(max(t.xmin::text::bigint), 0) from pg_type t
     join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'public')
) as fingerprint`;
