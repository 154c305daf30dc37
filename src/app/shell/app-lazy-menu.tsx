import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { lazyPart } from '@/lib/lazy/lazy-part';

/**
 * The shell's menus (app-menus.tsx) load on demand, on the first pointer, focus or click on a trigger, so
 * the first screen downloads only their trigger buttons. Until then a trigger works on its own: a click
 * (or Enter/Space) opens the menu and a hover starts the open delay; the menu shows as soon as its code
 * has arrived (from the service worker's precache: well within the hover's 100 ms).
 */
export const shellMenusPart = lazyPart(() => import('./app-menus'));

export type ShellMenus = NonNullable<ReturnType<typeof shellMenusPart.current>>;

interface LazyMenuOptions {
  /**
   * Hover opens after `openMs` and closes `closeMs` after the pointer left trigger and dropdown, unless a
   * click opened it (the avatar menu). This hook owns that timing, before and after the code loads; the
   * menu itself then only reacts to clicks. Without it only a click opens.
   */
  hover?: { openMs: number; closeMs: number };
}

/** The trigger's props before and after the menu code loads (the menu's own handlers chain after these). */
export interface LazyMenuTriggerProps {
  ref: (element: HTMLElement | null) => void;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onPointerDown: () => void;
  onClick: () => void;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
}

export interface LazyMenu {
  /** The menus' module once loaded, otherwise null. */
  menus: ShellMenus | null;
  opened: boolean;
  /** The menu's onChange. */
  setOpened: (opened: boolean) => void;
  triggerProps: LazyMenuTriggerProps;
  /** For the dropdown of a hover menu: being over it keeps the menu open. */
  dropdownProps: { onMouseEnter: () => void; onMouseLeave: () => void };
  /** Wrap the trigger in this until the code has loaded (it keeps keyboard focus across the swap). */
  beforeLoad: (trigger: ReactNode) => ReactNode;
}

type Timer = ReturnType<typeof setTimeout> | undefined;

export function useLazyMenu({ hover }: LazyMenuOptions = {}): LazyMenu {
  const menus = shellMenusPart.useLoaded();
  const [opened, setOpenedState] = useState(false);
  const openTimer = useRef<Timer>(undefined);
  const closeTimer = useRef<Timer>(undefined);
  // Opened by a click: a hover menu then stays until dismissed.
  const viaClick = useRef(false);
  // Set during our click handler: the menu's own toggle (which runs after it) must not close it again.
  const clicking = useRef(false);
  // An open asked for before the code arrived: by a click (stays) or a hover (a leave cancels it).
  const pendingOpen = useRef<'click' | 'hover' | null>(null);
  const element = useRef<HTMLElement | null>(null);
  const carryFocus = useRef(false);

  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);
  const load = () => {
    // A failed download leaves the trigger as it is; the next interaction tries again.
    shellMenusPart.load().catch(() => undefined);
  };
  const open = (reason: 'click' | 'hover') => {
    if (shellMenusPart.current() !== null) {
      setOpenedState(true);
      return;
    }
    pendingOpen.current = reason;
    shellMenusPart.load().then(
      // A task later: the loaded menu first renders closed, so that opening it notes the (focused)
      // trigger to return focus to, as when it opens in any other way.
      () =>
        setTimeout(() => {
          if (pendingOpen.current === null) return;
          pendingOpen.current = null;
          setOpenedState(true);
        }, 0),
      () => {
        pendingOpen.current = null;
      },
    );
  };
  const setOpened = (next: boolean) => {
    if (!next && clicking.current) return;
    if (!next) {
      viaClick.current = false;
      clearTimers();
    }
    setOpenedState(next);
  };
  const scheduleClose = () => {
    if (hover === undefined || viaClick.current) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpened(false), hover.closeMs);
  };

  // Stable, so that React does not detach and re-attach it (and the menu's positioning with it) each render.
  const ref = useCallback((node: HTMLElement | null) => {
    element.current = node;
    if (node !== null && carryFocus.current) {
      carryFocus.current = false;
      node.focus();
    }
  }, []);

  const triggerProps: LazyMenuTriggerProps = {
    ref,
    onMouseEnter: () => {
      if (hover === undefined) return;
      load();
      clearTimers();
      if (!opened) openTimer.current = setTimeout(() => open('hover'), hover.openMs);
    },
    onMouseLeave: () => {
      if (hover === undefined) return;
      clearTimeout(openTimer.current);
      if (pendingOpen.current === 'hover') pendingOpen.current = null;
      if (opened) scheduleClose();
    },
    onFocus: load,
    onPointerDown: load,
    onClick: () => {
      if (shellMenusPart.current() === null) {
        clearTimers();
        viaClick.current = true;
        open('click');
        return;
      }
      // Loaded: a click-only menu toggles itself; a hover menu opens at once and stays.
      if (hover === undefined) return;
      clearTimers();
      viaClick.current = true;
      clicking.current = true;
      queueMicrotask(() => {
        clicking.current = false;
      });
      setOpenedState(true);
    },
    'aria-haspopup': 'menu',
    'aria-expanded': opened,
  };

  return {
    menus,
    opened,
    setOpened,
    triggerProps,
    dropdownProps: {
      onMouseEnter: () => clearTimeout(closeTimer.current),
      onMouseLeave: scheduleClose,
    },
    beforeLoad: (trigger) => (
      <KeepFocus element={element} carry={carryFocus}>
        {trigger}
      </KeepFocus>
    ),
  };
}

/**
 * Notes, as the light trigger is replaced by the menu's, whether it had keyboard focus, so the new trigger
 * takes it (a layout effect's cleanup runs before React removes the element from the document).
 */
function KeepFocus({
  element,
  carry,
  children,
}: {
  element: RefObject<HTMLElement | null>;
  carry: RefObject<boolean>;
  children: ReactNode;
}) {
  useLayoutEffect(
    () => () => {
      if (element.current !== null && element.current === document.activeElement) carry.current = true;
    },
    [element, carry],
  );
  return children;
}
