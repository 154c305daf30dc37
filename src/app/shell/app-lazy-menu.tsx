import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { lazyPart } from '@/lib/lazy/lazy-part';

/**
 * The shell's menus (app-menus.tsx) load on demand: on the first pointer, focus or click on a trigger, or
 * once the first signed-in screen has rendered (app-shell.tsx), so the first screen downloads only their
 * trigger buttons. Until then a trigger works on its own: a click (or Enter/Space) opens the menu and a
 * hover starts the open delay; the menu shows as soon as its code has arrived.
 */
export const shellMenusPart = lazyPart(() => import('./app-menus'));

export type ShellMenus = NonNullable<ReturnType<typeof shellMenusPart.current>>;

interface LazyMenuOptions {
  /** Hover opens after this many ms (the avatar menu); without it only a click opens. */
  hoverOpenMs?: number;
}

/** The trigger's props before and after the menu code loads (the menu's own handlers chain after these). */
export interface LazyMenuTriggerProps {
  ref: (element: HTMLElement | null) => void;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onPointerDown: () => void;
  onClick: (event: MouseEvent) => void;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
}

export interface LazyMenu {
  /** The menus' module once loaded, otherwise null. */
  menus: ShellMenus | null;
  opened: boolean;
  setOpened: (opened: boolean) => void;
  /** True while the menu was opened by a click that came before its code. */
  clickOpened: boolean;
  triggerProps: LazyMenuTriggerProps;
  /** Wrap the trigger in this until the code has loaded (it keeps keyboard focus across the swap). */
  beforeLoad: (trigger: ReactNode) => ReactNode;
}

export function useLazyMenu({ hoverOpenMs }: LazyMenuOptions = {}): LazyMenu {
  const menus = shellMenusPart.useLoaded();
  const [opened, setOpenedState] = useState(false);
  const [clickOpened, setClickOpened] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const element = useRef<HTMLElement | null>(null);
  const carryFocus = useRef(false);

  // An open asked for before the code arrived: by a click (stays) or a hover (a leave cancels it).
  const pendingOpen = useRef<'click' | 'hover' | null>(null);

  const cancelHover = () => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = undefined;
    if (pendingOpen.current === 'hover') pendingOpen.current = null;
  };
  useEffect(() => cancelHover, []);
  const load = () => {
    // A failed download leaves the trigger as it is; the next interaction tries again.
    shellMenusPart.load().catch(() => undefined);
  };
  const openWhenLoaded = (reason: 'click' | 'hover') => {
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
    if (!next) setClickOpened(false);
    setOpenedState(next);
  };

  const triggerProps: LazyMenuTriggerProps = {
    ref: (node) => {
      element.current = node;
      if (node !== null && carryFocus.current) {
        carryFocus.current = false;
        node.focus();
      }
    },
    onMouseEnter: () => {
      if (hoverOpenMs === undefined || shellMenusPart.current() !== null) return;
      load();
      cancelHover();
      hoverTimer.current = setTimeout(() => {
        if (shellMenusPart.current() !== null) setOpenedState(true);
        else openWhenLoaded('hover');
      }, hoverOpenMs);
    },
    // Also cancels an open that a hover before the code arrived still has pending.
    onMouseLeave: cancelHover,
    onFocus: load,
    onPointerDown: load,
    onClick: () => {
      if (shellMenusPart.current() !== null) return;
      cancelHover();
      setClickOpened(true);
      openWhenLoaded('click');
    },
    'aria-haspopup': 'menu',
    'aria-expanded': opened,
  };

  return {
    menus,
    opened,
    setOpened,
    clickOpened,
    triggerProps,
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
