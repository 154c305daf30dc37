// @clock-sensitive: streaks
// The member's view offline: a friend's or the own profile from the replicated profiles collection (real
// RxDB on fake-indexeddb), nobody else's; and the server answer's parsing.
import { afterEach, describe, expect, it } from 'vitest';
import type { RpcResult } from '../../../../sync-worker/api';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { loadAsMember, toPublicProfile } from './public-profile';

const FRIEND = '0192f3a4-0000-7000-8000-0000000000f1';
const OTHER = '0192f3a4-0000-7000-8000-0000000000f2';

const offline = {
  rpc: async (): Promise<RpcResult> => ({
    ok: false,
    error: { code: 'network', message: 'offline', status: 0 },
  }),
};

async function deviceWithFriend() {
  const db = await openTestDatabase({ userId: USER, collections: ['profiles', 'friendships'] });
  const row = (id: string, username: string, visibility: 'public' | 'friends' | 'private') => ({
    ...ROWS.profiles,
    id,
    username,
    slug: `${username}-0001`,
    discriminator: '0001',
    visibility,
  });
  await db.profiles.bulkInsert([ROWS.profiles, row(FRIEND, 'ben', 'friends'), row(OTHER, 'cleo', 'public')]);
  await db.friendships.insert({
    ...ROWS.friendships,
    id: `${USER}:${FRIEND}`,
    user_id: USER,
    friend_id: FRIEND,
  });
  return db;
}

describe('public profile data', () => {
  afterEach(cleanupDatabases);

  it('offline, a friend comes from this device, by slug or by id', async () => {
    const db = await deviceWithFriend();
    const bySlug = await loadAsMember({ slug: 'Ben-0001' }, { db, userId: USER, sync: offline });
    expect(bySlug).toMatchObject({
      status: 'found',
      fromDevice: true,
      profile: { id: FRIEND, username: 'ben', friendship_status: 'friend', achievement_ids: [] },
    });
    const byId = await loadAsMember({ id: FRIEND }, { db, userId: USER, sync: offline });
    expect(byId).toMatchObject({ status: 'found', profile: { id: FRIEND } });
  });

  it('offline, the own profile too, but not someone who is no friend (even if stored locally)', async () => {
    const db = await deviceWithFriend();
    expect(await loadAsMember({ id: USER }, { db, userId: USER, sync: offline })).toMatchObject({
      status: 'found',
      profile: { friendship_status: 'self' },
    });
    expect(await loadAsMember({ id: OTHER }, { db, userId: USER, sync: offline })).toEqual({
      status: 'unavailable',
    });
    expect(await loadAsMember({ slug: 'nobody-1' }, { db, userId: USER, sync: offline })).toEqual({
      status: 'unavailable',
    });
  });

  it('online, no row is User not found; a row comes with the activity', async () => {
    const db = await deviceWithFriend();
    const none = { rpc: async (): Promise<RpcResult> => ({ ok: true, data: [] }) };
    expect(await loadAsMember({ slug: 'ben-0001' }, { db, userId: USER, sync: none })).toEqual({
      status: 'notFound',
    });
    const calls: string[] = [];
    const server = {
      rpc: async (name: string): Promise<RpcResult> => {
        calls.push(name);
        return name === 'get_public_profile'
          ? {
              ok: true,
              data: [{ id: OTHER, username: 'cleo', discriminator: '0001', slug: 'cleo-0001', level: 2 }],
            }
          : {
              ok: true,
              data: [{ id: 'a1', kind: 'level_up', created_at: '2026-11-20T10:00:00Z', level: 2 }],
            };
      },
    };
    const state = await loadAsMember({ slug: 'cleo-0001' }, { db, userId: USER, sync: server });
    expect(calls).toEqual(['get_public_profile', 'get_public_activity']);
    expect(state).toMatchObject({
      status: 'found',
      fromDevice: false,
      activity: [{ kind: 'level_up', level: 2 }],
    });
  });

  it('parses only well-formed rows', () => {
    expect(toPublicProfile(null)).toBeNull();
    expect(toPublicProfile({ id: 1 })).toBeNull();
    expect(
      toPublicProfile({ id: 'x', username: 'a', discriminator: '0001', friendship_status: 'boss' }),
    ).toMatchObject({
      friendship_status: 'none',
      level: 1,
      achievement_ids: [],
    });
  });
});
