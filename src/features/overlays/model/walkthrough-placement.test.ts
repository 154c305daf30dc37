import { describe, expect, it } from 'vitest';
import { GAP, PAD, placeCard, type Placement, type Rect, type Size } from './walkthrough-placement';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const card = { width: 340, height: 220 };

/** Does the card, once the page has scrolled as asked, overlap the spotlight around the target? */
function covers(target: Rect, size: Size, placed: Placement): boolean {
  const t = { top: target.top - placed.scrollBy - PAD, left: target.left - PAD };
  const bottom = t.top + target.height + 2 * PAD;
  const right = t.left + target.width + 2 * PAD;
  return (
    placed.top < bottom &&
    placed.top + size.height > t.top &&
    placed.left < right &&
    placed.left + size.width > t.left
  );
}

describe('walkthrough card placement', () => {
  it('goes below a small target, or above it near the bottom of the screen', () => {
    const button = { top: 100, left: 20, width: 120, height: 36 };
    const below = placeCard(button, card, phone, { y: 0, max: 0 });
    expect(below).toMatchObject({ top: 100 + 36 + PAD + GAP, scrollBy: 0 });
    expect(covers(button, card, below)).toBe(false);
    const low = { ...button, top: 700 };
    const above = placeCard(low, card, phone, { y: 0, max: 0 });
    expect(above.top + card.height).toBeLessThanOrEqual(700 - PAD - GAP);
    expect(covers(low, card, above)).toBe(false);
  });

  it('on a phone, scrolls a tall target (the plan’s calendar) so the card fits beside it, not on it', () => {
    const calendar = { top: 180, left: 12, width: 366, height: 560 };
    const placed = placeCard(calendar, card, phone, { y: 0, max: 1200 });
    expect(placed.scrollBy).toBeGreaterThan(0);
    expect(covers(calendar, card, placed)).toBe(false);
    expect(placed.top + card.height).toBeLessThanOrEqual(phone.height - GAP);
  });

  it('scrolls up instead when the page cannot scroll down', () => {
    const calendar = { top: 180, left: 12, width: 366, height: 560 };
    const placed = placeCard(calendar, card, phone, { y: 600, max: 600 });
    expect(placed.scrollBy).toBeLessThan(0);
    expect(placed.top).toBe(GAP);
    expect(covers(calendar, card, placed)).toBe(false);
  });

  it('on a wide screen, sits beside a target too tall for above or below', () => {
    const feed = { top: 40, left: 300, width: 600, height: 720 };
    const placed = placeCard(feed, card, desktop, { y: 0, max: 0 });
    expect(placed).toMatchObject({ left: 300 + 600 + PAD + GAP, scrollBy: 0 });
    expect(covers(feed, card, placed)).toBe(false);
  });

  it('covers the target only when nothing else is possible, at the edge that hides less of it', () => {
    const huge = { top: 20, left: 0, width: 390, height: 700 };
    const placed = placeCard(huge, card, phone, { y: 0, max: 0 });
    expect(placed.scrollBy).toBe(0);
    expect(placed.top).toBe(phone.height - GAP - card.height);
  });
});
