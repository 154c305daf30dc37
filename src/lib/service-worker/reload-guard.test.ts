import { describe, expect, it } from 'vitest';
import { parseReloadMarker, RELOAD_COOLDOWN_MS, shouldReloadForNewWorker } from './reload-guard';

describe('shouldReloadForNewWorker', () => {
  const now = 1_000_000;

  it('reloads a page an older worker controlled (an update)', () => {
    expect(shouldReloadForNewWorker({ wasControlled: true, lastReloadAt: null, now })).toBe(true);
    expect(
      shouldReloadForNewWorker({ wasControlled: true, lastReloadAt: now - RELOAD_COOLDOWN_MS, now }),
    ).toBe(true);
  });

  it('does not reload a first visit that the first worker just claimed', () => {
    expect(shouldReloadForNewWorker({ wasControlled: false, lastReloadAt: null, now })).toBe(false);
  });

  it('does not reload twice within the cooldown (no reload loop)', () => {
    expect(shouldReloadForNewWorker({ wasControlled: true, lastReloadAt: now - 1, now })).toBe(false);
    expect(
      shouldReloadForNewWorker({ wasControlled: true, lastReloadAt: now - RELOAD_COOLDOWN_MS + 1, now }),
    ).toBe(false);
  });
});

describe('parseReloadMarker', () => {
  it('reads a stored timestamp and ignores junk', () => {
    expect(parseReloadMarker('1234')).toBe(1234);
    expect(parseReloadMarker(null)).toBeNull();
    expect(parseReloadMarker('soon')).toBeNull();
  });
});
