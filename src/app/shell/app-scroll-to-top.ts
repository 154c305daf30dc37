import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/** Marks the element that scrolls the app's content, when it is not the window. */
export const APP_SCROLL_CONTAINER_ATTRIBUTE = 'data-app-scroll-container';

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Scrolls the app scroll container (or the window) to the top; instantly when motion is reduced. */
export function scrollAppToTop(): void {
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  const container = document.querySelector<HTMLElement>(`[${APP_SCROLL_CONTAINER_ATTRIBUTE}]`);
  if (container) container.scrollTo({ top: 0, behavior });
  else window.scrollTo({ top: 0, behavior });
}

/** Spec point 2: every route change scrolls smoothly to the top (not the first render, not a search change). */
export function useScrollToTopOnRouteChange(): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    scrollAppToTop();
  }, [pathname]);
}
