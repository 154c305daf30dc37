// Where a walkthrough step's card goes: beside its target, never on it (the card explains what is under
// the spotlight, so covering it defeats the step). Pure, so the rule is tested without a browser.

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Placement {
  top: number;
  left: number;
  /** Scroll the page by this much first (positive: down), so the card fits beside the target; 0: none. */
  scrollBy: number;
}

/** Space between the card, the spotlight and the screen's edges. */
export const GAP = 12;
/** The spotlight's margin around the target. */
export const PAD = 6;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Below the target, else above, else to its right or left (wide screens). A target too tall for any of
 * those (the plan's calendar on a phone) is scrolled so that the card fits below or above it, the target
 * running off the screen's edge rather than under the card, whichever needs less scrolling and is
 * possible (`scroll`: the page's offset and its largest). Only when the page cannot scroll either does
 * the card sit over the target, at the screen edge where it hides least of it.
 */
export function placeCard(
  target: Rect,
  card: Size,
  viewport: Size,
  scroll: { y: number; max: number },
): Placement {
  const hole = {
    top: target.top - PAD,
    bottom: target.top + target.height + PAD,
    left: target.left - PAD,
    right: target.left + target.width + PAD,
  };
  const centredLeft = clamp(
    target.left + target.width / 2 - card.width / 2,
    GAP,
    viewport.width - card.width - GAP,
  );
  const lowest = viewport.height - GAP - card.height;

  if (hole.bottom + GAP <= lowest) return { top: hole.bottom + GAP, left: centredLeft, scrollBy: 0 };
  if (hole.top - GAP - card.height >= GAP)
    return { top: hole.top - GAP - card.height, left: centredLeft, scrollBy: 0 };

  const besideTop = clamp(target.top + target.height / 2 - card.height / 2, GAP, lowest);
  if (hole.right + GAP + card.width <= viewport.width - GAP) {
    return { top: besideTop, left: hole.right + GAP, scrollBy: 0 };
  }
  if (hole.left - GAP - card.width >= GAP) {
    return { top: besideTop, left: hole.left - GAP - card.width, scrollBy: 0 };
  }

  const down = hole.bottom + GAP - lowest; // scrolling down this much frees room below
  const up = GAP + card.height + GAP - hole.top; // scrolling up this much frees room above
  const canDown = down <= scroll.max - scroll.y;
  const canUp = up <= scroll.y;
  if (canDown && (!canUp || down <= up)) return { top: lowest, left: centredLeft, scrollBy: down };
  if (canUp) return { top: GAP, left: centredLeft, scrollBy: -up };

  // Nowhere free: the edge where the card hides the smaller part of the target.
  const hiddenAtTop = Math.max(0, GAP + card.height - hole.top);
  const hiddenAtBottom = Math.max(0, hole.bottom - lowest);
  return { top: hiddenAtTop <= hiddenAtBottom ? GAP : lowest, left: centredLeft, scrollBy: 0 };
}
