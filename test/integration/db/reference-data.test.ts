// @clock-sensitive: current_date, streaks
// Reference data is a migration: `supabase db push` (migrations, no seed.sql) alone gives a working app,
// with the verified gyms, the 37 daily challenges and the achievements; and the upserts are idempotent.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Engine } from '../../../supabase/emulator/src/db/engine';
import { applySchema, listMigrations } from '../../../supabase/emulator/src/db/migrate';
import { openEmptyEngine } from '../../support/engines';

const REFERENCE_MIGRATION = '20261126170000';

/** Every reference row with its _modified, to see that a second run touches none. */
const SNAPSHOT = `
  select 'gym' as kind, id, _modified::text as modified, to_jsonb(g) - '_modified' - 'created_at' as row
    from public.gyms g
  union all
  select 'challenge', challenge_id, _modified::text, to_jsonb(c) - '_modified' from public.daily_challenges c
  union all
  select 'achievement', id, _modified::text, to_jsonb(a) - '_modified' from public.achievements a
  order by 1, 2`;

for (const kind of ['pglite', 'postgres'] as const) {
  const available = kind === 'pglite' || inject('pg15') !== null;
  describe.skipIf(!available)(`reference data from migrations alone [${kind}]`, () => {
    let current: { engine: Engine; dispose(): Promise<void> } | null = null;
    const engine = () => {
      if (!current) throw new Error(`${kind} engine is not open`);
      return current.engine;
    };

    beforeAll(async () => {
      current = await openEmptyEngine(kind);
      const { seeded } = await applySchema(engine(), { seed: false });
      expect(seeded).toBe(false);
    }, 120_000);
    afterAll(async () => {
      await current?.dispose();
    });

    it('has the 64 verified gyms in 10 cities', async () => {
      const { rows } = await engine().query<{ n: number; cities: number; unverified: number }>(
        `select count(*)::int as n, count(distinct city)::int as cities,
                count(*) filter (where not verified or _deleted)::int as unverified
         from public.gyms`,
      );
      expect(rows[0]).toEqual({ n: 64, cities: 10, unverified: 0 });
    });

    it("has the spec's 37 daily challenges in positions 1..37 with points by difficulty", async () => {
      const { rows } = await engine().query<{ challenge_id: string; position: number; points: number }>(
        `select challenge_id, position, points from public.daily_challenges
         where not ((difficulty = 'easy' and points = 10) or (difficulty = 'medium' and points = 15)
                    or (difficulty = 'hard' and points = 20))`,
      );
      expect(rows).toEqual([]);
      const positions = await engine().query<{ position: number }>(
        'select position from public.daily_challenges order by position',
      );
      expect(positions.rows.map((r) => r.position)).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
      // get_daily_challenge walks this catalogue (it falls back to the plank when it is empty): 37 days
      // in a row give all 37 challenges.
      const days = await engine().query<{ n: number }>(
        `select count(distinct d.challenge_id)::int as n
         from generate_series(0, 36) as i, lateral public.get_daily_challenge(current_date + i) as d`,
      );
      expect(days.rows[0]?.n).toBe(37);
    });

    it('has every achievement the unlock triggers refer to', async () => {
      const { rows } = await engine().query<{ id: string }>(
        'select id from public.achievements order by position',
      );
      expect(rows.map((r) => r.id)).toEqual([
        'first_workout',
        'first_rest_day',
        'streak_3',
        'streak_7',
        'streak_30',
        'streak_100',
        'level_5',
        'level_10',
        'level_25',
        'first_friend',
        'first_flex',
        'first_check_in',
        'check_ins_10',
        'daily_challenges_7',
        'first_join',
      ]);
    });

    it('applying the reference migration again changes nothing', async () => {
      const migration = (await listMigrations()).find((m) => m.version === REFERENCE_MIGRATION);
      if (!migration) throw new Error(`migration ${REFERENCE_MIGRATION} is missing`);
      const before = (await engine().query(SNAPSHOT)).rows;
      expect(before).toHaveLength(64 + 37 + 15);
      await engine().exec(readFileSync(migration.file, 'utf8'));
      expect((await engine().query(SNAPSHOT)).rows).toEqual(before);
    });

    it('corrects a row that differs (a database seeded from an older seed.sql) and bumps its _modified', async () => {
      const migration = (await listMigrations()).find((m) => m.version === REFERENCE_MIGRATION);
      if (!migration) throw new Error(`migration ${REFERENCE_MIGRATION} is missing`);
      await engine().exec(
        `update public.daily_challenges set name = 'Old wording' where challenge_id = 'plank_60s'`,
      );
      const stale = await engine().query<{ modified: string }>(
        `select _modified::text as modified from public.daily_challenges where challenge_id = 'plank_60s'`,
      );
      await engine().exec(readFileSync(migration.file, 'utf8'));
      const { rows } = await engine().query<{ name: string; changed: boolean }>(
        `select name, _modified > $1::timestamptz as changed from public.daily_challenges where challenge_id = 'plank_60s'`,
        [stale.rows[0]?.modified],
      );
      expect(rows[0]).toEqual({ name: '60s Plank', changed: true });
    });
  });
}
