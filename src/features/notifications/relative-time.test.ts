import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('relativeTime', () => {
  it('says now, minutes, hours, days and weeks in the language', () => {
    expect(relativeTime('2026-11-22T11:59:40Z', NOW, 'en')).toBe('now');
    expect(relativeTime('2026-11-22T11:57:00Z', NOW, 'en')).toBe('3 minutes ago');
    expect(relativeTime('2026-11-22T10:00:00Z', NOW, 'de')).toBe('vor 2 Stunden');
    expect(relativeTime('2026-11-21T11:00:00Z', NOW, 'en')).toBe('yesterday');
    expect(relativeTime('2026-11-08T12:00:00Z', NOW, 'it')).toBe('2 settimane fa');
  });
});
