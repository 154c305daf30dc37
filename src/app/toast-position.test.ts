// @clock-independent: times are passed in, relative to a fixed origin
import { describe, expect, it } from 'vitest';
import { toastPosition } from './toast-host';

describe('toastPosition', () => {
  const height = 800;
  const tapAt = (bottom: number, at = 1_000) => ({ top: bottom - 40, bottom, at });

  it('keeps the spec place on wide screens whatever was tapped', () => {
    expect(toastPosition(true)).toBe('top-center');
    expect(toastPosition(true, tapAt(790), height, 1_500)).toBe('top-center');
  });

  it('puts phone toasts at the bottom, above the tab bar, when nothing near it was tapped', () => {
    expect(toastPosition(false)).toBe('bottom-center');
    expect(toastPosition(false, tapAt(300), height, 1_500)).toBe('bottom-center');
  });

  it('moves them to the top when the tapped control lies in the bottom toast band', () => {
    expect(toastPosition(false, tapAt(700), height, 1_500)).toBe('top-center');
    // A tap long before is not what the toast answers.
    expect(toastPosition(false, tapAt(700), height, 1_000 + 60_000)).toBe('bottom-center');
  });
});
