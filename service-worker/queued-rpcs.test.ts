import { describe, expect, it } from 'vitest';
import { API_PATH_PREFIXES, isApiPath, matchQueuedRpc, QUEUED_RPC_NAMES } from './queued-rpcs';

const local = 'http://127.0.0.1:4173';
const hosted = 'https://abc.supabase.co';

describe('matchQueuedRpc', () => {
  it('matches every listed RPC as a POST on the same origin (local build)', () => {
    for (const name of QUEUED_RPC_NAMES) {
      expect(matchQueuedRpc('POST', `${local}/rest/v1/rpc/${name}`, local)).toBe(name);
    }
  });

  it('matches the hosted Supabase base, not the app origin, when one is configured', () => {
    expect(matchQueuedRpc('POST', `${hosted}/rest/v1/rpc/check_in`, hosted)).toBe('check_in');
    expect(matchQueuedRpc('POST', `${local}/rest/v1/rpc/check_in`, hosted)).toBeNull();
    expect(matchQueuedRpc('POST', 'https://evil.example/rest/v1/rpc/check_in', hosted)).toBeNull();
  });

  it('honours a base URL with a path and ignores the query string', () => {
    const base = 'https://api.example.com/supabase/';
    expect(matchQueuedRpc('POST', `${base}rest/v1/rpc/push_workouts?select=*`, base)).toBe('push_workouts');
    expect(matchQueuedRpc('POST', 'https://api.example.com/rest/v1/rpc/push_workouts', base)).toBeNull();
  });

  it('leaves reads, other methods, other RPCs and table writes alone', () => {
    expect(matchQueuedRpc('GET', `${local}/rest/v1/rpc/check_in`, local)).toBeNull();
    expect(matchQueuedRpc('PATCH', `${local}/rest/v1/rpc/check_in`, local)).toBeNull();
    expect(matchQueuedRpc('POST', `${local}/rest/v1/rpc/get_feed`, local)).toBeNull();
    expect(matchQueuedRpc('POST', `${local}/rest/v1/rpc/check_in_extra`, local)).toBeNull();
    expect(matchQueuedRpc('POST', `${local}/rest/v1/rpc/check_in/x`, local)).toBeNull();
    expect(matchQueuedRpc('POST', `${local}/rest/v1/check_ins`, local)).toBeNull();
    expect(matchQueuedRpc('POST', `${local}/auth/v1/token`, local)).toBeNull();
    expect(matchQueuedRpc('post', `${local}/rest/v1/rpc/check_out`, local)).toBe('check_out');
  });

  it('is false for malformed URLs instead of throwing', () => {
    expect(matchQueuedRpc('POST', 'not a url', local)).toBeNull();
  });
});

describe('isApiPath (no SPA fallback for these)', () => {
  it('matches each API prefix, with a subpath or a query, and nothing that merely starts alike', () => {
    for (const prefix of API_PATH_PREFIXES) {
      expect(isApiPath(prefix)).toBe(true);
      expect(isApiPath(`${prefix}/x/y`)).toBe(true);
      expect(isApiPath(`${prefix}?a=1`)).toBe(true);
    }
    expect(isApiPath('/inboxes')).toBe(false);
    expect(isApiPath('/rest/v10')).toBe(false);
    expect(isApiPath('/login')).toBe(false);
    expect(isApiPath('/u/rest/v1')).toBe(false);
    expect(isApiPath('/')).toBe(false);
  });
});
