// Visibility holds everywhere the server hands out user data (issue 14; migration
// 20261126110000_visibility_and_flex_rules.sql). Each leak the security review found is read as a
// stranger, a friend and the user: table reads as the authenticated role under RLS, and each read RPC.
//   a. friendships rows of a private / friends-only user next to a public friend;
//   b. a private user's id and name in friends' new_friend activities and get_feed;
//   c. check_in activities and the last-active time (gym presence is for friends only).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../supabase/emulator/src/db/engine';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, makeFriends } from './helpers';

const GYM = 'de-berlin-mcfit-alexanderplatz';

describeEachEngine('visibility', (ctx) => {
  // Three owners, one per visibility; `hub` is a public user friends with all three (the "public other
  // side"); `buddy` is a public friend of the three owners and of hub; `stranger` is nobody's friend.
  let pub: string;
  let fo: string;
  let priv: string;
  let hub: string;
  let buddy: string;
  let stranger: string;

  const rows = <R>(who: string, sql: string, params: unknown[] = []) =>
    ctx.as(who, async (tx: Queryable) => (await tx.query<R>(sql, params)).rows);

  beforeAll(async () => {
    const db = ctx.engine();
    pub = await createUserWith(ctx, 'vispub', 'public');
    fo = await createUserWith(ctx, 'visfo', 'friends');
    priv = await createUserWith(ctx, 'vispriv', 'private');
    hub = await createUserWith(ctx, 'vishub', 'public');
    buddy = await createUserWith(ctx, 'visbuddy', 'public');
    stranger = await createUserWith(ctx, 'visstranger', 'public');
    // hub befriends each owner through the real request flow, so the new_friend activities exist.
    for (const owner of [pub, fo, priv]) {
      await ctx.as(hub, (tx) => tx.query('select public.send_friend_request($1)', [owner]));
      await ctx.as(owner, (tx) =>
        tx.query(
          `select public.respond_friend_request(r.id, true) from public.friend_requests r
           where r.sender_id = $1 and r.receiver_id = $2 and r.status = 'pending'`,
          [hub, owner],
        ),
      );
      await makeFriends(db, owner, buddy);
    }
    await makeFriends(db, hub, buddy);
    // Every owner is at the gym now.
    for (const owner of [pub, fo, priv]) {
      await ctx.as(owner, (tx) => tx.query('select public.check_in($1, $2)', [clientId('ci'), GYM]));
    }
  });

  describe('a. friendships', () => {
    it('a third party reads a row only when it may see both sides', async () => {
      const visible = async (who: string, owner: string) =>
        (
          await rows<{ id: string }>(who, 'select id from public.friendships where id in ($1, $2)', [
            `${hub}:${owner}`,
            `${owner}:${hub}`,
          ])
        ).length;
      // The user sees both directions of their own friendships.
      for (const owner of [pub, fo, priv]) expect(await visible(owner, owner)).toBe(2);
      // A stranger: the public owner's only.
      expect(await visible(stranger, pub)).toBe(2);
      expect(await visible(stranger, fo)).toBe(0);
      expect(await visible(stranger, priv)).toBe(0);
      // A friend: public and friends-only, never the private user's.
      expect(await visible(buddy, pub)).toBe(2);
      expect(await visible(buddy, fo)).toBe(2);
      expect(await visible(buddy, priv)).toBe(0);
    });

    it("hub's friends list (table and list_user_friends_with_status) hides who the viewer may not see", async () => {
      const table = async (who: string) =>
        (
          await rows<{ friend_id: string }>(
            who,
            'select friend_id from public.friendships where user_id = $1 and not _deleted',
            [hub],
          )
        ).map((r) => r.friend_id);
      const rpc = async (who: string) =>
        (
          await rows<{ id: string }>(who, 'select id from public.list_user_friends_with_status($1, 100)', [
            hub,
          ])
        ).map((r) => r.id);
      for (const read of [table, rpc]) {
        expect((await read(stranger)).sort()).toEqual([pub, buddy].sort());
        expect((await read(buddy)).sort()).toEqual([pub, fo, buddy].sort());
        expect(await read(priv)).toContain(priv);
        expect(await read(priv)).not.toContain(fo);
      }
    });

    it("the owners' own friends lists follow their visibility", async () => {
      const list = (who: string, owner: string) =>
        rows<{ id: string }>(who, 'select id from public.list_user_friends_with_status($1, 100)', [owner]);
      expect((await list(stranger, pub)).length).toBe(2);
      expect(await list(stranger, fo)).toEqual([]);
      expect(await list(stranger, priv)).toEqual([]);
      expect((await list(buddy, fo)).length).toBe(2);
      expect(await list(buddy, priv)).toEqual([]);
      expect((await list(priv, priv)).length).toBe(2);
    });
  });

  describe('b. new_friend activities', () => {
    const ids = () => ({
      pub: `friend:${hub}:${pub}`,
      fo: `friend:${hub}:${fo}`,
      priv: `friend:${hub}:${priv}`,
    });

    it('exist (made by the accept trigger)', async () => {
      const all = Object.values(ids());
      expect(await count(ctx.engine(), 'select 1 from public.activities where id = any($1)', [all])).toBe(3);
    });

    it("table reads of hub's activities show the friend only to viewers who may see the friend", async () => {
      const read = async (who: string) =>
        (
          await rows<{ id: string }>(
            who,
            `select id from public.activities where user_id = $1 and kind = 'new_friend'`,
            [hub],
          )
        )
          .map((r) => r.id)
          .sort();
      const i = ids();
      expect(await read(stranger)).toEqual([i.pub]);
      expect(await read(buddy)).toEqual([i.pub, i.fo].sort());
      expect(await read(priv)).toEqual([i.pub, i.priv].sort());
      expect(await read(hub)).toEqual([i.pub, i.fo, i.priv].sort());
    });

    it('get_feed leaves out a new_friend activity naming a user the reader may not see', async () => {
      const feed = async (who: string) =>
        rows<{ id: string; friend_id: string | null; friend_username: string | null }>(
          who,
          'select id, friend_id, friend_username from public.get_feed(100)',
        );
      const buddyFeed = await feed(buddy);
      const i = ids();
      expect(buddyFeed.map((r) => r.id)).toEqual(expect.arrayContaining([i.pub, i.fo]));
      expect(buddyFeed.map((r) => r.id)).not.toContain(i.priv);
      expect(buddyFeed.some((r) => r.friend_id === priv)).toBe(false);
      expect(buddyFeed.some((r) => r.friend_username === 'vispriv')).toBe(false);
      // The private user sees their own friendship in hub's entries; hub sees all three.
      expect((await feed(priv)).map((r) => r.id)).toContain(i.priv);
      expect((await feed(hub)).map((r) => r.id)).toEqual(expect.arrayContaining(Object.values(i)));
      // A stranger has no friends: nothing of hub's at all.
      expect((await feed(stranger)).some((r) => r.id.startsWith(`friend:${hub}:`))).toBe(false);
    });

    it('get_feed pages stay full when hidden entries are left out', async () => {
      // buddy's feed one row at a time walks the same rows as one page of 100. created_at as text: a
      // JavaScript Date would drop the microseconds the cursor compares.
      const all = await rows<{ id: string; created_at: string }>(
        buddy,
        'select id, created_at::text as created_at from public.get_feed(100)',
      );
      const walked: string[] = [];
      let cursor: { id: string; created_at: string } | null = null;
      for (let i = 0; i < all.length + 1; i += 1) {
        const page: { id: string; created_at: string }[] = await rows<{ id: string; created_at: string }>(
          buddy,
          'select id, created_at::text as created_at from public.get_feed(1, $1, $2)',
          [cursor?.created_at ?? null, cursor?.id ?? null],
        );
        if (page.length === 0) break;
        walked.push(page[0]!.id);
        cursor = page[0]!;
      }
      expect(walked).toEqual(all.map((r) => r.id));
      expect(walked.length).toBeGreaterThan(3);
    });
  });

  describe('c. gym presence', () => {
    const checkInActivities = (who: string, owner: string) =>
      rows<{ gym_id: string }>(
        who,
        `select gym_id from public.activities where user_id = $1 and kind = 'check_in'`,
        [owner],
      );

    it('check_in activities: the user and friends only, never for a private user, whatever the visibility', async () => {
      for (const owner of [pub, fo, priv]) {
        expect(await checkInActivities(owner, owner)).toEqual([{ gym_id: GYM }]);
        expect(await checkInActivities(stranger, owner)).toEqual([]);
      }
      expect(await checkInActivities(buddy, pub)).toEqual([{ gym_id: GYM }]);
      expect(await checkInActivities(buddy, fo)).toEqual([{ gym_id: GYM }]);
      expect(await checkInActivities(buddy, priv)).toEqual([]);
      // Other activities of a public user stay public.
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.activities where user_id = $1 and kind <> 'check_in'`,
          [pub],
        ),
      ).toBeGreaterThan(0);
      expect(
        (
          await rows(stranger, `select 1 from public.activities where user_id = $1 and kind <> 'check_in'`, [
            pub,
          ])
        ).length,
      ).toBeGreaterThan(0);
    });

    it('check_ins rows: the user and friends only', async () => {
      const read = (who: string, owner: string) =>
        rows(who, 'select 1 from public.check_ins where user_id = $1', [owner]);
      expect((await read(stranger, pub)).length).toBe(0);
      expect((await read(buddy, pub)).length).toBe(1);
      expect((await read(buddy, priv)).length).toBe(0);
      expect((await read(priv, priv)).length).toBe(1);
    });

    it('profiles.last_active_at is handed out to nobody (null for the user, a friend and a stranger)', async () => {
      // The table shows a user their own row only; others read rows through get_profile_rows.
      const read = (who: string, owner: string) =>
        rows<{ last_active_at: string | null }>(
          who,
          who === owner
            ? 'select last_active_at from public.profiles where id = $1'
            : 'select last_active_at from public.get_profile_rows(array[$1::uuid])',
          [owner],
        );
      expect(await read(stranger, pub)).toEqual([{ last_active_at: null }]);
      expect(await read(buddy, pub)).toEqual([{ last_active_at: null }]);
      expect(await read(pub, pub)).toEqual([{ last_active_at: null }]);
    });

    it('get_friends_at_gym: friends who are not private, with a last-active time; nothing for a stranger', async () => {
      const here = (who: string) =>
        rows<{ user_id: string; last_active_at: string | null }>(
          who,
          'select user_id, last_active_at from public.get_friends_at_gym($1)',
          [GYM],
        );
      const seen = await here(buddy);
      expect(seen.map((r) => r.user_id).sort()).toEqual([pub, fo].sort());
      expect(seen.every((r) => r.last_active_at !== null)).toBe(true);
      expect(await here(stranger)).toEqual([]);
      // The private user's friend hub sees nobody private; hub sees pub and fo.
      expect((await here(hub)).map((r) => r.user_id).sort()).toEqual([pub, fo].sort());
    });

    it('get_feed: friends see check-ins of friends who are not private', async () => {
      const kinds = async (who: string, owner: string) =>
        (
          await rows<{ user_id: string; kind: string }>(who, 'select user_id, kind from public.get_feed(100)')
        ).filter((r) => r.user_id === owner && r.kind === 'check_in').length;
      expect(await kinds(buddy, pub)).toBe(1);
      expect(await kinds(buddy, fo)).toBe(1);
      expect(await kinds(buddy, priv)).toBe(0);
      expect(await kinds(stranger, pub)).toBe(0);
      expect(await kinds(priv, priv)).toBe(1);
    });
  });

  describe('profiles and discovery', () => {
    it('get_public_profile per visibility, with no presence beyond the chosen gym', async () => {
      const profile = (who: string, owner: string) =>
        rows<Record<string, unknown>>(who, 'select * from public.get_public_profile(null, $1)', [owner]);
      expect((await profile(stranger, pub)).length).toBe(1);
      expect(await profile(stranger, fo)).toEqual([]);
      expect(await profile(stranger, priv)).toEqual([]);
      expect(await profile('anon', fo)).toEqual([]);
      expect((await profile(buddy, fo)).length).toBe(1);
      expect(await profile(buddy, priv)).toEqual([]);
      expect((await profile(priv, priv)).length).toBe(1);
      const [row] = await profile(stranger, pub);
      expect(Object.keys(row!)).not.toContain('last_active_at');
    });

    it('discover_people lists public profiles only', async () => {
      const found = async (who: string) =>
        (await rows<{ id: string }>(who, `select id from public.discover_people(100, 0, 'vis')`)).map(
          (r) => r.id,
        );
      const seen = await found(stranger);
      expect(seen).toEqual(expect.arrayContaining([pub, hub, buddy]));
      expect(seen).not.toContain(fo);
      expect(seen).not.toContain(priv);
      // Friends are not "discovered" again; hidden users never are.
      const byBuddy = await found(buddy);
      expect(byBuddy).not.toContain(pub);
      expect(byBuddy).not.toContain(fo);
      expect(byBuddy).not.toContain(priv);
      expect(byBuddy).toContain(stranger);
    });

    it('profiles rows per visibility (get_profile_rows; the table itself is the owner’s own row only)', async () => {
      const read = async (who: string, source: string) =>
        (await rows<{ id: string }>(who, `select id from ${source}`, [[pub, fo, priv]]))
          .map((r) => r.id)
          .sort();
      const rpc = 'public.get_profile_rows($1)';
      expect(await read(stranger, rpc)).toEqual([pub]);
      expect(await read(buddy, rpc)).toEqual([pub, fo].sort());
      expect(await read(priv, rpc)).toEqual([pub, priv].sort());
      // The table: each user's own row, nobody else's (it carries the time zone, which follows travel).
      const table = 'public.profiles where id = any($1)';
      expect(await read(stranger, table)).toEqual([]);
      expect(await read(buddy, table)).toEqual([]);
      expect(await read(priv, table)).toEqual([priv]);
    });
  });
});
