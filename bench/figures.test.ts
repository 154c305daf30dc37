import { describe, expect, it } from 'vitest';
import { formatTable, meetsTarget, percentile } from './figures';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('formatTable', () => {
  it('marks missed targets', () => {
    const table = formatTable([
      { name: 'a_ms', value: 3, unit: 'ms', better: 'lower', target: 5 },
      { name: 'b_rows', value: 10, unit: 'rows/s', better: 'higher', target: 50 },
    ]);
    expect(table).toContain('a_ms');
    expect(table).toMatch(/b_rows.*MISSED/);
    expect(meetsTarget({ name: 'x', value: 1, unit: 'ms', better: 'lower', target: null })).toBeNull();
  });
});
