// @clock-sensitive: today in the profile's zone
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledgePushed, readPending, pendingEntries } from '../pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '../types';
import { dailyChallenge$, profileDetails$, writeDailyChallenge, writeProfileDetails } from '../local-state';
import { settleIntent } from '../pending-writes';
import { checkIn, checkOut } from './check-ins';
import { claimDailyChallenge } from './daily-challenge';
import type { CommandContext } from './context';
import { setHomeGyms } from './home-gyms';
import { markAllNotificationsRead, markNotificationRead } from './notifications';
import { updateProfile } from './profile';
import { updateProfileDetails } from './profile-details';
import { confirmRestDay } from './rest-days';
import { DEFAULT_SETTINGS, updateSettings } from './settings';
import { deleteWorkout, editWorkout, planWorkout } from './workouts';

// 2026-11-21 23:30 UTC is already 2026-11-22 in Berlin (the fixture profile's zone).
const NOW = new Date('2026-11-21T23:30:00.000Z');
let db: SpotterDatabase;
let ctx: CommandContext;

beforeEach(async () => {
  db = await openTestDatabase({ userId: USER });
  ctx = { db, userId: USER, now: () => NOW };
  await db.profiles.insert(ROWS.profiles);
});
afterEach(cleanupDatabases);

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('workouts', () => {
  it('plan: client id (uuid v7), user, timestamp, normalised time; recorded as a pending push', async () => {
    const r = await planWorkout(ctx, { type: 'strength', date: '2026-11-23', time: '07:30' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.id).toMatch(UUID_V7);
    expect(r.value).toMatchObject({
      user_id: USER,
      type: 'strength',
      date: '2026-11-23',
      time: '07:30:00',
      preset: null,
      created_at: NOW.toISOString(),
    });
    expect((await db.workouts.findOne(r.value.id).exec())?.toMutableJSON()).toEqual(r.value);
    const pending = pendingEntries(await readPending(db));
    expect(pending).toMatchObject([
      { key: `workouts:${r.value.id}`, kind: 'push', since: NOW.toISOString() },
    ]);
  });

  it('plan refuses invalid input with an i18n key and writes nothing', async () => {
    const bad = [
      { type: 'karaoke', date: '2026-11-23' },
      { type: 'yoga', date: '2026-02-30' },
      { type: 'yoga', date: '1999-12-31' },
      { type: 'yoga', date: '2026-11-23', time: '25:00' },
      { type: 'yoga', date: '2026-11-23', duration_min: 0 },
      { type: 'yoga', date: '2026-11-23', title: 'x'.repeat(101) },
    ];
    for (const input of bad) {
      const r = await planWorkout(ctx, input as never);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) expect(r.error.message).toBe('errors:data.invalidInput');
    }
    expect(await db.workouts.count().exec()).toBe(0);
    expect(pendingEntries(await readPending(db))).toEqual([]);
  });

  it('an edit that changes nothing writes nothing and records no pending push', async () => {
    const r = await planWorkout(ctx, { type: 'cardio', date: '2026-11-23' });
    if (!r.ok) throw new Error('plan failed');
    const planned = await db.workouts.findOne(r.value.id).exec();
    if (!planned) throw new Error('not stored');
    // As if the sync worker had pushed it: the pending entry clears.
    await acknowledgePushed(db, 'workouts', [{ ...planned.toMutableJSON(), _deleted: false }]);
    expect(pendingEntries(await readPending(db))).toEqual([]);
    const before = (await db.workouts.findOne(r.value.id).exec())?.revision;
    expect(await editWorkout(ctx, r.value.id, { date: '2026-11-23', type: 'cardio' })).toMatchObject({
      ok: true,
    });
    expect((await db.workouts.findOne(r.value.id).exec())?.revision).toBe(before);
    expect(pendingEntries(await readPending(db))).toEqual([]);
  });

  it('edit and soft delete an own workout; refuse unknown and other users’ workouts', async () => {
    const r = await planWorkout(ctx, { type: 'cardio', date: '2026-11-23' });
    if (!r.ok) throw new Error('plan failed');
    const edited = await editWorkout(ctx, r.value.id, { notes: 'intervals', date: '2026-11-24' });
    expect(edited).toMatchObject({ ok: true, value: { notes: 'intervals', date: '2026-11-24' } });
    expect(await editWorkout(ctx, r.value.id, { user_id: 'x' } as never)).toMatchObject({
      ok: false,
    });

    await db.workouts.insert({ ...ROWS.workouts, id: 'friends-workout-1', user_id: 'someone-else' });
    expect(await editWorkout(ctx, 'friends-workout-1', { notes: 'mine now' })).toEqual({
      ok: false,
      error: { code: 'workout_not_found', message: 'errors:data.workoutNotFound' },
    });
    expect(await deleteWorkout(ctx, 'nope')).toMatchObject({ ok: false });

    expect(await deleteWorkout(ctx, r.value.id)).toEqual({ ok: true, value: { id: r.value.id } });
    expect(await db.workouts.findOne(r.value.id).exec()).toBeNull();
    const [stored] = await db.workouts.storageInstance.findDocumentsById([r.value.id], true);
    expect(stored?._deleted).toBe(true);
    // Still one pending entry for the document: the push will carry the latest state.
    expect(pendingEntries(await readPending(db)).map((e) => e.key)).toEqual([`workouts:${r.value.id}`]);
  });
});

describe('rest days', () => {
  it('confirms today in the profile zone with the database id, once', async () => {
    const r = await confirmRestDay(ctx);
    expect(r).toMatchObject({ ok: true, value: { id: `${USER}:2026-11-22`, day: '2026-11-22' } });
    const again = await confirmRestDay(ctx, { day: '2026-11-22' });
    expect(again.ok).toBe(true);
    expect(await db.rest_days.count().exec()).toBe(1);
    const entries = pendingEntries(await readPending(db));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'intent',
      request: { type: 'rpc', fn: 'confirm_rest_day', args: { p_day: '2026-11-22' } },
      previous: null,
    });
  });

  it('confirms again a rest day that was unconfirmed (a deleted row comes back)', async () => {
    const r = await confirmRestDay(ctx);
    if (!r.ok) throw new Error('confirm failed');
    await (await db.rest_days.findOne(r.value.id).exec())?.remove();
    expect(await db.rest_days.findOne(r.value.id).exec()).toBeNull();
    expect((await confirmRestDay(ctx)).ok).toBe(true);
    expect((await db.rest_days.findOne(r.value.id).exec())?.day).toBe('2026-11-22');
  });

  it('refuses days the server refuses (more than 2 back or 1 ahead) and bad input', async () => {
    expect(await confirmRestDay(ctx, { day: '2026-11-19' })).toEqual({
      ok: false,
      error: { code: 'rest_day_not_today', message: 'errors:data.restDayNotToday' },
    });
    expect((await confirmRestDay(ctx, { day: '2026-11-24' })).ok).toBe(false);
    expect((await confirmRestDay(ctx, { day: '2026-11-20' })).ok).toBe(true);
    expect((await confirmRestDay(ctx, { day: 'tomorrow' })).ok).toBe(false);
  });
});

describe('check-ins', () => {
  it('check in, a second check-in closes the first, check out; intents in order', async () => {
    const first = await checkIn(ctx, { gym_id: 'fitx-berlin-mitte' });
    if (!first.ok) throw new Error('check in failed');
    expect(first.value).toMatchObject({ checked_in_at: NOW.toISOString(), checked_out_at: null });
    const second = await checkIn(ctx, { gym_id: 'mcfit-berlin-alex' });
    if (!second.ok) throw new Error('check in failed');
    expect((await db.check_ins.findOne(first.value.id).exec())?.checked_out_at).toBe(NOW.toISOString());
    const out = await checkOut(ctx);
    expect(out).toMatchObject({ ok: true, value: { id: second.value.id } });
    const twice = await checkOut(ctx, { check_in_id: second.value.id });
    expect(twice.ok).toBe(true);
    const fns = pendingEntries(await readPending(db)).map((e) => {
      const args = e.request?.type === 'rpc' ? e.request.args : {};
      return `${e.request?.type === 'rpc' ? e.request.fn : ''}:${JSON.stringify(args.p_id ?? args.p_check_in_id)}`;
    });
    expect(fns).toEqual([
      `check_in:"${first.value.id}"`,
      `check_in:"${second.value.id}"`,
      `check_out:"${second.value.id}"`,
    ]);
  });

  it('a check-in ends only open check-ins that began before it, as the server does', async () => {
    // Another device of mine, its clock a minute ahead, checked in "later" than this device's now.
    const later = new Date(NOW.getTime() + 60_000).toISOString().replace('Z', '+00:00');
    await db.check_ins.insert({
      id: 'from-a-clock-ahead',
      user_id: USER,
      gym_id: 'fitx-berlin-mitte',
      checked_in_at: later,
      checked_out_at: null,
      created_at: later,
    });
    const checked = await checkIn(ctx, { gym_id: 'mcfit-berlin-alex' });
    if (!checked.ok) throw new Error('check in failed');
    expect((await db.check_ins.findOne('from-a-clock-ahead').exec())?.checked_out_at).toBeNull();
    const [entry] = pendingEntries(await readPending(db));
    expect(entry?.touched).toBeUndefined();
  });

  it('refuses a bad gym id and a check-out with nothing open', async () => {
    expect((await checkIn(ctx, { gym_id: 'Not A Gym!' })).ok).toBe(false);
    expect(await checkOut(ctx)).toEqual({
      ok: false,
      error: { code: 'check_in_not_found', message: 'errors:data.checkInNotFound' },
    });
  });
});

describe('home gyms', () => {
  it('sets up to 3 in order, replaces the list, refuses a fourth', async () => {
    const r = await setHomeGyms(ctx, ['gym-a', 'gym-b', 'gym-a']);
    expect(r).toMatchObject({
      ok: true,
      value: [
        { id: `${USER}:gym-a`, position: 1 },
        { id: `${USER}:gym-b`, position: 2 },
      ],
    });
    await setHomeGyms(ctx, ['gym-c', 'gym-a']);
    const rows = await db.home_gyms
      .find({ selector: { user_id: USER }, sort: [{ user_id: 'asc' }, { position: 'asc' }] })
      .exec();
    expect(rows.map((d) => [d.gym_id, d.position])).toEqual([
      ['gym-c', 1],
      ['gym-a', 2],
    ]);
    expect(await setHomeGyms(ctx, ['gym-a', 'gym-b', 'gym-c', 'gym-d'])).toEqual({
      ok: false,
      error: { code: 'home_gyms_max', message: 'errors:data.homeGymsMax' },
    });
    const entries = pendingEntries(await readPending(db));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.request).toEqual({
      type: 'rpc',
      fn: 'set_home_gyms',
      args: { p_gym_ids: ['gym-c', 'gym-a'] },
    });
  });
});

describe('notifications', () => {
  it('marks one read, then all; refuses unknown ids', async () => {
    await db.notifications.bulkInsert([
      ROWS.notifications,
      { ...ROWS.notifications, id: 'n2', created_at: '2026-11-21T08:00:00+00:00' },
      { ...ROWS.notifications, id: 'n3', created_at: '2026-11-21T09:00:00+00:00' },
    ]);
    expect(await markNotificationRead(ctx, 'n2')).toEqual({ ok: true, value: { id: 'n2' } });
    expect((await db.notifications.findOne('n2').exec())?.is_read).toBe(true);
    expect(await markAllNotificationsRead(ctx)).toEqual({ ok: true, value: { count: 2 } });
    expect(await db.notifications.count({ selector: { user_id: USER, is_read: false } }).exec()).toBe(0);
    expect(await markAllNotificationsRead(ctx)).toEqual({ ok: true, value: { count: 0 } });
    expect(await markNotificationRead(ctx, 'missing')).toMatchObject({
      ok: false,
      error: { code: 'notification_not_found' },
    });
  });
});

describe('own profile', () => {
  it('updates user-owned fields, keeping the values before the first pending write', async () => {
    const r = await updateProfile(ctx, { username: '  Lena Maria Schmidt ', visibility: 'public' });
    expect(r).toMatchObject({ ok: true, value: { username: 'Lena Maria S', visibility: 'public' } });
    await updateProfile(ctx, { visibility: 'private', avatar_id: 'avatar7' });
    const [entry] = pendingEntries(await readPending(db));
    expect(entry).toMatchObject({
      key: `profiles:${USER}`,
      request: {
        type: 'update',
        table: 'profiles',
        values: { username: 'Lena Maria S', visibility: 'private', avatar_id: 'avatar7' },
      },
      previous: { username: 'lena', visibility: 'friends', avatar_id: 'avatar3' },
    });
  });

  it('refuses server-owned fields, bad values, no profile and no user', async () => {
    expect((await updateProfile(ctx, { xp: 99999 } as never)).ok).toBe(false);
    expect((await updateProfile(ctx, { avatar_id: 'avatar10' })).ok).toBe(false);
    expect((await updateProfile(ctx, { timezone: 'Mars/Olympus' })).ok).toBe(false);
    expect((await updateProfile(ctx, { username: '   ' })).ok).toBe(false);
    const other = { ...ctx, userId: '0192f3a4-0000-7000-8000-0000000000ff' };
    expect(await updateProfile(other, { visibility: 'public' })).toMatchObject({
      ok: false,
      error: { code: 'profile_not_loaded' },
    });
    expect(await updateProfile({ ...ctx, userId: '' }, { visibility: 'public' })).toEqual({
      ok: false,
      error: { code: 'not_signed_in', message: 'validation:profile.signInRequired' },
    });
  });
});

describe('settings', () => {
  it('creates the row with defaults, then patches it; both pending as one push', async () => {
    const r = await updateSettings(ctx, { theme: 'dark' });
    expect(r).toMatchObject({ ok: true, value: { id: USER, theme: 'dark', language: 'en' } });
    const r2 = await updateSettings(ctx, { language: 'it', walkthrough_done: true });
    expect(r2).toMatchObject({ ok: true, value: { theme: 'dark', language: 'it' } });
    expect(pendingEntries(await readPending(db)).map((e) => e.key)).toEqual([`user_settings:${USER}`]);
    expect((await updateSettings(ctx, { language: 'fr' } as never)).ok).toBe(false);
  });

  it('patches the synced row when it arrives between the read and the insert (no conflict error)', async () => {
    // The pull brings the server's row (dark, German) just after the command found no row locally.
    const findOne = db.user_settings.findOne.bind(db.user_settings);
    vi.spyOn(db.user_settings, 'findOne').mockImplementationOnce((id) => {
      const query = findOne(id);
      return {
        exec: async () => {
          const found = await query.exec();
          await db.user_settings.insert({
            id: USER,
            user_id: USER,
            ...DEFAULT_SETTINGS,
            theme: 'dark',
            language: 'de',
          });
          return found;
        },
      } as typeof query;
    });
    const result = await updateSettings(ctx, { walkthrough_done: true });
    expect(result).toMatchObject({
      ok: true,
      value: { theme: 'dark', language: 'de', walkthrough_done: true },
    });
    const stored = await db.user_settings.findOne(USER).exec();
    expect(stored?.toJSON()).toMatchObject({ theme: 'dark', language: 'de', walkthrough_done: true });
  });
});

describe('daily challenge', () => {
  // NOW is 2026-11-21 in UTC, the challenge day.
  const today = {
    id: `${USER}:2026-11-21`,
    date: '2026-11-21',
    challenge_id: 'plank_60s',
    name: '60s Plank',
    description: 'Hold a plank for 60 seconds',
    points: 15,
    completed: false,
  };

  it('refuses without today’s challenge loaded', async () => {
    expect(await claimDailyChallenge(ctx)).toEqual({
      ok: false,
      error: { code: 'challenge_not_loaded', message: 'errors:data.challengeNotLoaded' },
    });
    await writeDailyChallenge(db, { ...today, id: `${USER}:2026-11-20`, date: '2026-11-20' });
    expect(await claimDailyChallenge(ctx)).toMatchObject({
      ok: false,
      error: { code: 'challenge_not_loaded' },
    });
  });

  it('claims once; a second claim is refused; a server refusal rolls it back', async () => {
    await writeDailyChallenge(db, today);
    expect(await claimDailyChallenge(ctx)).toMatchObject({ ok: true, value: { completed: true } });
    expect(await claimDailyChallenge(ctx)).toMatchObject({
      ok: false,
      error: { code: 'challenge_already_completed' },
    });
    const [entry] = pendingEntries(await readPending(db));
    expect(entry).toMatchObject({
      collection: 'daily_challenge',
      doc_id: today.id,
      request: { fn: 'complete_daily_challenge', args: { p_challenge_id: 'plank_60s' } },
    });
    if (!entry) throw new Error('no entry');
    await settleIntent(db, entry.key, entry.seq, { status: 'refused', code: 'SPC01', message: 'x' }, NOW);
    expect((await firstValueFrom(dailyChallenge$(db)))?.completed).toBe(false);
  });
});

describe('profile details', () => {
  const details = {
    id: USER,
    birth_date: null,
    gender: null,
    height_cm: 168,
    weight_kg: 61.5,
    target_weight_kg: null,
    primary_goal: null,
    secondary_goal: null,
    preferred_workout_time: null,
    workout_duration_min: 60,
    fitness_level: 'intermediate' as const,
    phone: null,
  };

  it('updates the owner-only details at once, rolled back when the server refuses', async () => {
    expect(await updateProfileDetails(ctx, { weight_kg: 60 })).toMatchObject({
      ok: false,
      error: { code: 'profile_details_not_loaded' },
    });
    await writeProfileDetails(db, details);
    const r = await updateProfileDetails(ctx, {
      weight_kg: 60.04,
      fitness_level: 'advanced',
      birth_date: '1994-03-02',
    });
    expect(r).toMatchObject({
      ok: true,
      value: { weight_kg: 60, fitness_level: 'advanced', height_cm: 168 },
    });
    const [entry] = pendingEntries(await readPending(db));
    expect(entry).toMatchObject({
      collection: 'profile_details',
      request: { type: 'update', table: 'profile_details', id: USER },
      previous: { weight_kg: 61.5, fitness_level: 'intermediate', birth_date: null },
    });
    if (!entry) throw new Error('no entry');
    await settleIntent(db, entry.key, entry.seq, { status: 'refused', code: '23514', message: 'x' }, NOW);
    expect(await firstValueFrom(profileDetails$(db))).toMatchObject({
      weight_kg: 61.5,
      fitness_level: 'intermediate',
    });
  });

  it('refuses values outside the table’s checks', async () => {
    await writeProfileDetails(db, details);
    for (const bad of [
      { height_cm: 20 },
      { workout_duration_min: 4 },
      { fitness_level: 'pro' },
      { birth_date: '1850-01-01' },
      { phone: 'x'.repeat(33) },
    ]) {
      expect((await updateProfileDetails(ctx, bad as never)).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});
