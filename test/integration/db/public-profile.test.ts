// @clock-sensitive: streaks and the profile's zone
// Public profiles (/u/{slug}, /p/{id}; issue 14): get_public_profile and get_public_activity as a visitor
// (anon), a stranger, a friend and the user, for each visibility. public: everyone sees the card;
// friends: friends and the user; private: the user alone. A hidden profile answers no row at all, the
// same as an unknown one, so a link cannot tell "private" from "does not exist".
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, createUserWith, makeFriends, type Visibility } from './helpers';

const GYM = 'de-berlin-mcfit-alexanderplatz';

interface ProfileRow {
  id: string;
  username: string;
  slug: string;
  first_name: string | null;
  friendship_status: string;
}

describeEachEngine('public profiles', (ctx) => {
  const owners = {} as Record<Visibility, { id: string; slug: string }>;
  let friend: string;
  let stranger: string;

  const profile = (who: string, args: { slug?: string; id?: string }) =>
    ctx.as(who, async (tx) => {
      const { rows } = await tx.query<ProfileRow>('select * from public.get_public_profile($1, $2::uuid)', [
        args.slug ?? null,
        args.id ?? null,
      ]);
      return rows;
    });

  const activity = (who: string, id: string) =>
    ctx.as(who, async (tx) => {
      const { rows } = await tx.query<{ kind: string; gym_name: string | null }>(
        'select kind, gym_name from public.get_public_activity($1)',
        [id],
      );
      return rows;
    });

  beforeAll(async () => {
    const db = ctx.engine();
    for (const visibility of ['public', 'friends', 'private'] as const) {
      const id = await createUserWith(ctx, `pp${visibility}`, visibility);
      const { rows } = await db.query<{ slug: string }>('select slug from public.profiles where id = $1', [
        id,
      ]);
      owners[visibility] = { id, slug: rows[0]!.slug };
    }
    friend = await createUserWith(ctx, 'ppfriend', 'public');
    stranger = await createUserWith(ctx, 'ppstranger', 'public');
    for (const owner of Object.values(owners)) {
      await makeFriends(db, owner.id, friend);
      // A check-in makes a check_in activity (and its first-check-in achievement_unlocked).
      await ctx.as(owner.id, (tx) => tx.query('select public.check_in($1, $2)', [clientId('ci'), GYM]));
      await db.query(
        `insert into public.activities (id, user_id, kind, level) values ($1, $2, 'level_up', 2)`,
        [clientId('act'), owner.id],
      );
    }
  });

  describe('get_public_profile', () => {
    const sees = async (who: string, visibility: Visibility) => {
      const { id, slug } = owners[visibility];
      const bySlug = await profile(who, { slug });
      const byId = await profile(who, { id });
      // Slug and id resolve to the same answer.
      expect(bySlug.map((r) => r.id)).toEqual(byId.map((r) => r.id));
      return bySlug.length === 1 && bySlug[0]!.id === id;
    };

    it('a visitor (anon) sees public profiles only, without names', async () => {
      expect(await sees('anon', 'public')).toBe(true);
      expect(await sees('anon', 'friends')).toBe(false);
      expect(await sees('anon', 'private')).toBe(false);
      const [row] = await profile('anon', { slug: owners.public.slug });
      expect(row).toMatchObject({ first_name: null, friendship_status: 'none' });
    });

    it('a stranger sees public profiles only', async () => {
      expect(await sees(stranger, 'public')).toBe(true);
      expect(await sees(stranger, 'friends')).toBe(false);
      expect(await sees(stranger, 'private')).toBe(false);
    });

    it('a friend sees public and friends-only profiles, not a private one', async () => {
      expect(await sees(friend, 'public')).toBe(true);
      expect(await sees(friend, 'friends')).toBe(true);
      expect(await sees(friend, 'private')).toBe(false);
      const [row] = await profile(friend, { id: owners.friends.id });
      expect(row!.friendship_status).toBe('friend');
    });

    it('the user sees their own profile at every visibility', async () => {
      for (const visibility of ['public', 'friends', 'private'] as const) {
        expect(await sees(owners[visibility].id, visibility)).toBe(true);
        const [row] = await profile(owners[visibility].id, { id: owners[visibility].id });
        expect(row!.friendship_status).toBe('self');
      }
    });

    it('an unknown slug or id answers nothing, like a hidden profile', async () => {
      expect(await profile(stranger, { slug: 'nobody-0000' })).toEqual([]);
      expect(await profile('anon', { id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
      // The slug is matched as the server stores it (lower case, trimmed).
      expect(await profile('anon', { slug: ` ${owners.public.slug.toUpperCase()} ` })).toHaveLength(1);
    });
  });

  describe('get_public_activity', () => {
    const kinds = async (who: string, visibility: Visibility) =>
      (await activity(who, owners[visibility].id)).map((r) => r.kind).sort();

    it('a stranger reads a public user activity without gym presence, nothing of the others', async () => {
      expect(await kinds(stranger, 'public')).toEqual(['achievement_unlocked', 'level_up']);
      expect(await kinds(stranger, 'friends')).toEqual([]);
      expect(await kinds(stranger, 'private')).toEqual([]);
    });

    it('a friend reads public and friends-only activity with check-ins, nothing of a private user', async () => {
      expect(await kinds(friend, 'public')).toEqual(['achievement_unlocked', 'check_in', 'level_up']);
      expect(await kinds(friend, 'friends')).toEqual(['achievement_unlocked', 'check_in', 'level_up']);
      expect(await kinds(friend, 'private')).toEqual([]);
      const rows = await activity(friend, owners.public.id);
      expect(rows.find((r) => r.kind === 'check_in')?.gym_name).toBeTruthy();
    });

    it('the user reads all of their own activity', async () => {
      for (const visibility of ['public', 'friends', 'private'] as const) {
        expect(await kinds(owners[visibility].id, visibility)).toEqual([
          'achievement_unlocked',
          'check_in',
          'level_up',
        ]);
      }
    });

    it('is for members only: a visitor (anon) may not call it', async () => {
      await expect(activity('anon', owners.public.id)).rejects.toThrow(/permission denied/);
    });
  });

  // Flex and Join on the profile (migration 20261126161000): the planned workout (Join's target), the
  // flex count and whether I flexed, with the same visibility as before.
  describe('get_public_activity: what Flex and Join need', () => {
    interface SocialRow {
      id: string;
      kind: string;
      workout_id: string | null;
      workout_date: string | null;
      workout_time: string | null;
      flex_count: number;
      flexed_by_me: boolean;
    }
    const social = (who: string, id: string) =>
      ctx.as(who, async (tx) => {
        const { rows } = await tx.query<SocialRow>(
          `select id, kind, workout_id, workout_date::text, workout_time::text, flex_count, flexed_by_me
           from public.get_public_activity($1)`,
          [id],
        );
        return rows;
      });
    let workoutId: string;
    let activityId: string;
    let flexer: string;

    beforeAll(async () => {
      const owner = owners.public.id;
      flexer = await createUserWith(ctx, 'ppflexer', 'public');
      await makeFriends(ctx.engine(), owner, flexer);
      workoutId = clientId('w');
      // Planned for tomorrow in the owner's zone (inside the streak window: it makes its activity).
      await ctx.as(owner, (tx) =>
        tx.query(
          `insert into public.workouts (id, user_id, type, date, time)
           values ($1, $2, 'hiit', (now() at time zone (select timezone from public.profiles where id = $2))::date + 1, '07:30')`,
          [workoutId, owner],
        ),
      );
      activityId = `workout:${workoutId}`;
      await ctx.as(flexer, (tx) =>
        tx.query('select * from public.flex_activity($1, $2)', [clientId('fx'), activityId]),
      );
    });

    it('a friend reads the planned workout, the flex count and whether they flexed', async () => {
      const rows = await social(friend, owners.public.id);
      const planned = rows.find((r) => r.id === activityId);
      expect(planned).toMatchObject({
        kind: 'workout_planned',
        workout_id: workoutId,
        workout_time: '07:30:00',
        flex_count: 1,
        flexed_by_me: false,
      });
      expect(planned!.workout_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Activities without a workout have none, and no flexes yet.
      expect(rows.find((r) => r.kind === 'level_up')).toMatchObject({ workout_id: null, flex_count: 0 });
      // The one who flexed sees it as theirs.
      expect((await social(flexer, owners.public.id)).find((r) => r.id === activityId)).toMatchObject({
        flex_count: 1,
        flexed_by_me: true,
      });
    });

    it('a stranger reads the activity with its count but no workout to join', async () => {
      const planned = (await social(stranger, owners.public.id)).find((r) => r.id === activityId);
      expect(planned).toMatchObject({
        kind: 'workout_planned',
        workout_id: null,
        workout_date: null,
        flex_count: 1,
        flexed_by_me: false,
      });
      // The visibility rules hold as before: nothing of a friends-only or private user.
      expect(await social(stranger, owners.friends.id)).toEqual([]);
      expect(await social(stranger, owners.private.id)).toEqual([]);
    });

    it('the user reads their own planned workout and its flexes', async () => {
      const planned = (await social(owners.public.id, owners.public.id)).find((r) => r.id === activityId);
      expect(planned).toMatchObject({ workout_id: workoutId, flex_count: 1, flexed_by_me: false });
    });

    it('the count helper is not reachable for visitors', async () => {
      await expect(
        ctx.as('anon', (tx) => tx.query('select private.activity_flex_count($1)', [activityId])),
      ).rejects.toThrow(/permission denied/);
    });
  });
});
