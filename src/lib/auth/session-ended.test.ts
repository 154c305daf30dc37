// @vitest-environment jsdom
// The session-ended notice: recorded only for a sign-out the user did not ask for on this device (the
// whole flow, with a second device signing out everywhere, runs in test/e2e/sign-out.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSessionEndedNotice,
  expectSignOut,
  sessionEndedNoticePending,
  sessionGone,
  settleSignOut,
  signedOutDestination,
  signOutAbandoned,
} from './session-ended';

beforeEach(() => {
  sessionStorage.clear();
  signOutAbandoned();
  settleSignOut();
});

describe('session ended', () => {
  it('records the notice when the session goes without the user asking', () => {
    expect(sessionGone()).toBe(false);
    expect(sessionEndedNoticePending()).toBe(true);
    clearSessionEndedNotice();
    expect(sessionEndedNoticePending()).toBe(false);
  });

  it('records nothing for a sign-out the user asked for, once', () => {
    expectSignOut();
    expect(sessionGone()).toBe(true);
    expect(sessionEndedNoticePending()).toBe(false);
    // The request is used up: a later loss of the session is not the user's.
    expect(sessionGone()).toBe(false);
    expect(sessionEndedNoticePending()).toBe(true);
  });

  it('forgets a request whose sign-out failed', () => {
    expectSignOut();
    signOutAbandoned();
    expect(sessionGone()).toBe(false);
    expect(sessionEndedNoticePending()).toBe(true);
  });

  it('sends a protected page to the landing page after the user’s own sign-out, until a visitor page shows', () => {
    expect(signedOutDestination()).toBe('/login');
    expectSignOut();
    sessionGone();
    expect(signedOutDestination()).toBe('/');
    settleSignOut();
    expect(signedOutDestination()).toBe('/login');
    // A session lost without asking: /login, which says why.
    sessionGone();
    expect(signedOutDestination()).toBe('/login');
  });
});
