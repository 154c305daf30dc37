// @clock-sensitive: the challenge's day
import { describe, it, expect } from 'vitest';
import { DEFAULT_CHALLENGE, challengeDateUtc } from './challenge-date';

describe('challengeDateUtc', () => {
  it('is the UTC calendar date, whatever the local time', () => {
    expect(challengeDateUtc(new Date('2026-06-15T12:00:00Z'))).toBe('2026-06-15');
    expect(challengeDateUtc(new Date('2026-06-15T23:59:59.999Z'))).toBe('2026-06-15');
    expect(challengeDateUtc(new Date('2026-06-16T00:00:00Z'))).toBe('2026-06-16');
    // 00:30 in Berlin is still the previous UTC day; 20:00 in New York is already the next one.
    expect(challengeDateUtc(new Date('2026-06-16T00:30:00+02:00'))).toBe('2026-06-15');
    expect(challengeDateUtc(new Date('2026-06-15T20:00:00-04:00'))).toBe('2026-06-16');
  });

  it('throws on an invalid Date', () => {
    expect(() => challengeDateUtc(new Date('invalid'))).toThrow(RangeError);
  });
});

describe('DEFAULT_CHALLENGE', () => {
  it('is the 60 second plank for 15 points', () => {
    expect(DEFAULT_CHALLENGE).toEqual({
      challenge_id: 'plank_60s',
      name: '60s Plank',
      description: 'Hold a plank for 60 seconds',
      points: 15,
    });
  });
});
