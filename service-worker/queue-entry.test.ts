// @clock-sensitive: the queued token's expiry
import { describe, expect, it } from 'vitest';
import {
  decodeTokenClaims,
  entryFromRequest,
  pickAuthorization,
  requestFromEntry,
  sessionFromLiveRequest,
  userIdOf,
  WAIT_FOR_USER,
  type QueueEntry,
  type StoredSession,
} from './queue-entry';
import { fakeToken } from './test-tokens';

const url = 'http://127.0.0.1:4173/rest/v1/rpc/check_in';
const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

function rpcRequest(token: string | null, body: unknown = { p_id: 'c1', p_gym_id: 'g1' }): Request {
  const headers = new Headers({
    'content-type': 'application/json',
    apikey: 'anon-key',
    'x-client-info': 'spotter-web/1.0.0',
    prefer: 'return=representation',
    cookie: 'ignored=1',
    'x-unrelated': 'dropped',
  });
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  return new Request(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('decodeTokenClaims', () => {
  it('reads sub and exp, base64url with or without padding', () => {
    expect(decodeTokenClaims(fakeToken({ sub: alice, exp: 2_000_000_000 }))).toEqual({
      sub: alice,
      exp: 2_000_000_000,
    });
    // "???" encodes to "Pz8_" in base64url: the '_' must be mapped back.
    expect(decodeTokenClaims(fakeToken({ sub: '???>', exp: 1 })).sub).toBe('???>');
  });

  it('gives no user for the anon key or garbage', () => {
    expect(decodeTokenClaims(fakeToken({ role: 'anon', sub: 'x' })).sub).toBeNull();
    expect(decodeTokenClaims('not-a-jwt')).toEqual({ sub: null, exp: null });
    expect(decodeTokenClaims('a.%%%.c')).toEqual({ sub: null, exp: null });
    expect(userIdOf(null)).toBeNull();
    expect(userIdOf('Basic abc')).toBeNull();
  });
});

describe('entry serialisation', () => {
  it('keeps what PostgREST needs, drops the rest, and round-trips to an equal request', async () => {
    const token = fakeToken({ sub: alice, exp: 100 });
    const entry = await entryFromRequest(rpcRequest(token), 'check_in', { id: 'e1', now: 42 });
    expect(entry).toMatchObject({
      id: 'e1',
      rpc: 'check_in',
      method: 'POST',
      url,
      body: '{"p_id":"c1","p_gym_id":"g1"}',
      authorization: `Bearer ${token}`,
      userId: alice,
      queuedAt: 42,
      attempts: 0,
      waitingForToken: false,
    });
    expect(entry.headers.map(([name]) => name)).toEqual([
      'apikey',
      'content-type',
      'prefer',
      'x-client-info',
    ]);
    // Structured-clone safe (what IndexedDB stores) and JSON safe.
    expect(JSON.parse(JSON.stringify(entry))).toEqual(entry);

    const fresh = `Bearer ${fakeToken({ sub: alice, exp: 200 })}`;
    const replayed = requestFromEntry(entry, fresh);
    expect(replayed.method).toBe('POST');
    expect(replayed.url).toBe(url);
    expect(replayed.headers.get('authorization')).toBe(fresh);
    expect(replayed.headers.get('apikey')).toBe('anon-key');
    expect(replayed.headers.get('cookie')).toBeNull();
    expect(await replayed.json()).toEqual({ p_id: 'c1', p_gym_id: 'g1' });
  });

  it('keeps an anonymous call anonymous', async () => {
    const entry = await entryFromRequest(rpcRequest(null), 'check_in', { id: 'e2', now: 1 });
    expect(entry.userId).toBeNull();
    expect(requestFromEntry(entry, null).headers.get('authorization')).toBeNull();
  });
});

describe('pickAuthorization', () => {
  const base = async (token: string): Promise<QueueEntry> =>
    entryFromRequest(rpcRequest(token), 'check_in', { id: 'e', now: 0 });
  const session = (userId: string, exp: number | null, tokenExp = exp ?? 0): StoredSession => ({
    userId,
    accessToken: fakeToken({ sub: userId, exp: tokenExp }),
    expiresAt: exp,
    updatedAt: 0,
  });

  it("uses the stored token of the entry's user", async () => {
    const entry = await base(fakeToken({ sub: alice, exp: 100 }));
    const stored = session(alice, 500);
    expect(pickAuthorization(entry, stored)).toBe(`Bearer ${stored.accessToken}`);
    // The token's own exp decides, whatever expires_at says.
    const unknownExpiry = session(alice, null, 500);
    expect(pickAuthorization(entry, unknownExpiry)).toBe(`Bearer ${unknownExpiry.accessToken}`);
    const wrongExpiry = session(alice, 0, 500);
    expect(pickAuthorization(entry, wrongExpiry)).toBe(`Bearer ${wrongExpiry.accessToken}`);
  });

  it("waits while another user is signed in or after its user signed out; never uses another's token", async () => {
    const entry = await base(fakeToken({ sub: alice, exp: 100 }));
    expect(pickAuthorization(entry, session(bob, 900))).toBe(WAIT_FOR_USER);
    expect(pickAuthorization(entry, { userId: null, signedOutAt: 5 })).toBe(WAIT_FOR_USER);
  });

  it('replays as queued when the page never stored a session, and for anonymous calls', async () => {
    const entry = await base(fakeToken({ sub: alice, exp: 100 }));
    expect(pickAuthorization(entry, null)).toBe(entry.authorization);
    const anonymous = await entryFromRequest(rpcRequest(fakeToken({ role: 'anon' })), 'check_in', {
      id: 'a',
      now: 0,
    });
    expect(pickAuthorization(anonymous, session(bob, 900))).toBe(anonymous.authorization);
    expect(pickAuthorization(anonymous, { userId: null, signedOutAt: 5 })).toBe(anonymous.authorization);
  });

  it('keeps the original when it outlives the stored one', async () => {
    const entry = await base(fakeToken({ sub: alice, exp: 900 }));
    expect(pickAuthorization(entry, session(alice, 500))).toBe(entry.authorization);
  });
});

describe('sessionFromLiveRequest', () => {
  const stored = (userId: string, exp: number): StoredSession => ({
    userId,
    accessToken: fakeToken({ sub: userId, exp }),
    expiresAt: exp,
    updatedAt: 0,
  });

  it('adopts a later token of the same user, or the first token seen', () => {
    const later = fakeToken({ sub: alice, exp: 900 });
    expect(sessionFromLiveRequest(stored(alice, 500), `Bearer ${later}`, 7)).toEqual({
      userId: alice,
      accessToken: later,
      expiresAt: 900,
      updatedAt: 7,
    });
    expect(sessionFromLiveRequest(null, `Bearer ${later}`, 7)?.accessToken).toBe(later);
  });

  it('keeps the stored session for an older or equal token, another user, or no user token', () => {
    const current = stored(alice, 500);
    expect(sessionFromLiveRequest(current, `Bearer ${fakeToken({ sub: alice, exp: 400 })}`, 7)).toBeNull();
    expect(sessionFromLiveRequest(current, `Bearer ${current.accessToken}`, 7)).toBeNull();
    expect(sessionFromLiveRequest(current, `Bearer ${fakeToken({ sub: bob, exp: 900 })}`, 7)).toBeNull();
    expect(sessionFromLiveRequest(current, `Bearer ${fakeToken({ role: 'anon', exp: 900 })}`, 7)).toBeNull();
    expect(sessionFromLiveRequest(current, null, 7)).toBeNull();
    // A request still in flight from before a sign-out does not revive the session.
    expect(
      sessionFromLiveRequest(
        { userId: null, signedOutAt: 5 },
        `Bearer ${fakeToken({ sub: alice, exp: 900 })}`,
        7,
      ),
    ).toBeNull();
  });
});
