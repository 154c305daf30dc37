// @clock-sensitive: times and today
// The panel's pure parts: which refusals may be sent again, the reason texts, and the headline order.
import { describe, expect, it } from 'vitest';
import type { PageSyncStatus } from '@/sync/page-sync-status';
import { refusalReasonKey } from './refusal-reason';
import { fromQueueOutcome, refusedWrites, type RefusedWrite } from './refused-writes';
import { retryOf } from './retry-write';
import { syncView } from './sync-view';

const rpc = (fn: string, args: Record<string, unknown> = {}): RefusedWrite => ({
  id: fn,
  source: 'ledger',
  key: fn,
  collection: null,
  docId: null,
  request: { type: 'rpc', fn, args },
  code: 'SPV01',
  at: '2026-01-01T00:00:00.000Z',
});

describe('retryOf', () => {
  it('re-issues the commands that repeat what the user did', () => {
    const retried: RefusedWrite[] = [
      rpc('confirm_rest_day', { p_day: '2026-01-01' }),
      rpc('flex_activity', { p_id: 'x', p_activity_id: 'workout:1' }),
      rpc('add_friend_by_handle', { p_handle: 'mia#4242', p_id: 'x' }),
      rpc('respond_friend_request', { p_request_id: 'r1', p_accept: true }),
      rpc('cancel_friend_request', { p_request_id: 'r1' }),
      rpc('remove_friend', { p_friend_id: 'f1' }),
      rpc('respond_join_request', { p_request_id: 'j1', p_accept: false }),
      {
        ...rpc('x'),
        request: { type: 'update', table: 'notifications', id: 'n1', values: { is_read: true } },
      },
    ];
    expect(retried.filter((write) => retryOf(write) === null)).toEqual([]);
  });

  it('offers only Discard where sending again would not repeat it', () => {
    const discardOnly: RefusedWrite[] = [
      rpc('check_in', { p_id: 'c', p_gym_id: 'g', p_at: '2026-01-01T10:00:00Z' }),
      rpc('check_out', { p_check_in_id: 'c', p_at: '2026-01-01T11:00:00Z' }),
      rpc('set_home_gyms', { p_gym_ids: ['g'] }),
      rpc('mark_all_notifications_read'),
      rpc('delete_all_notifications'),
      rpc('complete_daily_challenge', { p_challenge_id: 'c' }),
      rpc('request_join_workout', { p_id: 'j', p_workout_id: 'w' }),
      rpc('push_workouts', { p_rows: [] }),
      { ...rpc('x'), request: { type: 'update', table: 'profiles', id: 'u', values: { bio: 'x' } } },
      { ...rpc('x'), collection: 'workouts', request: null },
      // Missing arguments: nothing to repeat.
      rpc('remove_friend'),
    ];
    expect(discardOnly.filter((write) => retryOf(write) !== null).map((write) => write.request)).toEqual([]);
  });
});

describe('refusalReasonKey', () => {
  it("reuses the screens' texts, has its own for the rest, and a generic one for anything else", () => {
    expect(refusalReasonKey('SPF04')).toBe('friends:errors.userNotFound');
    expect(refusalReasonKey('SPR01')).toBe('errors:data.restDayNotToday');
    expect(refusalReasonKey('SPW05')).toBe('schedule:join.errors.notPending');
    expect(refusalReasonKey('SPG01')).toBe('sync:reason.gymNotFound');
    expect(refusalReasonKey('http_422')).toBe('sync:reason.generic');
  });
});

describe('refusedWrites', () => {
  it("merges the ledger's and the queue's refusals, newest first, reading the queued request's code", () => {
    const queued = fromQueueOutcome({
      id: 'q1',
      rpc: 'check_in',
      userId: 'u',
      status: 400,
      body: '{"code":"SPG01","message":"Gym not found"}',
      requestBody: '{"p_gym_id":"g"}',
      queuedAt: Date.parse('2026-01-02T00:00:00Z'),
      settledAt: Date.parse('2026-01-03T00:00:00Z'),
    });
    expect(queued).toMatchObject({
      source: 'queue',
      code: 'SPG01',
      request: { fn: 'check_in', args: { p_gym_id: 'g' } },
    });
    const list = refusedWrites(
      [
        {
          key: 'remove_friend:f',
          collection: 'friendships',
          doc_id: 'f',
          request: null,
          error: { code: 'SPF04', message: 'User not found', at: '2026-01-04T00:00:00.000Z' },
        },
      ],
      [
        {
          id: 'q1',
          rpc: 'check_in',
          userId: 'u',
          status: 400,
          body: 'not json',
          requestBody: 'not json',
          queuedAt: 0,
          settledAt: Date.parse('2026-01-03T00:00:00Z'),
        },
      ],
    );
    expect(list.map((write) => [write.source, write.code])).toEqual([
      ['ledger', 'SPF04'],
      ['queue', 'http_400'],
    ]);
  });
});

describe('syncView', () => {
  const status = (over: Partial<PageSyncStatus>): PageSyncStatus => ({
    state: 'synced',
    online: true,
    pendingWrites: 0,
    pendingSince: null,
    pendingByCollection: {},
    queuedRequests: 0,
    queuedSince: null,
    lastSyncedAt: null,
    firstPull: null,
    lastError: null,
    failedWrites: [],
    items: [],
    rejectedRequests: [],
    ...over,
  });
  const idle = { state: 'idle' } as const;

  it('puts refused writes first, then offline, then a needed sign-in, then sending', () => {
    const failed = [
      {
        key: 'k',
        collection: 'workouts' as const,
        doc_id: 'w',
        request: null,
        error: { code: 'x', message: 'x', at: 'x' },
      },
    ];
    expect(syncView(status({ failedWrites: failed, online: false }), idle).headline).toBe('refused');
    expect(syncView(status({ online: false, pendingWrites: 2 }), idle).headline).toBe('offline');
    const needsToken = {
      state: 'running',
      userId: 'u',
      leader: true,
      online: true,
      needsToken: true,
      realtime: 'retrying',
      lastSyncedAt: null,
      lastError: null,
      counts: null,
    } as const;
    expect(syncView(status({ pendingWrites: 2 }), needsToken)).toMatchObject({
      headline: 'signIn',
      reconnecting: true,
    });
    expect(syncView(status({ pendingWrites: 1, queuedRequests: 2 }), idle)).toMatchObject({
      headline: 'sending',
      sending: 2,
    });
    expect(syncView(status({}), idle).headline).toBe('saved');
    expect(syncView(status({}), idle).firstPull).toBe(false);
    expect(syncView(status({}), { ...needsToken, needsToken: false }).firstPull).toBe(true);
    expect(
      syncView(status({ lastSyncedAt: '2026-01-01T00:00:00Z' }), { ...needsToken, needsToken: false })
        .firstPull,
    ).toBe(false);
    expect(
      syncView(status({ firstPull: { done: 3, total: 11 } }), { ...needsToken, needsToken: false })
        .firstPullProgress,
    ).toEqual({ done: 3, total: 11 });
    expect(
      syncView(status({ lastSyncedAt: '2026-01-01T00:00:00Z', firstPull: { done: 3, total: 11 } }), idle)
        .firstPullProgress,
    ).toBeNull();
  });
});
