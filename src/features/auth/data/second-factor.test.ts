import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { assuranceLevelOf, needsSecondFactor, verifiedTotpFactorId } from './second-factor';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => `${base64url({ alg: 'ES256' })}.${base64url(claims)}.signature`;

function session(aal: string, factors: { factor_type: string; status: string }[]): Session {
  return {
    access_token: token({ sub: 'u', aal, amr: [{ method: 'password', timestamp: 1 }], note: 'äöü?>' }),
    user: { id: 'u', factors: factors.map((factor, i) => ({ id: `f${i}`, ...factor })) },
  } as unknown as Session;
}

describe('second factor at sign-in', () => {
  it('reads the aal claim of an access token (base64url, padding restored)', () => {
    expect(assuranceLevelOf(session('aal1', []).access_token)).toBe('aal1');
    expect(assuranceLevelOf(session('aal2', []).access_token)).toBe('aal2');
    expect(assuranceLevelOf('not-a-jwt')).toBeNull();
    expect(assuranceLevelOf('a.%%%.c')).toBeNull();
  });

  it('asks for the code only for an aal1 session of an account with a verified authenticator', () => {
    const verified = [{ factor_type: 'totp', status: 'verified' }];
    expect(needsSecondFactor(session('aal1', verified))).toBe(true);
    expect(needsSecondFactor(session('aal2', verified))).toBe(false);
    expect(needsSecondFactor(session('aal1', []))).toBe(false);
    // An enrolment that was never finished does not lock the user out.
    expect(needsSecondFactor(session('aal1', [{ factor_type: 'totp', status: 'unverified' }]))).toBe(false);
    expect(
      verifiedTotpFactorId(session('aal1', [{ factor_type: 'phone', status: 'verified' }, ...verified])),
    ).toBe('f1');
  });
});
