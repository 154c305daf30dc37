import { describe, it, expect } from 'vitest';
import { BADGE_CAP, badgeText } from './badge';

describe('badgeText', () => {
  it('is hidden at zero or less', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(-0)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
    expect(badgeText(Number.NEGATIVE_INFINITY)).toBeNull();
  });

  it('shows the number from 1 to 9', () => {
    for (let n = 1; n <= 9; n++) expect(badgeText(n)).toBe(String(n));
  });

  it('shows 9+ above the cap', () => {
    expect(BADGE_CAP).toBe(9);
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
    expect(badgeText(Number.POSITIVE_INFINITY)).toBe('9+');
  });

  it('rounds fractions down', () => {
    expect(badgeText(3.7)).toBe('3');
    expect(badgeText(9.5)).toBe('9+');
    expect(badgeText(0.5)).toBeNull();
  });
});
