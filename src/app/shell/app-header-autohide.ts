// Spec point 2: the desktop header "can be hidden". It slides away while the user scrolls down through a
// page, so long lists (feed, month view) get the room, and comes back as soon as they scroll up, reach the
// top, or move keyboard focus into it (CSS :focus-within, app-shell.module.css). The XP bar under it
// stays. Phones keep their header: the tab bar is their navigation and the header is short.
import { useEffect, useState } from 'react';

/** Scrolling less than this (px) in one direction does not flip the header: a trackpad's jitter. */
const JITTER_PX = 8;

export interface ScrollStep {
  hidden: boolean;
  /** Where the last direction change (or the start) happened. */
  anchorY: number;
}

/**
 * The header's next state after the page scrolled to `y`. It never hides within `headerHeight` of the top
 * (it would uncover nothing), hides after scrolling down `JITTER_PX` past the anchor, shows after
 * scrolling up as far.
 */
export function nextHeaderState(previous: ScrollStep, y: number, headerHeight: number): ScrollStep {
  if (y <= headerHeight) return { hidden: false, anchorY: y };
  const moved = y - previous.anchorY;
  if (!previous.hidden && moved >= JITTER_PX) return { hidden: true, anchorY: y };
  if (previous.hidden && moved <= -JITTER_PX) return { hidden: false, anchorY: y };
  // Keep following the scroll in the current direction, so the next turn is measured from its peak.
  const sameDirection = previous.hidden ? y > previous.anchorY : y < previous.anchorY;
  return sameDirection ? { hidden: previous.hidden, anchorY: y } : previous;
}

/** Whether the desktop header is scrolled away; reads the window's scroll once per frame. */
export function useHeaderHidden(headerHeight = 60): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    // Where the page starts is read a task later, not here: reading scrollY as the screen mounts forced a
    // layout of the whole new page inside its first render's task (a 4x-throttled CPU profile of /home:
    // 170 ms of it). Until then (and on the usual fresh page) the top is the anchor.
    let state: ScrollStep = { hidden: false, anchorY: 0 };
    let scrolled = false;
    const initial = setTimeout(() => {
      if (!scrolled) state = { hidden: false, anchorY: window.scrollY };
    }, 0);
    let frame = 0;
    const onScroll = () => {
      scrolled = true;
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        state = nextHeaderState(state, window.scrollY, headerHeight);
        setHidden(state.hidden);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(initial);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [headerHeight]);
  return hidden;
}
