import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextHeaderState, useHeaderHidden, type ScrollStep } from './app-header-autohide';

const walk = (ys: number[], start: ScrollStep = { hidden: false, anchorY: 0 }) =>
  ys.map((y) => (start = nextHeaderState(start, y, 60)).hidden);

describe('desktop header auto-hide', () => {
  it('hides while scrolling down past the header and shows again on the way up', () => {
    expect(walk([100, 200, 300, 290, 280, 270])).toEqual([true, true, true, false, false, false]);
  });

  it('never hides near the top, and the top always shows it', () => {
    expect(walk([20, 40, 59])).toEqual([false, false, false]);
    expect(walk([500, 40], { hidden: true, anchorY: 400 })).toEqual([true, false]);
  });

  it('ignores jitter of a few pixels in either direction', () => {
    expect(walk([100, 104], { hidden: false, anchorY: 100 })).toEqual([false, false]);
    expect(walk([300, 296, 301, 295], { hidden: true, anchorY: 300 })).toEqual([true, true, true, true]);
  });

  it('measures a turn from the furthest point, not from where hiding began', () => {
    // Down to 900 (hidden), back up 10 px: shown, though 900 is far below where it hid.
    expect(walk([100, 500, 900, 890])).toEqual([true, true, true, false]);
  });

  it('follows the window scroll once per frame', async () => {
    const { result } = renderHook(() => useHeaderHidden());
    const scrollTo = async (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
      await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    };
    await scrollTo(400);
    expect(result.current).toBe(true);
    await scrollTo(380);
    expect(result.current).toBe(false);
    await scrollTo(0);
    expect(result.current).toBe(false);
  });
});
