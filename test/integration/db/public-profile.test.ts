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
});
