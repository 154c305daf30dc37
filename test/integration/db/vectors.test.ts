// @clock-sensitive: streak and level cases by day
// The server's level curve and streak rule against the shared vectors (test/vectors/README.md): the
// same files the TypeScript domain passes, checked here in SQL in one query per vector set.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';

const levels = JSON.parse(
  readFileSync(new URL('../../vectors/levels.json', import.meta.url), 'utf8'),
) as Record<string, unknown[]>;
const streaks = JSON.parse(
  readFileSync(new URL('../../vectors/streaks.json', import.meta.url), 'utf8'),
) as unknown[];

describeEachEngine('level and streak vectors in SQL', (ctx) => {
  it('xp_needed_for_level matches every need (1..300 and the spot checks beyond)', async () => {
    const rows = [...(levels.needs ?? []), ...(levels.needsBeyond300 ?? [])];
    expect(rows.length).toBeGreaterThan(300);
    const bad = await ctx.engine().query(
      `select v.level, v.need, public.xp_needed_for_level(v.level) as got
       from jsonb_to_recordset($1::jsonb) as v(level int, need bigint)
       where public.xp_needed_for_level(v.level) is distinct from v.need`,
      [JSON.stringify(rows)],
    );
    expect(bad.rows).toEqual([]);
  });

  it('total_xp_for_level matches every total', async () => {
    const rows = [...(levels.totals ?? []), ...(levels.totalsBeyond300 ?? [])];
    const bad = await ctx.engine().query(
      `select v.level, v.total, public.total_xp_for_level(v.level) as got
       from jsonb_to_recordset($1::jsonb) as v(level int, total bigint)
       where public.total_xp_for_level(v.level) is distinct from v.total`,
      [JSON.stringify(rows)],
    );
    expect(bad.rows).toEqual([]);
  });

  it('level_progress and level_from_total_xp match every fromTotal case', async () => {
    const rows = levels.fromTotal ?? [];
    expect(rows.length).toBeGreaterThan(900);
    const bad = await ctx.engine().query(
      `select v.total, v.level, lp.level as got_level, lp.xp_into_level, lp.xp_for_next, lp.progress_percent
       from jsonb_to_recordset($1::jsonb) as v(total bigint, level int, "xpIntoLevel" bigint, "xpForNext" bigint,
                                               "progressPercent" int)
       cross join lateral public.level_progress(v.total) lp
       where (lp.level, lp.xp_into_level, lp.xp_for_next, lp.progress_percent)
               is distinct from (v.level, v."xpIntoLevel", v."xpForNext", v."progressPercent")
          or public.level_from_total_xp(v.total) <> v.level`,
      [JSON.stringify(rows)],
    );
    expect(bad.rows).toEqual([]);
  });

  it('compute_streaks with today in the user time zone matches every streak case', async () => {
    expect(streaks.length).toBeGreaterThan(20);
    // judgedDay, bridgedDays and recordBest are optional in the file (absent: none).
    const bad = await ctx.engine().query(
      `select c.name, t.today::text as today, s.current_streak, s.best_streak, c.expected
       from jsonb_to_recordset($1::jsonb) as c(name text, "timeZone" text, now timestamptz, "coveredDays" jsonb,
                                              "judgedDay" date, "bridgedDays" jsonb, "recordBest" int,
                                              expected jsonb)
       cross join lateral (select (c.now at time zone c."timeZone")::date as today) t
       cross join lateral public.compute_streaks(
         array(select d::date from jsonb_array_elements_text(c."coveredDays") d), t.today, c."judgedDay",
         array(select d::date from jsonb_array_elements_text(coalesce(c."bridgedDays", '[]')) d),
         c."recordBest") s
       where t.today::text <> c.expected ->> 'today'
          or s.current_streak <> (c.expected ->> 'current')::int
          or s.best_streak <> (c.expected ->> 'best')::int`,
      [JSON.stringify(streaks)],
    );
    expect(bad.rows).toEqual([]);
  });

  it('the two-argument compute_streaks is the same rule without floor, bridges or record', async () => {
    const plain = streaks.filter(
      (c) =>
        typeof c === 'object' &&
        c !== null &&
        !('judgedDay' in c) &&
        !('bridgedDays' in c) &&
        !('recordBest' in c),
    );
    expect(plain.length).toBeGreaterThan(20);
    const bad = await ctx.engine().query(
      `select c.name
       from jsonb_to_recordset($1::jsonb) as c(name text, "timeZone" text, now timestamptz, "coveredDays" jsonb,
                                              expected jsonb)
       cross join lateral public.compute_streaks(
         array(select d::date from jsonb_array_elements_text(c."coveredDays") d),
         (c.now at time zone c."timeZone")::date) s
       where s.current_streak <> (c.expected ->> 'current')::int
          or s.best_streak <> (c.expected ->> 'best')::int`,
      [JSON.stringify(plain)],
    );
    expect(bad.rows).toEqual([]);
  });
});
