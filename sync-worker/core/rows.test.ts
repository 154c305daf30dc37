// @clock-sensitive: timestamps parsed
import { describe, expect, it } from 'vitest';
import { modifiedMicros } from './rows';

describe('modifiedMicros', () => {
  it('orders PostgREST, realtime and PGlite spellings of one instant alike', () => {
    const micros = Date.UTC(2026, 0, 2, 10, 0, 0) * 1000 + 123_456;
    expect(modifiedMicros('2026-01-02T10:00:00.123456+00:00')).toBe(micros);
    expect(modifiedMicros('2026-01-02 10:00:00.123456+00')).toBe(micros);
    expect(modifiedMicros('2026-01-02T12:00:00.123456+0200')).toBe(micros);
    expect(modifiedMicros('2026-01-02T10:00:00.123456Z')).toBe(micros);
    expect(modifiedMicros('2026-01-02T10:00:00.123+00:00')).toBe(micros - 456);
    expect(modifiedMicros('2026-01-02T10:00:00+00:00')).toBe(micros - 123_456);
  });

  it('keeps the microseconds two rows of one millisecond differ by', () => {
    expect(modifiedMicros('2026-01-02T10:00:00.123457+00:00')).toBeGreaterThan(
      modifiedMicros('2026-01-02T10:00:00.123456+00:00'),
    );
  });

  it('is NaN for what is not a timestamp', () => {
    expect(modifiedMicros('yesterday')).toBeNaN();
    expect(modifiedMicros('')).toBeNaN();
  });
});
